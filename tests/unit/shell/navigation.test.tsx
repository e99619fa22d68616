import { act, screen, within } from '@testing-library/react';
import { mainNav, site } from '@/lib/site';
import { renderLayout, scrollWindowTo } from './layout-harness';

const header = () => screen.getByRole('banner');

afterEach(() => scrollWindowTo(0));

describe('top navigation', () => {
  it('lists the spec items in order, with the logo to / and the version label', () => {
    renderLayout('/');
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Essen', '/essen'],
      ['Atmen', '/atmen'],
      ['Spielen', '/kids'],
      ['Events', '/events'],
      ['Fonduehüsli', '/fonduehusli'],
      ['Stories', '/stories'],
      ['Über uns', '/ueber-uns'],
      ['Kontakt', '/contact'],
    ]);
    expect(links).toHaveLength(mainNav.length);
    expect(within(header()).getByRole('link', { name: `${site.name} – zur Startseite` })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(header()).getByText('1.0.0')).toBeInTheDocument();
  });

  it('is transparent at the top and opaque once scrolled more than 20 px', () => {
    renderLayout('/essen');
    expect(header()).toHaveAttribute('data-variant', 'transparent');
    act(() => scrollWindowTo(20));
    expect(header()).toHaveAttribute('data-variant', 'transparent');
    act(() => scrollWindowTo(21));
    expect(header()).toHaveAttribute('data-variant', 'opaque');
    act(() => scrollWindowTo(0));
    expect(header()).toHaveAttribute('data-variant', 'transparent');
  });

  it.each(['/contact', '/events', '/events/breathwork-brunch-01-03-2027', '/admin/dashboard'])(
    'uses the solid style on %s',
    (path) => {
      renderLayout(path);
      expect(header()).toHaveAttribute('data-variant', 'solid');
      act(() => scrollWindowTo(200));
      expect(header()).toHaveAttribute('data-variant', 'solid');
    },
  );

  it('keeps the normal style on look-alike paths', () => {
    renderLayout('/contacts-old');
    expect(header()).toHaveAttribute('data-variant', 'transparent');
  });

  it('offers a skip link to the main content', () => {
    renderLayout('/');
    const skip = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')).toBe(screen.getByRole('main'));
  });
});
