import { Car, Flame, Heart, Users, Wine } from 'lucide-react';
import { formatChf } from '@/lib/money';
import { site } from '@/lib/site';
import { image } from './images';
import type { CaptionedImage, Feature, HeroContent } from './types';

// The facts of spec §9, kept in one place so the FAQ, prices and availability never disagree.
export const fondueFacts = {
  seasonStart: '16. Oktober 2025',
  days: 'Donnerstag bis Sonntag',
  startTime: 'ab 18:30 Uhr',
  groupSize: '2 bis 6 Personen',
  prices: [
    { group: '2 Personen', perPerson: 90 },
    { group: '3–4 Personen', perPerson: 85 },
    { group: '5–6 Personen', perPerson: 80 },
  ],
  included: 'Menü, Weisswein und Wasser inbegriffen',
  cancellation:
    'Bis 48 Stunden vor dem Termin kannst du kostenlos stornieren. Danach verrechnen wir 50% der Kosten.',
  parking: 'Kostenlose Parkplätze direkt beim Hüsli',
} as const;

const priceList = fondueFacts.prices.map((p) => `${formatChf(p.perPerson)} bei ${p.group}`).join(', ');

export const fondueHero: HeroContent & { reserveLabel: string } = {
  eyebrow: 'Private Fondueabende',
  title: 'Fonduehüsli',
  lead: 'Ein kleines Holzhüsli, ein knisternder Ofen und ein Caquelon voller Käse – nur für dich und deine Liebsten.',
  image: image('fonduehusli-hero'),
  reserveLabel: 'Jetzt reservieren',
};

export const fondueAvailability = {
  title: 'Saisonstart',
  textBefore: 'Das Fonduehüsli öffnet am',
  date: fondueFacts.seasonStart,
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
  rows: fondueFacts.prices.map((p) => ({ group: p.group, price: `${formatChf(p.perPerson)} pro Person` })),
  note: `${fondueFacts.included}. ${fondueFacts.cancellation}`,
};

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

export const fondueFaq: { title: string; items: { question: string; answer: string }[] } = {
  title: 'Häufige Fragen',
  items: [
    {
      question: 'Wann beginnt die Fondue-Saison?',
      answer: `Die Saison startet am ${fondueFacts.seasonStart}.`,
    },
    { question: 'An welchen Tagen ist das Hüsli offen?', answer: `Von ${fondueFacts.days}.` },
    {
      question: 'Um welche Zeit beginnt der Abend?',
      answer: `Die Abende beginnen ${fondueFacts.startTime}.`,
    },
    {
      question: 'Für wie viele Personen ist das Hüsli?',
      answer: `Für Gruppen von ${fondueFacts.groupSize}.`,
    },
    { question: 'Was kostet ein Abend?', answer: `Pro Person ${priceList}. ${fondueFacts.included}.` },
    { question: 'Kann ich kostenlos stornieren?', answer: fondueFacts.cancellation },
    { question: 'Gibt es Parkplätze?', answer: `Ja. ${fondueFacts.parking}.` },
  ],
};

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
