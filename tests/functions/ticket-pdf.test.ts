import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { findQrCode } from '../support/qr-bill';
import { resetDatabase, sql } from '../support/stack';
import { downloadBookingPdf as download, manageToken, uniqueEmail } from './function-helpers';

// The printable ticket (issue 28) from the edge function booking-receipt (`kind: 'ticket'`): only
// for the holder of the booking's manage token, only while the booking holds a seat at an event
// that takes place; its QR code, read from the rasterised page as a scanner at the door would,
// is the booking's signed ticket code.

async function pdfText(pdf: Uint8Array): Promise<{ pages: number; text: string }> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  return {
    pages: document.countPages(),
    text: document.loadPage(0).toStructuredText('preserve-whitespace').asText(),
  };
}

async function eventOn(title: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.events (title, description, category, start_date, start_time, end_time, location, price, max_participants, status, payment_methods)
     values ($1, 'Käse.', 'workshop', '2031-11-29', '19:00', '22:30', 'Fonduehüsli, Suhr', 45, 20, 'published', array['onsite'])
     returning id`,
    [title],
  );
  return row!.id;
}

/** A confirmed booking written directly (the booking path is not under test) and its manage token. */
async function bookingWithToken(eventId: string, persons = 3) {
  const [row] = await sql<{ id: string; reference: string; code: string }>(
    `insert into public.participants (event_id, name, email, phone, status, payment_method, persons)
     values ($1, 'Anna Müller-Wyss', $2, '+41 79 123 45 67', 'confirmed', 'onsite', $3)
     returning id, reference, private.ticket_code(id) as code`,
    [eventId, uniqueEmail('ticket'), persons],
  );
  return { ...row!, token: await manageToken(row!.id) };
}

beforeAll(async () => {
  await resetDatabase();
});

describe('the ticket PDF', () => {
  it('one A4 page: event, date and time, place, name, persons, reference, and the ticket code as QR and text', async () => {
    const booking = await bookingWithToken(await eventOn('Fondueabend im Hüsli'));
    const response = await download({ kind: 'ticket', reference: booking.reference, token: booking.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Ticket-${booking.reference}.pdf"`,
    );
    const pdf = new Uint8Array(await response.arrayBuffer());

    const qr = await findQrCode(pdf);
    expect(qr?.data).toBe(booking.code);
    // Large enough to scan from paper: at least 5 cm (142 pt) wide without the quiet zone.
    expect(qr!.box.x1 - qr!.box.x0).toBeGreaterThan(142);

    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Ticket',
      'Fondueabend im Hüsli',
      '29.11.2031',
      '19:00–22:30 Uhr',
      'Fonduehüsli, Suhr',
      'Anna Müller-Wyss',
      '3 Personen',
      booking.reference,
      booking.code,
    ]) {
      expect(text).toContain(expected);
    }
  }, 60_000);

  it('persons per ticket type, for a booking with types', async () => {
    const eventId = await eventOn('Kinderkochkurs');
    const booking = await bookingWithToken(eventId, 3);
    const types = await sql<{ id: string; name: string }>(
      `insert into public.event_ticket_types (event_id, name, price, position)
       values ($1, 'Erwachsene', 45, 0), ($1, 'Kinder (5–12)', 25, 1) returning id, name`,
      [eventId],
    );
    // One statement: the tickets must add up to the booking's persons when it commits.
    await sql(
      `insert into public.booking_tickets (participant_id, ticket_type_id, name, persons, price_cents, position)
       values ($1, $2, $3, 1, 4500, 0), ($1, $4, $5, 2, 2500, 1)`,
      [booking.id, types[0]!.id, types[0]!.name, types[1]!.id, types[1]!.name],
    );
    const response = await download({ kind: 'ticket', reference: booking.reference, token: booking.token });
    expect(response.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain('1 × Erwachsene, 2 × Kinder (5–12)');
  }, 60_000);

  it('is refused without the token, with a wrong one, and for a booking that holds no seat', async () => {
    const booking = await bookingWithToken(await eventOn('Breathwork am Abend'));
    const refused = async (body: Record<string, unknown>) => {
      const response = await download(body);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(response.headers.get('content-type')).not.toBe('application/pdf');
      expect(((await response.json()) as { error: string }).error).toMatch(/kein Ticket/);
    };
    await refused({ kind: 'ticket', reference: booking.reference });
    await refused({ kind: 'ticket', reference: booking.reference, token: '' });
    await refused({ kind: 'ticket', reference: booking.reference, token: randomBytes(24).toString('hex') });
    // Another booking's token does not open this one.
    const other = await bookingWithToken(await eventOn('Stammtisch'));
    await refused({ kind: 'ticket', reference: booking.reference, token: other.token });

    await sql(`update public.participants set status = 'cancelled' where id = $1`, [booking.id]);
    await refused({ kind: 'ticket', reference: booking.reference, token: booking.token });
  }, 60_000);
});
