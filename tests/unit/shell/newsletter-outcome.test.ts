import {
  NEWSLETTER_TEXT as T,
  outcomeFromAnswer,
  outcomeFromFailure,
} from '@/features/newsletter/lib/newsletter-outcome';

const ok = (description: string) => ({ ok: true, title: 'Newsletter Anmeldung', description });
const failed = (description: string) => ({ ok: false, title: 'Anmeldung fehlgeschlagen', description });

describe('newsletter outcome of a 2xx answer', () => {
  it('shows the server message on success', () => {
    expect(outcomeFromAnswer({ success: true, message: 'Schön, dass du dabei bist!' })).toEqual(
      ok('Schön, dass du dabei bist!'),
    );
  });

  it('thanks the visitor when the server sends no message', () => {
    expect(outcomeFromAnswer({ success: true })).toEqual(ok('Vielen Dank für deine Anmeldung!'));
  });

  it('reports no answer when the body is empty', () => {
    expect(outcomeFromAnswer(null)).toEqual(failed('Keine Antwort vom Server erhalten'));
    expect(outcomeFromAnswer('')).toEqual(failed('Keine Antwort vom Server erhalten'));
  });

  it("shows the server's error text", () => {
    expect(outcomeFromAnswer({ success: false, error: 'Diese Adresse ist bereits angemeldet.' })).toEqual(
      failed('Diese Adresse ist bereits angemeldet.'),
    );
  });

  it('falls back to the generic failure without error text or success flag', () => {
    expect(outcomeFromAnswer({ success: false })).toEqual(failed('Fehler bei der Newsletter-Anmeldung'));
    expect(outcomeFromAnswer({ message: 'ok' })).toEqual(failed('Fehler bei der Newsletter-Anmeldung'));
  });

  it.each([
    [{ hasApiKey: false, hasAudienceId: true, hasServerPrefix: true }, T.missingApiKey],
    [{ hasApiKey: true, hasAudienceId: false, hasServerPrefix: true }, T.missingAudienceId],
    [{ hasApiKey: true, hasAudienceId: true, hasServerPrefix: false }, T.missingServerPrefix],
    [{ hasApiKey: false, hasAudienceId: false, hasServerPrefix: false }, T.missingApiKey],
  ])('names the missing configuration %o', (details, message) => {
    const outcome = outcomeFromAnswer({ success: false, error: 'Server misconfigured', details });
    expect(outcome).toEqual(failed(message));
    expect(outcome.description).toMatch(/ Bitte kontaktiere den Administrator\.$/);
  });

  it('keeps the exact configuration texts', () => {
    expect(T.missingApiKey).toBe(
      'Der API-Schlüssel des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    );
    expect(T.missingAudienceId).toBe(
      'Die Audience-ID des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    );
    expect(T.missingServerPrefix).toBe(
      'Das Server-Präfix des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    );
  });
});

describe('newsletter outcome of a failed call', () => {
  it('FunctionsFetchError: no answer', () => {
    expect(outcomeFromFailure({ kind: 'fetch' })).toEqual(failed('Keine Antwort vom Server erhalten'));
  });

  it('FunctionsRelayError: generic failure', () => {
    expect(outcomeFromFailure({ kind: 'relay' })).toEqual(failed('Fehler bei der Newsletter-Anmeldung'));
  });

  it('FunctionsHttpError with a JSON body: its error or config details', () => {
    expect(
      outcomeFromFailure({ kind: 'http', status: 429, body: { success: false, error: 'Zu viele Anfragen' } }),
    ).toEqual(failed('Zu viele Anfragen'));
    expect(
      outcomeFromFailure({
        kind: 'http',
        status: 500,
        body: { success: false, details: { hasServerPrefix: false } },
      }),
    ).toEqual(failed(T.missingServerPrefix));
    expect(outcomeFromFailure({ kind: 'http', status: 500, body: { success: true } })).toEqual(
      failed('Fehler bei der Newsletter-Anmeldung'),
    );
  });

  it('FunctionsHttpError without a readable body: try again later', () => {
    expect(outcomeFromFailure({ kind: 'http', status: 502, body: undefined })).toEqual(
      failed('Bitte versuche es später erneut.'),
    );
  });

  it('anything else: unexpected error', () => {
    expect(outcomeFromFailure({ kind: 'unexpected' })).toEqual(
      failed('Ein unerwarteter Fehler ist aufgetreten'),
    );
  });
});
