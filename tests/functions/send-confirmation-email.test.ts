import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeConfirmationResult } from '@/features/booking/lib/confirmation-outcome';
import {
  anonClient,
  createUser,
  mailbox,
  resetDatabase,
  signedInClient,
  sql,
  type StoredMail,
} from '../support/stack';
import {
  createEvent,
  invoke,
  PROVIDER_EMAIL,
  register,
  uniqueEmail,
  visitor,
  type TestEvent,
} from './function-helpers';
import { FAST_PROVIDER_TIMEOUT, startFunctionsRuntime, type FunctionsRuntime } from './functions-runtime';

let event: TestEvent;
let fastTimeout: FunctionsRuntime;

const sentState = (participantId: string) =>
  sql<{ confirmation_sent_at: Date | null; confirmation_email_id: string | null }>(
    'select confirmation_sent_at, confirmation_email_id from public.participants where id = $1',
    [participantId],
  ).then((rows) => rows[0]!);

const mailsTo = async (email: string): Promise<StoredMail[]> =>
  (await mailbox().messages()).filter((m) => m.to.includes(email));

function decodeAttachment(mail: StoredMail, filename: string): string {
  const file = mail.attachments.find((a) => a.filename === filename);
  if (!file) throw new Error(`no attachment ${filename}`);
  return Buffer.from(file.content, 'base64').toString('utf8');
}

beforeAll(async () => {
  await resetDatabase();
  event = await createEvent({ title: 'Breathwork & Brunch', time: '10:00 - 13:00', bringAlong: 'Yogamatte' });
  fastTimeout = await startFunctionsRuntime(FAST_PROVIDER_TIMEOUT);
});
afterAll(() => fastTimeout.close());
afterEach(() => mailbox().failWith(null));

describe('send-confirmation-email (visitor with the one-time token)', () => {
  it('mails the participant a German confirmation with an .ics file and the provider a notice, once', async () => {
    const email = uniqueEmail('anna');
    const registration = await register(anonClient(), event.id, { email, notes: 'Vegetarisch bitte' });

    const answer = await invoke(visitor(), 'send-confirmation-email', registration);

    expect(answer).toEqual({
      status: 200,
      body: { success: true, emailId: expect.any(String), providerNotified: true },
    });
    const [mail] = await mailsTo(email);
    expect(mail).toBeDefined();
    expect(mail!.id).toBe(answer.body.emailId);
    expect(mail!.subject).toBe('Anmeldebestätigung: Breathwork & Brunch');
    expect(mail!.reply_to).toEqual([PROVIDER_EMAIL]);
    for (const text of [
      'Hallo Anna Muster',
      'Breathwork &amp; Brunch',
      '10:00 - 13:00',
      'Tramstrasse 12, 5034 Suhr',
      'CHF 45.00',
      'Vor-Ort-Zahlung (bar oder TWINT)',
      'Yogamatte',
      'Vegetarisch bitte',
    ]) {
      expect(mail!.html).toContain(text);
    }
    expect(mail!.text).toContain('Breathwork & Brunch');
    const ics = decodeAttachment(mail!, 'event.ics');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('SUMMARY:Breathwork & Brunch');
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    const notice = await mailbox().waitFor(
      (m) => m.to.includes(PROVIDER_EMAIL) && m.subject.startsWith('Neue Anmeldung: Breathwork & Brunch'),
    );
    expect(notice.reply_to).toEqual([email]);
    expect(notice.html).toContain(email);

    const state = await sentState(registration.participantId);
    expect(state.confirmation_sent_at).not.toBeNull();
    expect(state.confirmation_email_id).toBe(answer.body.emailId);
  });

  it('answers a repeated call with the first emailId and alreadySent, without mailing again', async () => {
    const email = uniqueEmail('doppelt');
    const registration = await register(anonClient(), event.id, { email });
    const first = await invoke(visitor(), 'send-confirmation-email', registration);
    const second = await invoke(visitor(), 'send-confirmation-email', registration);

    expect(second).toEqual({
      status: 200,
      body: { success: true, emailId: first.body.emailId, alreadySent: true },
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('mails once when two calls arrive at the same time', async () => {
    const email = uniqueEmail('gleichzeitig');
    const registration = await register(anonClient(), event.id, { email });
    const answers = await Promise.all([
      invoke(visitor(), 'send-confirmation-email', registration),
      invoke(visitor(), 'send-confirmation-email', registration),
    ]);

    expect(answers.some((a) => a.status === 200 && a.body.success === true)).toBe(true);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('escapes HTML in the name and notes the visitor typed', async () => {
    const email = uniqueEmail('frech');
    const attack = '<script>alert(1)</script>';
    const registration = await register(anonClient(), event.id, {
      email,
      name: `Eva ${attack}`,
      notes: `<img src=x onerror=alert(2)>`,
    });
    expect((await invoke(visitor(), 'send-confirmation-email', registration)).status).toBe(200);

    const [mail] = await mailsTo(email);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('Eva &lt;script&gt;alert(1)&lt;/script&gt;');
    const notice = await mailbox().waitFor(
      (m) => m.to.includes(PROVIDER_EMAIL) && m.reply_to.includes(email),
    );
    expect(notice.html).not.toContain('<script>');
  });

  it('refuses a wrong token and an unknown participant alike with 403, mailing nobody', async () => {
    const email = uniqueEmail('fremd');
    const registration = await register(anonClient(), event.id, { email });
    const wrongToken = await invoke(visitor(), 'send-confirmation-email', {
      ...registration,
      token: withLastCharacterChanged(registration.token),
    });
    const unknown = await invoke(visitor(), 'send-confirmation-email', {
      participantId: crypto.randomUUID(),
      token: registration.token,
    });

    const refused = { status: 403, body: { success: false, error: 'Der Bestätigungscode ist ungültig.' } };
    expect(wrongToken).toEqual(refused);
    expect(unknown).toEqual(refused);
    expect(await mailsTo(email)).toEqual([]);
  });

  it.each([
    ['no participantId', { token: 'x'.repeat(32) }, 'Die Teilnehmer-ID ist ungültig.'],
    [
      'a participantId that is not a uuid',
      { participantId: '42', token: 'x'.repeat(32) },
      'Die Teilnehmer-ID ist ungültig.',
    ],
    [
      'a token that is too short',
      { participantId: crypto.randomUUID(), token: 'abc' },
      'Der Bestätigungscode ist ungültig.',
    ],
  ])('refuses %s with 400', async (_case, body, error) => {
    expect(await invoke(visitor(), 'send-confirmation-email', body)).toEqual({
      status: 400,
      body: { success: false, error },
    });
  });

  it('ignores recipients or content the caller adds', async () => {
    const email = uniqueEmail('echt');
    const registration = await register(anonClient(), event.id, { email });
    const answer = await invoke(visitor(), 'send-confirmation-email', {
      ...registration,
      participantEmail: 'opfer@evil.example',
      eventTitle: 'Gratis Bitcoin',
      to: ['opfer@evil.example'],
    });

    expect(answer.status).toBe(200);
    const all = await mailbox().messages();
    expect(all.some((m) => m.to.includes('opfer@evil.example') || m.subject.includes('Bitcoin'))).toBe(false);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it.each([
    ['answers 500', 500 as const],
    ['does not answer', 'timeout' as const],
  ])(
    'keeps the registration unsent and answers 502 when the mail provider %s; a later call mails',
    async (_case, mode) => {
      const email = uniqueEmail('spaeter');
      const registration = await register(anonClient(), event.id, { email });
      await mailbox().failWith(mode);

      const { data, error } = await visitor(fastTimeout.url).functions.invoke('send-confirmation-email', {
        body: registration,
      });
      expect(data).toBeNull();
      const response = (error as { context: Response }).context;
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        success: false,
        error: 'Die Bestätigungs-E-Mail konnte nicht gesendet werden. Die Anmeldung ist gespeichert.',
      });
      // What the booking page tells the visitor: saved, but a technical problem with the mail.
      expect(describeConfirmationResult({ ok: false, error })).toEqual({
        title: 'E-Mail Problem',
        description:
          'Deine Anmeldung wurde gespeichert, aber beim Versand der Bestätigungs-E-Mail gab es ein technisches Problem.',
      });
      expect((await sentState(registration.participantId)).confirmation_sent_at).toBeNull();
      expect(
        await sql('select id from public.participants where id = $1', [registration.participantId]),
      ).toHaveLength(1);

      await mailbox().failWith(null);
      const retried = await invoke(visitor(), 'send-confirmation-email', registration);
      expect(retried.status).toBe(200);
      expect(await mailsTo(email)).toHaveLength(1);
    },
  );

  it('limits one caller address to 20 token calls per 10 minutes', async () => {
    const caller = visitor();
    const body = { participantId: crypto.randomUUID(), token: 'y'.repeat(32) };
    for (let i = 0; i < 20; i += 1) {
      expect((await invoke(caller, 'send-confirmation-email', body)).status).toBe(403);
    }
    expect(await invoke(caller, 'send-confirmation-email', body)).toEqual({
      status: 429,
      body: {
        success: false,
        error: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
      },
    });
  });
});

describe('send-confirmation-email (admin without a token)', () => {
  async function adminAddedParticipant(email: string): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into public.participants (event_id, name, email, phone, payment_status, payment_method)
       values ($1, 'Beat Beispiel', $2, '+41 79 000 00 00', 'paid', 'onsite') returning id`,
      [event.id, email],
    );
    return row!.id;
  }

  it('mails a participant the admin added', async () => {
    const admin = await createUser({ email: uniqueEmail('admin'), password: 'admin-pass-123', admin: true });
    const client = await signedInClient(admin.email, admin.password);
    const email = uniqueEmail('beat');
    const participantId = await adminAddedParticipant(email);

    const answer = await invoke(client, 'send-confirmation-email', { participantId });

    expect(answer).toMatchObject({ status: 200, body: { success: true, emailId: expect.any(String) } });
    const [mail] = await mailsTo(email);
    expect(mail!.html).toContain('Bezahlt');
  });

  it('refuses callers that are not admins: anonymous 403, signed-in non-admin 403', async () => {
    const participantId = await adminAddedParticipant(uniqueEmail('niemand'));
    const user = await createUser({ email: uniqueEmail('user'), password: 'user-pass-123' });
    const signedIn = await signedInClient(user.email, user.password);

    expect(await invoke(visitor(), 'send-confirmation-email', { participantId })).toEqual({
      status: 403,
      body: { success: false, error: 'Nur Admins können Bestätigungen ohne Bestätigungscode senden.' },
    });
    expect((await invoke(signedIn, 'send-confirmation-email', { participantId })).status).toBe(403);
    expect((await sentState(participantId)).confirmation_sent_at).toBeNull();
  });

  it('answers 404 for an unknown participant', async () => {
    const admin = await createUser({ email: uniqueEmail('admin'), password: 'admin-pass-123', admin: true });
    const client = await signedInClient(admin.email, admin.password);
    expect(await invoke(client, 'send-confirmation-email', { participantId: crypto.randomUUID() })).toEqual({
      status: 404,
      body: { success: false, error: 'Teilnehmer nicht gefunden.' },
    });
  });
});

/** The token with its last character replaced by a different one. */
function withLastCharacterChanged(token: string): string {
  return token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
}
