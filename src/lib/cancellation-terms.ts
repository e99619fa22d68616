// The cancellation rules in words: beside the booking form's submit button, on the
// confirmation and manage pages, and on /fonduehusli (the hut's rule).

/** 'Kostenlose Stornierung bis 48 Stunden vor Beginn.' (the event's rule, in words). */
export function cancellationTerms(hours: number): string {
  if (hours === 0) return 'Kostenlose Stornierung bis zum Beginn des Events.';
  return `Kostenlose Stornierung bis ${hours === 1 ? '1 Stunde' : `${hours} Stunden`} vor Beginn.`;
}

/**
 * The hut's rule in words (issue 27), on /fonduehusli and beside its booking form alike:
 * 'Kostenlose Stornierung bis 48 Stunden vor dem Abend. Danach verrechnen wir 50 % des Preises.'
 */
export function hutCancellationTerms(hours: number, chargePercent: number): string {
  const free = `Kostenlose Stornierung bis ${hours === 1 ? '1 Stunde' : `${hours} Stunden`} vor dem Abend.`;
  return chargePercent > 0 ? `${free} Danach verrechnen wir ${chargePercent} % des Preises.` : free;
}
