// Messages for the errors `register_for_event` raises (docs/contracts.md). The edge function
// passes the database's code on; its own refusals (limit reached, failed security check) come
// as German text. Anything unknown gets the spec's generic texts.
export const GENERIC_INLINE_ERROR = 'Es gab ein Problem bei der Anmeldung. Bitte versuche es später erneut.';
export const GENERIC_TOAST_ERROR =
  'Es gab ein Problem bei der Verarbeitung. Bitte versuche es später erneut.';
export const REGISTRATION_FAILED_TITLE = 'Fehler bei der Anmeldung';

export const REGISTRATION_ERROR_CODES = [
  'EVENT_NOT_FOUND',
  'EVENT_NOT_BOOKABLE',
  'EVENT_CANCELLED',
  'EVENT_SOLD_OUT',
  'PAYMENT_METHOD_NOT_ALLOWED',
  'INVALID_INPUT',
  'ALREADY_REGISTERED',
] as const;
export type RegistrationErrorCode = (typeof REGISTRATION_ERROR_CODES)[number];

const messages: Record<RegistrationErrorCode, string> = {
  EVENT_NOT_FOUND: 'Dieses Event gibt es nicht mehr. Bitte wähle ein anderes Event.',
  EVENT_NOT_BOOKABLE: 'Für dieses Event sind keine Anmeldungen mehr möglich.',
  EVENT_CANCELLED: 'Dieses Event wurde inzwischen abgesagt. Eine Anmeldung ist nicht mehr möglich.',
  EVENT_SOLD_OUT: 'Dieses Event ist inzwischen leider ausgebucht.',
  PAYMENT_METHOD_NOT_ALLOWED:
    'Die gewählte Zahlungsmethode ist für dieses Event nicht möglich. Bitte wähle eine andere.',
  INVALID_INPUT: 'Bitte überprüfe deine Angaben: Name, E-Mail-Adresse und Telefonnummer müssen gültig sein.',
  ALREADY_REGISTERED:
    'Mit dieser E-Mail-Adresse bist du für dieses Event bereits angemeldet. Die Bestätigung haben wir dir per E-Mail geschickt (schau auch im Spam-Ordner nach). Für Änderungen melde dich bitte bei uns.',
};

export class RegistrationError extends Error {
  readonly code: RegistrationErrorCode | null;
  /** A German text from the server to show as it is (limit reached, failed security check). */
  readonly visitorMessage: string | null;

  constructor(code: RegistrationErrorCode | null, message: string, visitorMessage: string | null = null) {
    super(message);
    this.name = 'RegistrationError';
    this.code = code;
    this.visitorMessage = visitorMessage;
  }
}

export function registrationErrorCode(message: string | undefined): RegistrationErrorCode | null {
  const code = message?.trim();
  return (REGISTRATION_ERROR_CODES as readonly string[]).includes(code ?? '')
    ? (code as RegistrationErrorCode)
    : null;
}

/** Inline text under the form and the toast's description for a failed registration. */
export function describeRegistrationError(error: unknown): { inline: string; toast: string } {
  const code = error instanceof RegistrationError ? error.code : null;
  const told = error instanceof RegistrationError ? error.visitorMessage : null;
  if (!code && told) return { inline: told, toast: told };
  if (!code) return { inline: GENERIC_INLINE_ERROR, toast: GENERIC_TOAST_ERROR };
  return { inline: messages[code], toast: messages[code] };
}

/** Errors after which the event itself changed, so the page must reload it. */
export function changesEvent(error: unknown): boolean {
  return (
    error instanceof RegistrationError &&
    (error.code === 'EVENT_SOLD_OUT' ||
      error.code === 'EVENT_CANCELLED' ||
      error.code === 'EVENT_NOT_BOOKABLE')
  );
}
