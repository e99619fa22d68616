import { beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, sql } from '../support/stack';
import { booking, createEvent, invoke, register, uniqueEmail, visitor } from './function-helpers';

// Issue 17, 'Errors that say what is wrong', on the server: the functions apply the forms' phone
// and e-mail rules (supabase/functions/_common/contact-rules.ts), store phones in E.164 and name
// the refused field (`code: INVALID_INPUT`, `detail: <field>`), so the form shows it there.

const INVALID_PHONE = 'Bitte gib eine gültige Telefonnummer ein, z. B. 079 123 45 67 oder +41 79 123 45 67.';
const INVALID_EMAIL = 'Bitte gib eine gültige E-Mail-Adresse ein.';

const refusedField = (message: string, detail: string) => ({
  status: 400,
  body: { success: false, error: message, code: 'INVALID_INPUT', detail },
});

const participantPhones = (eventId: string) =>
  sql<{ phone: string }>('select phone from public.participants where event_id = $1 order by phone', [
    eventId,
  ]);

const waitlistPhones = (eventId: string) =>
  sql<{ phone: string }>('select phone from public.waitlist_entries where event_id = $1 order by phone', [
    eventId,
  ]);

beforeAll(() => resetDatabase());

describe('register-for-event', () => {
  it('stores the phone in E.164, however it was typed', async () => {
    const event = await createEvent();
    for (const phone of ['079 111 22 33', '0049 30 12345678', '+41 62 842 11 22']) {
      const answer = await invoke(visitor(), 'register-for-event', booking(event.id, { phone }));
      expect(answer.status).toBe(200);
    }
    expect(await participantPhones(event.id)).toEqual([
      { phone: '+41628421122' },
      { phone: '+41791112233' },
      { phone: '+493012345678' },
    ]);
  });

  it.each(['abc', '123', '+41 79 111', '079 111 22 33 44 55'])(
    'refuses the phone %s at its field and stores nothing',
    async (phone) => {
      const event = await createEvent();
      const answer = await invoke(visitor(), 'register-for-event', booking(event.id, { phone }));
      expect(answer).toEqual(refusedField(INVALID_PHONE, 'phone'));
      expect(await participantPhones(event.id)).toEqual([]);
    },
  );

  it('refuses an address without a top-level domain, as the form does', async () => {
    const event = await createEvent();
    const answer = await invoke(
      visitor(),
      'register-for-event',
      booking(event.id, { email: 'hans@beispiel' }),
    );
    expect(answer).toEqual(refusedField(INVALID_EMAIL, 'email'));
    expect(await participantPhones(event.id)).toEqual([]);
  });
});

describe('join-waitlist', () => {
  it('stores the phone in E.164 and refuses one that is not a number at its field', async () => {
    const event = await createEvent({ maxParticipants: 1 });
    await register(visitor(), event.id);
    const join = (phone: string) =>
      invoke(visitor(), 'join-waitlist', {
        eventId: event.id,
        name: 'Beat',
        email: uniqueEmail('beat'),
        phone,
      });

    expect(await join('abc')).toEqual(refusedField(INVALID_PHONE, 'phone'));
    expect((await join('079 111 22 33')).status).toBe(200);
    expect(await waitlistPhones(event.id)).toEqual([{ phone: '+41791112233' }]);
  });
});

describe('newsletter-subscribe and send-contact-email', () => {
  it('name the refused field, like the booking', async () => {
    expect(await invoke(visitor(), 'newsletter-subscribe', { email: 'hans@beispiel' })).toEqual(
      refusedField(INVALID_EMAIL, 'email'),
    );
    expect(
      await invoke(visitor(), 'send-contact-email', {
        name: 'Hans',
        email: 'hans@beispiel',
        subject: 'Frage',
        message: 'Hallo',
      }),
    ).toEqual(refusedField(INVALID_EMAIL, 'email'));
    expect(
      await invoke(visitor(), 'send-contact-email', {
        name: 'Hans',
        email: 'hans@example.ch',
        subject: 'Frage',
      }),
    ).toEqual(refusedField('Die Nachricht fehlt.', 'message'));
  });
});
