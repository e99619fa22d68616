import { waitFor } from '@testing-library/react';
import { Seo } from '@/components/layout/seo';
import { site } from '@/lib/site';
import { renderWithProviders } from '../../support/render';

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('Seo', () => {
  it('writes the prefixed title and the social preview tags for a page', async () => {
    renderWithProviders(
      <Seo
        title="Stammtisch"
        description="Ein Abend am langen Tisch."
        path="/stammtisch"
        image="/images/tisch.jpg"
      />,
    );
    await waitFor(() => expect(document.title).toBe(`${site.name} – Stammtisch`));
    expect(meta('meta[name="description"]')).toBe('Ein Abend am langen Tisch.');
    expect(meta('meta[property="og:title"]')).toBe(`${site.name} – Stammtisch`);
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:locale"]')).toBe('de_CH');
    expect(meta('meta[property="og:url"]')).toBe(`${site.url}/stammtisch`);
    expect(meta('meta[property="og:image"]')).toBe(`${site.url}/images/tisch.jpg`);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${site.url}/stammtisch`,
    );
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('falls back to the default image and marks articles and hidden pages', async () => {
    renderWithProviders(<Seo title="Danke" path="/fonduehusli/confirmation" type="article" noindex />);
    await waitFor(() => expect(document.title).toBe(`${site.name} – Danke`));
    expect(meta('meta[property="og:image"]')).toBe(`${site.url}/og-image.jpg`);
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[name="robots"]')).toContain('noindex');
  });

  it.each(['/buchung/SW-1234', '/zahlung/abc', '/warteliste/angebot', '/events/atem/buchen', '/admin/users'])(
    'marks %s noindex because it belongs to one visitor, even without the flag',
    async (path) => {
      renderWithProviders(<Seo title="Privat" path={path} />);
      await waitFor(() => expect(meta('meta[name="robots"]')).toBe('noindex, nofollow'));
    },
  );

  it('keeps absolute image URLs', async () => {
    renderWithProviders(<Seo title="Bild" path="/x" image="https://cdn.example.ch/a.jpg" />);
    await waitFor(() => expect(meta('meta[property="og:image"]')).toBe('https://cdn.example.ch/a.jpg'));
  });
});
