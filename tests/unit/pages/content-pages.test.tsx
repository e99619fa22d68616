import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AtmenPage from '@/app/routes/atmen';
import ContactPage from '@/app/routes/contact';
import DatenschutzPage from '@/app/routes/datenschutz';
import EssenPage from '@/app/routes/essen';
import ExperiencePage from '@/app/routes/experience';
import FonduehusliConfirmationPage from '@/app/routes/fonduehusli-confirmation';
import HomePage from '@/app/routes/home';
import ImpressumPage from '@/app/routes/impressum';
import KidsPage from '@/app/routes/kids';
import NotFoundPage from '@/app/routes/not-found';
import StammtischPage from '@/app/routes/stammtisch';
import TransformationPage from '@/app/routes/transformation';
import UeberUnsPage from '@/app/routes/ueber-uns';
import WorkshopsPage from '@/app/routes/workshops';
import { site } from '@/lib/site';
import { renderWithProviders, signedOut } from '../../support/render';
import { installFakeBackend, json } from '../../support/fake-backend';
import { stubDesktopBrowser } from './browser-stubs';

beforeEach(() => {
  stubDesktopBrowser();
  // The pages' event lists and teasers find nothing; their own tests are in tests/unit/events.
  installFakeBackend({ unrouted: () => json([]) });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(Page: ComponentType, route = '/') {
  return renderWithProviders(<Page />, { route, auth: signedOut });
}

const heading = (name: string | RegExp, level?: number) => screen.getByRole('heading', { name, level });
const link = (name: string | RegExp) => screen.getByRole('link', { name });

describe('content pages: headings and key links', () => {
  it('Home', async () => {
    renderPage(HomePage);
    expect(heading('Eine neue Art des Erlebens', 1)).toBeInTheDocument();
    expect(heading('Alle Sinne ansprechen')).toBeInTheDocument();
    expect(heading('Erleben. Entdecken. Verbinden.')).toBeInTheDocument();
    expect(link('Mehr über uns')).toHaveAttribute('href', '/ueber-uns');
    expect(link('Alle Erlebnisse ansehen')).toHaveAttribute('href', '/erleben');
    const tiles = screen.getByRole('region', { name: 'Für wen ist was?' });
    const tileLinks = within(tiles)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(tileLinks).toEqual(['/essen', '/kids', '/sense-of-breath', '/fonduehusli']);
    expect(within(tiles).getByRole('link', { name: 'Jetzt reservieren' })).toHaveAttribute(
      'href',
      '/fonduehusli',
    );
    expect(await screen.findByRole('heading', { name: 'Kommende Events' })).toBeInTheDocument();
  });

  it('Home: the call to action scrolls to the tiles', async () => {
    // jsdom does no scrolling; record which element was asked to scroll into view.
    const scrollIntoView = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderPage(HomePage);
      await userEvent.click(link('Finde dein Erlebnis'));
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('fuer-wen'));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('Über uns', () => {
    renderPage(UeberUnsPage, '/ueber-uns');
    expect(heading('Die Gründer')).toBeInTheDocument();
    expect(heading('Lena Meier')).toBeInTheDocument();
    expect(heading('Marco Frei')).toBeInTheDocument();
    expect(link('Was uns verbindet')).toHaveAttribute('href', '#was-uns-verbindet');
    expect(document.getElementById('was-uns-verbindet')).toContainElement(heading('Was uns verbindet', 2));
  });

  it('Workshops', () => {
    renderPage(WorkshopsPage, '/workshops');
    expect(heading('Workshops', 1)).toBeInTheDocument();
    expect(heading('Was dich erwartet')).toBeInTheDocument();
    for (const title of [
      'Fermentieren',
      'Vegane und alkoholfreie Drinks',
      'Wildkräuter sammeln und verarbeiten',
      'Saisonale Naturmenüs',
      'Pasta von Hand',
      'Trüffelküche',
    ]) {
      expect(heading(title, 3)).toBeInTheDocument();
    }
    expect(link('Jetzt buchen')).toHaveAttribute('href', '/kontakt');
  });

  it('Stammtisch', async () => {
    renderPage(StammtischPage, '/stammtisch');
    expect(heading('Stammtisch', 1)).toBeInTheDocument();
    expect(heading('Auf einen Blick')).toBeInTheDocument();
    expect(screen.getByText('8 bis 12 Personen pro Abend')).toBeInTheDocument();
    expect(screen.getByText('rund 3 Stunden')).toBeInTheDocument();
    // Price and place belong to the events (they differ from evening to evening).
    expect(screen.queryByText(/CHF/)).not.toBeInTheDocument();
    expect(await screen.findByText('stehen bei jedem Termin')).toBeInTheDocument();
    expect(screen.getByText(/Reservation ist erforderlich/)).toBeInTheDocument();
    expect(heading('Impressionen')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Impressionen' })).toBeInTheDocument();
  });

  it('Essen', () => {
    renderPage(EssenPage, '/essen');
    expect(heading('Essen', 1)).toBeInTheDocument();
    expect(heading('Kulinarische Eindrücke')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Bild vergrössern$/ })).toHaveLength(8);
    expect(link('Zum Stammtisch')).toHaveAttribute('href', '/stammtisch');
    expect(link('Zu den Workshops')).toHaveAttribute('href', '/workshops');
    expect(link('Anfrage senden')).toHaveAttribute('href', '/kontakt');
    expect(heading('Privater Naturkoch')).toBeInTheDocument();
    // No video source is configured, so no <video> is rendered; the poster loads first.
    expect(document.querySelector('video')).toBeNull();
    expect(document.querySelector('img[fetchpriority="high"]')).not.toBeNull();
  });

  it('Atmen', () => {
    renderPage(AtmenPage, '/atmen');
    expect(heading('Atmen', 1)).toBeInTheDocument();
    expect(heading('Warum Breathwork?')).toBeInTheDocument();
    expect(link('Mehr zur Transformationstherapie')).toHaveAttribute('href', '/transformation');
    expect(link('1:1-Session anfragen').getAttribute('href')).toMatch(new RegExp(`^mailto:${site.email}`));
    expect(heading('Breathwork für Unternehmen')).toBeInTheDocument();
    for (const title of ['Workshops', 'Programme', 'Retreats']) expect(heading(title, 3)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unternehmensangebot anfragen' })).toBeInTheDocument();
  });

  it('Transformation', () => {
    renderPage(TransformationPage, '/transformation');
    expect(heading('Transformationstherapie', 1)).toBeInTheDocument();
    expect(link('E-Mail an Sandra')).toHaveAttribute('href', expect.stringMatching(/^mailto:sandra@/));
    expect(link('E-Mail an Nadia')).toHaveAttribute('href', expect.stringMatching(/^mailto:nadia@/));
  });

  it('Kids', () => {
    renderPage(KidsPage, '/kids');
    expect(heading('Draussen gross werden', 1)).toBeInTheDocument();
    // Day, time and place belong to the Kids events (the list below): the offers name none, so
    // they cannot contradict an event (issue 17 'Facts that agree').
    const offers = within(heading('Unsere Angebote', 2).closest('section') as HTMLElement);
    for (const title of ['Waldabenteuer', 'Kreativwerkstatt', 'Feuerzauber'])
      expect(offers.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    const eventFacts = /(Mon|Diens|Donners|Frei|Sams|Sonn)tag|Mittwoch|Uhr|\d\d:\d\d|Treffpunkt/;
    expect(offers.queryAllByText(eventFacts).map((fact) => fact.textContent)).toEqual([]);
    for (const title of ['Natur', 'Kinderküche', 'Achtsamkeit'])
      expect(heading(title, 3)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'So sieht ein Nachmittag bei uns aus' })).toBeInTheDocument();
  });

  it('Experience lists every offer', () => {
    renderPage(ExperiencePage, '/experience');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const path of [
      '/essen',
      '/stammtisch',
      '/workshops',
      '/atmen',
      '/transformation',
      '/kids',
      '/fonduehusli',
      '/events',
      '/stories',
    ]) {
      expect(hrefs).toContain(path);
    }
  });

  it('Contact', () => {
    renderPage(ContactPage, '/contact');
    for (const location of site.locations) expect(screen.getByText(location.address)).toBeInTheDocument();
    expect(link(site.email)).toHaveAttribute('href', `mailto:${site.email}`);
    expect(heading('Kontaktformular')).toBeInTheDocument();
  });

  it('Datenschutz', () => {
    renderPage(DatenschutzPage, '/datenschutz');
    expect(heading('Datenschutzerklärung', 1)).toBeInTheDocument();
    expect(screen.getByText('Stand: November 2026')).toBeInTheDocument();
    for (const name of [
      'Anmeldungen und Reservationen',
      'Zahlungen',
      'Newsletter',
      'E-Mail-Versand',
      'Hosting und Datenbank',
      'Cookie-Hinweis und lokaler Speicher',
      'Deine Rechte',
    ]) {
      expect(heading(name, 2)).toBeInTheDocument();
    }
    const text = document.body.textContent ?? '';
    for (const word of [
      'Mailchimp',
      'Double-Opt-in',
      'Resend',
      'Supabase',
      'localStorage',
      'Zahlungsart',
      'Stripe',
      'Fonduehüsli',
    ])
      expect(text).toContain(word);
    expect(link('Zurück zur Startseite')).toHaveAttribute('href', '/');
  });

  it('Impressum', () => {
    renderPage(ImpressumPage, '/impressum');
    expect(heading('Impressum', 1)).toBeInTheDocument();
    expect(screen.getByText(`E-Mail: ${site.email}`)).toBeInTheDocument();
  });

  it('Not found', () => {
    renderPage(NotFoundPage, '/gibt-es-nicht');
    expect(heading('Seite nicht gefunden', 1)).toBeInTheDocument();
    expect(link('Zur Startseite')).toHaveAttribute('href', '/');
    expect(link('Alle Erlebnisse entdecken')).toHaveAttribute('href', '/experience');
  });

  it('Fonduehüsli confirmation is not indexed', async () => {
    renderPage(FonduehusliConfirmationPage, '/fonduehusli/confirmation');
    expect(heading('Vielen Dank für deine Reservation', 1)).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex, nofollow',
      ),
    );
  });
});

describe('no German sharp s anywhere in the page copy', () => {
  it.each([
    ['Home', HomePage],
    ['Über uns', UeberUnsPage],
    ['Workshops', WorkshopsPage],
    ['Stammtisch', StammtischPage],
    ['Essen', EssenPage],
    ['Atmen', AtmenPage],
    ['Transformation', TransformationPage],
    ['Kids', KidsPage],
    ['Experience', ExperiencePage],
    ['Contact', ContactPage],
    ['Datenschutz', DatenschutzPage],
    ['Impressum', ImpressumPage],
  ] as const)('%s', (_name, Page) => {
    const { container } = renderPage(Page);
    expect(container.textContent).not.toContain('ß');
    const alts = [...container.querySelectorAll('img')].map((img) => img.alt).join(' ');
    expect(alts).not.toContain('ß');
  });
});
