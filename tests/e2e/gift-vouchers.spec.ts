import { signIn } from '../support/e2e-admin';
import { gotoHydrated, toasts } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// 'Gutscheine' (issue 28): the team issues a gift voucher, reads its code, and voids it again;
// through the real RPCs, RLS and the list's refresh.

test('an admin issues a voucher, sees its code and voids it', async ({ page, giftVouchers }) => {
  const recipient = unique('Beschenkte');
  giftVouchers.removeAfterwards(recipient);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Gutscheine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gutscheine' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Gutschein ausstellen' });
  await form.getByLabel('Betrag in CHF').fill('75.50');
  await form.getByLabel('Für (Name, optional)').fill(recipient);
  await form.getByLabel('Notiz (nur intern, z. B. der Anlass)').fill('Browsertest');
  await form.getByRole('button', { name: 'Gutschein ausstellen' }).click();

  const notice = page.getByRole('region', { name: 'Gutschein ausgestellt' });
  const code = (await notice.getByText(/^GS(-[A-Z0-9]{4}){5}$/).textContent()) ?? '';
  expect(code).toMatch(/^GS(-[A-HJ-NP-Z2-9]{4}){5}$/);
  await expect(notice).toContainText(`Wertgutschein · CHF 75.50 · gültig bis`);

  // The list is read again: the new voucher is there, active, with its full balance.
  await page.getByLabel('Suche nach Code oder Name').fill(recipient);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: code }) });
  await expect(card.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(card).toContainText('CHF 75.50');

  await card.getByRole('button', { name: `${code} ungültig machen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gutschein ungültig machen' });
  await dialog.getByLabel('Grund (nur intern)').fill('Doppelt ausgestellt');
  await dialog.getByRole('button', { name: 'Ungültig machen' }).click();
  await expect(toasts(page).getByText('Gutschein ungültig', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Ungültig', { exact: true })).toBeVisible();
  await expect(card).toContainText('Doppelt ausgestellt');
  await expect(card.getByRole('button', { name: `${code} ungültig machen` })).toHaveCount(0);

  // Still so after a reload: the database holds it.
  await gotoHydrated(page, '/admin/gutscheine');
  await page.getByLabel('Suche nach Code oder Name').fill(code.toLowerCase());
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: code }) })
      .getByText('Ungültig', { exact: true }),
  ).toBeVisible();
});
