import { beforeAll, describe, expect, it } from 'vitest';
import { parseCamt } from '@/features/admin-payments/lib/camt';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createUser, mailbox, resetDatabase, signedInClient, sql } from '../support/stack';
import { runOutbox, uniqueEmail } from './function-helpers';

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
