import { beforeAll, describe, expect, it } from 'vitest';
import { parseCamt } from '@/features/admin-payments/lib/camt';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createUser, mailbox, resetDatabase, signedInClient, sql } from '../support/stack';
import {
  downloadBookingPdf as download,
  manageToken,
  runOutbox,
  uniqueEmail,
  visitor,
} from './function-helpers';

// Issue 29: every recorded payment's 'Zahlungsbestätigung' carries a PDF with the provider, its
// VAT number and rate (setting 'vat') and the amounts; a refund's mail a credit note
// ('Gutschrift'); each booking the bank import pays gets exactly one receipt. The PDF's text is
// read as a reader would (MuPDF, compiled to WebAssembly: no pdftotext binary needed).

async function pdfText(base64: string): Promise<string> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(
    new Uint8Array(Buffer.from(base64, 'base64')),
    'application/pdf',
  );
  let text = '';
  for (let index = 0; index < document.countPages(); index += 1) {
    text += document.loadPage(index).toStructuredText('preserve-whitespace').asText();
  }
  return text;
}

async function eventAt(price: number): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.events (title, description, category, start_date, start_time, location, price, max_participants, status, payment_methods)
     values ('Fondueabend im Hüsli', 'Käse.', 'workshop', private.today_in_zurich() + 20, '19:00', 'Suhr', $1, 20, 'published', array['onsite', 'invoice'])
     returning id`,
    [price],
  );
  return row!.id;
}

/** A booking written directly (the booking path is not under test; the payment is). */
async function book(eventId: string, email: string, method: string, persons = 1) {
  const [row] = await sql<{ participant_id: string; reference: string }>(
    `insert into public.participants (event_id, name, email, phone, status, payment_method, persons)
     values ($1, 'Anna Müller', $2, '+41 79 123 45 67', 'confirmed', $3, $4) returning id as participant_id, reference`,
    [eventId, email, method, persons],
  );
  return row!;
}

let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  await resetDatabase();
  await sql('delete from public.invoice_creditor');
  await sql(`insert into public.invoice_creditor (name, street, building_number, postal_code, city, country, iban)
             values ('Sinneswerk GmbH', 'Dorfstrasse', '12', '5034', 'Suhr', 'CH', 'CH4431999123000889012')`);
  await sql(`insert into public.settings (key, value) values ('vat', '{"uid": "CHE-123.456.789", "rate_percent": 8.1}')
             on conflict (key) do update set value = excluded.value`);
  const email = uniqueEmail('kasse');
  await createUser({ email, password: 'Geheim-123456', admin: true });
  admin = await signedInClient(email, 'Geheim-123456');
});

describe('receipt PDFs', () => {
  it('an on-site payment recorded by the admin: Zahlungsbestätigung with provider, UID/MWST, rate and amount', async () => {
    const email = uniqueEmail('quittung');
    const booking = await book(await eventAt(95), email, 'onsite', 2);
    const { error } = await admin.rpc('admin_record_payment', {
      p_participant_id: booking.participant_id,
      p_amount_cents: 19000,
      p_method: 'onsite',
    });
    expect(error).toBeNull();
    await runOutbox();
    const mail = await mailbox().waitFor(
      (m) => m.to.includes(email) && /Zahlungsbestätigung/.test(m.subject),
    );
    const pdf = mail.attachments.find((file) => file.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(
      new RegExp(`^Zahlungsbestaetigung-${booking.reference}-[0-9A-F]{10}\\.pdf$`),
    );
    const text = await pdfText(pdf!.content);
    expect(text).toContain('Zahlungsbestätigung');
    expect(text).toContain('Sinneswerk GmbH');
    expect(text).toContain('Dorfstrasse 12');
    expect(text).toContain('CH-5034 Suhr');
    expect(text).toContain('CHE-123.456.789 MWST');
    expect(text).toContain('CHF 190.00');
    expect(text).toContain('Vor Ort');
    // 8.1 % contained in CHF 190.00: 190 × 8.1 / 108.1 = 14.24.
    expect(text).toContain('MWST 8.1 %');
    expect(text).toContain('CHF 14.24');
    expect(text).toContain(booking.reference);

    // A refund: the credit note.
    const refund = await admin.rpc('admin_refund', {
      p_participant_id: booking.participant_id,
      p_amount_cents: 9500,
      p_reason: 'Eine Person weniger',
    });
    expect(refund.error).toBeNull();
    await runOutbox();
    const refundMail = await mailbox().waitFor(
      (m) => m.to.includes(email) && m.attachments.some((file) => file.filename.startsWith('Gutschrift-')),
    );
    const note = await pdfText(
      refundMail.attachments.find((file) => file.filename.startsWith('Gutschrift-'))!.content,
    );
    expect(note).toContain('Gutschrift');
    expect(note).toContain('CHF 95.00');
    expect(note).toContain('CHE-123.456.789 MWST');
  });

  it('the bank import: each matched booking gets exactly one receipt with its PDF', async () => {
    const eventId = await eventAt(45);
    const file = parseCamt(readFileSync(join(__dirname, '../fixtures/camt/camt054-mixed.xml'), 'utf8'));
    const references = file.entries.slice(0, 5).map((entry) => entry.reference!);
    const emails: string[] = [];
    for (const reference of references) {
      const email = uniqueEmail('bank');
      const booking = await book(eventId, email, 'invoice');
      await sql('update public.participants set invoice_reference = $2 where id = $1', [
        booking.participant_id,
        reference,
      ]);
      emails.push(email);
    }
    await sql(`delete from public.bank_entries where entry_reference like 'ZV20261125/%'`);
    const { data, error } = await admin.rpc('admin_import_bank_entries', {
      p_file: {
        fileName: 'camt054-mixed.xml',
        format: file.format,
        messageId: file.messageId,
        entries: file.entries,
      } as never,
      p_commit: true,
    });
    expect(error).toBeNull();
    expect((data as { summary: { matched: number } }).summary.matched).toBe(5);
    await runOutbox();
    for (const email of emails) {
      const receipt = await mailbox().waitFor(
        (m) => m.to.includes(email) && /Zahlungsbestätigung/.test(m.subject),
      );
      const text = await pdfText(
        receipt.attachments.find((f) => f.contentType === 'application/pdf')!.content,
      );
      expect(text).toContain('CHF 45.00');
      expect(text).toContain('Rechnung');
    }
    const all = await mailbox().messages();
    for (const email of emails) {
      expect(all.filter((m) => m.to.includes(email) && /Zahlungsbestätigung/.test(m.subject))).toHaveLength(
        1,
      );
    }
  });
});

// The receipts as issued (public.receipts) and the visitor's download from the manage page
// (edge function booking-receipt): the same document as the mail's, also once the mail's payload
// is gone, and only with the booking's own manage token.
describe('receipts kept and downloaded', () => {
  it('a payment and a refund each leave one receipt row; the visitor downloads the same PDF', async () => {
    const email = uniqueEmail('beleg');
    const booking = await book(await eventAt(60), email, 'onsite', 2);
    const paid = await admin.rpc('admin_record_payment', {
      p_participant_id: booking.participant_id,
      p_amount_cents: 12000,
      p_method: 'onsite',
    });
    expect(paid.error).toBeNull();
    const refunded = await admin.rpc('admin_refund', {
      p_participant_id: booking.participant_id,
      p_amount_cents: 6000,
      p_reason: 'Eine Person weniger',
    });
    expect(refunded.error).toBeNull();
    const rows = await sql<{ number: string; kind: string; amount_cents: number; mail_number: string }>(
      `select r.number, r.kind, r.amount_cents, o.payload -> 'receipt' ->> 'number' as mail_number
         from public.receipts r join public.mail_outbox o on o.id = r.mail_id
        where r.participant_id = $1 order by r.kind desc`,
      [booking.participant_id],
    );
    expect(rows.map(({ kind, amount_cents }) => [kind, amount_cents])).toEqual([
      ['receipt', 12000],
      ['credit_note', 6000],
    ]);
    for (const row of rows) expect(row.number).toBe(row.mail_number);

    // The mails go out, then their payload is emptied (retention): the receipts stay.
    await runOutbox();
    await sql(
      `update public.mail_outbox set payload = '{"anonymisiert": true}'::jsonb where participant_id = $1`,
      [booking.participant_id],
    );

    const token = await manageToken(booking.participant_id);
    // As the manage page reads them: through the API with the publishable key.
    const { data: list, error: listError } = await visitor().rpc('booking_receipts', {
      p_reference: booking.reference,
      p_token: token,
    });
    expect(listError).toBeNull();
    expect(
      (list as Array<{ kind: string; amountCents: number }>)
        .map((item) => [item.kind, item.amountCents])
        .sort(),
    ).toEqual([
      ['credit_note', 6000],
      ['receipt', 12000],
    ]);

    const receipt = rows.find((row) => row.kind === 'receipt')!;
    const response = await download({ reference: booking.reference, token, number: receipt.number });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Zahlungsbestaetigung-${booking.reference}-${receipt.number}.pdf"`,
    );
    const text = await pdfText(Buffer.from(await response.arrayBuffer()).toString('base64'));
    expect(text).toContain('Zahlungsbestätigung');
    expect(text).toContain('Sinneswerk GmbH');
    expect(text).toContain('CHE-123.456.789 MWST');
    expect(text).toContain('CHF 120.00');
    expect(text).toContain(receipt.number);

    const note = rows.find((row) => row.kind === 'credit_note')!;
    const noteText = await pdfText(
      Buffer.from(
        await (await download({ reference: booking.reference, token, number: note.number })).arrayBuffer(),
      ).toString('base64'),
    );
    expect(noteText).toContain('Gutschrift');
    expect(noteText).toContain('CHF 60.00');
  });

  it('a staff cancellation with a refund issues its credit note without a second mail', async () => {
    const email = uniqueEmail('storno');
    const booking = await book(await eventAt(50), email, 'onsite');
    const pay = await admin.rpc('admin_record_payment', {
      p_participant_id: booking.participant_id,
      p_amount_cents: 5000,
      p_method: 'onsite',
    });
    expect(pay.error).toBeNull();
    const cancel = await admin.rpc('admin_cancel_booking', {
      p_participant_id: booking.participant_id,
      p_refund_cents: 5000,
    });
    expect(cancel.error).toBeNull();
    const rows = await sql<{ kind: string; amount_cents: number; mail_id: string | null }>(
      'select kind, amount_cents, mail_id from public.receipts where participant_id = $1 order by kind',
      [booking.participant_id],
    );
    expect(rows.map(({ kind, amount_cents, mail_id }) => [kind, amount_cents, mail_id === null])).toEqual([
      ['credit_note', 5000, true],
      ['receipt', 5000, false],
    ]);
    // The cancellation mail names the refund; no refund_issued mail follows it.
    const refundMails = await sql(
      'select 1 from public.mail_outbox where participant_id = $1 and kind = $2',
      [booking.participant_id, 'refund_issued'],
    );
    expect(refundMails).toHaveLength(0);
  });

  it("refuses a wrong token and another booking's receipt with a German 404", async () => {
    const eventId = await eventAt(30);
    const mine = await book(eventId, uniqueEmail('meins'), 'onsite');
    const theirs = await book(eventId, uniqueEmail('fremd'), 'onsite');
    for (const booking of [mine, theirs]) {
      const { error } = await admin.rpc('admin_record_payment', {
        p_participant_id: booking.participant_id,
        p_amount_cents: 3000,
        p_method: 'onsite',
      });
      expect(error).toBeNull();
    }
    const [their] = await sql<{ number: string }>(
      'select number from public.receipts where participant_id = $1',
      [theirs.participant_id],
    );
    const token = await manageToken(mine.participant_id);
    for (const body of [
      { reference: mine.reference, token, number: their!.number },
      { reference: mine.reference, token: 'falsch', number: their!.number },
      { reference: theirs.reference, token, number: their!.number },
    ]) {
      const response = await download(body);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        success: false,
        error: 'Diesen Beleg finden wir nicht. Bitte öffne ihn über den Link in deiner Bestätigung.',
      });
    }
  });

  it('erasure keeps the receipt for the books without the person', async () => {
    const email = uniqueEmail('weg');
    const booking = await book(await eventAt(40), email, 'onsite');
    expect(
      (
        await admin.rpc('admin_record_payment', {
          p_participant_id: booking.participant_id,
          p_amount_cents: 4000,
          p_method: 'onsite',
        })
      ).error,
    ).toBeNull();
    // The access export lists the receipt with what it prints.
    const exported = await admin.rpc('admin_person_data', { p_email: email });
    expect(exported.error).toBeNull();
    const [exportedBooking] = (
      exported.data as { bookings: Array<{ receipts: Array<Record<string, unknown>> }> }
    ).bookings;
    expect(exportedBooking!.receipts).toEqual([
      expect.objectContaining({
        kind: 'receipt',
        amountCents: 4000,
        document: expect.objectContaining({ participantEmail: email }),
      }),
    ]);

    expect((await admin.rpc('admin_erase_person', { p_email: email })).error).toBeNull();
    const [row] = await sql<{ amount_cents: number; document: Record<string, unknown> }>(
      'select amount_cents, document from public.receipts where participant_id = $1',
      [booking.participant_id],
    );
    expect(row!.amount_cents).toBe(4000);
    expect(row!.document).toMatchObject({ participantName: 'anonymisiert', participantEmail: '' });
    expect(JSON.stringify(row!.document)).not.toContain(email);
    expect(JSON.stringify(row!.document)).not.toContain('Anna Müller');
  });
});
