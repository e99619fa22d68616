import { expect, test, type Page } from '@playwright/test';
import {
  API,
  deliveredMails,
  gotoHydrated,
  mailboxMessages,
  runOutbox,
  serviceHeaders,
  stackFacts,
  toasts,
} from '../support/e2e-env';

// The public forms in a real browser, through the built site, the local gateway and the edge
// functions on Deno: a contact message ends up in the local mailbox (/__mail), a corporate
// enquiry is confirmed, and a newsletter sign-up shows its toast and reaches the audience.

/** Kept for a human look at the forms, like the shell's screenshots. */
const SCREENSHOT_DIR = 'test-results/screenshots';

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`;
}

async function withoutCookieNotice(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice-dismissed', 'true'));
}

test.beforeEach(({ page }) => withoutCookieNotice(page));

test('a contact message is confirmed, the form is cleared and the mail shows in the local mailbox', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('kontakt');
  const subject = `Frage zum Fonduehüsli ${Date.now()}`;

  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  await form.getByLabel('Name').fill('Anna Muster');
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Betreff').fill(subject);
  await form.getByLabel('Nachricht').fill('Ist am 12. Dezember noch ein Abend frei?');
  await form.screenshot({ path: `${SCREENSHOT_DIR}/contact-form.png` });
  await form.getByRole('button', { name: 'Nachricht senden' }).click();

  await expect(toasts(page).getByText('Nachricht gesendet', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');

  const [notice] = await deliveredMails(request, (mail) => mail.reply_to.includes(email));
  expect(notice!.subject).toBe(`Kontaktanfrage: ${subject}`);

  await page.goto(`${API}/__mail`);
  await expect(page.getByText(`Kontaktanfrage: ${subject}`).first()).toBeVisible();
});

test('with the mail provider down a contact message is still confirmed, and its mail follows once it is back', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ausfall');
  const outboxState = async () => {
    const rows = await request.get(
      `${API}/rest/v1/enquiries?email=eq.${encodeURIComponent(email)}&select=mail_status,mail_outbox(state,attempts)`,
      { headers: serviceHeaders() },
    );
    return rows.json();
  };
  // The stack's controls take its service-role key as the local token (docs/local-stack.md).
  const control = { Authorization: `Bearer ${stackFacts().serviceRoleKey}` };
  expect(
    (await request.post(`${API}/__mail/control`, { data: { failWith: 500 }, headers: control })).ok(),
  ).toBe(true);
  try {
    await gotoHydrated(page, '/contact');
    const form = page.getByRole('form', { name: 'Kontaktformular' });
    await form.getByLabel('Name').fill('Anna Muster');
    await form.getByLabel('E-Mail').fill(email);
    await form.getByLabel('Betreff').fill('Während der Störung');
    await form.getByLabel('Nachricht').fill('Kommt das trotzdem an?');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();

    // The message and its mail are stored together; the visitor does not wait for the provider.
    await expect(toasts(page).getByText('Nachricht gesendet', { exact: true })).toBeVisible();
    await runOutbox(request);
    await expect
      .poll(outboxState)
      .toEqual([
        { mail_status: 'pending', mail_outbox: [{ state: 'queued', attempts: expect.any(Number) }] },
      ]);
  } finally {
    await request.post(`${API}/__mail/control`, { data: { failWith: null }, headers: control });
  }

  // Back up: the next run (here started by the test instead of the minute schedule) delivers.
  await request.patch(`${API}/rest/v1/mail_outbox?state=eq.queued`, {
    data: { next_attempt_at: new Date().toISOString() },
    headers: serviceHeaders(),
  });
  await expect
    .poll(async () => {
      await runOutbox(request);
      return outboxState();
    })
    .toEqual([{ mail_status: 'sent', mail_outbox: [{ state: 'sent', attempts: expect.any(Number) }] }]);
  const mails = await mailboxMessages(request);
  expect(mails.filter((mail) => mail.reply_to.includes(email))).toHaveLength(1);
});

test('a corporate enquiry from /atmen is forwarded to the provider', async ({ page, request }) => {
  const email = uniqueEmail('firma');

  await gotoHydrated(page, '/atmen');
  await page.getByRole('button', { name: 'Unternehmensangebot anfragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unternehmensangebot anfragen' });
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByLabel('Name und Unternehmen (optional)').fill('Beat Beispiel, Firma AG');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/corporate-enquiry-dialog.png` });
  await dialog.getByRole('button', { name: 'Anfrage senden' }).click();

  await expect(toasts(page).getByText('Anfrage gesendet', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await deliveredMails(
    request,
    (mail) =>
      mail.reply_to.includes(email) && mail.subject.startsWith('Anfrage Unternehmensangebot Breathwork'),
  );
});

test('a newsletter sign-up shows its toast and the address waits for double opt-in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('newsletter');

  await gotoHydrated(page, '/');
  const box = page.getByRole('region', { name: /Geschichten aus Küche, Wald und Atem/ });
  await box.getByLabel('E-Mail-Adresse').fill(email);
  await box.getByRole('button', { name: 'Anmelden' }).click();

  await expect(toasts(page).getByText('Newsletter Anmeldung', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText(
      'Vielen Dank für deine Anmeldung! Bitte bestätige deine E-Mail-Adresse über den Link, den wir dir gesendet haben.',
    ),
  ).toBeVisible();
  await expect(box.getByLabel('E-Mail-Adresse')).toHaveValue('');

  const members = (await (await request.get(`${API}/__mailchimp/members`)).json()) as Array<{
    email_address: string;
    status: string;
  }>;
  expect(members.find((member) => member.email_address === email)?.status).toBe('pending');
});
