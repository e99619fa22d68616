import type { CheckoutSession } from './account';

// The hosted checkout page of the stand-in (what checkout.stripe.com shows): what is paid, and
// one button per way the session can end. German, a plain form per action (works without
// scripts and with the keyboard), focus visible, contrast AA in light and dark.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const amount = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** As the site writes amounts: 'CHF 1’250.00'. */
function chf(cents: number, currency: string): string {
  return `${currency.toUpperCase()} ${amount.format(cents / 100)}`;
}

function actionButton(base: string, action: string, label: string, primary = false): string {
  return `<form method="post" action="${base}/${action}"><button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
}

function endedNotice(session: CheckoutSession): string {
  const back = session.status === 'complete' ? session.success_url : session.cancel_url;
  const message =
    session.status === 'complete'
      ? 'Diese Zahlung ist abgeschlossen.'
      : 'Diese Zahlungsseite ist abgelaufen. Es wurde nichts belastet.';
  const link = back
    ? `<p><a href="${escapeHtml(back.replace('{CHECKOUT_SESSION_ID}', session.id))}">Zurück zur Website</a></p>`
    : '';
  return `<p role="status">${message}</p>${link}`;
}

export function renderCheckoutPage(session: CheckoutSession, actionBase: string, notice = ''): string {
  const items = session.line_items_for_page
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${chf(item.unit_amount * item.quantity, session.currency)}</span></li>`,
    )
    .join('');
  const base = `${actionBase}/${encodeURIComponent(session.id)}`;
  const actions =
    session.status === 'open'
      ? `<div class="actions">
  ${session.payment_method_types.includes('twint') ? actionButton(base, 'pay-twint', 'Mit TWINT bezahlen', true) : ''}
  ${session.payment_method_types.includes('card') ? actionButton(base, 'pay-card', 'Mit Karte bezahlen', true) : ''}
  ${session.cancel_url ? actionButton(base, 'cancel', 'Abbrechen') : ''}
  ${actionButton(base, 'expire', 'Ablaufen lassen')}
</div>`
      : endedNotice(session);
  return `<!doctype html>
<html lang="de-CH">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Bezahlen – lokale Stripe-Testkasse</title>
<style>
  :root { color-scheme: light dark; --fg: #1a1a1a; --bg: #ffffff; --muted: #4a4a4a; --accent: #3d2f9e; --line: #c8c8c8; }
  @media (prefers-color-scheme: dark) { :root { --fg: #f2f2f2; --bg: #151515; --muted: #c4c4c4; --accent: #b9b0ff; --line: #555; } }
  body { font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0; padding: 1.5rem 1rem; }
  main { max-width: 28rem; margin: 0 auto; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .note { color: var(--muted); font-size: .9rem; margin: 0 0 1.5rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1rem; border-top: 1px solid var(--line); }
  li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid var(--line); }
  .total { display: flex; justify-content: space-between; font-weight: 700; font-size: 1.2rem; margin-bottom: 1.5rem; }
  .actions { display: grid; gap: .75rem; }
  form { margin: 0; }
  button { width: 100%; min-height: 2.75rem; font: inherit; border-radius: .5rem; border: 2px solid var(--accent); background: transparent; color: var(--accent); cursor: pointer; }
  button.primary { background: var(--accent); color: var(--bg); }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--fg); outline-offset: 2px; }
  a { color: var(--accent); }
  [role=alert] { border: 2px solid #b00020; padding: .5rem .75rem; border-radius: .5rem; }
</style>
</head>
<body>
<main>
  <h1>Bezahlen</h1>
  <p class="note">Lokale Stripe-Testkasse: es wird kein Geld bewegt.</p>
  ${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
  ${session.customer_email ? `<p>Für ${escapeHtml(session.customer_email)}</p>` : ''}
  <h2 class="note">Bestellung</h2>
  <ul>${items}</ul>
  <p class="total"><span>Total</span><span>${chf(session.amount_total, session.currency)}</span></p>
  ${actions}
</main>
</body>
</html>`;
}

export function renderMissingSessionPage(): string {
  return `<!doctype html><html lang="de-CH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Zahlung nicht gefunden</title></head><body><main><h1>Zahlung nicht gefunden</h1><p>Diese Zahlungsseite gibt es nicht.</p></main></body></html>`;
}
