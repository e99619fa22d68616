import { Car, Flame, Heart, Users, Wine } from 'lucide-react';
import { formatDateLong } from '@/lib/dates';
import { hutCancellationTerms } from '@/lib/cancellation-terms';
import { WEEKDAYS } from '@/lib/weekdays';
import { formatChf } from '@common/format.ts';
import { site } from '@/lib/site';
import {
  FONDUE_PRICE_GROUPS,
  type FondueHut,
  type FonduePrices,
  type FondueSettings,
  type SeasonState,
} from '@/lib/fondue-settings';
import { image } from './images';
import type { CaptionedImage, Feature, HeroContent } from './types';

// The facts of spec §9, kept in one place so the FAQ, prices and availability never disagree.
// The season, the prices and the hut's rules (days, start, group size, cancellation) are the
// provider's, in 'Einstellungen' (public.settings): the functions below turn them into the
// page's texts. The spec's values stand in while the settings are not loaded.
export const fondueFacts = {
  included: 'Menü, Weisswein und Wasser inbegriffen',
  parking: 'Kostenlose Parkplätze direkt beim Hüsli',
} as const;

/** The hut's rules as the page says them (hutFacts). */
export interface HutFacts {
  days: string;
  startTime: string;
  groupSize: string;
  cancellation: string;
}

/** ISO weekdays (1 Monday .. 7 Sunday) in words: a run of three or more as 'von … bis …'. */
export function weekdaysText(isoDays: readonly number[]): string {
  const days = [...new Set(isoDays)].sort((a, b) => a - b);
  const names = days.map((day) => WEEKDAYS[day - 1]!.long);
  const consecutive = days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
  if (days.length >= 3 && consecutive) return `${names[0]} bis ${names[names.length - 1]}`;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`;
}

/** The spec's hut (spec §9), while the 'fondue_hut' setting is not loaded. */
const SPEC_HUT: Pick<
  FondueHut,
  | 'weekdays'
  | 'start_time'
  | 'min_persons'
  | 'max_persons'
  | 'cancellation_hours'
  | 'late_cancellation_charge_percent'
> = {
  weekdays: [4, 5, 6, 7],
  start_time: '18:30',
  min_persons: 2,
  max_persons: 6,
  cancellation_hours: 48,
  late_cancellation_charge_percent: 50,
};

/** The hut's days, start, group size and cancellation rule from the setting 'fondue_hut'. */
export function hutFacts(hut: FondueHut | null | undefined): HutFacts {
  const rule = hut ?? SPEC_HUT;
  return {
    days: weekdaysText(rule.weekdays),
    startTime: `ab ${rule.start_time} Uhr`,
    groupSize: `${rule.min_persons} bis ${rule.max_persons} Personen`,
    cancellation: hutCancellationTerms(rule.cancellation_hours, rule.late_cancellation_charge_percent),
  };
}

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

export function fondueAvailabilityItems(facts: HutFacts): { label: string; value: string }[] {
  return [
    { label: 'Tage', value: facts.days },
    { label: 'Beginn', value: facts.startTime },
    { label: 'Gruppe', value: facts.groupSize },
  ];
}

export const FONDUE_FEATURES_TITLE = 'Dein Abend im Hüsli';

export function fondueFeatureItems(facts: HutFacts): Feature[] {
  return [
    {
      icon: Users,
      title: 'Ganz privat',
      text: `Das Hüsli gehört an deinem Abend nur euch – für ${facts.groupSize}.`,
    },
    {
      icon: Flame,
      title: 'Warm und gemütlich',
      text: 'Der Holzofen brennt schon, wenn ihr ankommt. Decken liegen bereit.',
    },
    { icon: Wine, title: 'Alles inbegriffen', text: 'Menü, Weisswein und Wasser sind im Preis enthalten.' },
    { icon: Car, title: 'Einfache Anreise', text: 'Kostenlose Parkplätze direkt beim Hüsli.' },
  ];
}

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
};

export function fonduePriceNote(facts: HutFacts): string {
  return `${fondueFacts.included}. ${facts.cancellation}`;
}

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
  facts: HutFacts,
): { question: string; answer: string }[] {
  return [
    ...(settings
      ? [{ question: 'Wann beginnt die Fondue-Saison?', answer: seasonAnswer(settings.state) }]
      : []),
    { question: 'An welchen Tagen ist das Hüsli offen?', answer: `Von ${facts.days}.` },
    {
      question: 'Um welche Zeit beginnt der Abend?',
      answer: `Die Abende beginnen ${facts.startTime}.`,
    },
    {
      question: 'Für wie viele Personen ist das Hüsli?',
      answer: `Für Gruppen von ${facts.groupSize}.`,
    },
    ...(settings
      ? [
          {
            question: 'Was kostet ein Abend?',
            answer: `Pro Person ${priceList(settings.prices)}. ${fondueFacts.included}.`,
          },
        ]
      : []),
    { question: 'Kann ich kostenlos stornieren?', answer: facts.cancellation },
    { question: 'Gibt es Parkplätze?', answer: `Ja. ${fondueFacts.parking}.` },
  ];
}

export const fondueConfirmation = {
  title: 'Vielen Dank für deine Reservation',
  /** The booking's own free-cancellation hours (its event's), else the spec's 48. */
  paragraphs: (cancellationHours = 48) => [
    'Wir freuen uns auf euren Abend im Fonduehüsli. Die Bestätigung mit allen Details hast du per E-Mail erhalten.',
    `Bis ${cancellationHours} Stunden vor dem Termin kannst du kostenlos stornieren. Bei Fragen erreichst du uns unter ${site.email} oder ${site.phone}.`,
  ],
  links: [
    { label: 'Zurück zum Fonduehüsli', href: '/fonduehusli' },
    { label: 'Zur Startseite', href: '/' },
  ],
};
