// The reminder and the admin's event notices (supabase/schemas/60_admin.sql), rendered from outbox
// rows as the worker does. Run with the other Deno unit tests (tests/functions/deno-unit.test.ts).
import assert from 'node:assert/strict';
import { changedRows } from '../_shared/event-mails.ts';
import { renderOutboxMail, UnrenderableMail } from '../_shared/outbox.ts';

const site = { name: 'Sinneswerk', url: 'https://www.sinneswerk.ch', email: 'hallo@sinneswerk.ch' };

const render = (kind: string, payload: unknown, recipient: string | null = 'anna@example.ch') =>
  renderOutboxMail(site, { id: 'msg-e1', kind, recipient, payload, created_at: '2026-12-04T17:00:00Z' });

const booking = {
  participant: {
    id: '5b0f3a4e-8f5e-4a57-9d0c-1f2e3d4c5b6a',
    name: 'Anna <Muster>',
    email: 'anna@example.ch',
    phone: '+41 79 123 45 67',
    paymentMethod: 'onsite',
    paymentStatus: 'pending',
    notes: '',
    persons: 2,
    reference: 'SW-7K3M',
    answers: [],
  },
  event: {
    title: 'Fondue im Hüsli',
    description: 'Käse.',
    startDate: '2026-12-05',
    endDate: null,
    startTime: '18:30',
    endTime: '22:00',
    location: 'Fonduehüsli, Suhr',
    price: 45,
    bringAlong: 'Warme Kleider',
  },
};

const noticeEvent = {
  id: 'e1',
  title: 'Fondue im Hüsli',
  startDate: '2026-12-12',
  endDate: null,
  startTime: '19:00',
  endTime: '22:00',
  location: 'Fonduehüsli, Suhr',
};

function assertSwissGerman(text: string) {
  assert.ok(!text.includes('\u00df'), 'no sharp s (U+00DF) in Swiss Standard German');
  assert.ok(!/\bSie\b/.test(text), 'visitors are addressed with du');
}

Deno.test('reminder: date, time, place, what to bring, persons, reference and the manage link', async () => {
  const mail = await render('event_reminder', {
    ...booking,
    reminder: { eventId: 'e1', startDate: '2026-12-05' },
    manageToken: 'tok123',
  });
  assert.deepEqual(mail.to, ['anna@example.ch']);
  assert.equal(mail.replyTo, site.email);
  assert.equal(mail.idempotencyKey, 'msg-e1');
  assert.equal(mail.subject, 'Erinnerung: Fondue im Hüsli ist morgen');
  for (const line of [
    'Datum: 5. Dezember 2026',
    'Zeit: 18:30–22:00 Uhr',
    'Ort: Fonduehüsli, Suhr',
    'Bitte mitbringen: Warme Kleider',
    'Buchungsnummer: SW-7K3M',
    'Personen: 2',
  ]) {
    assert.ok(mail.text.includes(line), line);
  }
  const link = 'https://www.sinneswerk.ch/buchung/SW-7K3M/verwalten#tok123';
  assert.ok(mail.text.includes(link));
  assert.ok(mail.html.includes(`href="${link}"`));
  assert.ok(mail.html.includes('Anna &lt;Muster&gt;'), 'names are escaped');
  assert.ok(!mail.html.includes('Anna <Muster>'));
  assertSwissGerman(mail.text);
  // The SQL always mints the token: a reminder without one (or without what it reminds of) is malformed.
  await assert.rejects(
    () => render('event_reminder', { ...booking, reminder: { eventId: 'e1', startDate: '2026-12-05' } }),
    UnrenderableMail,
  );
  await assert.rejects(() => render('event_reminder', booking), UnrenderableMail);
});

Deno.test(
  'cancellation: to bookings (refund when paid) and to the waiting list, with the admin words',
  async () => {
    const paid = await render('event_cancelled', {
      name: 'Anna',
      paid: true,
      waitlist: false,
      message: 'Die Kursleiterin ist krank.',
      event: noticeEvent,
    });
    assert.equal(paid.subject, 'Abgesagt: Fondue im Hüsli');
    assert.ok(paid.text.includes('Leider müssen wir «Fondue im Hüsli» vom 12. Dezember 2026 absagen.'));
    assert.ok(paid.text.includes('Die Kursleiterin ist krank.'));
    assert.ok(paid.text.includes('Den bezahlten Betrag erstatten wir dir zurück.'));
    assertSwissGerman(paid.text);

    const unpaid = await render('event_cancelled', {
      name: 'Ben',
      paid: false,
      waitlist: false,
      message: '',
      event: noticeEvent,
    });
    assert.ok(unpaid.text.includes('Deine Buchung ist damit hinfällig.'));
    assert.ok(!unpaid.text.includes('erstatten'));

    const waiting = await render('event_cancelled', {
      name: 'Wanda',
      paid: false,
      waitlist: true,
      message: '',
      event: noticeEvent,
    });
    assert.ok(waiting.text.includes('Dein Platz auf der Warteliste fällt damit weg.'));
    assert.ok(!waiting.text.includes('Buchung ist'));
    await assert.rejects(
      () => render('event_cancelled', { name: 'X', event: noticeEvent }),
      UnrenderableMail,
    );
    await assert.rejects(
      () =>
        render(
          'event_cancelled',
          { name: 'X', paid: false, waitlist: true, message: '', event: noticeEvent },
          null,
        ),
      UnrenderableMail,
    );
  },
);

Deno.test('change notice: only what changed, old → new, and the manage link for bookings', async () => {
  const before = {
    startDate: '2026-12-05',
    endDate: null,
    startTime: '19:00',
    endTime: '22:00',
    location: 'Fonduehüsli, Suhr',
  };
  const mail = await render('event_changed', {
    name: 'Anna',
    waitlist: false,
    message: '',
    before,
    event: noticeEvent,
    reference: 'SW-7K3M',
    manageToken: 'tok456',
  });
  assert.equal(mail.subject, 'Geändert: Fondue im Hüsli');
  assert.ok(mail.text.includes('Datum: 5. Dezember 2026 → 12. Dezember 2026'));
  assert.ok(!mail.text.includes('Zeit: 19:00–22:00 Uhr →'), 'an unchanged time is not announced as a change');
  assert.ok(mail.text.includes('https://www.sinneswerk.ch/buchung/SW-7K3M/verwalten#tok456'));
  assertSwissGerman(mail.text);

  const waiting = await render('event_changed', {
    name: 'Wanda',
    waitlist: true,
    message: 'Neu im Saal.',
    before,
    event: noticeEvent,
  });
  assert.ok(waiting.text.includes('Du bleibst auf der Warteliste'));
  assert.ok(waiting.text.includes('Neu im Saal.'));
  assert.ok(!waiting.text.includes('/verwalten'));
});

Deno.test('changed rows: time and place, a value that was empty', () => {
  assert.deepEqual(
    changedRows(
      { startDate: '2026-12-05', endDate: null, startTime: null, endTime: null, location: 'Suhr' },
      { startDate: '2026-12-05', endDate: null, startTime: '19:00', endTime: null, location: 'Aarau' },
    ),
    [
      ['Zeit', '(keine Angabe) → 19:00 Uhr'],
      ['Ort', 'Suhr → Aarau'],
    ],
  );
});
