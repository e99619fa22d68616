import { calculateQRReferenceChecksum, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readQrBill } from '../support/qr-bill';
import { createUser, mailbox, resetDatabase, serviceClient, signedInClient, sql } from '../support/stack';
import { register, runOutbox, uniqueEmail, visitor } from './function-helpers';

// Payment by invoice with a Swiss QR bill on the real stack: register_for_event stores the
// registration with its reference and due date, the confirmation mail (process-outbox, Resend
// stand-in) carries the PDF, and the PDF's QR code, rasterised and decoded as a bank app would,
// holds the right Swiss Payments Code.

const QR_IBAN = 'CH4431999123000889012';
const IBAN = 'CH9300762011623852957';

async function setCreditor(iban: string | null): Promise<void> {
  await sql('delete from public.invoice_creditor');
  if (iban === null) return;
  await sql(
    `insert into public.invoice_creditor (name, street, building_number, postal_code, city, country, iban)
     values ('Sinneswerk', 'Dorfstrasse', '12', '5034', 'Suhr', 'CH', $1)`,
    [iban],
  );
}

/** An event `daysAhead` days after today in Zurich, the calendar the due date is counted in
 *  (between 00:00 and 01:00/02:00 Zurich time, the database's current_date is still yesterday). */
async function createEvent(daysAhead: number, price = 45): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.events (title, description, category, start_date, start_time, location, price, max_participants,
                                status, payment_methods)
     values ('Wildkräuter auf Rechnung', 'Sammeln.', 'workshop', private.today_in_zurich() + $1::int, '14:00', 'Suhr', $2, 10,
             'published', array['onsite', 'invoice'])
     returning id`,
    [daysAhead, price],
  );
  return row!.id;
}

async function invoiceOf(participantId: string) {
  const [row] = await sql<{ invoice_reference: string; reference: string; due: string; today: string }>(
    `select invoice_reference, reference, to_char(invoice_due_date, 'YYYY-MM-DD') as due,
            to_char((now() at time zone 'Europe/Zurich')::date, 'YYYY-MM-DD') as today
       from public.participants where id = $1`,
    [participantId],
  );
  return row!;
}

/** Books by invoice, delivers the outbox and returns the confirmation's PDF. */
async function bookAndReadPdf(eventId: string, persons: number) {
  const email = uniqueEmail('rechnung');
  const booking = await register(visitor(), eventId, { email, paymentMethod: 'invoice', persons });
  await runOutbox();
  const mail = await mailbox().waitFor(
    (message) => message.to.includes(email) && /Anmeldebestätigung/.test(message.subject),
  );
  const pdf = mail.attachments.find((file) => file.contentType === 'application/pdf');
  expect(pdf?.filename).toMatch(/^Rechnung-.+\.pdf$/);
  return { booking, mail, pdf: new Uint8Array(Buffer.from(pdf!.content, 'base64')) };
}

beforeAll(async () => {
  await resetDatabase();
});

describe('invoice with a QR-IBAN', () => {
  beforeEach(() => setCreditor(QR_IBAN));

  it('mails a PDF whose QR bill carries the total, CHF, the QR-IBAN and the QR reference of the registration', async () => {
    const eventId = await createEvent(30);
    const { booking, mail, pdf } = await bookAndReadPdf(eventId, 2);
    const invoice = await invoiceOf(booking.participantId);
    expect(isQRReferenceValid(invoice.invoice_reference)).toBe(true);
    // Made of the booking reference, letters as numbers (S = 28, W = 32, …).
    const digits = [...invoice.reference.replace('-', '')]
      .map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55)))
      .join('');
    expect(invoice.invoice_reference.slice(0, 26)).toBe(digits.padStart(26, '0'));

    const bill = await readQrBill(pdf);
    expect(bill.header).toBe('SPC');
    expect(bill.version).toBe('0200');
    expect(bill.trailer).toBe('EPD');
    expect(bill.amount).toBe('90.00');
    expect(bill.currency).toBe('CHF');
    expect(bill.iban).toBe(QR_IBAN);
    expect(bill.creditorName).toBe('Sinneswerk');
    expect(bill.referenceType).toBe('QRR');
    expect(bill.reference).toBe(invoice.invoice_reference);

    // Ten days to pay; the mail says how much, until when, and with which reference.
    const due = new Date(`${invoice.today}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 10);
    expect(invoice.due).toBe(due.toISOString().slice(0, 10));
    expect(mail.text).toContain('Zahlungsart: Rechnung (QR-Rechnung)');
    expect(mail.text).toContain(`Bitte bezahle CHF 90.00 bis`);
    expect(mail.text).toContain(`(Referenz ${invoice.invoice_reference})`);
  });

  it('is never due after the event', async () => {
    const eventId = await createEvent(3);
    const booking = await register(visitor(), eventId, {
      email: uniqueEmail('bald'),
      paymentMethod: 'invoice',
    });
    const invoice = await invoiceOf(booking.participantId);
    const start = new Date(`${invoice.today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() + 3);
    expect(invoice.due).toBe(start.toISOString().slice(0, 10));
  });

  it('computes the QR reference check digit as the standard does', async () => {
    for (const digits of ['1', '21000000000313947143000901', '00000000000000000000123456']) {
      const [row] = await sql<{ reference: string }>('select private.qr_reference($1) as reference', [
        digits,
      ]);
      const body = digits.padStart(26, '0');
      expect(row!.reference).toBe(body + calculateQRReferenceChecksum(body));
    }
  });
});

describe('invoice with a normal IBAN', () => {
  beforeEach(() => setCreditor(IBAN));

  it('uses a creditor reference (ISO 11649, RF…) in the QR bill', async () => {
    const eventId = await createEvent(30, 120);
    const { booking, pdf } = await bookAndReadPdf(eventId, 1);
    const invoice = await invoiceOf(booking.participantId);
    // Made of the booking reference: SW-7K3M gives RF..SW7K3M.
    expect(invoice.invoice_reference).toMatch(/^RF\d{2}SW[0-9A-Z]{4,6}$/);
    expect(invoice.invoice_reference.slice(4)).toBe(invoice.reference.replace('-', ''));
    expect(isSCORReferenceValid(invoice.invoice_reference)).toBe(true);

    const bill = await readQrBill(pdf);
    expect(bill.amount).toBe('120.00');
    expect(bill.currency).toBe('CHF');
    expect(bill.iban).toBe(IBAN);
    expect(bill.referenceType).toBe('SCOR');
    expect(bill.reference).toBe(invoice.invoice_reference);
  });
});

describe('creditor configuration', () => {
  it('refuses a wrong IBAN with a message that says what is wrong', async () => {
    await setCreditor(null);
    const wrong = [
      ['CH93 0076 2011 6238 5295 8', 'Die Prüfziffern stimmen nicht'],
      ['DE89 3704 0044 0532 0130 00', 'Schweizer oder Liechtensteiner IBAN'],
      ['CH93 0076 2011 6238 529', '21 Zeichen'],
    ] as const;
    for (const [iban, message] of wrong) {
      await expect(setCreditor(iban)).rejects.toMatchObject({
        message: 'INVALID_IBAN',
        detail: expect.stringContaining(message),
      });
    }
    expect(await sql('select 1 from public.invoice_creditor')).toHaveLength(0);

    // An admin entering it through the API gets the same answer; spaces are fine.
    const admin = await createUser({ email: uniqueEmail('admin'), password: 'admin-pass-123', admin: true });
    const client = await signedInClient(admin.email, admin.password);
    const refused = await client.from('invoice_creditor').insert({
      name: 'Sinneswerk',
      street: 'Dorfstrasse',
      postal_code: '5034',
      city: 'Suhr',
      iban: 'CH93 0076 2011 6238 5295 8',
    });
    expect(refused.error?.message).toBe('INVALID_IBAN');
    expect(refused.error?.details).toContain('Die Prüfziffern stimmen nicht');
    const accepted = await client
      .from('invoice_creditor')
      .insert({
        name: 'Sinneswerk',
        street: 'Dorfstrasse',
        postal_code: '5034',
        city: 'Suhr',
        iban: 'ch93 0076 2011 6238 5295 7',
      })
      .select('iban')
      .single();
    expect(accepted.error).toBeNull();
    expect(accepted.data?.iban).toBe(IBAN);

    // The service role (scripts, the API with the service key) enters it the same way.
    await sql('delete from public.invoice_creditor');
    const service = await serviceClient().from('invoice_creditor').insert({
      name: 'Sinneswerk',
      street: 'Dorfstrasse',
      postal_code: '5034',
      city: 'Suhr',
      iban: QR_IBAN,
    });
    expect(service.error).toBeNull();

    // Visitors and signed-in non-admins do not read the creditor's data.
    expect((await visitor().from('invoice_creditor').select('iban')).error?.code).toBe('42501');
    const user = await createUser({ email: uniqueEmail('user'), password: 'user-pass-123' });
    const userClient = await signedInClient(user.email, user.password);
    expect((await userClient.from('invoice_creditor').select('iban')).data).toEqual([]);
  });

  it('cannot book by invoice without a creditor', async () => {
    await setCreditor(null);
    const eventId = await createEvent(30);
    await expect(
      register(visitor(), eventId, { email: uniqueEmail('ohne'), paymentMethod: 'invoice' }),
    ).rejects.toThrow('INVALID_INPUT');
    const { data } = await visitor().rpc('invoice_available');
    expect(data).toBe(false);
    await setCreditor(QR_IBAN);
    expect((await visitor().rpc('invoice_available')).data).toBe(true);
  });
});
