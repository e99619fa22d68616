import { site } from '@/lib/site';
import { image } from './images';
import type { HeroContent, LinkAction, OfferCard } from './types';

export const homeHero: HeroContent & { scrollCta: string; experienceLink: LinkAction } = {
  eyebrow: 'Essen · Atmen · Spielen im Aargau',
  title: 'Eine neue Art des Erlebens',
  lead: 'Wir kochen über dem Feuer, atmen im Wald und spielen mit Kindern draussen – in Suhr und Hirschthal, mitten in der Natur und mit viel Zeit füreinander.',
  image: image('home-hero'),
  scrollCta: 'Finde dein Erlebnis',
  // The scaffold's default call to action; /erleben redirects to /experience.
  experienceLink: { label: 'Alle Erlebnisse ansehen', href: '/erleben' },
};

/** id of the tile section the hero's call to action scrolls to. */
export const HOME_TILES_ANCHOR = 'fuer-wen';

export const homeWelcome = {
  title: 'Alle Sinne ansprechen',
  paragraphs: [
    'Bei uns schmeckst du, wie Wildkräuter vom Waldrand zu einem Menü werden. Du spürst, wie ein bewusster Atemzug den Kopf frei macht. Und du siehst, wie Kinder am Feuer über sich hinauswachsen.',
    `${site.name} ist kein Kursprogramm von der Stange. Wir sind ein kleines Team, das gerne kocht, atmet, draussen ist – und diese Freude mit dir teilt.`,
  ],
  image: image('home-welcome'),
  link: { label: 'Mehr über uns', href: '/ueber-uns' } satisfies LinkAction,
};

export const homeTiles: { title: string; question: string; items: (OfferCard & { link: LinkAction })[] } = {
  title: 'Für wen ist was?',
  question:
    'Ob du geniessen, zur Ruhe kommen oder mit deinen Kindern draussen sein möchtest – hier findest du deinen Einstieg.',
  items: [
    {
      title: 'Essen',
      text: 'Für alle, die gerne geniessen: Naturküche, Stammtisch, Kochworkshops und der private Naturkoch.',
      image: image('tile-essen'),
      link: { label: 'Zu Essen', href: '/essen' },
    },
    {
      title: 'Spielen',
      text: 'Für Kinder, die draussen forschen, werken und am Feuer staunen wollen.',
      image: image('tile-kids'),
      link: { label: 'Zu Spielen', href: '/kids' },
    },
    {
      title: 'Atmen',
      text: 'Für alle, die zur Ruhe kommen möchten: Breathwork in der Gruppe, 1:1 oder im Team.',
      image: image('tile-atmen'),
      link: { label: 'Zu Atmen', href: '/sense-of-breath' },
    },
    {
      title: 'Fonduehüsli',
      text: 'Für dich und deine Liebsten: ein privater Fondueabend im warmen Hüsli für 2 bis 6 Personen.',
      image: image('tile-fondue'),
      link: { label: 'Jetzt reservieren', href: '/fonduehusli' },
    },
  ],
};

export const homeClosing = {
  title: 'Erleben. Entdecken. Verbinden.',
  paragraphs: [
    'Ein Abend am langen Tisch, an dem sich Fremde zuprosten. Ein Morgen, an dem du zum ersten Mal ganz bewusst ausatmest. Ein Nachmittag, an dem dein Kind stolz sein erstes Stockbrot über die Glut hält.',
    `Solche Momente entstehen, wenn man sich Zeit nimmt. Genau dafür gibt es ${site.name}.`,
  ],
};
