/**
 * A small catalog for the specs that look at whole pages (accessibility audit, page checks and
 * screenshots): every category and every state an event card can show, registrations in every
 * payment state and a story, so the lists, teasers and admin tables render with content. The
 * spec creates it in `beforeAll` and removes it in `afterAll`:
 *
 *   const data = new TestData();
 *   let catalog: Catalog;
 *   test.beforeAll(async () => (catalog = await createCatalog(data)));
 *   test.afterAll(() => data.removeAll());
 */
import { inDays, type EventRow, type ParticipantRow, type StoryRow, type TestData } from './e2e-data';

export interface Catalog {
  /** Published, upcoming, seats free: its detail and booking pages show the form. */
  bookable: EventRow;
  full: EventRow;
  cancelled: EventRow;
  participant: ParticipantRow;
  story: StoryRow;
}

const CHILD_QUESTION = 'c1000000-0000-4000-8000-000000000001';
const MENU_QUESTION = 'c1000000-0000-4000-8000-000000000002';
const PHOTO_QUESTION = 'c1000000-0000-4000-8000-000000000003';

export async function createCatalog(data: TestData): Promise<Catalog> {
  const bookable = await data.createEvent({
    title: 'Feuerzauber für Kinder',
    subtitle: 'Spielen am Waldrand',
    description: 'Feuer machen, Stockbrot backen und Geschichten hören: ein Vormittag in der Natur.',
    category: 'kids',
    start_date: inDays(9),
    start_time: '09:00',
    end_time: '11:30',
    location: 'Hirschthal',
    price: 0,
    max_participants: 12,
    image_url: '/images/tile-kids-960.webp',
    payment_methods: ['free'],
    bring_along: 'Wetterfeste Kleidung und ein Znüni',
    min_age: 5,
    max_age: 10,
    // Optional questions, so the booking form's question fields are audited (and nobody has to
    // answer them to book this event).
    questions: [
      { id: CHILD_QUESTION, kind: 'text', label: 'Name und Alter des Kindes', required: false, options: [] },
      {
        id: MENU_QUESTION,
        kind: 'choice',
        label: 'Znüni',
        required: false,
        options: ['mit Fleisch', 'vegetarisch'],
      },
      { id: PHOTO_QUESTION, kind: 'yes_no', label: 'Fotos erlaubt?', required: false, options: [] },
    ],
  });
  const participant = await data.createParticipant(bookable, {
    name: 'Fabienne Graf',
    payment_method: 'free',
    notes: 'Zwei Kinder, 6 und 8 Jahre',
    answers: [{ question_id: MENU_QUESTION, label: 'Znüni', answer: 'vegetarisch' }],
  });

  const brunch = await data.createEvent({
    title: 'Breathwork & Brunch',
    subtitle: 'Atmen, ankommen, geniessen',
    category: 'breathwork',
    start_date: inDays(14),
    start_time: '09:30',
    end_time: '13:00',
    price: 130,
    max_participants: 15,
    image_url: '/images/tile-atmen-960.webp',
    bring_along: 'Bequeme Kleidung und eine Decke',
  });
  await data.createParticipant(brunch, {
    name: 'Anna Müller',
    paid: true,
    payment_method: 'stripe',
  });
  await data.createParticipant(brunch, { name: 'Beat Keller', notes: 'Vegetarisch, bitte.' });
  await data.createParticipant(brunch, { name: 'Carla Rossi', status: 'cancelled' });

  await data.createEvent({
    title: 'Sense of Breath: Atem und Klang',
    category: 'sense-of-breath',
    start_date: inDays(10),
    price: 65,
    image_url: '/images/atmen-hero-960.webp',
  });
  const stammtisch = await data.createEvent({
    title: 'Stammtisch',
    subtitle: 'Gemeinsam am Tisch',
    category: 'stammtisch',
    start_date: inDays(21),
    start_time: '18:30',
    end_time: '21:30',
    location: 'Hirschthal',
    price: 95,
    max_participants: 12,
    image_url: '/images/stammtisch-hero-960.webp',
  });
  await data.createParticipant(stammtisch, { name: 'Daniel Frei', paid: true });
  await data.createEvent({
    title: 'Wildkräuter Workshop',
    category: 'workshop',
    start_date: inDays(28),
    price: 180,
    max_participants: 8,
    image_url: '/images/workshop-wildkraeuter-960.webp',
  });
  await data.createEvent({
    title: 'Atem-Retreat im Jura',
    category: 'retreat',
    start_date: inDays(45),
    end_date: inDays(46),
    start_time: '10:00',
    end_time: '16:00',
    location: 'Jura',
    price: 480,
    image_url: '/images/transformation-hero-960.webp',
    payment_methods: ['stripe'],
  });
  await data.createEvent({ title: 'Waldbaden & Meditation', category: 'retreat', status: 'draft' });

  const full = await data.createEvent({
    title: 'Pasta von Hand',
    category: 'workshop',
    start_date: inDays(17),
    max_participants: 3,
    image_url: '/images/workshop-pasta-960.webp',
  });
  await data.fillEvent(full);
  const cancelled = await data.createEvent({
    title: 'Fermentieren für Einsteiger',
    category: 'workshop',
    start_date: inDays(24),
    image_url: '/images/workshop-fermentation-960.webp',
    is_cancelled: true,
  });
  const past = await data.createEvent({
    title: 'Stammtisch im Herbst',
    category: 'stammtisch',
    start_date: inDays(-30),
  });
  await data.createParticipant(past, { name: 'Mia Schneider', paid: true });
  await data.createEvent({ title: 'Breathwork am Morgen', start_date: inDays(-200), status: 'archived' });

  const story = await data.createStory({
    title: 'Warum wir mit allen Sinnen kochen',
    excerpt: 'Was ein Abend am Stammtisch mit Atmen, Riechen und Zuhören zu tun hat.',
    image_url: '/images/essen-gallery-3-960.webp',
    content:
      'Wer bei uns an den Tisch sitzt, isst nicht nur. Bevor der erste Gang kommt, halten wir kurz inne.\n\n' +
      'Die Zutaten holen wir, wo immer es geht, aus der Region.',
  });

  return { bookable, full, cancelled, participant, story };
}

/** Rows every page of the router can be opened with (the a11y audit and the visitor view). */
export interface PageSamples {
  /** The catalog's bookable event: its detail and booking pages show the form. */
  eventSlug: string;
  eventId: string;
  storySlug: string;
  participantId: string;
  /**
   * A full event with a waiting list and optional questions: one entry waits, the seat freed for
   * the first is offered.
   */
  waitlistEventId: string;
  waitlistEventSlug: string;
  /** Waiting-list links: a place in the list, and an open offer. */
  leaveToken: string;
  offerToken: string;
  /** A visitor's booking (reference + manage token) for the confirmation and manage pages. */
  booking: { reference: string; manageToken: string };
  /** A visitor's booking of 3 on site, held until the link in its mail is clicked (issue 25). */
  heldBooking: { reference: string; confirmToken: string };
  /** An occurrence of a series: saving it asks "nur dieses" / "dieses und alle folgenden". */
  seriesEventId: string;
}

/** The catalog plus a waiting list with an open offer and a visitor's booking. */
export async function createPageSamples(data: TestData): Promise<PageSamples> {
  const catalog = await createCatalog(data);
  // Optional questions of every kind, so the waiting-list form and the offer page show them.
  const full = await data.createEvent({
    max_participants: 1,
    questions: [
      {
        id: '5a0d3c1e-1b2c-4d3e-8f40-000000000001',
        kind: 'text',
        label: 'Allergien',
        required: false,
        options: [],
      },
      {
        id: '5a0d3c1e-1b2c-4d3e-8f40-000000000002',
        kind: 'choice',
        label: 'Menü',
        required: false,
        options: ['vegetarisch', 'vegan'],
      },
      {
        id: '5a0d3c1e-1b2c-4d3e-8f40-000000000003',
        kind: 'yes_no',
        label: 'Fotos erlaubt?',
        required: false,
        options: [],
      },
    ],
  });
  const booked = await data.createParticipant(full);
  const offered = await data.joinWaitlist(full);
  const waiting = await data.joinWaitlist(full);
  await data.cancelParticipant(booked);
  // The catalog's bookable event is free; a held booking needs one paid on site.
  const held = await data.createBooking(await data.createEvent(), {
    persons: 3,
    paymentMethod: 'onsite',
    addressKey: `ip:e2e-samples-${Date.now()}`,
  });
  return {
    eventSlug: catalog.bookable.slug,
    eventId: catalog.bookable.id,
    storySlug: catalog.story.slug,
    participantId: catalog.participant.id,
    waitlistEventId: full.id,
    waitlistEventSlug: full.slug,
    leaveToken: waiting.leaveToken,
    offerToken: await data.offerToken(offered.email),
    booking: await data.createBooking(catalog.bookable, { persons: 2, paymentMethod: 'free' }),
    heldBooking: { reference: held.reference, confirmToken: await data.confirmToken(held.participantId) },
    // A draft: the public pages' lists stay as the catalog makes them.
    seriesEventId: (await data.createSeriesEvent({ status: 'draft' })).id,
  };
}
