import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, resetDatabase, sql } from '../support/stack';
import { booking, createEvent, invoke, runOutbox, visitor, type TestEvent } from './function-helpers';

// Issue 28: the booking form's discount code travels through register-for-event to the database,
// which applies it (the money) or refuses it with a code the form shows at the field.

let event: TestEvent;

beforeAll(async () => {
  await resetDatabase();
  event = await createEvent();
  await sql(`insert into public.discount_codes (code, percent) values ('FUNK10', 10)`);
});

afterAll(async () => {
  await sql('delete from public.participants where event_id = $1', [event.id]);
  await sql('delete from public.events where id = $1', [event.id]);
  await sql(`delete from public.discount_codes where code = 'FUNK10'`);
});

describe('register-for-event with a discount code', () => {
  it('books 2 × CHF 45.00 with 10 % off: CHF 81.00 owed, the code kept on the booking', async () => {
    const body = booking(event.id, { persons: 2, discountCode: ' funk10 ' });
    const answer = await invoke(visitor(), 'register-for-event', body);
    expect(answer.status).toBe(200);
    const [row] = await sql<{ owed: number; code: string }>(
      `select (private.booking_money(p.id)).owed_cents as owed, c.code
         from public.participants p join public.discount_codes c on c.id = p.discount_code_id
        where p.id = $1`,
      [answer.body.participant_id],
    );
    expect(row).toEqual({ owed: 8100, code: 'FUNK10' });
    // The confirmation's total is the booking's own.
    await runOutbox();
    const mail = await mailbox().waitFor(
      (m) => m.to.includes(String(body.email)) && /Anmeldebestätigung/.test(m.subject),
    );
    expect(mail.text).toContain('Preis: 2 × CHF 45.00 = CHF 90.00');
    expect(mail.text).toContain('Rabatt (FUNK10): − CHF 9.00');
    expect(mail.text).toContain('Total: CHF 81.00');
  });

  it('refuses an unknown code with its error code and books nothing', async () => {
    const body = booking(event.id, { discountCode: 'NIXDA' });
    const answer = await invoke(visitor(), 'register-for-event', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'DISCOUNT_CODE_UNKNOWN' });
    const rows = await sql('select 1 from public.participants where email = $1', [body.email]);
    expect(rows).toHaveLength(0);
  });
});
