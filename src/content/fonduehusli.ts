import { Car, Flame, Heart, Users, Wine } from 'lucide-react';
import { formatDateLong } from '@/lib/dates';
import { formatChf } from '@common/format.ts';
import { site } from '@/lib/site';
import {
  FONDUE_PRICE_GROUPS,
  type FonduePrices,
  type FondueSettings,
  type SeasonState,
} from '@/lib/fondue-settings';
import { image } from './images';
import type { CaptionedImage, Feature, HeroContent } from './types';

// The facts of spec §9 that never change, kept in one place so the FAQ, prices and availability
// never disagree. The season dates and the prices change every year: the provider keeps them in
// 'Einstellungen' (public.settings), and the functions below turn them into the page's texts.
export const fondueFacts = {
  days: 'Donnerstag bis Sonntag',
  startTime: 'ab 18:30 Uhr',
  groupSize: '2 bis 6 Personen',
  included: 'Menü, Weisswein und Wasser inbegriffen',
  cancellation:
    'Bis 48 Stunden vor dem Termin kannst du kostenlos stornieren. Danach verrechnen wir 50% der Kosten.',
  parking: 'Kostenlose Parkplätze direkt beim Hüsli',
} as const;

export const fondueHero: HeroContent & { reserveLabel: string } = {
  eyebrow: 'Private Fondueabende',
  title: 'Fonduehüsli',
  lead: 'Ein kleines Holzhüsli, ein knisternder Ofen und ein Caquelon voller Käse – nur für dich und deine Liebsten.',
  image: image('fonduehusli-hero'),
  reserveLabel: 'Jetzt reservieren',
};

/** The season card: a start ahead is news, a running or past season is said as such. */
export function seasonNotice(state: SeasonState): {
  title: string;
  before: string;
  date: string | null;
  after: string;
} {
  switch (state.kind) {
    case 'upcoming':
      return {
        title: 'Saisonstart',
        before: 'Das Fonduehüsli öffnet am',
        date: formatDateLong(state.start),
        after: '.',
      };
    case 'open':
      return state.end
        ? {
            title: 'Die Saison läuft',
            before: 'Das Fonduehüsli ist bis zum',
            date: formatDateLong(state.end),
            after: ' offen.',
          }
        : { title: 'Die Saison läuft', before: 'Das Fonduehüsli ist offen.', date: null, after: '' };
    case 'over':
      return {
        title: 'Saison beendet',
        before: 'Die Fondue-Saison ist vorbei. Den nächsten Saisonstart erfährst du hier und im Newsletter.',
        date: null,
        after: '',
      };
  }
}

export const SETTINGS_UNAVAILABLE = `Saisondaten und Preise können gerade nicht geladen werden. Frag uns gerne an ${site.email}.`;

export const fondueAvailability = {
  items: [
    { label: 'Tage', value: fondueFacts.days },
    { label: 'Beginn', value: fondueFacts.startTime },
    { label: 'Gruppe', value: fondueFacts.groupSize },
  ],
};

export const fondueFeatures: { title: string; items: Feature[] } = {
  title: 'Dein Abend im Hüsli',
  items: [
    {
      icon: Users,
      title: 'Ganz privat',
      text: 'Das Hüsli gehört an deinem Abend nur euch – für 2 bis 6 Personen.',
    },
    {
      icon: Flame,
      title: 'Warm und gemütlich',
      text: 'Der Holzofen brennt schon, wenn ihr ankommt. Decken liegen bereit.',
    },
    { icon: Wine, title: 'Alles inbegriffen', text: 'Menü, Weisswein und Wasser sind im Preis enthalten.' },
    { icon: Car, title: 'Einfache Anreise', text: 'Kostenlose Parkplätze direkt beim Hüsli.' },
  ],
};

const galleryCaptions = [
  'Käse im Caquelon',
  'Feuer im Ofen',
  'Brot und Gabeln',
  'Tisch für sechs',
  'Der Weg zum Hüsli',
  'Weisswein und Wasser',
];

export const fondueGallery: { title: string; items: CaptionedImage[] } = {
  title: 'Einblicke ins Hüsli',
  items: galleryCaptions.map((caption, i) => ({
    caption,
    image: image(`fondue-${String(i + 1).padStart(2, '0')}`),
  })),
};

export const fondueMenu = {
  title: 'Das Menü',
  courses: [
    { course: 'Vorspeise', dish: 'Herbstsalat mit gerösteten Kernen und Apfel' },
    {
      course: 'Hauptgang',
      dish: 'Käsefondue moitié-moitié aus Gruyère und Vacherin von Käsereien aus der Region',
    },
    { course: 'Beilagen', dish: 'Brot vom Beck im Dorf, Gschwellti, Essiggurken und Silberzwiebeln' },
    { course: 'Dessert', dish: 'Meringue mit Doppelrahm und Beeren' },
    { course: 'Getränke', dish: 'Weisswein und Wasser, auf Wunsch Tee' },
  ],
};

export const fondueQuote = {
  text: 'Ein gutes Fondue braucht nicht viel: guten Käse, gutes Brot und Menschen, mit denen man gerne am Tisch sitzt. Den Rest macht das Hüsli.',
  author: 'Lena Meier',
  role: 'Köchin im Fonduehüsli',
};

export const fonduePrices = {
  title: 'Preise',
  lead: 'Pro Person, je nach Grösse eurer Gruppe:',
  note: `${fondueFacts.included}. ${fondueFacts.cancellation}`,
};

export function fonduePriceRows(prices: FonduePrices): { group: string; price: string }[] {
  return FONDUE_PRICE_GROUPS.map(({ key, label }) => ({
    group: label,
    price: `${formatChf(prices[key])} pro Person`,
  }));
}

function priceList(prices: FonduePrices): string {
  return FONDUE_PRICE_GROUPS.map(({ key, label }) => `${formatChf(prices[key])} bei ${label}`).join(', ');
}

function seasonAnswer(state: SeasonState): string {
  switch (state.kind) {
    case 'upcoming':
      return `Die Saison startet am ${formatDateLong(state.start)}.`;
    case 'open':
      return state.end
        ? `Die Saison hat am ${formatDateLong(state.start)} begonnen und dauert bis zum ${formatDateLong(state.end)}.`
        : `Die Saison hat am ${formatDateLong(state.start)} begonnen.`;
    case 'over':
      return `Die letzte Saison endete am ${formatDateLong(state.end)}. Den nächsten Saisonstart geben wir hier bekannt.`;
  }
}

export const fondueOccasions = {
  title: 'Für jeden Anlass',
  icon: Heart,
  paragraphs: [
    'Ob Geburtstag, Jahrestag, Familientreffen oder einfach ein Abend mit Freunden: Im Fonduehüsli habt ihr Zeit füreinander, ohne Nachbartisch und ohne Hektik.',
    'Auch kleine Teams feiern bei uns gerne ihren Jahresabschluss.',
  ],
};

export const fondueBooking = {
  title: 'So reservierst du',
  steps: [
    'Wähle im Reservationskalender einen freien Abend.',
    'Gib an, mit wie vielen Personen ihr kommt.',
    'Du erhältst eine Bestätigung per E-Mail – wir heizen ein.',
  ],
  reserveLabel: 'Termin wählen',
  note: `Fragen? Schreib uns an ${site.email}.`,
};

export const fondueLocation = {
  title: 'Anfahrt',
  address: site.locations[1].address,
  parking: fondueFacts.parking,
  text: 'Das Hüsli steht am Waldrand, wenige Gehminuten vom Dorf entfernt. Der Weg ist beleuchtet.',
};

export const FONDUE_FAQ_TITLE = 'Häufige Fragen';

/**
 * The FAQ; the questions about season and price are left out while the settings cannot be
 * loaded (the page says so above) rather than answered with a guess.
 */
export function fondueFaqItems(
  settings: { state: SeasonState; prices: FondueSettings['prices'] } | null,
): { question: string; answer: string }[] {
  return [
    ...(settings
      ? [{ question: 'Wann beginnt die Fondue-Saison?', answer: seasonAnswer(settings.state) }]
      : []),
    { question: 'An welchen Tagen ist das Hüsli offen?', answer: `Von ${fondueFacts.days}.` },
    {
      question: 'Um welche Zeit beginnt der Abend?',
      answer: `Die Abende beginnen ${fondueFacts.startTime}.`,
    },
    {
      question: 'Für wie viele Personen ist das Hüsli?',
      answer: `Für Gruppen von ${fondueFacts.groupSize}.`,
    },
    ...(settings
      ? [
          {
            question: 'Was kostet ein Abend?',
            answer: `Pro Person ${priceList(settings.prices)}. ${fondueFacts.included}.`,
          },
        ]
      : []),
    { question: 'Kann ich kostenlos stornieren?', answer: fondueFacts.cancellation },
    { question: 'Gibt es Parkplätze?', answer: `Ja. ${fondueFacts.parking}.` },
  ];
}

export const fondueConfirmation = {
  title: 'Vielen Dank für deine Reservation',
  paragraphs: [
    'Wir freuen uns auf euren Abend im Fonduehüsli. Die Bestätigung mit allen Details hast du per E-Mail erhalten.',
    `Bis 48 Stunden vor dem Termin kannst du kostenlos stornieren. Bei Fragen erreichst du uns unter ${site.email} oder ${site.phone}.`,
  ],
  links: [
    { label: 'Zurück zum Fonduehüsli', href: '/fonduehusli' },
    { label: 'Zur Startseite', href: '/' },
  ],
};
