import { image } from './images';
import type { HeroContent, LinkAction, OfferCard } from './types';

export const experienceHero: HeroContent = {
  eyebrow: 'Alle Angebote',
  title: 'Erlebnisse entdecken',
  lead: 'Kochen, atmen, spielen, geniessen: Hier findest du alles, was wir anbieten, auf einen Blick.',
  image: image('experience-hero'),
};

export const experienceOffersTitle = 'Unsere Angebote';

export const experienceOffers: (OfferCard & { link: LinkAction })[] = [
  {
    title: 'Essen',
    text: 'Naturküche über dem Feuer, saisonal und regional – und der private Naturkoch für deinen Anlass.',
    image: image('tile-essen'),
    link: { label: 'Zu Essen', href: '/essen' },
  },
  {
    title: 'Stammtisch',
    text: 'Einmal im Monat ein Menü mit Weinbegleitung an der langen Tafel, für 8 bis 12 Gäste.',
    image: image('stammtisch-hero'),
    link: { label: 'Zum Stammtisch', href: '/stammtisch' },
  },
  {
    title: 'Workshops',
    text: 'Fermentieren, Pasta, Wildkräuter, Trüffel und mehr: Kochen lernen mit den Händen.',
    image: image('workshops-hero'),
    link: { label: 'Zu den Workshops', href: '/workshops' },
  },
  {
    title: 'Atmen',
    text: 'Breathwork und Sense of Breath in der Gruppe, 1:1-Sessions und Angebote für Unternehmen.',
    image: image('tile-atmen'),
    link: { label: 'Zu Atmen', href: '/atmen' },
  },
  {
    title: 'Transformationstherapie',
    text: 'Begleitung über mehrere Sitzungen, wenn du alte Muster lösen und Neues wagen möchtest.',
    image: image('transformation-hero'),
    link: { label: 'Zur Transformationstherapie', href: '/transformation' },
  },
  {
    title: 'Spielen',
    text: 'Waldabenteuer, Kreativwerkstatt und Feuerzauber für Kinder im Kindergarten- und Primarschulalter.',
    image: image('tile-kids'),
    link: { label: 'Zu Spielen', href: '/kids' },
  },
  {
    title: 'Fonduehüsli',
    text: 'Private Fondueabende für 2 bis 6 Personen im warmen Holzhüsli am Waldrand.',
    image: image('tile-fondue'),
    link: { label: 'Zum Fonduehüsli', href: '/fonduehusli' },
  },
  {
    title: 'Events',
    text: 'Alle kommenden Termine von Breathwork bis Stammtisch – mit Online-Anmeldung.',
    image: image('home-welcome'),
    link: { label: 'Zu den Events', href: '/events' },
  },
  {
    title: 'Stories',
    text: 'Rezepte, Gedanken und Geschichten aus unserer Küche und dem Wald.',
    image: image('stories-hero'),
    link: { label: 'Zu den Stories', href: '/stories' },
  },
];
