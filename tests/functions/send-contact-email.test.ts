import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailbox, resetDatabase, sql, stackEnv } from '../support/stack';
import {
  invoke,
  outboxDueNow,
  outboxRows,
  PROVIDER_EMAIL,
  runOutbox,
  uniqueEmail,
  visitor,
} from './function-helpers';
import { FAST_PROVIDER_TIMEOUT, startFunctionsRuntime, type FunctionsRuntime } from './functions-runtime';

interface EnquiryRow {
  id: string;
  kind: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  mail_status: string;
  mail_error: string | null;
}

const enquiry = (id: unknown) =>
  sql<EnquiryRow>('select * from public.enquiries where id = $1', [id]).then((rows) => rows[0]);

function contact(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Anna Muster',
    email: uniqueEmail(),
    subject: 'Frage zum Stammtisch',
    message: 'Gibt es noch Plätze?',
    ...overrides,
  };
}

let fastTimeout: FunctionsRuntime;

beforeAll(async () => {
  await resetDatabase();
  fastTimeout = await startFunctionsRuntime(FAST_PROVIDER_TIMEOUT);
});
afterAll(() => fastTimeout.close());
afterEach(() => mailbox().failWith(null));

describe('send-contact-email', () => {
  it('stores a contact message with its mail to the provider (reply-to the visitor); the outbox delivers it', async () => {
    const body = contact({ message: 'Gibt es noch Plätze?\nLiebe Grüsse' });
    const answer = await invoke(visitor(), 'send-contact-email', body);

    expect(answer).toEqual({ status: 200, body: { success: true, enquiryId: expect.any(String) } });
    expect(await outboxRows('enquiry_id = $1', [answer.body.enquiryId])).toMatchObject([
      { kind: 'enquiry_notice' },
    ]);
    await runOutbox();
    const mail = await mailbox().waitFor((m) => m.reply_to.includes(body.email));
    expect(mail.to).toEqual([PROVIDER_EMAIL]);
    expect(mail.subject).toBe('Kontaktanfrage: Frage zum Stammtisch');
    expect(mail.html).toContain('Gibt es noch Plätze?<br>Liebe Grüsse');
    expect(mail.text).toContain('Anna Muster');
    // Recorded right after the provider's answer.
    await vi.waitFor(async () =>
      expect(await enquiry(answer.body.enquiryId)).toMatchObject({
        kind: 'contact',
        name: 'Anna Muster',
        email: body.email,
        subject: 'Frage zum Stammtisch',
        mail_status: 'sent',
        mail_error: null,
      }),
    );
  });

  it('stores and mails a corporate breathwork enquiry with only an e-mail address', async () => {
    const email = uniqueEmail('hr');
    const answer = await invoke(visitor(), 'send-contact-email', { type: 'corporate-breathwork', email });

    expect(answer.status).toBe(200);
    await runOutbox();
    const mail = await mailbox().waitFor((m) => m.reply_to.includes(email));
    expect(mail.subject).toBe('Anfrage Unternehmensangebot Breathwork');
    expect(mail.to).toEqual([PROVIDER_EMAIL]);
    await vi.waitFor(async () =>
      expect(await enquiry(answer.body.enquiryId)).toMatchObject({
        kind: 'corporate-breathwork',
        name: '',
        subject: 'Anfrage Unternehmensangebot Breathwork',
        mail_status: 'sent',
      }),
    );
  });

  it('escapes HTML a visitor typed before it reaches the mail', async () => {
    const attack = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    // (A name with markup is refused at the name field: the name rule of issue 25.)
    const body = contact({ subject: `Hallo ${attack}`, message: attack });
    const answer = await invoke(visitor(), 'send-contact-email', body);

    expect(answer.status).toBe(200);
    await runOutbox();
    const mail = await mailbox().waitFor((m) => m.reply_to.includes(body.email));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;',
    );
  });

  it.each([
    ['name missing', { name: undefined }, 'Der Name fehlt.'],
    ['name blank', { name: '   ' }, 'Der Name fehlt.'],
    ['subject missing', { subject: '' }, 'Der Betreff fehlt.'],
    ['message missing', { message: undefined }, 'Die Nachricht fehlt.'],
    ['e-mail missing', { email: undefined }, 'Bitte gib eine gültige E-Mail-Adresse ein.'],
    ['e-mail malformed', { email: 'anna(at)example.ch' }, 'Bitte gib eine gültige E-Mail-Adresse ein.'],
    [
      'header injection in the e-mail',
      { email: 'a@example.ch\r\nBcc: victim@example.ch' },
      'Bitte gib eine gültige E-Mail-Adresse ein.',
    ],
    [
      'message too long',
      { message: 'x'.repeat(5001) },
      'Die Nachricht ist zu lang (höchstens 5000 Zeichen).',
    ],
    ['name too long', { name: 'x'.repeat(101) }, 'Der Name ist zu lang (höchstens 100 Zeichen).'],
    ['unknown type', { type: 'newsletter' }, 'Ungültige Anfrage.'],
    [
      'corporate without e-mail',
      { type: 'corporate-breathwork', email: undefined },
      'Bitte gib eine gültige E-Mail-Adresse ein.',
    ],
  ])('refuses %s with 400 and stores nothing', async (_case, overrides, message) => {
    const before = await sql('select id from public.enquiries');
    const answer = await invoke(visitor(), 'send-contact-email', contact(overrides));

    // The refused field comes along in `detail` (tests/functions/contact-fields.test.ts).
    expect(answer).toEqual({
      status: 400,
      body: { success: false, error: message, code: 'INVALID_INPUT', detail: expect.anything() },
    });
    expect(await sql('select id from public.enquiries')).toHaveLength(before.length);
  });

  it('refuses a body that is not JSON and any method but POST', async () => {
    const url = `${stackEnv().apiUrl}/functions/v1/send-contact-email`;
    const headers = { Authorization: `Bearer ${stackEnv().anonKey}`, apikey: stackEnv().anonKey };
    const notJson = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: '{name:',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, error: 'Ungültige Anfrage.' });

    const get = await fetch(url, { headers });
    expect(get.status).toBe(405);
  });

  it.each([
    ['answers 500', 500 as const, /Mail provider answered 500/],
    ['does not answer', 'timeout' as const, /timed out/],
  ])(
    'answers at once and keeps the enquiry and its mail when the mail provider %s',
    async (_case, mode, reason) => {
      await mailbox().failWith(mode);
      const body = contact();
      const answer = await invoke(visitor(), 'send-contact-email', body);

      expect(answer).toEqual({ status: 200, body: { success: true, enquiryId: expect.any(String) } });
      await outboxDueNow();
      await runOutbox(fastTimeout.serviceClient);
      // A run started elsewhere may still hold the mail; wait for its recorded try.
      await vi.waitFor(
        async () => {
          const [mail] = await outboxRows('enquiry_id = $1', [answer.body.enquiryId]);
          expect(mail).toMatchObject({ state: 'queued', last_error: expect.stringMatching(reason) });
        },
        { timeout: 15_000 },
      );
      expect(await enquiry(answer.body.enquiryId)).toMatchObject({
        email: body.email,
        message: body.message,
        mail_status: 'pending',
      });

      await mailbox().failWith(null);
      // The next run delivers (the schedule's own run may take it first).
      await vi.waitFor(
        async () => {
          await outboxDueNow();
          await runOutbox();
          expect(await enquiry(answer.body.enquiryId)).toMatchObject({ mail_status: 'sent' });
        },
        { timeout: 15_000 },
      );
      expect((await mailbox().messages()).filter((m) => m.reply_to.includes(body.email))).toHaveLength(1);
    },
  );

  it('limits one address to 5 enquiries per hour and answers 429 in German', async () => {
    const caller = visitor();
    for (let i = 0; i < 5; i += 1) {
      expect((await invoke(caller, 'send-contact-email', contact())).status).toBe(200);
    }
    const refused = await invoke(caller, 'send-contact-email', contact());
    expect(refused).toEqual({
      status: 429,
      body: {
        success: false,
        error:
          'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Nachrichten eingegangen. Bitte versuche es in einer Stunde erneut oder schreib uns direkt per E-Mail.',
      },
    });
    // Another caller is not affected.
    expect((await invoke(visitor(), 'send-contact-email', contact())).status).toBe(200);
  });

  it('limits one e-mail address to 3 enquiries per hour, whatever the caller address', async () => {
    const email = uniqueEmail('eilig');
    for (let i = 0; i < 3; i += 1) {
      expect((await invoke(visitor(), 'send-contact-email', contact({ email }))).status).toBe(200);
    }
    const refused = await invoke(visitor(), 'send-contact-email', contact({ email: email.toUpperCase() }));
    expect(refused.status).toBe(429);
    expect(await sql('select id from public.enquiries where lower(email) = $1', [email])).toHaveLength(3);
  });

  it('answers CORS preflights for the site origins only', async () => {
    const url = `${stackEnv().apiUrl}/functions/v1/send-contact-email`;
    const preflight = (origin: string) =>
      fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.ok).toBe(true);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');

    const foreign = await preflight('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    // A development server is allowed because the local stack lists it in SITE_ORIGINS, not
    // because it is localhost: one on an unlisted port gets nothing (as in production).
    const unlisted = await preflight('http://localhost:31337');
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    const unlistedLoopback = await preflight('http://127.0.0.1:31337');
    expect(unlistedLoopback.headers.get('access-control-allow-origin')).toBeNull();
  });
});
