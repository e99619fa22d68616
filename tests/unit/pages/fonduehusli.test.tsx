import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FonduehusliPage from '@/app/routes/fonduehusli';
import { site } from '@/lib/site';
import { renderWithProviders, signedOut } from '../../support/render';
import { stubDesktopBrowser } from './browser-stubs';

beforeEach(() => stubDesktopBrowser());
afterEach(() => vi.unstubAllGlobals());

function renderFondue() {
  return renderWithProviders(<FonduehusliPage />, { route: '/fonduehusli', auth: signedOut });
}

describe('Fonduehüsli', () => {
  it('has every block of the page', () => {
    renderFondue();
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

  it('states the facts of the season, group size and prices', () => {
    const { container } = renderFondue();
    const text = container.textContent ?? '';
    expect(text).toContain('Das Fonduehüsli öffnet am 16. Oktober 2025.');
    expect(text).toContain('Donnerstag bis Sonntag');
    expect(text).toContain('ab 18:30 Uhr');
    expect(text).toContain('2 bis 6 Personen');
    expect(text).toContain('CHF 90.00 pro Person');
    expect(text).toContain('CHF 85.00 pro Person');
    expect(text).toContain('CHF 80.00 pro Person');
    expect(text).toContain('Menü, Weisswein und Wasser inbegriffen');
    expect(text).toContain(
      'Bis 48 Stunden vor dem Termin kannst du kostenlos stornieren. Danach verrechnen wir 50% der Kosten.',
    );
    expect(text).toContain('Kostenlose Parkplätze');
  });

  it('opens the external scheduling page in a new tab from every reserve button', () => {
    renderFondue();
    const reserve = screen.getAllByRole('link', { name: /Jetzt reservieren|Termin wählen/ });
    expect(reserve.length).toBeGreaterThanOrEqual(2);
    for (const link of reserve) {
      expect(link).toHaveAttribute('href', site.fondueSchedulingUrl);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('FAQ: one answer open at a time, and it closes again', async () => {
    const user = userEvent.setup();
    renderFondue();
    const season = screen.getByRole('button', { name: 'Wann beginnt die Fondue-Saison?' });
    const cancel = screen.getByRole('button', { name: 'Kann ich kostenlos stornieren?' });
    const prices = screen.getByRole('button', { name: 'Was kostet ein Abend?' });
    expect(season).toHaveAttribute('aria-expanded', 'false');

    await user.click(season);
    expect(season).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Die Saison startet am 16. Oktober 2025.')).toBeVisible();

    await user.click(prices);
    expect(prices).toHaveAttribute('aria-expanded', 'true');
    expect(season).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.getByText(
        /Pro Person CHF 90\.00 bei 2 Personen, CHF 85\.00 bei 3–4 Personen, CHF 80\.00 bei 5–6 Personen/,
      ),
    ).toBeVisible();

    await user.click(cancel);
    expect(screen.getAllByRole('button', { expanded: true })).toEqual([cancel]);

    await user.click(cancel);
    expect(cancel).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('answers the questions about days, time, group size and parking', () => {
    renderFondue();
    for (const question of [
      'An welchen Tagen ist das Hüsli offen?',
      'Um welche Zeit beginnt der Abend?',
      'Für wie viele Personen ist das Hüsli?',
      'Gibt es Parkplätze?',
    ]) {
      expect(screen.getByRole('button', { name: question })).toBeInTheDocument();
    }
  });
});
