import { expect, test } from '@playwright/test';
import { deleteRows, expectNoHorizontalScroll, insertRows, PHONE, signIn } from '../support/e2e-admin';
import { gotoHydrated, runOutbox, toasts } from '../support/e2e-env';

// The admin's inbox on a phone: an enquiry sent on /contact appears under 'Anfragen' with its
// mail state and is marked handled; a failed mail in 'Postausgang' is sent again.

test.use({ viewport: PHONE });

test('an enquiry sent on /contact appears in the inbox and is marked handled', async ({ page, request }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice-dismissed', 'true'));
  const email = `inbox-${Date.now()}@example.ch`;
  const subject = `Gruppenabend für 12 Personen ${Date.now()}`;

  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  await form.getByLabel('Name').fill('Lena Berger');
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Betreff').fill(subject);
  await form.getByLabel('Nachricht').fill('Habt ihr im März einen Abend frei?');
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(toasts(page).getByText('Nachricht gesendet', { exact: true })).toBeVisible();
  await runOutbox(request);

  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: /Posteingang.*offene Anfrage/ })).toBeVisible();
  await nav.getByRole('link', { name: /Posteingang/ }).click();
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(card).toContainText(`Lena Berger · ${email}`);
  await expect(card).toContainText('Habt ihr im März einen Abend frei?');
  await expect(card).toContainText('Benachrichtigung zugestellt');
  await expect(card.getByRole('link', { name: `Antworten an ${email}` })).toHaveAttribute(
    'href',
    `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await expectNoHorizontalScroll(page);

  await card.getByRole('button', { name: 'Als erledigt markieren' }).click();
  await expect(toasts(page).getByText('Anfrage als erledigt markiert', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The filter lives in the URL and survives a reload.
  await page.getByRole('combobox', { name: 'Anfragen filtern' }).click();
  await page.getByRole('option', { name: 'Erledigte Anfragen' }).click();
  await expect(page).toHaveURL(/status=erledigt/);
  await page.reload();
  await expect(card).toContainText('Erledigt am');
  await expect(card.getByRole('button', { name: 'Wieder öffnen' })).toBeVisible();
});

test("a failed mail is sent again from 'Postausgang'", async ({ page, request }) => {
  const recipient = `outbox-${Date.now()}@example.ch`;
  const [mail] = await insertRows(request, 'mail_outbox', [
    {
      // A kind whose recipient stays as queued (mails to the team get the team's address).
      kind: 'admin_invitation',
      recipient,
      payload: { email: recipient, invitedBy: 'admin@example.ch' },
      state: 'failed',
      attempts: 10,
      max_attempts: 10,
      last_error: 'Resend 500: provider down',
    },
  ]);
  try {
    await signIn(page);
    await page.goto('/admin/inbox?ansicht=postausgang');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toContainText(/fehlgeschlagene E-Mail/);
    const card = page.getByRole('listitem').filter({ hasText: `An: ${recipient}` });
    await expect(card).toContainText('Fehlgeschlagen');
    await expect(card).toContainText('Versuche: 10');
    await expect(card).toContainText('Letzter Fehler: Resend 500: provider down');
    await expectNoHorizontalScroll(page);

    await card.getByRole('button', { name: 'Erneut senden' }).click();
    await expect(toasts(page).getByText('E-Mail wird erneut gesendet', { exact: true })).toBeVisible();
    await expect(card).toContainText(/In Warteschlange|Wird gesendet|Gesendet/);
    await runOutbox(request);
    await page.reload();
    await expect(card).toContainText('Gesendet');
    await expect(card.getByRole('button', { name: 'Erneut senden' })).toHaveCount(0);
  } finally {
    await deleteRows(request, 'mail_outbox', `id=eq.${mail!.id}`);
  }
});
