import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeFromFailure } from '@/features/newsletter/lib/newsletter-outcome';
import { mailchimp, resetDatabase, sql } from '../support/stack';
import { invoke, uniqueEmail, visitor } from './function-helpers';
import { startFunctionsRuntime, type FunctionsRuntime } from './functions-runtime';

// The real newsletter-subscribe as a hosted project runs it before all its Mailchimp secrets
// are set, one setting removed per case. The sign-up must still be stored, and the answer must
// say what is missing so the newsletter box shows the spec's "Bitte kontaktiere den
// Administrator." text.

const runtimes: FunctionsRuntime[] = [];

async function functionsWithout(missing: string): Promise<FunctionsRuntime> {
  const runtime = await startFunctionsRuntime({ [missing]: '' });
  runtimes.push(runtime);
  return runtime;
}

beforeAll(() => resetDatabase());
afterAll(() => Promise.all(runtimes.map((runtime) => runtime.close())));

describe('newsletter-subscribe without Mailchimp configuration', () => {
  it.each([
    [
      'MAILCHIMP_API_KEY',
      { hasApiKey: false, hasAudienceId: true, hasServerPrefix: true },
      'Der API-Schlüssel des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    ],
    [
      'MAILCHIMP_AUDIENCE_ID',
      { hasApiKey: true, hasAudienceId: false, hasServerPrefix: true },
      'Die Audience-ID des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    ],
    [
      'MAILCHIMP_SERVER_PREFIX',
      { hasApiKey: true, hasAudienceId: true, hasServerPrefix: false },
      'Das Server-Präfix des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    ],
  ])('without %s stores the sign-up and answers 500 naming it', async (missing, details, uiMessage) => {
    const { url } = await functionsWithout(missing);
    const email = uniqueEmail('frueh');

    const answer = await invoke(visitor(url), 'newsletter-subscribe', { email, ccAdmin: true });

    expect(answer).toEqual({
      status: 500,
      body: { success: false, error: 'Der Newsletter-Dienst ist nicht vollständig eingerichtet.', details },
    });
    expect(
      await sql('select status, sync_status from public.newsletter_subscriptions where email = $1', [email]),
    ).toEqual([{ status: 'pending', sync_status: 'not_configured' }]);
    expect((await mailchimp().members()).some((member) => member.email_address === email)).toBe(false);
    // What the newsletter box makes of this answer.
    expect(outcomeFromFailure({ kind: 'http', status: answer.status, body: answer.body })).toEqual({
      ok: false,
      title: 'Anmeldung fehlgeschlagen',
      description: uiMessage,
    });
  });
});
