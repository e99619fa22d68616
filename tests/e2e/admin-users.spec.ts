import { expect, test } from '@playwright/test';
import { deleteRows, expectNoHorizontalScroll, PHONE, signIn } from '../support/e2e-admin';
import { mailTo, toasts } from '../support/e2e-env';

// 'Benutzer': an admin invites a colleague, the invitation mail (through the outbox) leads to
// the sign-up, the colleague confirms the address, gets admin rights and signs in.

test.use({ viewport: PHONE });

test('a user invited and made admin signs in to the dashboard', async ({ page, browser, request }) => {
  // Two browsers, two mails through the outbox and the auth stand-in: slow on a loaded machine.
  test.slow();
  const colleague = `kollegin-${Date.now()}@example.ch`;
  const password = 'kollegin-pw-123';

  await signIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Benutzer' }).click();
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  const invite = page.getByRole('form', { name: 'Einladen' });
  await invite.getByLabel('E-Mail').fill(colleague);
  await invite.getByRole('button', { name: 'Einladen' }).click();
  await expect(toasts(page).getByText('Einladung versendet', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Offene Einladungen' })).toContainText(colleague);

  // The invitation arrives through the outbox and links to the sign-up with the address filled in.
  const invitation = await mailTo(request, colleague, /Einladung in den Admin-Bereich/);
  const link = /https?:\/\/\S+\/admin\/signup\?email=[^\s"<]+/.exec(invitation.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const signupPath = new URL(link!).pathname + new URL(link!).search;

  const context = await browser.newContext({ viewport: PHONE });
  try {
    const newcomer = await context.newPage();
    await newcomer.goto(signupPath);
    await expect(newcomer.getByLabel('E-Mail')).toHaveValue(colleague);
    await newcomer.getByLabel('Passwort', { exact: true }).fill(password);
    await newcomer.getByLabel('Passwort bestätigen').fill(password);
    await newcomer.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(newcomer).toHaveURL(/\/admin\/login$/);

    // The account is listed (not confirmed, no admin) and the invitation is no longer open.
    await page.reload();
    const row = page
      .getByRole('list', { name: 'Konten' })
      .getByRole('listitem')
      .filter({ hasText: colleague });
    await expect(row).toContainText('E-Mail nicht bestätigt');
    await expect(page.getByRole('list', { name: 'Offene Einladungen' })).toHaveCount(0);

    const confirmation = await mailTo(request, colleague, /Registrierung/);
    const verify = /href="([^"]+\/auth\/v1\/verify[^"]+)"/.exec(confirmation.html ?? '')?.[1];
    expect(verify).toBeTruthy();
    await newcomer.goto(verify!.replace(/&amp;/g, '&'));

    await page.reload();
    await expect(row).toContainText('E-Mail bestätigt');
    await expect(row).toContainText('Kein Admin');
    await row.getByRole('button', { name: `Admin-Rechte erteilen (${colleague})` }).click();
    await expect(toasts(page).getByText('Admin-Rechte erteilt', { exact: true })).toBeVisible();
    await expect(row).toContainText(/Admin seit \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

    await newcomer.context().clearCookies();
    await newcomer.evaluate(() => window.localStorage.clear());
    await signIn(newcomer, colleague, password);
    await expect(newcomer.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // Revoking works too (there is another admin).
    await row.getByRole('button', { name: `Admin-Rechte entziehen (${colleague})` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Entziehen' }).click();
    await expect(toasts(page).getByText('Admin-Rechte entzogen', { exact: true })).toBeVisible();
    await expect(row).toContainText('Kein Admin');
  } finally {
    await context.close();
    await deleteRows(request, 'admin_invitations', `email=eq.${encodeURIComponent(colleague)}`);
  }
});
