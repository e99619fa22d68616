import { CalendarDays, Clock, MapPin, Users, Utensils, Wallet, Wine } from 'lucide-react';
import { image } from './images';
import type { CaptionedImage, Feature, HeroContent } from './types';

export const stammtischHero: HeroContent = {
  eyebrow: 'Einmal im Monat',
  title: 'Stammtisch',
  lead: 'Ein langer Tisch, ein saisonales Menü und Menschen, die sich vorher nicht kannten. Am Ende des Abends sind es keine Fremden mehr.',
  image: image('stammtisch-hero'),
};

export const stammtischIntro = {
  title: 'Ein Abend wie bei Freunden',
  paragraphs: [
    'Einmal im Monat decken wir die grosse Tafel und kochen ein Menü aus dem, was Garten, Wald und die Höfe der Umgebung gerade hergeben. Du wählst zwischen einem vegetarischen und einem veganen Menü, zu jedem Gang gibt es den passenden Wein.',
    'Du kommst allein, zu zweit oder mit Freunden – am Stammtisch sitzen alle zusammen.',
  ],
};

export const stammtischFeatures: { title: string; items: Feature[] } = {
  title: 'Was den Stammtisch ausmacht',
  items: [
    {
      icon: Utensils,
      title: 'Saisonales Menü',
      text: 'Mehrere Gänge, frisch gekocht, wahlweise vegetarisch oder vegan.',
    },
    {
      icon: Wine,
      title: 'Weinbegleitung',
      text: 'Zu jedem Gang ein passender Wein, vorwiegend von Winzerinnen und Winzern aus der Region.',
    },
    {
      icon: Users,
      title: 'Kleine Runde',
      text: 'Acht bis zwölf Gäste an einem Tisch – genug für Gespräche, klein genug für Nähe.',
    },
    {
      icon: CalendarDays,
      title: 'Jeden Monat neu',
      text: 'Jeder Stammtisch hat sein eigenes Menü. Kein Abend gleicht dem anderen.',
    },
  ],
};

export const stammtischFacts = {
  title: 'Auf einen Blick',
  /** What every Stammtisch has in common. */
  items: [
    { icon: Users, label: 'Gäste', value: '8 bis 12 Personen pro Abend' },
    { icon: Clock, label: 'Dauer', value: 'rund 3 Stunden' },
    { icon: Utensils, label: 'Menü', value: 'vegetarisch oder vegan' },
    { icon: Wine, label: 'Inbegriffen', value: 'Weinbegleitung zu jedem Gang' },
  ],
  // Date, price and place change from evening to evening: they come from the next Stammtisch
  // event (the list further down), never from this text.
  nextEvent: {
    date: { icon: CalendarDays, label: 'Nächster Stammtisch' },
    price: { icon: Wallet, label: 'Preis' },
    place: { icon: MapPin, label: 'Ort' },
  },
  /** Without a next Stammtisch: only that these belong to each evening. */
  withoutEvent: { icon: MapPin, label: 'Preis und Ort', value: 'stehen bei jedem Termin' },
  note: 'Eine Reservation ist erforderlich. Melde dich für einen der kommenden Stammtische an – die Plätze sind schnell vergeben.',
} satisfies {
  title: string;
  items: { icon: Feature['icon']; label: string; value: string }[];
  nextEvent: Record<'date' | 'price' | 'place', { icon: Feature['icon']; label: string }>;
  withoutEvent: { icon: Feature['icon']; label: string; value: string };
  note: string;
};

const impressionCaptions = [
  'Die Tafel ist gedeckt',
  'Kürbis, Kerne, Herbst',
  'Das Brot bäckt im Holzofen',
  'Anstossen zum Auftakt',
  'Kräuter aus dem Garten',
  'Abendlicht am Waldrand',
  'Pasta mit Salbeibutter',
  'Leinen und Wildblumen',
  'Gemüse über dem Feuer',
  'Randen mit Meerrettich',
  'Gespräche bei Kerzenlicht',
  'Sauerteig, frisch angeschnitten',
  'Pilze aus dem Wald',
  'Linsen und Wurzelgemüse',
  'Wein aus der Region',
  'Funken über der Feuerschale',
  'Aus dem Fermentierregal',
  'Die Geschichte zum Menü',
  'Apfel, Zimt und Mandeln',
  'Der Weg zum Stammtisch',
  'Lachen bis zum Schluss',
  'Wintersalat mit Birne',
  'Kaffee aus der Glut',
  'Volle Herzen, leere Teller',
];

export const stammtischImpressions: { title: string; items: CaptionedImage[] } = {
  title: 'Impressionen',
  items: impressionCaptions.map((caption, i) => ({
    caption,
    image: image(`stammtisch-${String(i + 1).padStart(2, '0')}`),
  })),
};
