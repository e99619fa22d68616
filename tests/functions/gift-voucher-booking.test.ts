import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQrCode } from '../support/qr-bill';
import { anonClient, mailbox, resetDatabase, sql } from '../support/stack';
import { booking, createEvent, invoke, runOutbox, visitor, type TestEvent } from './function-helpers';

// Issue 28, gift vouchers: the balance check (check-gift-voucher, limited per address), the
// booking form's voucher through register-for-event (the voucher pays its part, the mail asks
// only for the rest), and a cancellation's mail saying the part went back onto the voucher.

let event: TestEvent;
let voucher: { id: string; code: string };

beforeAll(async () => {
  await resetDatabase();
  event = await createEvent();
  const [row] = await sql<{ id: string; code: string }>(
    `insert into public.gift_vouchers (code, kind, value_cents, balance_cents, valid_until, source)
     values (private.new_gift_voucher_code(), 'value', 5000, 5000, current_date + 365, 'staff')
     returning id, code`,
  );
  voucher = row!;
});

afterAll(async () => {
  const bookings = 'select id from public.participants where event_id = $1';
  await sql(`delete from public.refund_requests where participant_id in (${bookings})`, [event.id]);
  await sql(`delete from public.payments where participant_id in (${bookings})`, [event.id]);
  await sql('delete from public.participants where event_id = $1', [event.id]);
  await sql('delete from public.events where id = $1', [event.id]);
  await sql('delete from public.gift_vouchers where id = $1', [voucher.id]);
});

describe('check-gift-voucher', () => {
  it('answers the balance however the code is typed; an unknown code is refused with its error code', async () => {
    const caller = visitor();
    const typed = voucher.code.toLowerCase().replaceAll('-', ' ');
    const found = await invoke(caller, 'check-gift-voucher', { code: typed });
    expect(found).toMatchObject({ status: 200, body: { voucher: { balance_cents: 5000, kind: 'value' } } });

    const unknown = await invoke(caller, 'check-gift-voucher', { code: 'GS-AAAA-AAAA-AAAA-AAAA-AAAA' });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'GIFT_VOUCHER_UNKNOWN' } });
    const empty = await invoke(caller, 'check-gift-voucher', { code: '  ' });
    expect(empty).toMatchObject({ status: 400, body: { error: 'Bitte gib den Gutscheincode ein.' } });
  });

  it('refuses an address that has checked 30 codes this hour, whatever it forges', async () => {
    const caller = visitor();
    const answers = [];
    for (let index = 0; index < 31; index += 1) {
      answers.push(
        (
          await invoke(
            caller,
            'check-gift-voucher',
            { code: `GS-TEST-${index}` },
            { 'cf-connecting-ip': `10.0.0.${index}` },
          )
        ).status,
      );
    }
    expect(answers.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('is not open to visitors as a database call', async () => {
    const { error } = await anonClient().rpc('check_gift_voucher', { p_code: voucher.code });
    expect(error?.code).toBe('42501');
  });
});

describe('register-for-event with a gift voucher', () => {
  it('pays CHF 50.00 of 2 × CHF 45.00 by voucher; the mail asks for CHF 40.00; a cancellation credits the voucher', async () => {
    const body = booking(event.id, { persons: 2, voucherCode: ` ${voucher.code.toLowerCase()} ` });
    const answer = await invoke(visitor(), 'register-for-event', body);
    expect(answer.status).toBe(200);
    const participantId = String(answer.body.participant_id);
    const [money] = await sql<{ paid: number; open: number }>(
      'select paid_cents as paid, open_cents as open from private.booking_money($1)',
      [participantId],
    );
    expect(money).toEqual({ paid: 5000, open: 4000 });

    await runOutbox();
    const confirmation = await mailbox().waitFor(
      (m) => m.to.includes(String(body.email)) && /Anmeldebestätigung/.test(m.subject),
    );
    expect(confirmation.text).toContain('Gutschein: − CHF 50.00');
    expect(confirmation.text).toContain('Noch zu bezahlen: CHF 40.00');

    const cancelled = await anonClient().rpc('change_booking', {
      p_reference: String(answer.body.reference),
      p_token: String(answer.body.manage_token),
      p_persons: 0,
    });
    expect(cancelled.error).toBeNull();
    await runOutbox();
    const credited = await mailbox().waitFor(
      (m) => m.to.includes(String(body.email)) && /^Gutschrift/.test(m.subject),
    );
    expect(credited.text).toContain('wieder deinem Gutschein gutgeschrieben');
    expect(credited.text).toContain(`Gutschein: ${voucher.code}`);
    expect(credited.text).toContain('Neues Guthaben: CHF 50.00');
    expect(credited.attachments ?? []).toEqual([]);
  });
});

describe('a voucher mailed by the team', () => {
  it('arrives with the printable PDF whose QR code is the voucher code', async () => {
    const recipient = `beschenkt-${Date.now()}@example.ch`;
    await sql(`update public.gift_vouchers set recipient_name = 'Gina Geschenk' where id = $1`, [voucher.id]);
    await sql('select private.queue_gift_voucher_mail($1, $2, null)', [voucher.id, recipient]);
    await runOutbox();
    const mail = await mailbox().waitFor((m) => m.to.includes(recipient));
    expect(mail.subject).toMatch(/^Dein Geschenkgutschein von /);
    expect(mail.text).toContain('Hallo Gina Geschenk');
    expect(mail.text).toContain(`Gutscheincode: ${voucher.code}`);
    const pdf = mail.attachments.find((file) => file.filename === `Gutschein-${voucher.code}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(await readQrCode(Buffer.from(pdf!.content, 'base64'))).toBe(voucher.code);
  });
});
