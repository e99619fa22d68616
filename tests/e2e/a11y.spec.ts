/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoHorizontalScroll, signIn } from '../support/e2e-admin';
import { createPageSamples, type PageSamples } from '../support/e2e-catalog';
import { inDays, TestData } from '../support/e2e-data';
import { gotoHydrated, onDatabase } from '../support/e2e-env';
import { PUBLIC_PAGES } from '../support/e2e-routes';
import { expectNoViolations } from './axe';

// Accessibility audit in a real browser against the production build and the local stack, with a
// sample catalog this file creates (every category and event state, registrations, a story):
// axe-core's WCAG 2.1 A/AA rules on every route of the router (light and dark theme; public pages
// also at phone width), plus the keyboard path through the site shell.

const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};
const NEWSLETTER_HEADING = 'Geschichten aus Küche, Wald und Atem';
const MAIN_NAV = ['Essen', 'Atmen', 'Spielen', 'Events', 'Fonduehüsli', 'Stories', 'Über uns', 'Kontakt'];

/** Rows the pages with a parameter are audited with, created in beforeAll. */
interface Samples extends PageSamples {
  /** A booking with an open online payment: the confirmation page's 'Jetzt bezahlen' state. */
  onlineBooking: { reference: string; manageToken: string };
  /** An event over for 70 days with a booking: its page offers 'Personendaten entfernen'. */
  pastEventId: string;
}

/** The third Saturday of next month ('YYYY-MM-DD'): an evening the hut's default setting opens. */
function hutEveningNextMonth(): string {
  const day = new Date();
  day.setUTCDate(1);
  day.setUTCMonth(day.getUTCMonth() + 1);
  day.setUTCDate(1 + ((6 - day.getUTCDay() + 7) % 7) + 14);
  return day.toISOString().slice(0, 10);
}

/** The recipient of the gift vouchers this file issues (removed in afterAll by it). */
const A11Y_VOUCHER_RECIPIENT = 'A11y Prüfung';
/** The offer voucher and the buyer of the orders this file creates (removed in afterAll). */
const A11Y_OFFER_TITLE = 'A11y Fondue-Abend für 2 Personen';
const A11Y_ORDER_BUYER = 'a11y-gutschein@example.ch';

/** Admin pages reachable without a session (under /admin). */
const ADMIN_PUBLIC_ROUTES: Record<string, () => string> = {
  login: () => '/admin/login',
  signup: () => '/admin/signup',
};

/** Admin pages behind the guard (under /admin). */
const ADMIN_ROUTES: Record<string, (s: Samples) => string> = {
  dashboard: () => '/admin/dashboard',
  events: () => '/admin/events',
  'events/new': () => '/admin/events/new',
  'events/:id': (s) => `/admin/events/${s.eventId}`,
  'events/:id/edit': (s) => `/admin/events/${s.eventId}/edit`,
  'events/:id/checkin': (s) => `/admin/events/${s.eventId}/checkin`,
  'events/:id/warteliste': (s) => `/admin/events/${s.waitlistEventId}/warteliste`,
  participants: () => '/admin/participants',
  fonduehusli: () => '/admin/fonduehusli',
  'participants/:id': (s) => `/admin/participants/${s.participantId}`,
  inbox: () => '/admin/inbox',
  zahlungen: () => '/admin/zahlungen',
  finanzen: () => '/admin/finanzen',
  rabattcodes: () => '/admin/rabattcodes',
  gutscheine: () => '/admin/gutscheine',
  datenschutz: () => '/admin/datenschutz',
  users: () => '/admin/users',
  settings: () => '/admin/settings',
};

/**
 * Audits the page in the light theme, then in the dark one: one page load for both. The system
 * setting switches (public pages follow it live while no theme is stored, as for a phone that
 * turns dark at night) and the root gets the theme as index.html's script gives it at load (the
 * admin area reads it only then).
 */
async function auditInBothThemes(page: Page) {
  // Colours change at once: axe must not measure a colour half-way through its transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((value) => {
      document.documentElement.classList.toggle('dark', value === 'dark');
      document.documentElement.style.colorScheme = value;
    }, theme);
    await expectNoViolations(page);
  }
}

/** Opens a page as the signed-in admin, from the session signed in once in beforeAll. */
async function adminPage(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState: adminSession,
    viewport,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  return context.newPage();
}

/** Waits until the page shows its finished content: heading, data loaded, fonts in. */
async function settle(page: Page, { publicPage }: { publicPage: boolean }) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (publicPage) await expect(page.getByRole('region', { name: NEWSLETTER_HEADING })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

// Scroll-in fades would otherwise leave content transparent while axe measures contrast.
// axe is injected as a script tag, which the site's Content-Security-Policy (sent by the e2e
// server like the host does) rightly refuses; the policy itself is checked in prerender.spec.ts.
test.use({ reducedMotion: 'reduce', bypassCSP: true });

const data = new TestData();
let samples: Samples;
let adminSession: Awaited<ReturnType<BrowserContext['storageState']>>;
test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await signIn(await context.newPage());
  adminSession = await context.storageState();
  await context.close();
});
test.beforeAll(async () => {
  // A published, upcoming event with free seats (its booking page shows the form), its
  // registration, a story, a waiting list with an offer and a booking; the lists around them show
  // every other state.
  samples = {
    ...(await createPageSamples(data)),
    onlineBooking: await data.createBooking(await data.createEvent({ payment_methods: ['stripe'] }), {
      paymentMethod: 'stripe',
    }),
    pastEventId: (await data.createEvent({ start_date: inDays(-70) })).id,
  };
  await data.createParticipant({ id: samples.pastEventId });
  await addReceipt(samples.booking.reference);
  // A code in the list of /admin/rabattcodes (its table, its button).
  await onDatabase((client) =>
    client.query(`insert into public.discount_codes (code, label, percent, max_uses, min_persons, categories)
                  values ('A11Y-PRUEFUNG', 'Barrierefreiheit', 10, 20, 2, '{workshop}') on conflict (code) do nothing`),
  );
  // A voucher in the list of /admin/gutscheine (its card, its buttons), partly redeemed.
  await onDatabase((client) =>
    client.query(
      `insert into public.gift_vouchers (code, kind, title, value_cents, balance_cents, valid_until,
                    source, recipient_name, note)
                  values (private.new_gift_voucher_code(), 'offer', 'Fondue-Abend für zwei', 18000, 6050,
                    current_date + 365, 'staff', $1, 'Barrierefreiheit')`,
      [A11Y_VOUCHER_RECIPIENT],
    ),
  );
  // An offer and an open order on the tabs 'Angebote' and 'Bestellungen' of /admin/gutscheine.
  await onDatabase((client) =>
    client.query(
      `with offer as (insert into public.gift_voucher_offers (title, description, price_cents, position)
                      values ($1, 'Barrierefreiheit', 9800, 999) returning id)
       select public.order_gift_voucher('A11y Käuferin', $2, 'Gina', null, 'Alles Gute!',
                private.today_in_zurich(), (select id from offer), null)`,
      [A11Y_OFFER_TITLE, A11Y_ORDER_BUYER],
    ),
  );
  // A booked hut evening next month: the admin calendar offers 'Verschieben' on it.
  const hutEvening = await data.createEvent({
    category: 'fondue',
    title: 'Fonduehüsli',
    start_date: hutEveningNextMonth(),
    start_time: '18:30',
    end_time: '22:30',
    max_participants: 6,
    price: 85,
    payment_methods: ['onsite'],
  });
  await data.createParticipant(hutEvening, { persons: 3, status: 'confirmed' });
});
test.afterAll(async () => {
  await data.removeAll();
  await onDatabase((client) =>
    client.query(`delete from public.discount_codes where code = 'A11Y-PRUEFUNG'`),
  );
  await onDatabase(async (client) => {
    await client.query('delete from public.gift_voucher_orders where buyer_email = $1', [A11Y_ORDER_BUYER]);
    await client.query('delete from public.gift_voucher_offers where title = $1', [A11Y_OFFER_TITLE]);
  });
  // Also the ones the 'gift voucher issued' state issues for the same name.
  await onDatabase((client) =>
    client.query('delete from public.gift_vouchers where recipient_name = $1', [A11Y_VOUCHER_RECIPIENT]),
  );
});

/**
 * A receipt as the outbox trigger keeps it (public.receipts): the manage page lists it under
 * 'Belege' with its download button. Written directly; issuing it is tested elsewhere.
 */
async function addReceipt(reference: string): Promise<void> {
  await onDatabase((client) =>
    client.query(
      `insert into public.receipts (number, kind, participant_id, mail_id, issued_on, amount_cents, method, document)
       select upper(left(replace(m.id::text, '-', ''), 10)), 'receipt', p.id, m.id, current_date, 4500, 'onsite', '{}'
         from public.participants p cross join (select gen_random_uuid() as id) m
        where p.reference = $1`,
      [reference],
    ),
  );
}

test('the audit covers every route of the router', () => {
  const source = readFileSync('src/app/router.tsx', 'utf8');
  const adminStart = source.indexOf("path: '/admin'");
  expect(adminStart).toBeGreaterThan(0);
  const paths = (text: string) => [...text.matchAll(/path: '([^']+)'/g)].map((match) => match[1]).sort();
  expect(paths(source.slice(0, adminStart))).toEqual(Object.keys(PUBLIC_PAGES).sort());
  expect(paths(source.slice(adminStart))).toEqual(
    ['/admin', ...Object.keys(ADMIN_PUBLIC_ROUTES), ...Object.keys(ADMIN_ROUTES)].sort(),
  );
});

test.describe('axe: public pages', () => {
  for (const [route, url] of Object.entries({ ...PUBLIC_PAGES, ...ADMIN_PUBLIC_ROUTES })) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      test(`${route}, ${size}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(url(samples));
        await settle(page, { publicPage: !(route in ADMIN_PUBLIC_ROUTES) });
        await auditInBothThemes(page);
      });
    }
  }
});

// States of a page the route list above does not reach.
test.describe('axe: page states', () => {
  const STATES: Record<string, (s: Samples) => string> = {
    'buchung/:reference, online payment open': (s) =>
      `/buchung/${s.onlineBooking.reference}#${s.onlineBooking.manageToken}`,
    'buchung/:reference/verwalten, with a receipt': (s) =>
      `/buchung/${s.booking.reference}/verwalten#${s.booking.manageToken}`,
  };
  const READY: Record<string, (page: Page) => Promise<void>> = {
    'buchung/:reference, online payment open': (page) =>
      expect(page.getByRole('button', { name: 'Jetzt bezahlen' })).toBeVisible(),
    'buchung/:reference/verwalten, with a receipt': (page) =>
      expect(page.getByRole('region', { name: 'Belege' })).toBeVisible(),
  };
  for (const [state, url] of Object.entries(STATES)) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      test(`${state}, ${size}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(url(samples));
        await settle(page, { publicPage: true });
        await READY[state]!(page);
        await auditInBothThemes(page);
      });
    }
  }
});

// Admin pages at both widths too: the team works from a phone on the evening.
test.describe('axe: admin pages', () => {
  for (const [route, url] of Object.entries(ADMIN_ROUTES)) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      test(`admin/${route}, ${size}`, async ({ browser, baseURL }) => {
        const page = await adminPage(browser, baseURL, viewport);
        await page.goto(url(samples));
        await settle(page, { publicPage: false });
        await auditInBothThemes(page);
        // Issue 16: on a phone every action is reachable without scrolling sideways.
        if (size === 'phone') await expectNoHorizontalScroll(page);
        await page.context().close();
      });
    }
  }
});

/** On the admin's hut calendar, next month: the first evening's `button` opens `dialog`. */
async function openHutDialog(page: Page, button: RegExp, dialog: string): Promise<void> {
  await page.getByRole('button', { name: /^Nächster Monat/ }).click();
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
}

/** States a page reaches only after an action: dialogs, sheets, validation errors, toasts. */
const STATES: Array<{
  name: string;
  url: (s: Samples) => string;
  viewport?: keyof typeof VIEWPORTS;
  admin?: boolean;
  reach: (page: Page) => Promise<void>;
}> = [
  {
    name: 'mobile menu open',
    url: () => '/',
    viewport: 'phone',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await expect(page.getByRole('dialog', { name: 'Menü' })).toBeVisible();
    },
  },
  {
    name: 'booking form with errors',
    url: (s) => `/events/${s.eventSlug}/buchen`,
    reach: async (page) => {
      const form = page.getByRole('form', { name: 'Anmeldung' });
      await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'fondue hut booking form, phone',
    url: () => '/fonduehusli/reservieren',
    viewport: 'phone',
    reach: async (page) => {
      // Next month: free evenings whatever the day of the month.
      await page.getByRole('button', { name: /^Nächster Monat/ }).click();
      await page
        .getByRole('button', { name: /: frei$/ })
        .first()
        .click();
      await expect(page.getByRole('form', { name: 'Reservation' })).toBeVisible();
    },
  },
  {
    name: 'block a fondue hut evening, phone',
    url: () => '/admin/fonduehusli',
    viewport: 'phone',
    admin: true,
    reach: (page) => openHutDialog(page, /^Sperren/, 'Abend sperren'),
  },
  {
    name: 'move a fondue hut booking, phone',
    url: () => '/admin/fonduehusli',
    viewport: 'phone',
    admin: true,
    reach: (page) => openHutDialog(page, /^Verschieben/, 'Buchung verschieben'),
  },
  {
    name: 'contact form with errors',
    url: () => '/contact',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'corporate enquiry dialog',
    url: () => '/atmen',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Unternehmensangebot anfragen' }).click();
      // The form loads when the dialog opens: check the dialog with it.
      await expect(page.getByRole('dialog').getByLabel('E-Mail')).toBeVisible();
    },
  },
  {
    name: 'newsletter field error',
    url: () => '/',
    reach: async (page) => {
      const box = page.getByRole('region', { name: NEWSLETTER_HEADING });
      await box.getByRole('button', { name: 'Anmelden' }).click();
      await expect(box.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    },
  },
  {
    name: 'inbox: newsletter sign-ups',
    url: () => '/admin/inbox?ansicht=newsletter',
    viewport: 'phone',
    admin: true,
    reach: async (page) => {
      await expect(page.getByRole('tab', { name: 'Newsletter', selected: true })).toBeVisible();
    },
  },
  {
    name: 'inbox: outbox',
    url: () => '/admin/inbox?ansicht=postausgang',
    viewport: 'phone',
    admin: true,
    reach: async (page) => {
      await expect(page.getByRole('tab', { name: /Postausgang/, selected: true })).toBeVisible();
    },
  },
  {
    name: 'delete event confirmation',
    url: (s) => `/admin/events/${s.eventId}/edit`,
    admin: true,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Event löschen' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
  {
    name: 'cancel event dialog',
    url: (s) => `/admin/events/${s.eventId}/edit`,
    admin: true,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Event absagen' }).click();
      await expect(page.getByRole('dialog', { name: 'Event absagen' })).toBeVisible();
    },
  },
  {
    name: 'cancel booking dialog, phone',
    url: (s) => `/admin/participants/${s.participantId}`,
    admin: true,
    viewport: 'phone',
    reach: async (page) => {
      await page.getByRole('button', { name: /stornieren$/ }).click();
      await expect(page.getByRole('dialog', { name: 'Buchung stornieren' })).toBeVisible();
    },
  },
  {
    name: 'event form: Wiederholen, weekly',
    url: () => '/admin/events/new',
    admin: true,
    reach: async (page) => {
      await page.getByLabel('Startdatum *').fill('2027-03-22');
      await page.getByLabel('Als Serie wiederholen').check();
      await page.getByLabel('Rhythmus').selectOption('weekly');
      await expect(page.getByRole('status').filter({ hasText: '12 Termine:' })).toBeVisible();
    },
  },
  {
    name: 'series scope dialog',
    url: (s) => `/admin/events/${s.seriesEventId}/edit`,
    admin: true,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Änderungen speichern' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Termin einer Serie ändern' });
      await dialog.getByLabel('Dieses und alle folgenden').check();
      await expect(dialog.getByLabel('Persönliche Nachricht (optional)')).toBeVisible();
    },
  },
  {
    name: "remove a past event's personal data",
    url: (s) => `/admin/events/${s.pastEventId}/edit`,
    admin: true,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Export herunterladen' }).click();
      await expect(page.getByText(/^Export heruntergeladen/)).toBeVisible();
      await page.getByRole('button', { name: 'Personendaten entfernen' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Personendaten entfernen?' })).toBeVisible();
    },
  },
  {
    name: 'gift voucher issued',
    url: () => '/admin/gutscheine',
    admin: true,
    reach: async (page) => {
      const form = page.getByRole('form', { name: 'Gutschein ausstellen' });
      await form.getByLabel('Betrag in CHF').fill('50');
      await form.getByLabel('Für (Name, optional)').fill(A11Y_VOUCHER_RECIPIENT);
      await form.getByRole('button', { name: 'Gutschein ausstellen' }).click();
      await expect(page.getByRole('region', { name: 'Gutschein ausgestellt' })).toBeVisible();
    },
  },
  {
    name: 'void gift voucher dialog, phone',
    url: () => '/admin/gutscheine',
    admin: true,
    viewport: 'phone',
    reach: async (page) => {
      await page.getByLabel('Suche nach Code oder Name').fill(A11Y_VOUCHER_RECIPIENT);
      await page
        .getByRole('button', { name: /^Verlauf von/ })
        .first()
        .click();
      await expect(page.getByText('Noch nicht eingelöst.').first()).toBeVisible();
      await page
        .getByRole('button', { name: /ungültig machen$/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Gutschein ungültig machen' })).toBeVisible();
    },
  },
  {
    name: 'gift voucher offers, phone',
    url: () => '/admin/gutscheine?ansicht=angebote',
    admin: true,
    viewport: 'phone',
    reach: async (page) => {
      await expect(page.getByRole('tab', { name: 'Angebote', selected: true })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Angebote' }).getByText(A11Y_OFFER_TITLE)).toBeVisible();
    },
  },
  {
    name: 'gift voucher offer dialog with errors',
    url: () => '/admin/gutscheine?ansicht=angebote',
    admin: true,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Angebot hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Angebot hinzufügen' });
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'edit gift voucher offer dialog, phone',
    url: () => '/admin/gutscheine?ansicht=angebote',
    admin: true,
    viewport: 'phone',
    reach: async (page) => {
      await page.getByRole('button', { name: `Bearbeiten: ${A11Y_OFFER_TITLE}` }).click();
      await expect(page.getByRole('dialog', { name: 'Angebot bearbeiten' })).toBeVisible();
    },
  },
  {
    name: 'gift voucher orders, phone',
    url: () => '/admin/gutscheine?ansicht=bestellungen',
    admin: true,
    viewport: 'phone',
    reach: async (page) => {
      await expect(page.getByRole('tab', { name: 'Bestellungen', selected: true })).toBeVisible();
      await expect(page.getByText(A11Y_ORDER_BUYER).first()).toBeVisible();
    },
  },
  {
    name: 'add participant form',
    url: () => '/admin/participants',
    admin: true,
    reach: async (page) => {
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(page.getByRole('form', { name: 'Teilnehmer hinzufügen' })).toBeVisible();
    },
  },
];

test.describe('axe: states after an action', () => {
  for (const state of STATES) {
    test(state.name, async ({ page: visitorPage, browser, baseURL }) => {
      const viewport = VIEWPORTS[state.viewport ?? 'desktop'];
      const page = state.admin ? await adminPage(browser, baseURL, viewport) : visitorPage;
      await page.setViewportSize(viewport);
      await gotoHydrated(page, state.url(samples));
      await settle(page, { publicPage: !state.admin });
      await state.reach(page);
      await auditInBothThemes(page);
      if (state.admin) await page.context().close();
    });
  }
});

// axe cannot judge text on a photo ("needs review"), so the hero text is measured from pixels:
// the text is made transparent, each line box is captured, and every pixel behind it must keep
// the WCAG ratio with the text colour laid over it. The lightest 1 % count as noise (grain, JPEG).
const HERO_ROUTES = [
  '/',
  '/essen',
  '/atmen',
  '/kids',
  '/workshops',
  '/stammtisch',
  '/experience',
  '/fonduehusli',
  '/transformation',
  '/stories',
  '/ueber-uns',
  '/contact',
];

type Rgba = [number, number, number, number];

interface TextBox {
  text: string;
  color: Rgba;
  large: boolean;
  rects: Array<{ x: number; y: number; width: number; height: number }>;
}

function relativeLuminance([r, g, b]: number[]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}

/** Contrast of the (possibly translucent) text colour over each pixel; the 1st percentile. */
async function lowContrastOf(png: Buffer, [r, g, b, alpha]: Rgba): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const ratios: number[] = [];
  for (let i = 0; i < data.length; i += info.channels) {
    const behind = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    const text = [r, g, b].map((c, k) => alpha * c + (1 - alpha) * (behind[k] ?? 0));
    const [hi, lo] = [relativeLuminance(text), relativeLuminance(behind)].sort((x, y) => y - x);
    ratios.push(((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05));
  }
  ratios.sort((x, y) => x - y);
  return ratios[Math.floor(ratios.length / 100)] ?? 0;
}

/** Text lines inside the hero, with their colour; the text itself is then hidden. */
async function hideHeroText(page: Page): Promise<TextBox[]> {
  return page.evaluate(() => {
    const heading = document.querySelector('main h1');
    const hero = heading?.closest('section');
    if (!hero?.querySelector('img')) return [];
    // Per text node, so visually hidden text (sr-only: clipped to 1 px) is left out.
    const texts: Text[] = [];
    for (const element of hero.querySelectorAll('h1, p, a')) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
    }
    const boxes = texts
      .filter((node) => {
        const box = node.parentElement?.getBoundingClientRect();
        return !!node.textContent?.trim() && !!box && box.width > 1 && box.height > 1;
      })
      .map((node) => {
        const style = getComputedStyle(node.parentElement as Element);
        const channels = (style.color.match(/[\d.]+/g) ?? []).map(Number);
        const size = parseFloat(style.fontSize);
        const bold = Number(style.fontWeight) >= 700;
        const range = document.createRange();
        range.selectNodeContents(node);
        return {
          text: node.textContent?.trim() ?? '',
          color: [channels[0] ?? 0, channels[1] ?? 0, channels[2] ?? 0, channels[3] ?? 1] as Rgba,
          // WCAG large text: 18 pt (24 px), or 14 pt (18.66 px) bold.
          large: size >= 24 || (bold && size >= 18.66),
          rects: [...range.getClientRects()]
            .filter((rect) => rect.width > 1 && rect.height > 1)
            .map(({ x, y, width, height }) => ({ x, y: y + window.scrollY, width, height })),
        };
      });
    const style = document.createElement('style');
    style.textContent = 'main section * { color: transparent !important; text-shadow: none !important; }';
    document.head.append(style);
    return boxes;
  });
}

test.describe('hero text on photos', () => {
  for (const url of HERO_ROUTES) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      test(`${url}, ${size}`, async ({ page }) => {
        await page.addInitScript(() => window.localStorage.setItem('cookie-notice-dismissed', 'true'));
        await page.setViewportSize(viewport);
        await page.goto(url);
        await settle(page, { publicPage: true });
        // Below-the-fold images load lazily and never complete here: wait for the hero's only.
        await page.waitForFunction(() =>
          [...(document.querySelector('main h1')?.closest('section')?.querySelectorAll('img') ?? [])].every(
            (image) => image.complete && image.naturalWidth > 0,
          ),
        );
        await page.evaluate(() => window.scrollTo(0, 0));
        const boxes = await hideHeroText(page);
        expect(boxes.length, 'a hero with a photo and text').toBeGreaterThan(0);

        const failures: string[] = [];
        for (const box of boxes) {
          for (const rect of box.rects) {
            const png = await page.screenshot({ clip: rect, fullPage: true, animations: 'disabled' });
            const ratio = await lowContrastOf(png, box.color);
            const needed = box.large ? 3 : 4.5;
            if (ratio < needed) failures.push(`"${box.text}": ${ratio.toFixed(2)}:1 < ${needed}:1`);
          }
        }
        expect(failures.join('\n'), `hero text contrast on ${url} (${size})`).toBe('');
      });
    }
  }
});

test.describe('keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookie-notice-dismissed', 'true'));
  });

  test('Tab from the top of home: skip link first, then the main navigation, then the newsletter', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await gotoHydrated(page, '/');
    await settle(page, { publicPage: true });

    // What each Tab stop is, as far as this test cares; stops in between are 'other'.
    const stops: string[] = [];
    for (let i = 0; i < 200 && stops.at(-1) !== 'newsletter'; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const element = document.activeElement;
          if (!(element instanceof HTMLElement)) return 'none';
          if (element.matches('a[href="#main"]')) return 'skip';
          if (element.closest('nav[aria-label="Hauptnavigation"]'))
            return `nav:${element.textContent?.trim()}`;
          if (
            element.closest('[aria-labelledby="newsletter-heading"]') &&
            element.matches('input[type="email"]')
          )
            return 'newsletter';
          return 'other';
        }),
      );
    }

    expect(stops[0]).toBe('skip');
    expect(stops.filter((stop) => stop.startsWith('nav:'))).toEqual(MAIN_NAV.map((label) => `nav:${label}`));
    expect(stops.at(-1)).toBe('newsletter');
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await gotoHydrated(page, '/');
    await settle(page, { publicPage: true });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('the mobile menu opens with Enter and Escape closes it, focus back on the toggle', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await gotoHydrated(page, '/');
    await settle(page, { publicPage: true });
    // includeHidden: while the sheet is open, the dialog hides the rest of the page from the tree.
    const toggle = page.getByRole('button', { name: 'Menü öffnen', includeHidden: true });
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      if (await toggle.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menü' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.locator(':focus')).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
