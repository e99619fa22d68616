// Unit tests of the runtime-neutral shared modules, run with the real Deno:
//   node_modules/.bin/deno test --allow-read --allow-env supabase/functions/tests/
// (tests/functions/deno-unit.test.ts runs them as part of `npm test`).
import assert from 'node:assert/strict';
import { corsHeaders, isAllowedOrigin } from '../_shared/cors.ts';
import { formatChf, formatDateRange, formatTotal, paymentMethodLabel } from '@common/format.ts';
import { escapeHtml } from '../_shared/html.ts';
import { bookingUid, buildIcs, foldLine } from '@common/ics.ts';
import { subscriberHash } from '../_shared/mailchimp.ts';
import {
  addressGroup,
  addressRule,
  clientAddress,
  limitOf,
  REGISTRATIONS_PER_ADDRESS,
} from '../_shared/rate-limit.ts';
import { toQrBillCharset } from '../_shared/qr-charset.ts';
import { DETAILS_PASSED_ON, enquiryNotice, participantConfirmation } from '../_shared/templates.ts';
import { renderOutboxMail, UnrenderableMail } from '../_shared/outbox.ts';
import { displayTime } from '@common/event-time.ts';
import { formatDateTime, zurichInstant } from '@common/zurich-time.ts';
import { constantTimeEqual } from '../_shared/tokens.ts';
import { drainQueue } from '../_shared/work-queue.ts';
import { formatPhone } from '@common/contact-rules.ts';
import { HttpError } from '../_shared/http.ts';
import { sampleInvoice } from './sample-invoice.ts';
import {
  contactRequest,
  corporateRequest,
  newsletterRequest,
  parseRequest,
  registrationRequest,
  waitlistRequest,
} from '../_shared/validation.ts';

const site = { name: 'Sinneswerk', url: 'https://www.sinneswerk.ch', email: 'hallo@sinneswerk.ch' };
const injection = '<script>alert("x")</script><img src=x onerror=alert(1)>';

Deno.test('escapeHtml escapes every markup character', () => {
  assert.equal(
    escapeHtml(`<a href="x" title='y'>&</a>`),
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
  );
});

Deno.test('the enquiry mail never contains visitor markup unescaped', () => {
  const mail = enquiryNotice(site, {
    kind: 'contact',
    name: injection,
    email: 'a@b.ch',
    subject: injection,
    message: `${injection}\nZeile 2`,
  });
  assert.ok(!mail.html.includes('<script>'));
  assert.ok(!mail.html.includes('<img src=x'));
  assert.ok(mail.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
  assert.ok(mail.html.includes('Zeile 2'));
  assert.ok(mail.text.includes(injection), 'the text part keeps the original characters');
  assert.ok(!mail.subject.includes('\n'));
});

Deno.test('the participant confirmation escapes names, notes and event texts', () => {
  const mail = participantConfirmation(
    site,
    {
      id: '5b0f3a4e-8f5e-4a57-9d0c-1f2e3d4c5b6a',
      reference: 'SW-7K3M',
      name: injection,
      email: 'p@b.ch',
      phone: '+41 79',
      paymentMethod: 'onsite',
      paymentStatus: 'pending',
      notes: injection,
      persons: 1,
      answers: [{ label: injection, answer: injection }],
    },
    {
      title: 'Breathwork & Brunch',
      description: injection,
      startDate: '2026-03-05',
      endDate: null,
      startTime: '10:00',
      endTime: '13:00',
      location: 'Suhr',
      price: 130,
      bringAlong: 'Matte <br>',
    },
  );
  assert.ok(!mail.html.includes('<script>'));
  assert.ok(!mail.html.includes('Matte <br>'));
  assert.ok(mail.html.includes('Breathwork &amp; Brunch'));
  assert.ok(mail.html.includes('5. März 2026'));
  assert.ok(mail.html.includes('CHF 130.00'));
  assert.ok(mail.html.includes('Vor-Ort-Zahlung (bar oder TWINT)'));
  assert.equal(mail.subject, 'Anmeldebestätigung: Breathwork & Brunch');
  assert.ok(!/\u00df/.test(mail.html + mail.text)); // no sharp s in Swiss German
});

Deno.test('de-CH formats', () => {
  assert.equal(formatDateRange('2026-03-05', '2026-03-07'), '5. März 2026 – 7. März 2026');
  assert.equal(formatDateRange('2026-03-05', '2026-03-05'), '5. März 2026');
  assert.equal(formatDateRange(null, null), 'Datum folgt');
  // The written-out month names are the ones de-CH uses.
  const longDe = new Intl.DateTimeFormat('de-CH', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  for (let month = 1; month <= 12; month += 1) {
    const iso = `2026-${String(month).padStart(2, '0')}-05`;
    assert.equal(formatDateRange(iso, null), longDe.format(new Date(`${iso}T00:00:00Z`)));
  }
  assert.equal(formatChf('1250'), 'CHF 1’250.00');
  assert.equal(paymentMethodLabel('free'), 'Kostenlos');
  assert.equal(formatTotal(95, 2), '2 × CHF 95.00 = CHF 190.00');
  assert.equal(formatTotal('95', 1), 'CHF 95.00');
  assert.equal(formatTotal(0, 3), 'Kostenlos');
});

Deno.test('a time reads the same everywhere: en dash, no spaces, "Uhr"', () => {
  assert.equal(displayTime('18:30', '22:00'), '18:30–22:00 Uhr');
  assert.equal(displayTime('18:30:00', '22:00:00'), '18:30–22:00 Uhr');
  assert.equal(displayTime('18:30', null), '18:30 Uhr');
  assert.equal(displayTime(null, null), '');
});

Deno.test('a moment reads as dd.MM.yyyy HH:mm in Zurich time, as on the site', () => {
  assert.equal(formatDateTime('2026-11-24T07:15:00Z'), '24.11.2026 08:15');
  assert.equal(formatDateTime('2026-07-01T16:30:00Z'), '01.07.2026 18:30');
  assert.equal(formatDateTime('kein Datum'), '');
});

Deno.test('booking mails name the persons and the total', async () => {
  const mail = await renderOutboxMail(site, {
    id: 'msg-2',
    kind: 'participant_confirmation',
    recipient: 'anna@example.ch',
    payload: { ...booking, participant: { ...booking.participant, persons: 3 } },
    created_at: '2026-11-24T05:00:00Z',
  });
  assert.ok(mail.text.includes('Personen: 3'));
  // The time as the site shows it, one form with an en dash.
  assert.ok(mail.text.includes('Zeit: 18:30–20:00 Uhr'));
  assert.ok(mail.html.includes('18:30–20:00 Uhr'));
  assert.ok(mail.text.includes('Total: 3 × CHF 45.00 = CHF 135.00'));
  const notice = await renderOutboxMail(site, {
    id: 'msg-3',
    kind: 'registration_notice',
    recipient: null,
    payload: { ...booking, participant: { ...booking.participant, persons: 3 } },
    created_at: '2026-11-24T05:00:00Z',
  });
  assert.ok(notice.html.includes('3 × CHF 45.00 = CHF 135.00'));
  // Stored in E.164, read in the usual Swiss groups.
  const e164 = await renderOutboxMail(site, {
    id: 'msg-3b',
    kind: 'registration_notice',
    recipient: null,
    payload: { ...booking, participant: { ...booking.participant, phone: '+41791234567' } },
    created_at: '2026-11-24T05:00:00Z',
  });
  assert.ok(e164.text.includes('Telefon: +41 79 123 45 67'), e164.text);
  const one = await renderOutboxMail(site, {
    id: 'msg-4',
    kind: 'participant_confirmation',
    recipient: 'anna@example.ch',
    payload: booking,
    created_at: '2026-11-24T05:00:00Z',
  });
  assert.ok(one.text.includes('Personen: 1'));
});

Deno.test('the confirmation carries the booking reference and its manage link', async () => {
  const mail = await renderOutboxMail(site, {
    id: 'msg-5',
    kind: 'participant_confirmation',
    recipient: 'anna@example.ch',
    payload: {
      ...booking,
      participant: { ...booking.participant, reference: 'SW-7K3M' },
      manageToken: 'abc123',
    },
    created_at: '2026-11-24T05:00:00Z',
  });
  const link = 'https://www.sinneswerk.ch/buchung/SW-7K3M/verwalten#abc123';
  assert.ok(mail.text.includes('Buchungsnummer: SW-7K3M'));
  assert.ok(mail.text.includes(link));
  assert.ok(mail.html.includes(`href="${link}"`));
  assert.ok(mail.html.includes('Buchung ansehen oder ändern'));
  // The provider's notice names the reference but never carries the visitor's link.
  const notice = await renderOutboxMail(site, {
    id: 'msg-6',
    kind: 'registration_notice',
    recipient: null,
    payload: { ...booking, participant: { ...booking.participant, reference: 'SW-7K3M' } },
    created_at: '2026-11-24T05:00:00Z',
  });
  assert.ok(notice.text.includes('Buchungsnummer: SW-7K3M'));
  assert.ok(!notice.text.includes('/verwalten'));
});

Deno.test(
  'a large on-site booking held for confirmation: the mail asks for the click and says when the seats are freed',
  async () => {
    const payload = {
      ...booking,
      participant: { ...booking.participant, reference: 'SW-7K3M', persons: 4 },
      manageToken: 'manage123',
      confirmHold: { token: 'confirm456', expiresAt: '2026-11-24T06:00:00Z', minutes: 60 },
    };
    const mail = await renderOutboxMail(site, {
      id: 'msg-confirm',
      kind: 'participant_confirmation',
      recipient: 'anna@example.ch',
      payload,
      created_at: '2026-11-24T05:00:00Z',
    });
    const link = 'https://www.sinneswerk.ch/buchung/SW-7K3M/bestaetigen#confirm456';
    const sentence =
      'Bitte bestätige deine Buchung innerhalb von 60 Minuten (bis 24.11.2026 07:00 Uhr) über den Knopf «Buchung bestätigen». Ohne Bestätigung geben wir die Plätze nach 60 Minuten wieder frei.';
    assert.ok(mail.text.includes(sentence), mail.text);
    assert.ok(mail.text.includes(`Buchung bestätigen: ${link}`), mail.text);
    assert.ok(mail.html.includes(`href="${link}"`));
    assert.ok(mail.html.includes('>Buchung bestätigen</a>'));
    assert.ok(mail.html.includes('Bitte bestätige deine Buchung'));
    // The manage link stays; the confirm link is its own token.
    assert.ok(mail.text.includes('/buchung/SW-7K3M/verwalten#manage123'));
    // Without a hold nothing of it.
    const plain = await renderOutboxMail(site, {
      id: 'msg-plain',
      kind: 'participant_confirmation',
      recipient: 'anna@example.ch',
      payload: { ...payload, confirmHold: undefined },
      created_at: '2026-11-24T05:00:00Z',
    });
    assert.ok(!plain.text.includes('bestaetigen') && !plain.text.includes('wieder frei'), plain.text);
    assert.ok(plain.html.includes('Deine Anmeldung ist bestätigt'));
  },
);

Deno.test(
  "the visitor's confirmation never echoes notes or answers; the provider's notice keeps them, escaped",
  async () => {
    // Anyone can book under a stranger's address: free text in the visitor's mail would be a
    // phishing channel from the provider's address (issue 25).
    const phishing = 'Besuchen Sie https://evil.example';
    const answers = [
      { question_id: 'q-1', label: 'Name des Kindes', answer: injection },
      { question_id: 'q-2', label: 'Menü <b>?</b>', answer: 'https://evil.example/login' },
    ];
    const render = (kind: string, participant: object) =>
      renderOutboxMail(site, {
        id: `msg-answers-${kind}`,
        kind,
        recipient: kind === 'participant_confirmation' ? 'anna@example.ch' : null,
        payload: { ...booking, participant },
        created_at: '2026-11-24T05:00:00Z',
      });
    const participant = { ...booking.participant, notes: phishing, answers };
    const mail = await render('participant_confirmation', participant);
    for (const body of [mail.text, mail.html, mail.subject]) {
      assert.ok(!body.includes('evil.example'), body);
      assert.ok(!body.includes('alert') && !body.includes('Name des Kindes') && !body.includes('Antworten:'));
      assert.ok(!body.includes('Bemerkungen:'));
    }
    assert.ok(mail.text.includes(DETAILS_PASSED_ON), mail.text);
    assert.ok(mail.html.includes(DETAILS_PASSED_ON));
    // The provider's notice lists notes and answers, escaped in the HTML.
    const notice = await render('registration_notice', participant);
    assert.ok(notice.text.includes(`Bemerkungen: ${phishing}`), notice.text);
    assert.ok(
      notice.text.includes(
        `Antworten:\nName des Kindes: ${injection}\nMenü <b>?</b>: https://evil.example/login`,
      ),
      notice.text,
    );
    assert.ok(notice.html.includes('Menü &lt;b&gt;?&lt;/b&gt;'));
    assert.ok(notice.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
    assert.ok(!notice.html.includes('<script>') && !notice.html.includes('<b>?'));
    // Nothing typed: no sentence about it.
    const plain = await render('participant_confirmation', {
      ...booking.participant,
      notes: '',
      answers: [],
    });
    assert.ok(!plain.text.includes(DETAILS_PASSED_ON) && !plain.text.includes('Antworten'));
  },
);

Deno.test('a cancellation and a reduction confirm to the visitor and notify the provider', async () => {
  const participant = { ...booking.participant, reference: 'SW-7K3M', persons: 1 };
  const render = (kind: string, change: object) =>
    renderOutboxMail(site, {
      id: `msg-${kind}`,
      kind,
      recipient: kind === 'booking_change' ? 'anna@example.ch' : null,
      payload: { ...booking, participant, change },
      created_at: '2026-11-24T05:00:00Z',
    });
  const cancelled = { kind: 'cancelled', personsBefore: 3, personsAfter: 0 };
  const visitor = await render('booking_change', cancelled);
  assert.ok(visitor.subject.startsWith('Stornierung bestätigt: '));
  assert.ok(visitor.text.includes('Du hast deine Buchung SW-7K3M'));
  assert.deepEqual(visitor.to, ['anna@example.ch']);
  const provider = await render('booking_change_notice', cancelled);
  assert.ok(provider.subject.startsWith('Stornierung: '));
  assert.ok(provider.text.includes('Personen vorher: 3'));
  assert.deepEqual(provider.to, [site.email]);
  assert.ok(visitor.text.includes('es fallen keine Kosten an'));
  const reduced = await render('booking_change', { kind: 'reduced', personsBefore: 3, personsAfter: 1 });
  assert.ok(reduced.text.includes('von 3 Personen auf 1 Person reduziert'));
  // A late cancellation that keeps a share (the fondue hut after its 48 hours, issue 27).
  const late = { ...cancelled, keptCents: 17000 };
  const lateVisitor = await render('booking_change', late);
  assert.ok(lateVisitor.text.includes('verrechnen wir CHF 170.00'));
  assert.ok(!lateVisitor.text.includes('keine Kosten'));
  assert.ok((await render('booking_change_notice', late)).text.includes('CHF 170.00 bleiben geschuldet'));
  assert.ok(!/\u00df/.test(visitor.text + provider.text + reduced.text));
});

Deno.test('outbox: the refund mail says how much goes back and which way', async () => {
  const participant = { ...booking.participant, reference: 'SW-7K3M', persons: 2 };
  const render = (method: string) =>
    renderOutboxMail(site, {
      id: `msg-refund-${method}`,
      kind: 'refund_issued',
      recipient: 'anna@example.ch',
      payload: { ...booking, participant, refund: { amountCents: 9000, method } },
      created_at: '2026-11-24T05:00:00Z',
    });
  const online = await render('stripe');
  assert.ok(online.subject.startsWith('Rückerstattung: '));
  assert.ok(online.text.includes('CHF 90.00'));
  assert.ok(online.text.includes('TWINT'));
  assert.ok(online.text.includes('SW-7K3M'));
  assert.deepEqual(online.to, ['anna@example.ch']);
  const transfer = await render('transfer');
  assert.ok(transfer.text.includes('per Banküberweisung'));
  assert.ok(!/\u00df/.test(online.text + transfer.text));
  await assert.rejects(() => render('cash'), UnrenderableMail);
});

Deno.test('ics: times are read in Zurich time, summer and winter', () => {
  assert.equal(zurichInstant(2026, 7, 1, 18, 30).toISOString(), '2026-07-01T16:30:00.000Z');
  assert.equal(zurichInstant(2026, 1, 15, 18, 30).toISOString(), '2026-01-15T17:30:00.000Z');
  const ics = buildIcs({
    uid: 'p1@sinneswerk.ch',
    title: 'Stammtisch; Herbst, 2026',
    description: 'Zeile 1\nZeile 2',
    location: 'Tramstrasse 12, Suhr',
    startDate: '2026-07-01',
    endDate: null,
    startTime: '18:30',
    endTime: '21:30',
    now: new Date('2026-01-01T00:00:00Z'),
  });
  assert.ok(ics);
  assert.ok(ics.includes('DTSTART:20260701T163000Z\r\n'));
  assert.ok(ics.includes('DTEND:20260701T193000Z\r\n'));
  assert.ok(ics.includes('SUMMARY:Stammtisch\\; Herbst\\, 2026'));
  assert.ok(ics.includes('DESCRIPTION:Zeile 1\\nZeile 2'));
});

Deno.test('ics: all-day without a time, none without a date', () => {
  const base = { uid: 'x', title: 'Retreat', description: '', location: '', startTime: null, endTime: null };
  const ics = buildIcs({ ...base, startDate: '2026-09-10', endDate: '2026-09-12' });
  assert.ok(ics?.includes('DTSTART;VALUE=DATE:20260910'));
  assert.ok(ics?.includes('DTEND;VALUE=DATE:20260913'));
  assert.equal(buildIcs({ ...base, startDate: null, endDate: null }), null);
});

Deno.test('ics lines are folded at 75 octets without splitting characters', () => {
  const folded = foldLine(`DESCRIPTION:${'ä'.repeat(100)}`);
  for (const line of folded.split('\r\n')) assert.ok(new TextEncoder().encode(line).length <= 75);
  assert.equal(folded.replace(/\r\n /g, ''), `DESCRIPTION:${'ä'.repeat(100)}`);
});

Deno.test('cors allows the configured origins only, localhost only when listed', () => {
  const origins = ['https://www.sinneswerk.ch'];
  assert.ok(isAllowedOrigin('https://www.sinneswerk.ch', origins));
  assert.ok(!isAllowedOrigin('http://localhost:5173', origins));
  assert.ok(!isAllowedOrigin('http://127.0.0.1:4173', origins));
  assert.ok(isAllowedOrigin('http://127.0.0.1:4173', [...origins, 'http://127.0.0.1:4173']));
  assert.equal(corsHeaders('http://localhost:31337', origins)['Access-Control-Allow-Origin'], undefined);
  assert.ok(!isAllowedOrigin('https://evil.example', origins));
  assert.ok(!isAllowedOrigin('http://localhost.evil.example', origins));
  assert.equal(corsHeaders('https://evil.example', origins)['Access-Control-Allow-Origin'], undefined);
  assert.equal(
    corsHeaders('https://www.sinneswerk.ch', origins)['Access-Control-Allow-Origin'],
    'https://www.sinneswerk.ch',
  );
});

Deno.test('the client address is only what the platform vouches for (cf-connecting-ip)', () => {
  const req = (headers: Record<string, string>) => new Request('http://x', { headers });
  assert.equal(
    clientAddress(req({ 'cf-connecting-ip': '1.1.1.1', 'x-forwarded-for': '2.2.2.2' })),
    '1.1.1.1',
  );
  // x-forwarded-for and x-real-ip are never read: without the platform header all callers
  // share one counter, so leaving it out lifts no limit.
  assert.equal(
    clientAddress(req({ 'x-forwarded-for': '2.2.2.2, 10.0.0.1', 'x-real-ip': '3.3.3.3' })),
    'unknown',
  );
  assert.equal(clientAddress(req({})), 'unknown');
});

Deno.test('an IPv6 client counts by its /64, so rotating addresses inside it opens no new counter', () => {
  const req = (address: string) => new Request('http://x', { headers: { 'cf-connecting-ip': address } });
  const one = clientAddress(req('2001:db8:85a3:0:1111:2222:3333:4444'));
  assert.equal(one, '2001:db8:85a3:0::/64');
  assert.equal(clientAddress(req('2001:0DB8:85A3:0000:ffff:0:0:1')), one);
  assert.equal(clientAddress(req('2001:db8:85a3::9')), one);
  assert.notEqual(clientAddress(req('2001:db8:85a4::9')), one);
  assert.equal(addressGroup('::1'), '0:0:0:0::/64');
  assert.equal(addressGroup('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.equal(addressGroup('203.0.113.7'), '203.0.113.7');
});

Deno.test('a limit is its named default unless a secret sets a positive integer', () => {
  const name = REGISTRATIONS_PER_ADDRESS.env;
  const before = Deno.env.get(name);
  try {
    Deno.env.delete(name);
    assert.equal(limitOf(REGISTRATIONS_PER_ADDRESS), 5);
    Deno.env.set(name, '50');
    assert.equal(limitOf(REGISTRATIONS_PER_ADDRESS), 50);
    Deno.env.set(name, '0');
    assert.equal(limitOf(REGISTRATIONS_PER_ADDRESS), 5);
    const rule = addressRule(
      REGISTRATIONS_PER_ADDRESS,
      new Request('http://x', { headers: { 'cf-connecting-ip': '1.1.1.1' } }),
    );
    assert.deepEqual(
      { key: rule.key, windowSeconds: rule.windowSeconds },
      { key: 'registration:ip:1.1.1.1', windowSeconds: 3600 },
    );
  } finally {
    if (before === undefined) Deno.env.delete(name);
    else Deno.env.set(name, before);
  }
});

Deno.test('keys compare equal only when identical', () => {
  assert.ok(constantTimeEqual('service-key', 'service-key'));
  assert.ok(!constantTimeEqual('service-key', 'service-kez'));
  assert.ok(!constantTimeEqual('abc', 'abcd'));
});

const booking = {
  participant: {
    id: '5b0f3a4e-8f5e-4a57-9d0c-1f2e3d4c5b6a',
    name: 'Anna Muster',
    email: 'anna@example.ch',
    phone: '+41 79 123 45 67',
    paymentMethod: 'onsite',
    paymentStatus: 'pending',
    notes: '',
    reference: 'SW-4HQ2',
    persons: 1,
    answers: [],
  },
  event: {
    title: 'Breathwork am Abend',
    description: 'Atmen.',
    startDate: '2026-12-05',
    endDate: null,
    startTime: '18:30',
    endTime: '20:00',
    location: 'Suhr',
    price: 45,
    bringAlong: null,
  },
};

Deno.test('outbox: every kind renders to its recipient with the message id as idempotency key', async () => {
  const message = (kind: string, payload: unknown, recipient: string | null = null) =>
    renderOutboxMail(site, { id: 'msg-1', kind, recipient, payload, created_at: '2026-11-24T05:00:00Z' });

  const confirmation = await message('participant_confirmation', booking, 'anna@example.ch');
  assert.deepEqual(confirmation.to, ['anna@example.ch']);
  assert.equal(confirmation.replyTo, site.email);
  assert.equal(confirmation.idempotencyKey, 'msg-1');
  assert.equal(confirmation.subject, 'Anmeldebestätigung: Breathwork am Abend');
  assert.equal(confirmation.attachments?.[0]?.filename, 'event.ics');
  assert.match(confirmation.text, /So bezahlst du: Bar oder TWINT vor Ort\./);
  const online = await message(
    'participant_confirmation',
    { ...booking, participant: { ...booking.participant, paymentMethod: 'stripe' } },
    'anna@example.ch',
  );
  assert.match(
    online.text,
    /So bezahlst du: Online mit Karte oder TWINT\. Dein Platz bleibt 30 Minuten reserviert/,
  );
  assert.deepEqual(await message('participant_confirmation', booking, 'anna@example.ch'), confirmation);

  const notice = await message('registration_notice', booking);
  assert.deepEqual(notice.to, [site.email]);
  assert.equal(notice.replyTo, 'anna@example.ch');

  const enquiry = await message('enquiry_notice', {
    kind: 'contact',
    name: 'Eva',
    email: 'eva@example.ch',
    subject: 'Frage',
    message: 'Hallo',
  });
  assert.deepEqual(enquiry.to, [site.email]);
  assert.equal(enquiry.subject, 'Kontaktanfrage: Frage');

  const newsletter = await message('newsletter_notice', { email: 'neu@example.ch' });
  assert.equal(newsletter.subject, 'Neue Newsletter-Anmeldung');

  const receipt = await message(
    'payment_receipt',
    { ...booking, payment: { amountCents: 9000, paidAt: '2026-11-24T07:15:00Z' } },
    'anna@example.ch',
  );
  assert.deepEqual(receipt.to, ['anna@example.ch']);
  assert.equal(receipt.subject, 'Zahlungsbestätigung: Breathwork am Abend');
  assert.match(receipt.text, /Betrag: CHF 90\.00/);
  assert.match(receipt.text, /Bezahlt am: 24\.11\.2026 08:15/);

  const invitation = await message(
    'admin_invitation',
    { email: 'kollegin@example.ch', invitedBy: 'admin@example.ch' },
    'kollegin@example.ch',
  );
  assert.deepEqual(invitation.to, ['kollegin@example.ch']);
  assert.match(invitation.text, /\/admin\/signup\?email=kollegin%40example\.ch/);
  assert.match(invitation.text, /admin@example\.ch lädt Sie ein/);

  const note = await message(
    'participant_message',
    { subject: 'Treffpunkt für «Pasta»', text: 'Hallo Anna\n<b>Bis bald</b>' },
    'anna@example.ch',
  );
  assert.deepEqual(note.to, ['anna@example.ch']);
  assert.equal(note.replyTo, site.email);
  assert.equal(note.subject, 'Treffpunkt für «Pasta»');
  assert.match(note.html, /&lt;b&gt;Bis bald&lt;\/b&gt;/);
});

Deno.test('outbox: the waiting-list mails carry their links, in German with "du"', async () => {
  const waitlist = {
    entry: {
      id: 'e1',
      name: 'Wanda Warte',
      email: 'wanda@example.ch',
      persons: 2,
      position: 3,
      offerExpiresAt: '2026-11-25T09:30:00Z',
      offerHours: 24,
    },
    event: {
      title: 'Pasta <Abend>',
      slug: 'pasta-abend-01-12-2026',
      startDate: '2026-12-01',
      endDate: null,
      startTime: '18:30',
      endTime: null,
      location: 'Bern',
      price: 95,
    },
  };
  const render = (kind: string, payload: unknown) =>
    renderOutboxMail(site, {
      id: 'w1',
      kind,
      recipient: 'wanda@example.ch',
      payload,
      created_at: '2026-11-24T09:30:00Z',
    });

  const joined = await render('waitlist_joined', { ...waitlist, leaveToken: 'a'.repeat(64) });
  assert.deepEqual(joined.to, ['wanda@example.ch']);
  assert.equal(joined.subject, 'Warteliste: Pasta <Abend>');
  assert.match(joined.text, /auf Platz 3/);
  assert.match(joined.text, /24 Stunden/);
  assert.match(joined.text, /https:\/\/www\.sinneswerk\.ch\/warteliste\/austragen#a{64}/);
  assert.match(joined.text, /Total: 2 × CHF 95\.00 = CHF 190\.00/);
  assert.ok(joined.html.includes('Pasta &lt;Abend&gt;'));
  assert.ok(!joined.text.includes('\u00df')); // U+00DF, the sharp s: Swiss Standard German writes ss

  const offer = await render('waitlist_offer', { ...waitlist, claimToken: 'b'.repeat(64) });
  assert.equal(offer.subject, 'Platz frei: Pasta <Abend>');
  assert.match(offer.text, /2 Plätze für dich frei/);
  assert.match(offer.text, /bis 25\.11\.2026 10:30 Uhr/);
  assert.match(offer.text, /\/warteliste\/angebot#b{64}/);
  // The words agree with the 2 persons (issue 26).
  assert.match(offer.text, /2 Plätze sind frei geworden/);
  assert.match(offer.text, /sind 2 Plätze für dich frei/);
  assert.match(offer.text, /gehen die Plätze an die nächste Person/);
  assert.ok(offer.html.includes('Plätze jetzt buchen'));
  await assert.rejects(() => render('waitlist_offer', waitlist), UnrenderableMail);
});

Deno.test('outbox: a malformed payload or an unknown kind cannot be rendered', async () => {
  await assert.rejects(
    () =>
      renderOutboxMail(site, {
        id: 'x',
        kind: 'participant_confirmation',
        recipient: null,
        payload: {},
        created_at: '2026-11-24T05:00:00Z',
      }),
    UnrenderableMail,
  );
  await assert.rejects(
    () => renderOutboxMail(site, { id: 'x', kind: 'postcard', recipient: null, payload: {}, created_at: '' }),
    UnrenderableMail,
  );
});

Deno.test('mailchimp member hash is the md5 of the lower-cased address', () => {
  assert.equal(subscriberHash(' Test@Example.com '), '55502f40dc8b7c769880b10874abc9d0');
});

Deno.test('validation answers German messages', () => {
  const message = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };
  assert.equal(
    message(() => parseRequest(newsletterRequest, { email: 'kein-at' })),
    'Bitte gib eine gültige E-Mail-Adresse ein.',
  );
  assert.equal(
    message(() => parseRequest(newsletterRequest, {})),
    'Bitte gib eine gültige E-Mail-Adresse ein.',
  );
  assert.equal(
    message(() => parseRequest(contactRequest, { name: ' ', email: 'a@b.ch', subject: 's', message: 'm' })),
    'Der Name fehlt.',
  );
  assert.equal(
    message(() => parseRequest(contactRequest, { name: 'n', email: 'a@b.ch', subject: 's' })),
    'Die Nachricht fehlt.',
  );
  assert.equal(
    message(() =>
      parseRequest(contactRequest, { name: 'n', email: 'a@b.ch', subject: 's', message: 'x'.repeat(5001) }),
    ),
    'Die Nachricht ist zu lang (höchstens 5000 Zeichen).',
  );
  assert.deepEqual(parseRequest(corporateRequest, { type: 'corporate-breathwork', email: ' a@b.ch ' }), {
    type: 'corporate-breathwork',
    email: 'a@b.ch',
    name: '',
    message: '',
  });
});

Deno.test('booking and waiting list: the phone is handed on in E.164, a refusal names its field', () => {
  const body = {
    eventId: '7a0c5d8e-1f2b-4c3d-8e9f-0a1b2c3d4e5f',
    name: 'Anna',
    email: 'anna@example.ch',
    paymentMethod: 'onsite',
  };
  for (const [typed, e164] of [
    ['+41 79 111 22 33', '+41791112233'],
    ['079 111 22 33', '+41791112233'],
    ['0049 30 12345678', '+493012345678'],
    ['+41791112233', '+41791112233'],
  ]) {
    assert.equal(parseRequest(registrationRequest, { ...body, phone: typed }).phone, e164);
    assert.equal(parseRequest(waitlistRequest, { ...body, phone: typed }).phone, e164);
  }
  const refusal = (input: Record<string, unknown>) => {
    try {
      parseRequest(registrationRequest, input);
    } catch (error) {
      assert.ok(error instanceof HttpError);
      return { status: error.status, message: error.message, ...error.extra };
    }
    return null;
  };
  for (const phone of ['abc', '123', '+41 79 111', '079 111 22 33 44 55']) {
    assert.deepEqual(refusal({ ...body, phone }), {
      status: 400,
      message: 'Bitte gib eine gültige Telefonnummer ein, z. B. 079 123 45 67 oder +41 79 123 45 67.',
      code: 'INVALID_INPUT',
      detail: 'phone',
    });
  }
  assert.deepEqual(refusal({ ...body, email: 'hans@beispiel', phone: '079 111 22 33' }), {
    status: 400,
    message: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    code: 'INVALID_INPUT',
    detail: 'email',
  });
});

Deno.test('stored phones read in Swiss groups, other values as stored', () => {
  assert.equal(formatPhone('+41791112233'), '+41 79 111 22 33');
  assert.equal(formatPhone('+41628421122'), '+41 62 842 11 22');
  assert.equal(formatPhone('+41800123456'), '+41 800 123 456');
  assert.equal(formatPhone('+493012345678'), '+493012345678');
  assert.equal(formatPhone('079 111 22 33'), '079 111 22 33');
});

Deno.test(
  'outbox: a confirmation by invoice carries the PDF with the QR bill, the same bytes on every try',
  async () => {
    const invoice = sampleInvoice;
    const payload = {
      ...booking,
      participant: { ...booking.participant, paymentMethod: 'invoice', persons: 2 },
      invoice,
    };
    const render = () =>
      renderOutboxMail(site, {
        id: 'msg-9',
        kind: 'participant_confirmation',
        recipient: 'anna@example.ch',
        payload,
        created_at: '2026-11-24T05:00:00Z',
      });
    const mail = await render();
    const pdf = mail.attachments?.find((file) => file.contentType === 'application/pdf');
    assert.equal(pdf?.filename, 'Rechnung-000000000000000000001234565.pdf');
    assert.equal(atob(pdf?.content ?? '').slice(0, 5), '%PDF-');
    assert.match(
      mail.text,
      /So bezahlst du: Per Rechnung: Die Rechnung mit QR-Einzahlungsschein ist als PDF angehängt\. Bitte bezahle CHF 90\.00 bis 4\. Dezember 2026 \(Referenz 000000000000000000001234565\)\./,
    );
    assert.deepEqual(await render(), mail);
    // A wrong amount in the payload is not rendered into an invoice.
    await assert.rejects(
      () =>
        renderOutboxMail(site, {
          id: 'msg-10',
          kind: 'participant_confirmation',
          recipient: null,
          payload: { ...payload, invoice: { ...invoice, amountCents: -1 } },
          created_at: '2026-11-24T05:00:00Z',
        }),
      UnrenderableMail,
    );
  },
);

Deno.test(
  'a booking request carries answers as {question id: text}, bounded; the database judges them',
  () => {
    const base = {
      eventId: 'a1000000-0000-4000-8000-000000000001',
      name: 'Anna',
      email: 'anna@example.ch',
      phone: '+41791234567',
      paymentMethod: 'onsite',
    };
    const question = 'b2000000-0000-4000-8000-000000000002';
    assert.deepEqual(parseRequest(registrationRequest, base).answers, {});
    assert.deepEqual(
      parseRequest(registrationRequest, { ...base, answers: { [question]: 'vegan' } }).answers,
      {
        [question]: 'vegan',
      },
    );
    for (const answers of [
      { [question]: 7 },
      { 'kein-uuid': 'x' },
      { [question]: 'x'.repeat(501) },
      ['vegan'],
    ]) {
      assert.throws(
        () => parseRequest(registrationRequest, { ...base, answers }),
        /Die Antworten sind ungültig/,
      );
    }
    const many = Object.fromEntries(
      Array.from({ length: 11 }, (_, index) => [
        `b2000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        'x',
      ]),
    );
    assert.throws(
      () => parseRequest(registrationRequest, { ...base, answers: many }),
      /Die Antworten sind ungültig/,
    );
  },
);

Deno.test(
  "the confirmation's calendar entry is named by the booking reference, as on the confirmation page",
  async () => {
    const mail = await renderOutboxMail(site, {
      id: 'msg-ics',
      kind: 'participant_confirmation',
      recipient: 'anna@example.ch',
      payload: { ...booking, participant: { ...booking.participant, reference: 'SW-7K3M' } },
      created_at: '2026-11-24T05:00:00Z',
    });
    const ics = new TextDecoder().decode(
      Uint8Array.from(atob(mail.attachments?.[0]?.content ?? ''), (char) => char.charCodeAt(0)),
    );
    // The page builds its .ics with the same bookingUid (tests/unit/events/ics.test.ts).
    assert.match(ics, new RegExp(`\\r\\nUID:${bookingUid('SW-7K3M', site.url)}\\r\\n`));
    assert.equal(bookingUid('SW-7K3M', site.url), 'SW-7K3M@www.sinneswerk.ch');
  },
);

Deno.test('ics: an event past midnight ends on its end date', () => {
  const ics = buildIcs({
    uid: 'x@y',
    title: 'Nacht',
    description: '',
    location: 'Suhr',
    startDate: '2026-03-05',
    endDate: '2026-03-06',
    startTime: '22:00',
    endTime: '01:00',
  })!;
  assert.match(ics, /DTSTART:20260305T210000Z\r\nDTEND:20260306T000000Z/);
});

Deno.test('work queue: claims until nothing is due and counts what the attempts recorded', async () => {
  const batches = [['a', 'b', 'c'], ['d'], []];
  const states: Record<string, string | null> = { a: 'sent', b: 'pending', c: 'failed', d: null };
  for (const parallel of [true, false]) {
    const left = batches.map((batch) => [...batch]);
    const worked: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const tally = await drainQueue({
      claim: () => Promise.resolve(left.shift() ?? []),
      work: async (row) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await Promise.resolve();
        running -= 1;
        worked.push(row);
        return states[row]!;
      },
      finishedState: 'sent',
      parallel,
      budgetMs: 60_000,
    });
    // 'pending' and an unrecorded attempt (null) both come back with the lease or the backoff.
    assert.deepEqual(tally, { finished: 1, retrying: 2, failed: 1 });
    assert.deepEqual(worked, ['a', 'b', 'c', 'd']);
    assert.equal(left.length, 0);
    assert.equal(mostAtOnce, parallel ? 3 : 1);
  }
});

Deno.test('work queue: a run takes no new batch once its time is up', async () => {
  let claims = 0;
  const tally = await drainQueue({
    claim: () => {
      claims += 1;
      return Promise.resolve(['x']);
    },
    work: () => Promise.resolve('sent'),
    finishedState: 'sent',
    parallel: false,
    budgetMs: 0,
  });
  assert.equal(claims, 0);
  assert.deepEqual(tally, { finished: 0, retrying: 0, failed: 0 });
});

Deno.test('QR bill text keeps Latin letters, strips marks it cannot print and drops other scripts', () => {
  assert.equal(toQrBillCharset('Jürg Müller-Štěpán'), 'Jürg Müller-Štepán');
  assert.equal(toQrBillCharset('山田 太郎'), '');
  assert.equal(toQrBillCharset('Anna 😀 '), 'Anna');
  assert.equal(toQrBillCharset('Nguyễn\u00a0Zoë'), 'Nguyen Zoë', 'a no-break space is a space');
  assert.equal(toQrBillCharset('Zoe\u0308'), 'Zoë');
  assert.equal(toQrBillCharset('Œuvre € 5'), 'Œuvre € 5');
});
