import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  mailbox,
  resetDatabase,
  signedInClient,
  sql,
  stackEnv,
  type StoredMail,
} from '../support/stack';
import { runOutbox, uniqueEmail } from './function-helpers';

// Issue 28: the confirmation and the payment receipt of a booked seat carry the QR ticket as an
// inline image (Resend's content_id, shown where the HTML says cid:ticket-qr) and the code as
// text; a phone at the door decodes the image back to the booking's signed code.

async function decodePng(base64: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

async function bookedSeat(email: string, status = 'confirmed') {
  const [event] = await sql<{ id: string }>(
    `insert into public.events (title, description, category, start_date, start_time, location, price, max_participants, status, payment_methods)
     values ('Kochkurs Herbst', 'Kürbis.', 'workshop', private.today_in_zurich() + 20, '18:00', 'Suhr', 80, 20, 'published', array['onsite'])
     returning id`,
  );
  const [row] = await sql<{ id: string; code: string }>(
    `insert into public.participants (event_id, name, email, phone, status, payment_method, persons, hold_expires_at)
     values ($1, 'Anna Müller', $2, '+41 79 123 45 67', $3, 'onsite', 2,
             case when $3 = 'held' then now() + interval '30 minutes' end)
     returning id, private.ticket_code(id) as code`,
    [event!.id, email, status],
  );
  return row!;
}

function ticketImage(mail: StoredMail) {
  return mail.attachments.find((file) => file.contentId === 'ticket-qr');
}

beforeAll(async () => {
  await resetDatabase();
});

describe('the QR ticket in the mails', () => {
  it('the confirmation shows the ticket inline, and the code decodes to the booking', async () => {
    const email = uniqueEmail('ticket');
    const booking = await bookedSeat(email);
    await sql('select private.enqueue_booking_mails($1, false)', [booking.id]);
    await runOutbox();
    const mail = await mailbox().waitFor((m) => m.to.includes(email) && /Anmeldebestätigung/.test(m.subject));
    const image = ticketImage(mail);
    expect(image?.contentType).toBe('image/png');
    expect(await decodePng(image!.content)).toBe(booking.code);
    expect(mail.html).toContain('src="cid:ticket-qr"');
    expect(mail.text).toContain(`Dein Ticket: ${booking.code}`);
    // The calendar file still travels with it.
    expect(mail.attachments.map((file) => file.filename)).toContain('event.ics');
    // The local mailbox shows the image where a mail client would.
    const shown = await (await fetch(`${stackEnv().apiUrl}/__mail/messages/${mail.id}/html`)).text();
    expect(shown).toContain('src="data:image/png;base64,');
    expect(shown).not.toContain('cid:ticket-qr');
  });

  it('the payment receipt carries it once the payment booked the seat; a held booking gets none', async () => {
    const adminEmail = uniqueEmail('kasse');
    await createUser({ email: adminEmail, password: 'Geheim-123456', admin: true });
    const admin = await signedInClient(adminEmail, 'Geheim-123456');
    const email = uniqueEmail('bezahlt');
    const booking = await bookedSeat(email);
    const paid = await admin.rpc('admin_record_payment', {
      p_participant_id: booking.id,
      p_amount_cents: 16000,
      p_method: 'onsite',
    });
    expect(paid.error).toBeNull();
    const heldEmail = uniqueEmail('gehalten');
    const held = await bookedSeat(heldEmail, 'held');
    await sql('select private.enqueue_booking_mails($1, false)', [held.id]);
    await runOutbox();
    const receipt = await mailbox().waitFor(
      (m) => m.to.includes(email) && /Zahlungsbestätigung/.test(m.subject),
    );
    expect(await decodePng(ticketImage(receipt)!.content)).toBe(booking.code);
    const heldMail = await mailbox().waitFor((m) => m.to.includes(heldEmail));
    expect(ticketImage(heldMail)).toBeUndefined();
    expect(heldMail.html).not.toContain('cid:ticket-qr');
  });
});
