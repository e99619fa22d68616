// How a retention limit in days (public.retention_rules.keep_days, issue 30) reads in a German
// sentence: "30 Tage", "12 Monate", "zehn Jahre". Whole years read as months up to two years,
// as people say them ("24 Monate nach dem Anlass"), and as years from three on; any other number
// stays in days, because the nightly job counts days and the page must say exactly what it does.

const DAYS_PER_YEAR = 365;

/** Numbers up to twelve are written out in running text (Duden), larger ones as digits. */
const NUMBER_WORDS = [
  'null',
  'ein',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
  'elf',
  'zwölf',
] as const;

function inWords(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

/** The period as an accusative phrase: "30 Tage", "1 Tag", "12 Monate", "zehn Jahre". */
export function retentionPeriod(days: number): string {
  if (days > 0 && days % DAYS_PER_YEAR === 0) {
    const years = days / DAYS_PER_YEAR;
    return years <= 2 ? `${years * 12} Monate` : `${inWords(years)} Jahre`;
  }
  return days === 1 ? '1 Tag' : `${days} Tage`;
}

/**
 * "… 24 Monate nach dem Anlass" or, for a limit of zero days, "…, sobald der Anlass vorbei ist":
 * the tail of a sentence about data that ends with its event.
 */
export function afterTheEvent(days: number): string {
  return days === 0 ? ', sobald der Anlass vorbei ist' : ` ${retentionPeriod(days)} nach dem Anlass`;
}
