import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { describeConfirmationResult } from '@/features/booking/lib/confirmation-outcome';
import { site } from '@/lib/site';

describe('describeConfirmationResult', () => {
  it('reports sent e-mails', () => {
    expect(describeConfirmationResult({ ok: true })).toEqual({
      title: 'E-Mails versendet!',
      description: `Bestätigungs-E-Mail wurde an dich und ${site.name} gesendet.`,
    });
  });

  it.each([
    ['FunctionsFetchError', new FunctionsFetchError(new TypeError('Failed to fetch'))],
    ['TypeError fetch', new TypeError('Failed to fetch')],
    ['a network message', new Error('Network request failed')],
  ])('reports a network problem for %s', (_, error) => {
    const text = describeConfirmationResult({ ok: false, error });
    expect(text.title).toBe('Netzwerk-Problem');
    expect(text.description).toContain('Anmeldung wurde gespeichert');
    expect(text.description).toContain('kontaktiere uns direkt');
  });

  it.each([
    ['FunctionsHttpError', new FunctionsHttpError(new Response('{}', { status: 500 }))],
    ['FunctionsRelayError', new FunctionsRelayError(new Response('', { status: 502 }))],
  ])('reports a technical sending problem for %s', (_, error) => {
    const text = describeConfirmationResult({ ok: false, error });
    expect(text.title).toBe('E-Mail Problem');
    expect(text.description).toContain('technisches Problem');
  });

  it('asks to get in touch if no e-mail arrives for any other cause', () => {
    const text = describeConfirmationResult({
      ok: false,
      error: new Error('Mail provider rejected the message'),
    });
    expect(text.title).toBe('E-Mail Problem');
    expect(text.description).toContain('Falls du keine Bestätigungs-E-Mail erhältst');
  });
});
