import pg from 'pg';
import { signIn } from '../support/e2e-admin';
import { API, deliveredMails, serviceHeaders, stackFacts } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// Issue 29 in the browser: the admin uploads the bank's camt.054 file, sees what it would record,
// confirms, and the invoice bookings it names are paid in the participants list (and their
// visitors get the receipt). The rules (idempotency, overlap, returns) are in tests/db/bank-import.

const FILE = 'tests/fixtures/camt/camt054-mixed.xml';
// The QR references of the fixture's credits: 5 of CHF 45, then CHF 20 (partial) and 60 (over).
const REFERENCES = [
  '202611290000000000000000010',
  '202611290000000000000000021',
  '202611290000000000000000036',
  '202611290000000000000000044',
  '202611290000000000000000052',
  '202611290000000000000000068',
  '202611290000000000000000073',
];

/** Superuser SQL: the invoices' references must be the file's, and imports are not API-deletable. */
async function sql(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: stackFacts().dbUrl });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** The fixture's bank entries and files, so the file imports afresh (before) and leaves nothing (after). */
async function removeImports(): Promise<void> {
  const { rows } = await sql(
    `select distinct i.id, i.storage_path from public.bank_imports i
       left join public.bank_entries b on b.import_id = i.id
      where b.entry_reference like 'ZV20261125/%' or i.file_name = 'camt054-mixed.xml'`,
  );
  const imports = rows as Array<{ id: string; storage_path: string | null }>;
  await sql('delete from public.bank_entries where import_id = any($1::uuid[])', [
    imports.map((row) => row.id),
  ]);
  await sql('delete from public.bank_imports where id = any($1::uuid[])', [imports.map((row) => row.id)]);
  for (const { storage_path: path } of imports) {
    if (path)
      await fetch(`${API}/storage/v1/object/bank-files/${path}`, {
        method: 'DELETE',
        headers: serviceHeaders(),
      });
  }
}

/** Invoices need a creditor; the test adds one when the stack has none, and removes only that. */
let addedCreditor = false;
test.beforeEach(async () => {
  await removeImports();
  const { rowCount } = await sql(
    `insert into public.invoice_creditor (name, street, postal_code, city, iban)
     values ('Sinneswerk GmbH', 'Dorfstrasse', '5034', 'Suhr', 'CH4431999123000889012') on conflict (id) do nothing`,
  );
  addedCreditor = rowCount === 1;
});
test.afterEach(async () => {
  await removeImports();
  if (addedCreditor) await sql('delete from public.invoice_creditor');
});

test('the admin imports the bank file, sees the summary, confirms; the invoice bookings are paid', async ({
  page,
  request,
  events,
  participants,
}) => {
  test.setTimeout(120_000);
  const event = await events.create({
    title: unique('Fondueabend Bank'),
    price: 45,
    payment_methods: ['invoice', 'onsite'],
  });
  const names: string[] = [];
  const emails: string[] = [];
  for (const [index, reference] of REFERENCES.entries()) {
    const booking = await participants.create(event, {
      name: `Gast Bank ${index + 1}`,
      payment_method: 'invoice',
      status: 'confirmed',
    });
    await sql('update public.participants set invoice_reference = $2 where id = $1', [booking.id, reference]);
    names.push(booking.name);
    emails.push(booking.email);
  }

  await signIn(page);
  await page.goto('/admin/zahlungen');
  await page.getByLabel('camt-Datei (XML)').setInputFiles(FILE);
  const preview = page.getByRole('region', { name: 'Vorschau' });
  const count = (region: typeof preview, outcome: string) => region.locator(`dd[data-outcome="${outcome}"]`);
  await expect(count(preview, 'matched')).toHaveText('5');
  await expect(count(preview, 'partial')).toHaveText('1');
  await expect(count(preview, 'over')).toHaveText('1');
  await expect(count(preview, 'unassigned')).toHaveText('1');
  await expect(count(preview, 'foreign')).toHaveText('1');
  await expect(count(preview, 'alreadyImported')).toHaveText('0');

  await page.getByRole('button', { name: 'Import bestätigen' }).click();
  const done = page.getByRole('region', { name: 'Importiert' });
  await expect(count(done, 'matched')).toHaveText('5');
  await expect(done).toContainText('CHF 305.00');
  // The entry without reference waits for a decision.
  await expect(page.getByRole('list', { name: 'Nicht zugeordnete Bankbuchungen' })).toContainText(
    'Fondueabend 12.12. Hans Meier',
  );

  await page.goto(`/admin/participants?event=${event.id}`);
  // The desktop list is a table: one row per booking, found by its name's link.
  const row = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  for (const name of names.slice(0, 5)) {
    await expect(row(name)).toContainText('bezahlt');
  }
  await expect(row(names[5]!)).toContainText('offen CHF 25.00');
  await expect(row(names[6]!)).toContainText('CHF 15.00 zu viel erhalten');

  const receipts = await deliveredMails(
    request,
    (mail) => emails.some((email) => mail.to.includes(email)) && /Zahlung/.test(mail.subject),
    7,
  );
  expect(new Set(receipts.map((mail) => mail.to.join()))).toHaveProperty('size', 7);
});
