import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FonduehusliPage from '@/app/routes/fonduehusli';
import { hutFacts, weekdaysText } from '@/content/fonduehusli';
import { formatDateLong } from '@/lib/dates';
import { fondueSettingsQueryOptions } from '@/features/settings/api/get-fondue-settings';
import { createTestQueryClient, prerenderedHtml, renderWithProviders, signedOut } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { stubDesktopBrowser } from './browser-stubs';

let api: FakeBackend;

/** A date `days` from today as 'yyyy-MM-dd'. */
const day = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

const PRICES = { two: 90, three_to_four: 85, five_to_six: 80 };
const HUT = {
  weekdays: [4, 5, 6, 7],
  start_time: '18:30',
  end_time: '22:30',
  min_persons: 2,
  max_persons: 6,
  cancellation_hours: 48,
  late_cancellation_charge_percent: 50,
  payment_methods: ['stripe', 'invoice', 'onsite'],
  location: 'Fonduehüsli, Waldweg 3, 5042 Hirschthal',
  external_url: null,
};

function serveSettings(season: { start: string; end: string | null }, prices: object = PRICES) {
  api.on('GET /rest/v1/settings', () =>
    json([
      { key: 'fondue_season', value: season },
      { key: 'fondue_prices', value: prices },
    ]),
  );
}

beforeEach(() => {
  stubDesktopBrowser();
  api = installFakeBackend();
  serveSettings({ start: day(30), end: day(150) });
});
afterEach(() => vi.unstubAllGlobals());

function renderFondue() {
  return renderWithProviders(<FonduehusliPage />, { route: '/fonduehusli', auth: signedOut });
}

/** The season card's heading once the settings are in. */
async function seasonCard(name: string) {
  return (await screen.findByRole('heading', { level: 2, name })).closest('section')!;
}

describe('Fonduehüsli', () => {
  it('has every block of the page', async () => {
    renderFondue();
    await seasonCard('Saisonstart');
    expect(screen.getByRole('heading', { level: 1, name: 'Fonduehüsli' })).toBeInTheDocument();
    for (const name of [
      'Saisonstart',
      'Dein Abend im Hüsli',
      'Einblicke ins Hüsli',
      'Das Menü',
      'Preise',
      'Für jeden Anlass',
      'So reservierst du',
      'Anfahrt',
      'Häufige Fragen',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    for (const course of ['Vorspeise', 'Hauptgang', 'Beilagen', 'Dessert', 'Getränke'])
      expect(screen.getByText(course)).toBeInTheDocument();
    expect(screen.getByRole('blockquote')).toBeInTheDocument();
  });

  it('states the facts of the season, group size and prices, as kept in the settings', async () => {
    serveSettings({ start: day(30), end: day(150) }, { two: 92.5, three_to_four: 85, five_to_six: 80 });
    const { container } = renderFondue();
    await seasonCard('Saisonstart');
    const text = container.textContent ?? '';
    expect(text).toContain(`Das Fonduehüsli öffnet am ${formatDateLong(day(30))}.`);
    expect(api.calls('GET /rest/v1/settings')[0]?.url.searchParams.get('key')).toBe(
      'in.(fondue_season,fondue_prices,fondue_hut)',
    );
    expect(text).toContain('Donnerstag bis Sonntag');
    expect(text).toContain('ab 18:30 Uhr');
    expect(text).toContain('2 bis 6 Personen');
    expect(text).toContain('CHF 92.50 pro Person');
    expect(text).toContain('CHF 85.00 pro Person');
    expect(text).toContain('CHF 80.00 pro Person');
    // The prices are facts in a description list: the floating contact button keeps their lines
    // clear (floating-clearance.ts), as on event pages (issue 26).
    expect(
      [...container.querySelectorAll('dl dd')].some((fact) => fact.textContent?.includes('CHF 80.00')),
    ).toBe(true);
    expect(text).toContain('Menü, Weisswein und Wasser inbegriffen');
    expect(text).toContain(
      'Kostenlose Stornierung bis 48 Stunden vor dem Abend. Danach verrechnen wir 50 % des Preises.',
    );
    expect(text).toContain('Kostenlose Parkplätze');
  });

  it('does not announce a season start that has passed', async () => {
    serveSettings({ start: day(-10), end: day(100) });
    const { container } = renderFondue();
    const card = await seasonCard('Die Saison läuft');
    expect(card).toHaveTextContent(`Das Fonduehüsli ist bis zum ${formatDateLong(day(100))} offen.`);
    expect(container).not.toHaveTextContent('öffnet am');
    expect(screen.queryByRole('heading', { name: 'Saisonstart' })).not.toBeInTheDocument();
  });

  it('hydrates with the build-time season, then tells the season as it is today', async () => {
    // Built five days ago, when the season (started two days ago) was still ahead.
    const builtAt = addDays(new Date(), -5).getTime();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(
      fondueSettingsQueryOptions().queryKey,
      { season: { start: day(-2), end: day(100) }, prices: PRICES },
      { updatedAt: builtAt },
    );
    const page = <FonduehusliPage />;
    const html = prerenderedHtml(page, { route: '/fonduehusli', auth: signedOut, queryClient });
    // The HTML says what was true at the build, so hydration renders the same markup ...
    expect(html).toContain('Saisonstart');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderWithProviders(page, {
        route: '/fonduehusli',
        auth: signedOut,
        queryClient,
        container,
        hydrate: true,
      });
      // ... and the page then moves to today: the start has passed, so it is no news any more.
      expect(await seasonCard('Die Saison läuft')).toHaveTextContent(
        `Das Fonduehüsli ist bis zum ${formatDateLong(day(100))} offen.`,
      );
      expect(screen.queryByText('Saisonstart')).not.toBeInTheDocument();
      const mismatches = consoleError.mock.calls.filter((call) => /hydrat/i.test(String(call[0])));
      expect(mismatches).toEqual([]);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('says a season without end is running', async () => {
    serveSettings({ start: day(-400), end: null });
    const card = await (renderFondue(), seasonCard('Die Saison läuft'));
    expect(card).toHaveTextContent('Das Fonduehüsli ist offen.');
  });

  it('says when the season is over, without naming a next date', async () => {
    serveSettings({ start: day(-200), end: day(-1) });
    const { container } = renderFondue();
    const card = await seasonCard('Saison beendet');
    expect(card).toHaveTextContent('Die Fondue-Saison ist vorbei.');
    expect(container).not.toHaveTextContent('öffnet am');
    await userEvent.click(screen.getByText('Wann beginnt die Fondue-Saison?'));
    expect(
      screen.getByText(
        `Die letzte Saison endete am ${formatDateLong(day(-1))}. Den nächsten Saisonstart geben wir hier bekannt.`,
      ),
    ).toBeVisible();
  });

  it('says calmly that season and prices are missing when the settings cannot be loaded', async () => {
    api.on('GET /rest/v1/settings', () => json({ code: 'PGRST000', message: 'down' }, 503));
    renderFondue();
    const notes = await screen.findAllByText(
      /Saisondaten und Preise können gerade nicht geladen werden/,
      {},
      { timeout: 10_000 },
    );
    expect(notes).toHaveLength(2);
    expect(screen.queryByText(/CHF/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Was kostet ein Abend?' })).not.toBeInTheDocument();
  });

  it("leads from every reserve button to the hut's own calendar", () => {
    renderFondue();
    const reserve = screen.getAllByRole('link', { name: /Jetzt reservieren|Termin wählen/ });
    expect(reserve.length).toBeGreaterThanOrEqual(2);
    for (const link of reserve) {
      expect(link).toHaveAttribute('href', '/fonduehusli/reservieren');
      expect(link).not.toHaveAttribute('target');
    }
  });

  it('opens the external scheduling page in a new tab when the settings switch back to it', async () => {
    const external = 'https://calendly.com/sinneswerk/fonduehuesli';
    api.on('GET /rest/v1/settings', () =>
      json([
        { key: 'fondue_season', value: { start: day(30), end: day(150) } },
        { key: 'fondue_prices', value: PRICES },
        { key: 'fondue_hut', value: { ...HUT, external_url: external } },
      ]),
    );
    renderFondue();
    await seasonCard('Saisonstart');
    const reserve = await screen.findAllByRole('link', { name: /Jetzt reservieren|Termin wählen/ });
    for (const link of reserve) {
      expect(link).toHaveAttribute('href', external);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('FAQ: one answer open at a time, and it closes again', async () => {
    const user = userEvent.setup();
    renderFondue();
    // Native <details>: the summary is the control, `open` its state (jsdom has no exclusive
    // `name`, so this checks the fallback; the browser's own grouping is checked in e2e).
    const answerOf = (question: string) => screen.getByText(question).closest('details')!;
    await screen.findByText('Wann beginnt die Fondue-Saison?');
    const season = answerOf('Wann beginnt die Fondue-Saison?');
    const cancel = answerOf('Kann ich kostenlos stornieren?');
    const prices = answerOf('Was kostet ein Abend?');
    const open = () => [...document.querySelectorAll('details')].filter((details) => details.open);
    expect(open()).toEqual([]);

    await user.click(within(season).getByText('Wann beginnt die Fondue-Saison?'));
    expect(open()).toEqual([season]);
    expect(within(season).getByText(`Die Saison startet am ${formatDateLong(day(30))}.`)).toBeVisible();

    await user.click(within(prices).getByText('Was kostet ein Abend?'));
    await waitFor(() => expect(open()).toEqual([prices]));
    expect(
      within(prices).getByText(
        /Pro Person CHF 90\.00 bei 2 Personen, CHF 85\.00 bei 3–4 Personen, CHF 80\.00 bei 5–6 Personen/,
      ),
    ).toBeVisible();

    await user.click(within(cancel).getByText('Kann ich kostenlos stornieren?'));
    await waitFor(() => expect(open()).toEqual([cancel]));

    await user.click(within(cancel).getByText('Kann ich kostenlos stornieren?'));
    await waitFor(() => expect(open()).toEqual([]));
  });

  it('answers the questions about days, time, group size and parking', () => {
    renderFondue();
    for (const question of [
      'An welchen Tagen ist das Hüsli offen?',
      'Um welche Zeit beginnt der Abend?',
      'Für wie viele Personen ist das Hüsli?',
      'Gibt es Parkplätze?',
    ]) {
      // Each question is the summary that opens its answer.
      expect(screen.getByText(question).tagName).toBe('SUMMARY');
    }
  });

  it("tells the hut's days, start, group size and cancellation rule as 'Einstellungen' keep them", async () => {
    api.on('GET /rest/v1/settings', () =>
      json([
        { key: 'fondue_season', value: { start: day(30), end: day(150) } },
        { key: 'fondue_prices', value: PRICES },
        {
          key: 'fondue_hut',
          value: {
            ...HUT,
            weekdays: [5, 6],
            start_time: '19:00',
            max_persons: 8,
            cancellation_hours: 24,
            late_cancellation_charge_percent: 30,
          },
        },
      ]),
    );
    renderFondue();
    const season = await seasonCard('Saisonstart');
    await waitFor(() => expect(within(season).getByText('Freitag und Samstag')).toBeInTheDocument());
    expect(within(season).getByText('ab 19:00 Uhr')).toBeInTheDocument();
    expect(within(season).getByText('2 bis 8 Personen')).toBeInTheDocument();
    expect(screen.getByText('Von Freitag und Samstag.')).toBeInTheDocument();
    expect(screen.getByText('Die Abende beginnen ab 19:00 Uhr.')).toBeInTheDocument();
    const rule =
      'Kostenlose Stornierung bis 24 Stunden vor dem Abend. Danach verrechnen wir 30 % des Preises.';
    expect(screen.getByText(rule)).toBeInTheDocument();
    expect(screen.getByText(`Menü, Weisswein und Wasser inbegriffen. ${rule}`)).toBeInTheDocument();
    expect(
      screen.getByText('Das Hüsli gehört an deinem Abend nur euch – für 2 bis 8 Personen.'),
    ).toBeInTheDocument();
  });
});

describe('weekdaysText', () => {
  it('says a run of three or more days as a range, others as a list', () => {
    expect(weekdaysText([4, 5, 6, 7])).toBe('Donnerstag bis Sonntag');
    expect(weekdaysText([7, 5, 6])).toBe('Freitag bis Sonntag');
    expect(weekdaysText([5, 6])).toBe('Freitag und Samstag');
    expect(weekdaysText([1, 3, 5])).toBe('Montag, Mittwoch und Freitag');
    expect(weekdaysText([6])).toBe('Samstag');
  });

  it("keeps the spec's words while the setting is not loaded", () => {
    expect(hutFacts(null)).toEqual({
      days: 'Donnerstag bis Sonntag',
      startTime: 'ab 18:30 Uhr',
      groupSize: '2 bis 6 Personen',
      cancellation:
        'Kostenlose Stornierung bis 48 Stunden vor dem Abend. Danach verrechnen wir 50 % des Preises.',
    });
  });
});
