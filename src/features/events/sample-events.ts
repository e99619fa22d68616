import { site } from '@/lib/site';
import { addDays, format } from 'date-fns';
import { todayIso } from '@/lib/dates';
import { PLACEHOLDER_IMAGE } from './lib/event-row';
import type { EventCategory } from '@/lib/event-domain';
import type { PublicEvent } from './types';

// Built-in samples (spec §3), shown only while the database cannot be reached. Their dates are
// relative to today only so that the lists' filter and order treat them as upcoming; no page
// shows them (SAMPLE_DATE_TEXT instead) and their slugs carry none, so a sample never reads
// like a real offer. Ids start with 'sample-' and never reach the database because sample
// events cannot be booked.
interface SampleSeed {
  key: string;
  title: string;
  subtitle: string;
  description: string;
  category: EventCategory;
  daysFromToday: number;
  startTime: string;
  endTime: string;
  location: string;
  price: number;
  maxParticipants: number;
  status: PublicEvent['status'];
  bringAlong: string | null;
}

/** The database's default for events.max_persons_per_booking. */
const SAMPLE_PERSONS_PER_BOOKING = 6;

const seeds: SampleSeed[] = [
  {
    key: 'breathwork-brunch',
    title: 'Breathwork & Brunch',
    subtitle: 'Atmen, ankommen, geniessen',
    description:
      'Eine geführte Breathwork-Session am Morgen, danach ein saisonaler Brunch mit Zutaten aus der Region. Ideal für alle, die bewusst in den Tag starten möchten.',
    category: 'breathwork',
    daysFromToday: 14,
    startTime: '09:30',
    endTime: '13:00',
    location: 'Suhr',
    price: 130,
    maxParticipants: 15,
    status: 'published',
    bringAlong: 'Bequeme Kleidung und eine Decke',
  },
  {
    key: 'stammtisch',
    title: 'Stammtisch',
    subtitle: 'Gemeinsam am Tisch',
    description:
      'Unser monatlicher Stammtisch mit einem mehrgängigen Naturmenü, vegetarisch oder vegan, und guten Gesprächen in kleiner Runde.',
    category: 'stammtisch',
    daysFromToday: 21,
    startTime: '18:30',
    endTime: '21:30',
    location: site.stammtischPlace,
    price: 95,
    maxParticipants: 12,
    status: 'published',
    bringAlong: null,
  },
  {
    key: 'wildkraeuter-workshop',
    title: 'Wildkräuter Workshop',
    subtitle: 'Sammeln und verarbeiten',
    description:
      'Wir sammeln gemeinsam Wildkräuter am Waldrand, lernen sie sicher zu bestimmen und verarbeiten sie anschliessend zu Pesto, Salz und Tee.',
    category: 'workshop',
    daysFromToday: 28,
    startTime: '14:00',
    endTime: '17:30',
    location: 'Hirschthal',
    price: 180,
    maxParticipants: 8,
    status: 'published',
    bringAlong: 'Wetterfeste Schuhe und ein Korb',
  },
  {
    key: 'waldbaden-meditation',
    title: 'Waldbaden & Meditation',
    subtitle: 'Ruhe im Wald',
    description: 'Achtsames Gehen und Meditieren im Wald, begleitet von einfachen Atemübungen.',
    category: 'retreat',
    daysFromToday: 35,
    startTime: '10:00',
    endTime: '15:00',
    location: 'Suhr',
    price: 150,
    maxParticipants: 10,
    status: 'draft',
    bringAlong: null,
  },
];

function toSampleEvent(seed: SampleSeed, today: Date): PublicEvent {
  const date = addDays(today, seed.daysFromToday);
  const isoDate = format(date, 'yyyy-MM-dd');
  return {
    id: `sample-${seed.key}`,
    slug: `beispiel-${seed.key}`,
    title: seed.title,
    subtitle: seed.subtitle,
    description: seed.description,
    category: seed.category,
    startDate: isoDate,
    endDate: isoDate,
    startTime: seed.startTime,
    endTime: seed.endTime,
    location: seed.location,
    price: seed.price,
    priceFrom: null,
    maxParticipants: seed.maxParticipants,
    maxPersonsPerBooking: SAMPLE_PERSONS_PER_BOOKING,
    currentParticipants: 0,
    status: seed.status,
    imageUrl: PLACEHOLDER_IMAGE,
    paymentMethods: ['onsite'],
    isCancelled: false,
    // Samples are never booked (isSample); they show as open with every seat free.
    availability: {
      seatsLeft: seed.maxParticipants,
      isFull: false,
      isBookable: true,
      reason: null,
      maxPersons: Math.min(seed.maxParticipants, SAMPLE_PERSONS_PER_BOOKING),
    },
    bringAlong: seed.bringAlong,
    cancellationDeadlineHours: 48,
    questions: [],
    // Samples state no ages: they are no facts of a real event.
    minAge: null,
    maxAge: null,
    isSample: true,
  };
}

/** All samples, drafts included, dated relative to today in Zurich. */
export function allSampleEvents(now: Date = new Date()): PublicEvent[] {
  const today = new Date(`${todayIso(now)}T00:00:00`);
  return seeds.map((seed) => toSampleEvent(seed, today));
}
