import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from '../support/stack';
import { invoke, uniqueEmail, visitor } from './function-helpers';

// The hut's booking function (issue 27) against the real stack: the booking form's input layer
// (proof of work, field checks), then book_hut_evening decides and its codes come back as `code`.

const days: string[] = [];

afterAll(async () => {
  if (days.length === 0) return;
  const bookings = `select p.id from public.participants p join public.events e on e.id = p.event_id
                     where e.category = 'fondue' and e.start_date = any($1::date[])`;
  await sql(`delete from public.refund_requests where participant_id in (${bookings})`, [days]);
  await sql(`delete from public.receipts where participant_id in (${bookings})`, [days]);
  await sql(`delete from public.payments where participant_id in (${bookings})`, [days]);
  await sql(`delete from public.participants where id in (${bookings})`, [days]);
  await sql(`delete from public.events where category = 'fondue' and start_date = any($1::date[])`, [days]);
});

/** A Friday far ahead (open under the default settings), unique to this test. */
async function freeFriday(weeksAhead: number): Promise<string> {
  const [row] = await sql<{ day: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day
       from generate_series(current_date + $1::int, current_date + $1::int + 6, interval '1 day') d
      where extract(isodow from d) = 5`,
    [weeksAhead * 7],
  );
  days.push(row!.day);
  return row!.day;
}

function hutBooking(day: string, overrides: Record<string, unknown> = {}) {
  return {
    day,
    name: 'Heidi Hüsli',
    email: uniqueEmail('heidi'),
    phone: '+41 79 123 45 67',
    paymentMethod: 'onsite',
    notes: '',
    persons: 4,
    requestId: randomUUID(),
    ...overrides,
  };
}

describe('book-fondue-evening', () => {
  it('books a free evening like an event booking, and answers "bereits vergeben" for the next group', async () => {
    const day = await freeFriday(60);
    const first = await invoke(visitor(), 'book-fondue-evening', hutBooking(day));
    // Paid on site, it waits for the click on its mail's confirm link (the function passes the
    // client address, so the hoarding rule applies); held, it still takes the evening.
    expect(first).toMatchObject({
      status: 200,
      body: { success: true, reference: expect.stringMatching(/^SW-/), status: 'held', persons: 4 },
    });
    const second = await invoke(visitor(), 'book-fondue-evening', hutBooking(day, { persons: 2 }));
    expect(second).toMatchObject({ status: 400, body: { code: 'HUT_EVENING_BOOKED' } });
  });

  it('refuses a booking without the solved challenge, and a day that is no date', async () => {
    const day = await freeFriday(61);
    const noChallenge = await invoke(visitor(), 'book-fondue-evening', { ...hutBooking(day), altcha: '' });
    expect(noChallenge.status).toBe(400);
    expect(
      await sql(`select 1 from public.events where category = 'fondue' and start_date = $1`, [day]),
    ).toHaveLength(0);
    const badDay = await invoke(visitor(), 'book-fondue-evening', hutBooking('2027-02-30'));
    expect(badDay).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', detail: 'day' } });
  });

  it('lets a gift voucher pay the evening (the hut takes no discount code, but a voucher)', async () => {
    const day = await freeFriday(62);
    const [voucher] = await sql<{ id: string; code: string }>(
      `insert into public.gift_vouchers (code, kind, title, value_cents, balance_cents, valid_until, source)
       values (private.new_gift_voucher_code(), 'offer', 'Fondue-Abend für 4', 4000, 4000, current_date + 365, 'staff')
       returning id, code`,
    );
    try {
      const booked = await invoke(
        visitor(),
        'book-fondue-evening',
        hutBooking(day, { voucherCode: voucher!.code }),
      );
      expect(booked.status).toBe(200);
      const [money] = await sql<{ paid: number; method: string }>(
        'select paid_cents as paid, paid_method as method from private.booking_money($1)',
        [booked.body.participant_id],
      );
      expect(money).toEqual({ paid: 4000, method: 'voucher' });
      const [left] = await sql<{ balance_cents: number }>(
        'select balance_cents from public.gift_vouchers where id = $1',
        [voucher!.id],
      );
      expect(left!.balance_cents).toBe(0);
    } finally {
      await sql(`delete from public.payments where gift_voucher_id = $1`, [voucher!.id]);
      await sql('delete from public.gift_vouchers where id = $1', [voucher!.id]);
    }
  });
});
