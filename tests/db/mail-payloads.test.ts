import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { anon, inRolledBackTransaction, service, type Actor, type Session } from './support/db';
import { insertEvent } from './support/fixtures';

// Every kind of mail the SQL queues, built by the real SQL functions from real bookings, parsed
// with its kind's zod schema (supabase/functions/_shared/mail-payloads.ts) by Deno, as the outbox
// worker parses it. A field the SQL stops building (or a kind without a schema) fails here, not
// in a mail that never goes out.

interface OutboxRow {
  kind: string;
  payload: Record<string, unknown>;
}

interface ParseReport {
  kinds: string[];
  results: Array<{ kind: string; issues: string[] }>;
}

const deno = join(REPO_ROOT, 'node_modules', '.bin', 'deno');
const functions = join(REPO_ROOT, 'supabase', 'functions');

/** Parses the rows with the schemas, in Deno with the functions' own import map. */
async function parseWithSchemas(rows: OutboxRow[]): Promise<ParseReport> {
  const dir = await mkdtemp(join(tmpdir(), 'mail-payloads-'));
  try {
    const file = join(dir, 'payloads.json');
    await writeFile(file, JSON.stringify(rows));
    const { stdout } = await promisify(execFile)(
      deno,
      [
        'run',
        '--no-lock',
        '--import-map',
        join(functions, '_tests', 'deno.json'),
        '--allow-read',
        join(functions, '_tests', 'parse-mail-payloads.ts'),
        file,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(stdout) as ParseReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function call<Row extends Record<string, unknown>>(
  db: Session,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<Row> {
  const outcome = await db.as<Row>(actor, sql, params);
  if (outcome.error) throw new Error(`${sql}: ${outcome.error.message} (${outcome.error.detail ?? ''})`);
  return outcome.rows[0]!;
}

interface Receipt {
  participant_id: string;
  reference: string;
  manage_token: string;
}

async function book(db: Session, eventId: string, email: string, method: string, persons = 1) {
  const { result } = await call<{ result: Receipt }>(
    db,
    service,
    'select public.register_for_event($1, $2, $3, $4, $5, $6, $7, $8) as result',
    [eventId, 'Paula Payload', email, '+41 79 123 45 67', method, 'Bitte vegetarisch', null, persons],
  );
  return result;
}

/** One booking's worth of every mail kind, through the functions that queue them. */
async function queueEveryKind(db: Session): Promise<OutboxRow[]> {
  const admin = await db.createUser({ admin: true });
  const before = await db.query<{ id: string }>('select id from public.mail_outbox');
  const known = new Set(before.map((row) => row.id));

  await db.query(
    `insert into public.invoice_creditor (id, name, street, building_number, postal_code, city, country, iban, payment_days)
     values (true, 'Sinneswerk', 'Dorfstrasse', '12', '5034', 'Suhr', 'CH', 'CH4431999123000889012', 14)
     on conflict (id) do update set iban = excluded.iban`,
  );
  // Invoice and online payment offered; far enough ahead for free changes.
  const event = await insertEvent(db, {
    title: 'Payload-Event',
    price: 45,
    payment_methods: ['stripe', 'onsite', 'invoice'],
  });

  // participant_confirmation (with the invoice) and registration_notice.
  const byInvoice = await book(db, event.id, 'rechnung@example.ch', 'invoice', 2);
  // invoice_reminder: the daily job, the due date moved into the past instead of the clock.
  await db.query(`update public.participants set invoice_due_date = invoice_due_date - 30 where id = $1`, [
    byInvoice.participant_id,
  ]);
  await db.query('select private.send_invoice_reminders()');
  // payment_receipt: an online booking paid through Checkout.
  const online = await book(db, event.id, 'online@example.ch', 'stripe', 2);
  // The session create-checkout opened (as the refund tests do), then Stripe's webhook.
  await db.query(`update public.participants set checkout_session_id = 'cs_payload' where id = $1`, [
    online.participant_id,
  ]);
  await call(
    db,
    service,
    `select public.complete_checkout('evt_payload', 'cs_payload', 'pi_payload', 9000, 'chf', 'twint')`,
  );
  // booking_change and booking_change_notice (a reduction), then refund_issued for it.
  await call(db, anon, 'select public.change_booking($1, $2, $3)', [
    online.reference,
    online.manage_token,
    1,
  ]);
  const [request] = await db.query<{ id: string }>(
    `select id from public.refund_requests where participant_id = $1 and kind = 'stripe_refund'`,
    [online.participant_id],
  );
  await call(db, service, 'select * from public.claim_refund_requests(100, 60)');
  await call(db, service, 'select public.record_refund_attempt($1, 1, $2, null)', [
    request!.id,
    're_payload',
  ]);
  // The team's changes (issue 24): a booking added with online payment (participant_confirmation
  // with addedByStaff and its hold), one added on site, its persons changed (booking_updated),
  // moved (booking_moved), paid on site (payment_receipt from admin_record_payment) and
  // cancelled with a refund (booking_cancelled).
  const other = await insertEvent(db, {
    title: 'Anderes Event',
    price: 60,
    payment_methods: ['stripe', 'onsite'],
  });
  await call(
    db,
    admin,
    `select * from public.admin_add_booking($1, 'Stefan Staff', 'staff@example.ch', '+41 79 123 45 67', 1, 'stripe')`,
    [event.id],
  );
  const { id: onsiteId } = await call<{ id: string }>(
    db,
    admin,
    `select * from public.admin_add_booking($1, 'Olga Ort', 'ort@example.ch', '+41 79 123 45 67', 1, 'onsite')`,
    [event.id],
  );
  await call(db, admin, 'select * from public.admin_change_persons($1, 2)', [onsiteId]);
  await call(db, admin, 'select * from public.admin_move_booking($1, $2)', [onsiteId, other.id]);
  await call(db, admin, `select * from public.admin_record_payment($1, 12000, 'onsite')`, [onsiteId]);
  await call(db, admin, 'select * from public.admin_cancel_booking($1)', [onsiteId]);
  // event_reminder: the evening before an event of tomorrow.
  const soon = await insertEvent(db, { title: 'Morgen-Event', startInDays: 1, bring_along: 'Decke' });
  await book(db, soon.id, 'morgen@example.ch', 'onsite');
  await call(
    db,
    service,
    `select public.send_event_reminders((((now() at time zone 'Europe/Zurich')::date + time '18:00') at time zone 'Europe/Zurich'))`,
  );
  // participant_message.
  await call(db, admin, 'select public.admin_send_message($1, $2, $3)', [
    [online.participant_id],
    'Hallo {name}',
    'Bis bald, {name}.',
  ]);

  // waitlist_joined and waitlist_offer: a full event, a place freed by the admin's offer.
  const full = await insertEvent(db, { title: 'Volles Event', price: 30, max_participants: 1 });
  const taken = await book(db, full.id, 'voll@example.ch', 'onsite');
  const { result: joined } = await call<{ result: { entry_id: string } }>(
    db,
    service,
    `select public.join_waitlist($1, 'Wanda Warte', 'warte@example.ch', '+41 79 123 45 67', 1) as result`,
    [full.id],
  );
  await call(db, anon, 'select public.change_booking($1, $2, 0)', [taken.reference, taken.manage_token]);
  const offered = await db.query(
    `select 1 from public.mail_outbox where kind = 'waitlist_offer' and payload #>> '{entry,email}' = 'warte@example.ch'`,
  );
  if (offered.length === 0) {
    await call(db, admin, 'select public.admin_offer_waitlist_entry($1)', [joined.entry_id]);
  }

  // event_changed (to the booking and the list) and event_cancelled.
  const [old] = await db.query<{ start_time: string | null; end_time: string | null; location: string }>(
    `update public.events n set location = 'Aarau' from public.events o
      where n.id = $1 and o.id = n.id returning o.start_time, o.end_time, o.location`,
    [full.id],
  );
  await call(db, admin, 'select public.admin_notify_event_changed($1, $2, null, $3, $4, $5, $6)', [
    full.id,
    full.start_date,
    old!.start_time,
    old!.end_time,
    old!.location,
    'Neuer Ort',
  ]);
  await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
  await call(db, admin, 'select public.admin_notify_event_cancelled($1, $2)', [event.id, 'Leider krank.']);

  // enquiry_notice, newsletter_notice, admin_invitation, newsletter_removal.
  await call(
    db,
    service,
    `select public.submit_enquiry('contact', 'Eva', 'eva@example.ch', 'Frage', 'Hallo')`,
  );
  await call(db, service, `select public.subscribe_to_newsletter('news@example.ch', true)`);
  await call(db, admin, `select public.admin_invite_user('kollegin@example.ch')`);
  // gift_voucher, and a refund_issued whose money went back onto the voucher (issue 28).
  const { voucher } = await call<{ voucher: { id: string; code: string } }>(
    db,
    admin,
    `select to_jsonb(v) as voucher from public.admin_issue_gift_voucher('value', 5000, '', 'Gina') v`,
  );
  await call(db, admin, 'select public.admin_send_gift_voucher($1, $2)', [voucher.id, 'gina@example.ch']);
  const paidByVoucher = await insertEvent(db, { title: 'Gutschein-Event', price: 30 });
  const { result: redeemed } = await call<{ result: { reference: string; manage_token: string } }>(
    db,
    service,
    `select public.register_for_event($1, 'Vera Voucher', 'vera@example.ch', '+41 79 123 45 67', 'onsite', '',
       null, 1, '{}'::jsonb, null, null, null, null, $2) as result`,
    [paidByVoucher.id, voucher.code],
  );
  await call(db, anon, 'select public.change_booking($1, $2, 0)', [
    redeemed.reference,
    redeemed.manage_token,
  ]);
  // gift_voucher_order_paid (and a second gift_voucher): a voucher bought online and paid at Stripe.
  const { order } = await call<{ order: { order_id: string } }>(
    db,
    service,
    `select public.order_gift_voucher('Bea Buyer', 'bea@example.ch', 'Gina', 'gina@example.ch', 'Alles Gute',
       (now() at time zone 'Europe/Zurich')::date, null, 15000) as order`,
  );
  await call(
    db,
    service,
    `select public.record_gift_voucher_checkout($1, 'cs_test_mail_payloads', 'https://x')`,
    [order.order_id],
  );
  await call(
    db,
    service,
    `select public.complete_gift_voucher_checkout('evt_mail_payloads_order', 'cs_test_mail_payloads', 'pi_mail_payloads',
       15000, 'chf', 'twint')`,
  );
  // gift_voucher_invoice: the QR bill of a voucher bought by invoice.
  await call(
    db,
    service,
    `select public.order_gift_voucher('Rita Rechnung', 'rita@example.ch', '', '', '',
       (now() at time zone 'Europe/Zurich')::date, null, 5000, 'invoice') as order`,
  );
  // newsletter_removal: an erasure request for an address Mailchimp knows.
  await db.query(
    `insert into public.newsletter_subscriptions (email, status, sync_status) values ('weg@example.ch', 'subscribed', 'synced')`,
  );
  await call(db, admin, `select public.admin_erase_person('weg@example.ch')`);

  const rows = await db.query<OutboxRow & { id: string }>(
    'select id, kind, payload from public.mail_outbox order by created_at, id',
  );
  return rows.filter((row) => !known.has(row.id)).map(({ kind, payload }) => ({ kind, payload }));
}

describe('mail payloads built by the SQL', () => {
  let rows: OutboxRow[];
  let report: ParseReport;

  beforeAll(async () => {
    rows = await inRolledBackTransaction(queueEveryKind);
    report = await parseWithSchemas(rows);
  }, 120_000);

  it('cover every kind the schemas know, and the outbox allows no other', async () => {
    const [check] = await inRolledBackTransaction((db) =>
      db.query<{ def: string }>(
        `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'mail_outbox_kind_check'`,
      ),
    );
    const allowed = [...check!.def.matchAll(/\b([a-z]+(?:_[a-z]+)+)\b/g)].map((match) => match[1]!);
    expect([...new Set(allowed)].sort()).toEqual([...report.kinds].sort());
    expect([...new Set(rows.map((row) => row.kind))].sort()).toEqual([...report.kinds].sort());
  });

  it('parse with their kind’s schema', () => {
    const failures = report.results.filter((result) => result.issues.length > 0);
    expect(failures).toEqual([]);
    const confirmation = rows.find(
      (row) => row.kind === 'participant_confirmation' && 'invoice' in row.payload,
    );
    expect(confirmation, 'a confirmation by invoice carries its invoice').toBeDefined();
    const staffAdded = rows.find((row) => row.kind === 'participant_confirmation' && 'hold' in row.payload);
    expect(staffAdded?.payload, 'a staff-added online booking carries its hold').toMatchObject({
      addedByStaff: true,
      hold: { expiresAt: expect.any(String) },
      manageToken: expect.any(String),
    });
    const receipts = rows.filter((row) => row.kind === 'payment_receipt').map((row) => row.payload.payment);
    expect(receipts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amountCents: 9000, method: 'twint' }),
        expect.objectContaining({ amountCents: 12000, method: 'onsite' }),
      ]),
    );
    const cancelled = rows.find((row) => row.kind === 'booking_cancelled');
    expect(cancelled?.payload.cancel).toMatchObject({
      by: 'staff',
      refundCents: 12000,
      refundMethod: 'transfer',
    });
  });

  it('fail to parse when the SQL leaves a field out', async () => {
    const without = (kind: string, drop: (payload: Record<string, unknown>) => void): OutboxRow => {
      const row = rows.find((candidate) => candidate.kind === kind)!;
      const payload = structuredClone(row.payload);
      drop(payload);
      return { kind, payload };
    };
    const broken = await parseWithSchemas([
      without('participant_confirmation', (p) => delete (p.participant as Record<string, unknown>).reference),
      without('event_reminder', (p) => delete p.manageToken),
      without('waitlist_offer', (p) => delete (p.entry as Record<string, unknown>).offerHours),
      without('event_changed', (p) => delete p.before),
      without('booking_moved', (p) => delete p.before),
      without('booking_updated', (p) => delete (p.money as Record<string, unknown>).openCents),
      without('booking_cancelled', (p) => delete (p.cancel as Record<string, unknown>).refundCents),
    ]);
    expect(broken.results.map((result) => [result.kind, result.issues.length > 0])).toEqual([
      ['participant_confirmation', true],
      ['event_reminder', true],
      ['waitlist_offer', true],
      ['event_changed', true],
      ['booking_moved', true],
      ['booking_updated', true],
      ['booking_cancelled', true],
    ]);
  });
});
