import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outcomeFromAnswer, outcomeFromFailure } from '@/features/newsletter/lib/newsletter-outcome';
import { mailbox, mailchimp, resetDatabase, sql, stackEnv } from '../support/stack';
import { invoke, outboxRows, PROVIDER_EMAIL, runOutbox, uniqueEmail, visitor } from './function-helpers';
import { FAST_PROVIDER_TIMEOUT, startFunctionsRuntime, type FunctionsRuntime } from './functions-runtime';

const SUCCESS_MESSAGE =
  'Vielen Dank für deine Anmeldung! Bitte bestätige deine E-Mail-Adresse über den Link, den wir dir gesendet haben.';

interface SubscriptionRow {
  email: string;
  status: string;
  sync_status: string;
  sync_error: string | null;
}

const md5 = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

const subscription = (email: string) =>
  sql<SubscriptionRow>('select * from public.newsletter_subscriptions where email = $1', [email]).then(
    (rows) => rows[0],
  );

let fastTimeout: FunctionsRuntime;

beforeAll(async () => {
  await resetDatabase();
  fastTimeout = await startFunctionsRuntime(FAST_PROVIDER_TIMEOUT);
});
afterAll(() => fastTimeout.close());
afterEach(() => Promise.all([mailbox().failWith(null), mailchimp().failWith(null)]));

describe('newsletter-subscribe', () => {
  it('stores the address and adds it to the audience as pending (double opt-in)', async () => {
    const email = uniqueEmail('leserin');
    const answer = await invoke(visitor(), 'newsletter-subscribe', {
      email: ` ${email.toUpperCase()} `,
      ccAdmin: false,
    });

    expect(answer).toEqual({ status: 200, body: { success: true, message: SUCCESS_MESSAGE } });
    expect(outcomeFromAnswer(answer.body)).toEqual({
      ok: true,
      title: 'Newsletter Anmeldung',
      description: SUCCESS_MESSAGE,
    });
    expect(await subscription(email)).toMatchObject({
      status: 'pending',
      sync_status: 'synced',
      sync_error: null,
    });
    const members = await mailchimp().members();
    expect(members.find((m) => m.email_address === email)).toMatchObject({
      status: 'pending',
      list_id: 'local',
    });
  });

  it('with ccAdmin notifies the configured provider address, never the adminEmail the caller sent', async () => {
    const email = uniqueEmail('leser');
    const answer = await invoke(visitor(), 'newsletter-subscribe', {
      email,
      ccAdmin: true,
      adminEmail: 'opfer@evil.example',
    });

    expect(answer.status).toBe(200);
    await runOutbox();
    const notice = await mailbox().waitFor(
      (m) => m.subject === 'Neue Newsletter-Anmeldung' && (m.text ?? '').includes(email),
    );
    expect(notice.to).toEqual([PROVIDER_EMAIL]);
    const all = await mailbox().messages();
    expect(all.some((m) => [...m.to, ...m.cc, ...m.bcc].includes('opfer@evil.example'))).toBe(false);
  });

  it('sends no notice without ccAdmin', async () => {
    await mailbox().clear();
    const email = uniqueEmail();
    expect((await invoke(visitor(), 'newsletter-subscribe', { email, ccAdmin: false })).status).toBe(200);
    await runOutbox();
    expect((await mailbox().messages()).filter((m) => (m.text ?? '').includes(email))).toEqual([]);
    expect(await outboxRows(`payload ->> 'email' = $1`, [email])).toEqual([]);
  });

  it('keeps a confirmed subscriber subscribed when the address signs up again', async () => {
    const email = uniqueEmail('treu');
    // Confirmed earlier: subscribed in Mailchimp and in the local table.
    const confirmed = await fetch(`${stackEnv().apiUrl}/__mailchimp/3.0/lists/local/members/${md5(email)}`, {
      method: 'PUT',
      headers: { Authorization: 'Basic eDpsb2NhbA==', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email_address: email, status: 'subscribed' }),
    });
    expect(confirmed.ok).toBe(true);
    await sql(
      `insert into public.newsletter_subscriptions (email, status, sync_status) values ($1, 'subscribed', 'synced')`,
      [email],
    );

    const answer = await invoke(visitor(), 'newsletter-subscribe', { email, ccAdmin: false });

    expect(answer.status).toBe(200);
    expect(await subscription(email)).toMatchObject({ status: 'subscribed', sync_status: 'synced' });
    expect((await mailchimp().members()).find((m) => m.email_address === email)?.status).toBe('subscribed');
  });

  it.each([
    ['no e-mail', {}],
    ['an empty e-mail', { email: '' }],
    ['an address without @', { email: 'leser.example.ch' }],
    ['an address with only @', { email: '@' }],
    ['an e-mail that is not text', { email: 42 }],
    ['ccAdmin that is not a boolean', { email: uniqueEmail(), ccAdmin: 'ja' }],
  ])('refuses %s with 400 and stores nothing', async (_case, body) => {
    const before = await sql('select id from public.newsletter_subscriptions');
    const answer = await invoke(visitor(), 'newsletter-subscribe', body);

    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toMatch(
      /^(Bitte gib eine gültige E-Mail-Adresse ein\.|ccAdmin muss wahr oder falsch sein\.)$/,
    );
    expect(outcomeFromFailure({ kind: 'http', status: answer.status, body: answer.body })).toEqual({
      ok: false,
      title: 'Anmeldung fehlgeschlagen',
      description: answer.body.error,
    });
    expect(await sql('select id from public.newsletter_subscriptions')).toHaveLength(before.length);
  });

  it.each([
    ['answers 500', 500 as const, /Mailchimp answered 500/],
    ['does not answer', 'timeout' as const, /timed out/],
  ])('keeps the sign-up and answers an error when Mailchimp %s', async (_case, mode, reason) => {
    await mailchimp().failWith(mode);
    const email = uniqueEmail('geduldig');
    const answer = await invoke(visitor(fastTimeout.url), 'newsletter-subscribe', { email, ccAdmin: true });

    expect(answer).toEqual({
      status: 502,
      body: {
        success: false,
        error:
          'Die Anmeldung konnte nicht an den Newsletter-Dienst übermittelt werden. Bitte versuche es später erneut.',
      },
    });
    expect(outcomeFromFailure({ kind: 'http', status: answer.status, body: answer.body }).description).toBe(
      answer.body.error,
    );
    const row = await subscription(email);
    expect(row).toMatchObject({ status: 'pending', sync_status: 'failed' });
    expect(row!.sync_error).toMatch(reason);
  });

  it('limits one caller address to 3 sign-ups per hour', async () => {
    const caller = visitor();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await invoke(caller, 'newsletter-subscribe', { email: uniqueEmail(), ccAdmin: false })).status,
      ).toBe(200);
    }
    const refused = await invoke(caller, 'newsletter-subscribe', { email: uniqueEmail(), ccAdmin: false });
    expect(refused).toEqual({
      status: 429,
      body: {
        success: false,
        error:
          'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Newsletter-Anmeldungen eingegangen. Bitte versuche es in einer Stunde erneut.',
      },
    });
  });

  it('limits one e-mail address to 3 sign-ups per hour', async () => {
    const email = uniqueEmail('wiederholt');
    for (let i = 0; i < 3; i += 1) {
      expect((await invoke(visitor(), 'newsletter-subscribe', { email, ccAdmin: false })).status).toBe(200);
    }
    expect((await invoke(visitor(), 'newsletter-subscribe', { email, ccAdmin: false })).status).toBe(429);
  });
});
