// The customer's mails about the team's changes to a booking (issue 24) and the receipt naming
// TWINT, rendered from outbox rows as the worker does. Run with the other Deno unit tests
// (tests/functions/deno-unit.test.ts).
import assert from 'node:assert/strict';
import { MAIL_KIND_LABELS } from '@common/mail-kinds.ts';
import { mailPayloads } from '../_shared/mail-payloads.ts';
import { renderOutboxMail, UnrenderableMail } from '../_shared/outbox.ts';
import { sampleInvoice } from './sample-invoice.ts';

const site = { name: 'Sinneswerk', url: 'https://www.sinneswerk.ch', email: 'hallo@sinneswerk.ch' };

const render = (kind: string, payload: unknown) =>
  renderOutboxMail(site, {
    id: 'msg-s1',
    kind,
    recipient: 'anna@example.ch',
    payload,
    created_at: '2026-12-01T10:00:00Z',
  });

function booking(paymentMethod: string, paymentStatus = 'paid') {
  return {
    participant: {
      id: '5b0f3a4e-8f5e-4a57-9d0c-1f2e3d4c5b6a',
      name: 'Anna <Muster>',
      email: 'anna@example.ch',
      phone: '+41 79 123 45 67',
      paymentMethod,
      paymentStatus,
      notes: '',
      persons: 2,
      reference: 'SW-7K3M',
      answers: [],
    },
    event: {
      title: 'Fondue im Hüsli',
      description: 'Käse.',
      startDate: '2026-12-12',
      endDate: null,
      startTime: '19:00',
      endTime: '22:00',
      location: 'Fonduehüsli, Suhr',
      price: 45,
      bringAlong: null,
    },
  };
}

const before = {
  title: 'Fondue im Hüsli',
  startDate: '2026-12-05',
  endDate: null,
  startTime: '18:30',
  endTime: '22:00',
  location: 'Alte Mühle, Hirschthal',
};

const manageLink = 'https://www.sinneswerk.ch/buchung/SW-7K3M/verwalten#tok123';

function assertVisitorGerman(text: string) {
  assert.ok(!text.includes('\u00df'), 'no sharp s (U+00DF) in Swiss Standard German');
  assert.ok(!/\bSie\b/.test(text), 'visitors are addressed with du');
}

Deno.test('every mail kind has a schema, a German name and renders (no kind left to the raw name)', () => {
  const kinds = Object.keys(mailPayloads).sort();
  assert.deepEqual(kinds, Object.keys(MAIL_KIND_LABELS).sort());
});

Deno.test('staff cancellation: says how much is refunded and how', async () => {
  const stripe = await render('booking_cancelled', {
    ...booking('stripe'),
    cancel: {
      by: 'staff',
      refundCents: 9000,
      refundMethod: 'stripe',
      paidCents: 9000,
      note: 'Krankheit <Kursleitung>',
    },
  });
  assert.deepEqual(stripe.to, ['anna@example.ch']);
  assert.equal(stripe.replyTo, site.email);
  assert.equal(stripe.subject, 'Buchung storniert: Fondue im Hüsli');
  assert.match(
    stripe.text,
    /Wir haben deine Buchung SW-7K3M für «Fondue im Hüsli» vom 12\. Dezember 2026 storniert/,
  );
  assert.match(
    stripe.text,
    /Wir erstatten dir den bezahlten Betrag von CHF 90\.00 zurück, auf die Karte oder das TWINT-Konto, mit dem/,
  );
  assert.match(stripe.text, /Rückerstattung: CHF 90\.00/);
  assert.match(stripe.text, /Krankheit <Kursleitung>/);
  assert.ok(stripe.html.includes('Krankheit &lt;Kursleitung&gt;'), 'the note is escaped');
  assert.ok(stripe.html.includes('Anna &lt;Muster&gt;'));
  assertVisitorGerman(stripe.text);

  const partial = await render('booking_cancelled', {
    ...booking('invoice'),
    cancel: { by: 'staff', refundCents: 4500, refundMethod: 'transfer', paidCents: 9000, note: '' },
  });
  assert.match(
    partial.text,
    /Von den bezahlten CHF 90\.00 erstatten wir dir CHF 45\.00 zurück, per Banküberweisung/,
  );

  const kept = await render('booking_cancelled', {
    ...booking('onsite'),
    cancel: { by: 'staff', refundCents: 0, refundMethod: null, paidCents: 9000, note: '' },
  });
  assert.match(kept.text, /Den bezahlten Betrag von CHF 90\.00 erstatten wir nicht zurück/);
  assert.ok(!kept.text.includes('Rückerstattung:'));

  const unpaid = await render('booking_cancelled', {
    ...booking('invoice', 'pending'),
    cancel: { by: 'staff', refundCents: 0, refundMethod: null, paidCents: 0, note: '' },
  });
  assert.match(unpaid.text, /Du hast noch nichts bezahlt, es fallen für dich keine Kosten an/);

  // As the SQL sends it: no cancel.paidCents, the booking's money after the refund was queued.
  const fromMoney = await render('booking_cancelled', {
    ...booking('stripe'),
    money: {
      owedCents: 0,
      paidCents: 9000,
      refundedCents: 6000,
      openCents: 0,
      excessCents: 3000,
      paidMethod: 'twint',
    },
    cancel: { by: 'staff', refundCents: 4000, refundMethod: 'stripe', note: '' },
  });
  assert.match(fromMoney.text, /Von den bezahlten CHF 70\.00 erstatten wir dir CHF 40\.00 zurück/);

  // Stripe named the method: the mail names where the money goes.
  const twintPaid = await render('booking_cancelled', {
    ...booking('stripe'),
    participant: { ...booking('stripe').participant, paidMethod: 'twint' },
    cancel: { by: 'staff', refundCents: 9000, refundMethod: 'stripe', paidCents: 9000, note: '' },
  });
  assert.match(twintPaid.text, /zurück, auf das TWINT-Konto, mit dem du bezahlt hast\./);
  const refund = await render('refund_issued', {
    ...booking('stripe'),
    participant: { ...booking('stripe').participant, paidMethod: 'card' },
    refund: { amountCents: 4500, method: 'stripe' },
  });
  assert.match(refund.text, /Der Betrag geht zurück auf die Karte, mit der du bezahlt hast; je nach Bank/);
  assertVisitorGerman(unpaid.text);

  await assert.rejects(
    render('booking_cancelled', {
      ...booking('stripe'),
      cancel: { by: 'staff', refundCents: -1, refundMethod: null, note: '' },
    }),
    UnrenderableMail,
  );
});

Deno.test('move: old and new date, the new calendar file, and money open or overpaid', async () => {
  const moved = await render('booking_moved', {
    ...booking('onsite', 'pending'),
    manageToken: 'tok123',
    before,
    money: { openCents: 0, excessCents: 0 },
  });
  assert.equal(moved.subject, 'Buchung verschoben: Fondue im Hüsli');
  const text = moved.text;
  assert.ok(text.indexOf('Bisher:') < text.indexOf('Datum: 5. Dezember 2026'));
  assert.ok(text.indexOf('Neu:') < text.indexOf('Datum: 12. Dezember 2026'));
  assert.match(text, /Ort: Alte Mühle, Hirschthal/);
  assert.match(text, /Ort: Fonduehüsli, Suhr/);
  assert.match(text, /Zeit: 19:00–22:00 Uhr/);
  assert.ok(text.includes(manageLink));
  assert.ok(moved.html.includes(`href="${manageLink}"`));
  assert.equal(moved.attachments?.length, 1);
  const ics = atob(moved.attachments![0]!.content);
  assert.equal(moved.attachments![0]!.filename, 'event.ics');
  assert.match(ics, /UID:SW-7K3M@www\.sinneswerk\.ch/, 'the booking entry of the confirmation, replaced');
  assert.match(ics, /DTSTART:20261212T180000Z/, 'the new date, 19:00 in Zurich');
  assertVisitorGerman(text);

  const dearer = await render('booking_moved', {
    ...booking('stripe'),
    manageToken: 'tok123',
    before,
    money: { openCents: 2000, excessCents: 0 },
  });
  assert.match(
    dearer.text,
    /Damit sind noch CHF 20\.00 offen\. Du kannst den Betrag hier online mit Karte oder TWINT bezahlen:/,
  );
  assert.ok(dearer.html.includes('>Jetzt bezahlen</a>'));
  assert.ok(!dearer.html.includes('>Buchung ansehen oder ändern</a>'), 'one button to the manage page');

  const cheaper = await render('booking_moved', {
    ...booking('invoice'),
    before,
    money: { openCents: 0, excessCents: 1500 },
  });
  assert.match(cheaper.text, /Du hast damit CHF 15\.00 mehr bezahlt als nötig/);
});

Deno.test(
  'persons changed by the team: before and after, and the pay link when an online booking owes more',
  async () => {
    const grown = await render('booking_updated', {
      ...booking('stripe'),
      participant: { ...booking('stripe').participant, persons: 4 },
      manageToken: 'tok123',
      personsBefore: 2,
      personsAfter: 4,
      money: { openCents: 9000, excessCents: 0 },
    });
    assert.equal(grown.subject, 'Buchung angepasst: Fondue im Hüsli');
    assert.match(grown.text, /von 2 Personen auf 4 Personen geändert/);
    assert.match(grown.text, /Total: 4 × CHF 45\.00 = CHF 180\.00/);
    assert.match(grown.text, /Damit sind noch CHF 90\.00 offen/);
    assert.ok(grown.html.includes(`href="${manageLink}"`));
    assert.ok(grown.html.includes('>Jetzt bezahlen</a>'));
    assertVisitorGerman(grown.text);

    const onsite = await render('booking_updated', {
      ...booking('onsite', 'pending'),
      manageToken: 'tok123',
      personsBefore: 3,
      personsAfter: 2,
      money: { openCents: 9000, excessCents: 0 },
    });
    assert.match(onsite.text, /von 3 Personen auf 2 Personen geändert/);
    assert.match(onsite.text, /Du bezahlst den Betrag vor Ort, bar oder mit TWINT/);
    assert.ok(!onsite.html.includes('>Jetzt bezahlen</a>'));
    assert.ok(onsite.html.includes('>Buchung ansehen oder ändern</a>'));
  },
);

Deno.test('a booking the team added online: pay link and the real hold, no 30-minute promise', async () => {
  const added = await render('participant_confirmation', {
    ...booking('stripe', 'pending'),
    manageToken: 'tok123',
    addedByStaff: true,
    hold: { expiresAt: '2026-12-02T11:00:00Z' },
  });
  assert.match(added.text, /Wir haben dich für «Fondue im Hüsli» angemeldet/);
  assert.ok(!added.text.includes('30 Minuten'));
  assert.match(added.text, /Wir halten deinen Platz bis 02\.12\.2026 12:00 Uhr für dich/);
  assert.ok(added.text.includes(manageLink));
  assert.ok(added.html.includes('>Jetzt bezahlen</a>'));
  assertVisitorGerman(added.text);

  // The visitor's own online booking keeps its wording.
  const own = await render('participant_confirmation', {
    ...booking('stripe', 'pending'),
    manageToken: 'tok123',
  });
  assert.match(own.text, /Vielen Dank für deine Anmeldung/);
  assert.match(own.text, /30 Minuten/);
});

Deno.test('the receipt names TWINT or card as Stripe reported it', async () => {
  const payment = { amountCents: 9000, paidAt: '2026-11-24T07:15:00Z' };
  const twint = await render('payment_receipt', {
    ...booking('stripe'),
    payment: { ...payment, method: 'twint' },
  });
  assert.match(twint.text, /Zahlungsart: Online-Zahlung \(TWINT\)/);
  assert.match(twint.text, /deine Online-Zahlung mit TWINT/);
  assert.ok(!twint.text.includes('Karte'));
  const card = await render('payment_receipt', {
    ...booking('stripe'),
    payment: { ...payment, method: 'card' },
  });
  assert.match(card.text, /Zahlungsart: Online-Zahlung \(Karte\)/);
  const unknown = await render('payment_receipt', { ...booking('stripe'), payment });
  assert.match(unknown.text, /Zahlungsart: Online-Zahlung\n/);

  // Money the team recorded (admin_record_payment): no "online", and a part payment says so.
  const part = await render('payment_receipt', {
    ...booking('invoice', 'pending'),
    payment: { ...payment, amountCents: 4500, method: 'invoice' },
  });
  assert.match(
    part.text,
    /Wir haben deine Zahlung für «Fondue im Hüsli» erhalten\. Ein Teil des Betrags ist noch offen/,
  );
  assert.match(part.text, /Zahlungsart: Rechnung\n/);
  assert.match(part.text, /Zahlungsstatus: Ausstehend/);
  assert.ok(!part.text.includes('Online'));
});

Deno.test('a booking the team activated again says so', async () => {
  const again = await render('participant_confirmation', {
    ...booking('onsite', 'pending'),
    manageToken: 'tok123',
    addedByStaff: true,
    reactivated: true,
  });
  assert.match(again.text, /Wir haben deine Buchung für «Fondue im Hüsli» wieder aktiviert/);
  assert.match(again.text, /So bezahlst du: Bar oder TWINT vor Ort\./);
});

Deno.test('invoice reminder: friendly, what is open since when, the same QR bill attached', async () => {
  const mail = await render('invoice_reminder', {
    ...booking('invoice', 'pending'),
    invoice: sampleInvoice,
    reminder: { dueDate: sampleInvoice.dueDate, openCents: 9000 },
  });
  assert.deepEqual(mail.to, ['anna@example.ch']);
  assert.equal(mail.subject, 'Zahlungserinnerung: Fondue im Hüsli');
  assert.match(
    mail.text,
    /bis zum 4\. Dezember 2026 noch keine Zahlung erhalten\. Es sind noch CHF 90\.00 offen\./,
  );
  assert.match(mail.text, /QR-Einzahlungsschein hängt noch einmal an/);
  assert.match(mail.text, /Nachrichten gekreuzt/);
  assertVisitorGerman(mail.text);
  const pdf = mail.attachments?.find((file) => file.contentType === 'application/pdf');
  assert.equal(pdf?.filename, 'Rechnung-000000000000000000001234565.pdf');
  assert.equal(atob(pdf?.content ?? '').slice(0, 5), '%PDF-');
});
