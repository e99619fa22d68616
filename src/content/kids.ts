import { CalendarDays, MapPin, PersonStanding, Wallet } from 'lucide-react';
import { image } from './images';
import type { CaptionedImage, Feature, HeroContent, OfferCard, TextSection } from './types';

export const kidsHero: HeroContent = {
  eyebrow: 'Spielen',
  title: 'Draussen gross werden',
  lead: 'Im Wald bauen, in der Werkstatt tüfteln, am Feuer staunen: Unsere Kinderprogramme lassen Platz für Neugier, Matsch und echte Abenteuer.',
  image: image('kids-hero'),
};

export const kidsAbout: TextSection = {
  title: 'Was wir mit den Kindern machen',
  paragraphs: [
    'Kinder lernen am besten mit allen Sinnen. Deshalb sind wir bei jedem Wetter draussen, fassen an, probieren aus und lassen den Kindern Zeit für ihre eigenen Ideen.',
    'Unsere Gruppen sind klein und werden von erfahrenen Naturpädagoginnen und -pädagogen begleitet. Für welches Alter ein Angebot gedacht ist, steht bei jedem Termin.',
  ],
};

const carouselCaptions = [
  'Tipi aus Ästen',
  'Am Waldbach',
  'Naturmandalas',
  'Stockbrot am Feuer',
  'In der Kinderküche',
  'Stille unter Tannen',
];

export const kidsImpressions: { title: string; items: CaptionedImage[] } = {
  title: 'So sieht ein Nachmittag bei uns aus',
  items: carouselCaptions.map((caption, i) => ({
    caption,
    image: image(`kids-${String(i + 1).padStart(2, '0')}`),
  })),
};

/**
 * The offers say what a child does, not when or where: day, time and place are facts of each Kids
 * event (the list below and 'Auf einen Blick'), which the spec's weekly slots contradicted.
 */
export const kidsOffers: { title: string; items: OfferCard[] } = {
  title: 'Unsere Angebote',
  items: [
    {
      title: 'Waldabenteuer',
      text: 'Hütten bauen, Spuren lesen, auf Bäume klettern: ein Nachmittag voller Entdeckungen am Waldrand.',
      image: image('kids-waldabenteuer'),
    },
    {
      title: 'Kreativwerkstatt',
      text: 'Aus Zapfen, Ästen, Lehm und Farbe entsteht, was sich die Kinder ausdenken.',
      image: image('kids-werkstatt'),
    },
    {
      title: 'Feuerzauber',
      text: 'Feuer machen, sicher damit umgehen und darüber kochen – mit Stockbrot zum Schluss.',
      image: image('kids-feuerzauber'),
    },
  ],
};

/**
 * 'Auf einen Blick': the facts of the next Kids event (the list further down), never from this
 * text, since each offer has its own ages, price and place.
 */
export const kidsFacts = {
  title: 'Auf einen Blick',
  nextEvent: {
    date: { icon: CalendarDays, label: 'Nächster Termin' },
    ages: { icon: PersonStanding, label: 'Alter' },
    price: { icon: Wallet, label: 'Preis' },
    place: { icon: MapPin, label: 'Ort' },
  },
  /** Without a next Kids event: only that these belong to each event. */
  withoutEvent: { icon: PersonStanding, label: 'Alter, Preis und Ort', value: 'stehen bei jedem Termin' },
} satisfies {
  title: string;
  nextEvent: Record<'date' | 'ages' | 'price' | 'place', { icon: Feature['icon']; label: string }>;
  withoutEvent: { icon: Feature['icon']; label: string; value: string };
};

export const kidsInfo: { title: string; items: TextSection[] } = {
  title: 'Worauf wir Wert legen',
  items: [
    {
      title: 'Natur',
      paragraphs: [
        'Der Wald ist unser Klassenzimmer. Die Kinder erleben die Jahreszeiten hautnah und lernen, Pflanzen und Tiere zu respektieren.',
      ],
    },
    {
      title: 'Kinderküche',
      paragraphs: [
        'Wer selbst schnippelt, rührt und probiert, isst auch mal Gemüse. Wir kochen einfache Gerichte, oft direkt über dem Feuer.',
      ],
    },
    {
      title: 'Achtsamkeit',
      paragraphs: [
        'Zwischen allem Toben gibt es ruhige Momente: eine Atemübung, eine Minute Stille, ein genaues Hinschauen.',
      ],
    },
  ],
};
