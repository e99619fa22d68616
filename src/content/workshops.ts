import { ChefHat, Sprout, Users } from 'lucide-react';
import { image } from './images';
import type { Feature, HeroContent, LinkAction, OfferCard } from './types';

export const workshopsHero: HeroContent = {
  eyebrow: 'Kochworkshops',
  title: 'Workshops',
  lead: 'Mit den Händen lernen: Wir fermentieren, sammeln, kneten und kochen gemeinsam – und essen am Schluss zusammen, was entstanden ist.',
  image: image('workshops-hero'),
};

export const workshopsIntro = {
  title: 'Kochen, wie es die Natur vorgibt',
  paragraphs: [
    'Unsere Workshops dauern einen halben oder einen ganzen Tag und finden in unserer Küche in Suhr oder draussen in Hirschthal statt. Du brauchst keine Vorkenntnisse, nur Neugier und Lust, dir die Hände schmutzig zu machen.',
    'Für Firmen, Vereine und private Gruppen stellen wir gerne einen eigenen Workshop zusammen.',
  ],
};

export const workshopsExpectations: { title: string; items: Feature[] } = {
  title: 'Was dich erwartet',
  items: [
    {
      icon: Users,
      title: 'Kleine Gruppen',
      text: 'Höchstens zwölf Personen, damit jede Frage Platz hat und alle selbst mitarbeiten.',
    },
    {
      icon: Sprout,
      title: 'Saisonale Zutaten',
      text: 'Wir arbeiten mit dem, was gerade wächst – vom Bärlauch im Frühling bis zum Trüffel im Herbst.',
    },
    {
      icon: ChefHat,
      title: 'Gemeinsames Essen',
      text: 'Zum Abschluss sitzen wir zusammen am Tisch. Rezepte zum Nachkochen bekommst du mit nach Hause.',
    },
  ],
};

export const workshopOffers: { title: string; items: OfferCard[] } = {
  title: 'Unsere Workshops',
  items: [
    {
      title: 'Fermentieren',
      text: 'Sauerkraut, Kimchi, Kombucha und Co.: Du lernst die Grundlagen der Milchsäuregärung und nimmst deine eigenen Gläser mit.',
      image: image('workshop-fermentation'),
    },
    {
      title: 'Vegane und alkoholfreie Drinks',
      text: 'Sirupe, Shrubs, Kräuterlimonaden und Kefir: Getränke mit Tiefgang, ganz ohne Alkohol und tierische Zutaten.',
      image: image('workshop-drinks'),
    },
    {
      title: 'Wildkräuter sammeln und verarbeiten',
      text: 'Wir streifen durch den Wald, bestimmen essbare Pflanzen und verarbeiten sie zu Pesto, Salz und Salat.',
      image: image('workshop-wildkraeuter'),
    },
    {
      title: 'Saisonale Naturmenüs',
      text: 'Ein ganzes Menü aus dem, was die Saison hergibt – gekocht über dem Feuer und auf dem Herd.',
      image: image('workshop-naturmenu'),
    },
    {
      title: 'Pasta von Hand',
      text: 'Teig kneten, ausrollen, formen: Tagliatelle, Ravioli und Orecchiette ganz ohne Maschine.',
      image: image('workshop-pasta'),
    },
    {
      title: 'Trüffelküche',
      text: 'Wir lernen den Schweizer Trüffel kennen und kochen drei Gerichte, die sein Aroma zur Geltung bringen.',
      image: image('workshop-trueffel'),
    },
  ],
};

export const workshopsBooking: { title: string; text: string; link: LinkAction } = {
  title: 'Lust auf einen Workshop?',
  text: 'Schreib uns, welcher Workshop dich interessiert und wie viele ihr seid. Wir melden uns mit den nächsten Daten.',
  link: { label: 'Jetzt buchen', href: '/kontakt' },
};
