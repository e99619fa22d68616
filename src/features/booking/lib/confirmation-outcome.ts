import { site } from '@/lib/site';

// What the visitor is told about the confirmation e-mails after a saved registration (spec §8).
// The registration itself has succeeded in every case, so none of these is destructive.
export type ConfirmationResult = { ok: true } | { ok: false; error: unknown };

export interface ToastText {
  title: string;
  description: string;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { context?: unknown }).context;
    const causeText = cause instanceof Error ? `${cause.name} ${cause.message}` : '';
    return `${error.name} ${error.message} ${causeText}`.toLowerCase();
  }
  return typeof error === 'string' ? error.toLowerCase() : '';
}

export function describeConfirmationResult(result: ConfirmationResult): ToastText {
  if (result.ok) {
    return {
      title: 'E-Mails versendet!',
      description: `Bestätigungs-E-Mail wurde an dich und ${site.name} gesendet.`,
    };
  }
  const text = errorText(result.error);
  if (text.includes('network') || text.includes('fetch')) {
    return {
      title: 'Netzwerk-Problem',
      description: `Deine Anmeldung wurde gespeichert, aber die Bestätigungs-E-Mails konnten nicht versendet werden. Bitte kontaktiere uns direkt unter ${site.email}.`,
    };
  }
  return {
    title: 'E-Mail Problem',
    description: text.includes('function')
      ? 'Deine Anmeldung wurde gespeichert, aber beim Versand der Bestätigungs-E-Mail gab es ein technisches Problem.'
      : `Deine Anmeldung wurde gespeichert. Falls du keine Bestätigungs-E-Mail erhältst, kontaktiere uns bitte unter ${site.email}.`,
  };
}
