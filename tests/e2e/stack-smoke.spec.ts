import { expect, test } from '@playwright/test';
import { API } from '../support/e2e-env';

test('the built site loads its home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  await expect(page).toHaveTitle(/\S/);
});

test('the local gateway answers the auth settings the site asks for', async ({ request }) => {
  const response = await request.get(`${API}/auth/v1/settings`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: false });
});
