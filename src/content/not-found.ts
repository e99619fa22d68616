import type { LinkAction } from './types';

export const notFound: { eyebrow: string; title: string; text: string; links: LinkAction[] } = {
  eyebrow: 'Fehler 404',
  title: 'Seite nicht gefunden',
  text: 'Diesen Weg gibt es leider nicht – vielleicht wurde die Seite verschoben oder der Link hat sich verschrieben. Von hier aus findest du bestimmt zurück.',
  links: [
    { label: 'Zur Startseite', href: '/' },
    { label: 'Alle Erlebnisse entdecken', href: '/experience' },
  ],
};
