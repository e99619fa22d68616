import { expect, test } from '@playwright/test';
import pg from 'pg';
import { formatDateLong, todayIso } from '../../src/lib/dates';
import { signIn } from '../support/e2e-admin';
import { inDays, unique } from '../support/e2e-data';
import { gotoHydrated, stackFacts, toasts } from '../support/e2e-env';

// Issue 17: the provider changes the fondue season and prices in 'Einstellungen' without a
// developer, and /fonduehusli shows them (through the real API, RLS and the page's hydration).

interface SettingRow {
  key: string;
  value: unknown;
}

/** Straight through the database: the settings' value check is for admins, not the service role. */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: stackFacts().dbUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let original: SettingRow[] = [];
let originalLimits: { key: string; keep_days: number | null }[] = [];

test.beforeAll(async () => {
  original = await withDatabase(
    async (client) =>
      (await client.query<SettingRow>('select key, value from public.settings order by key')).rows,
  );
  expect(original.map((row) => row.key)).toEqual([
    'fondue_hut',
    'fondue_prices',
    'fondue_season',
    'gift_vouchers',
    'invoice_reminders',
    'vat',
  ]);
  originalLimits = await withDatabase(
    async (client) => (await client.query('select key, keep_days from public.retention_rules')).rows,
  );
});

// Other specs read the same rows: put the values back whatever happened.
test.afterAll(() =>
  withDatabase(async (client) => {
    for (const row of original) {
      await client.query('update public.settings set value = $2::jsonb where key = $1', [
        row.key,
        JSON.stringify(row.value),
      ]);
    }
    for (const rule of originalLimits) {
      await client.query('update public.retention_rules set keep_days = $2 where key = $1', [
        rule.key,
        rule.keep_days,
      ]);
    }
  }),
);

test('an admin sets a coming season and a price; /fonduehusli announces them', async ({ page }) => {
  const start = inDays(20);
  const end = inDays(140);
  await signIn(page);
  await gotoHydrated(page, '/admin/settings');
  const section = page.getByRole('region', { name: 'Fonduehüsli' });
  await expect(section.getByLabel('Saisonstart *')).not.toHaveValue('');
  await section.getByLabel('Saisonstart *').fill(start);
  await section.getByLabel('Saisonende').fill(end);
  await section.getByLabel('Preis pro Person bei 2 Personen (CHF) *').fill('93.50');
  await section.getByRole('button', { name: 'Fonduehüsli speichern' }).click();
  await expect(toasts(page)).toContainText('Fonduehüsli gespeichert');

  await gotoHydrated(page, '/fonduehusli');
  // The prerendered page holds the build's values; after hydration it asks the API again.
  await expect(page.getByRole('heading', { level: 2, name: 'Saisonstart' })).toBeVisible();
  await expect(page.getByText(`Das Fonduehüsli öffnet am ${formatDateLong(start)}.`)).toBeVisible();
  await expect(page.getByText('CHF 93.50 pro Person').first()).toBeVisible();
});

// Issue 30: the provider changes how long handled enquiries are kept; the field says what the
// privacy page will print, refuses a limit below the floor, and /datenschutz prints the new one.
test('an admin changes a retention limit; /datenschutz prints it', async ({ page }) => {
  await signIn(page);
  await gotoHydrated(page, '/admin/settings');
  const section = page.getByRole('region', { name: 'Aufbewahrungsfristen' });
  const enquiries = section.getByLabel('Erledigte Anfragen (Tage)');
  await expect(enquiries).toHaveValue('365');
  await enquiries.fill('10');
  await section.getByRole('button', { name: 'Aufbewahrungsfristen speichern' }).click();
  await expect(section.getByText('eine ganze Zahl von 30 bis 36500 Tagen')).toBeVisible();
  await expect(enquiries).toBeFocused();

  await enquiries.fill('400');
  const sentence = 'Erledigte Anfragen anonymisieren wir 400 Tage nach der Erledigung.';
  await expect(section.getByText(`Datenschutzerklärung: «${sentence}»`)).toBeVisible();
  await section.getByRole('button', { name: 'Aufbewahrungsfristen speichern' }).click();
  await expect(toasts(page)).toContainText('Aufbewahrungsfristen gespeichert');

  await gotoHydrated(page, '/datenschutz');
  // The prerendered page holds the build's limits; after hydration it reads them again.
  await expect(page.getByText(sentence)).toBeVisible();
});

// Issue 28: the validity set under 'Geschenkgutscheine' is what a voucher issued without a date gets.
test('an admin sets the vouchers’ validity; a voucher issued then is valid that long', async ({ page }) => {
  const recipient = unique('Gültigkeit');
  const [year, month, day] = todayIso().split('-');
  // Postgres adds years to 29 February as 28 February.
  const lastDay = `${month}-${day}` === '02-29' ? '28' : day;
  try {
    await signIn(page);
    await gotoHydrated(page, '/admin/settings');
    const section = page.getByRole('region', { name: 'Geschenkgutscheine' });
    const years = section.getByLabel('Gültigkeit neuer Gutscheine (Jahre)');
    await expect(years).toHaveValue('3');
    await years.fill('5');
    await section.getByRole('button', { name: 'Geschenkgutscheine speichern' }).click();
    await expect(toasts(page)).toContainText('Geschenkgutscheine gespeichert');

    await gotoHydrated(page, '/admin/gutscheine');
    const form = page.getByRole('form', { name: 'Gutschein ausstellen' });
    await form.getByLabel('Betrag in CHF').fill('20');
    await form.getByLabel('Für (Name, optional)').fill(recipient);
    await form.getByRole('button', { name: 'Gutschein ausstellen' }).click();
    await expect(page.getByRole('region', { name: 'Gutschein ausgestellt' })).toContainText(
      `gültig bis ${lastDay}.${month}.${Number(year) + 5}`,
    );
  } finally {
    await withDatabase((client) =>
      client.query('delete from public.gift_vouchers where recipient_name = $1', [recipient]),
    );
  }
});
