import {
  checkinCounts,
  eventLine,
  searchByName,
  toCheckinEntry,
  type CheckinEntry,
} from '@/features/admin-participants/lib/checkin';
import { formatTicketCounts } from '@common/format.ts';

function entry(name: string, persons: number, checkedInAt: string | null = null): CheckinEntry {
  return {
    id: name,
    name,
    email: '',
    phone: '',
    persons,
    status: 'confirmed',
    paymentMethod: 'onsite',
    openCents: 0,
    notes: '',
    answers: [],
    checkedInAt,
    tickets: null,
  };
}

const entries = [
  entry('Petra Müller', 2, '2026-11-24T18:05:00Z'),
  entry('Jonas Keller', 1),
  entry('Zoë Frei', 3),
];

describe('check-in list rules', () => {
  it('counts persons present and expected, not registrations', () => {
    expect(checkinCounts(entries)).toEqual({ present: 2, expected: 6 });
    expect(checkinCounts([])).toEqual({ present: 0, expected: 0 });
  });

  it('finds names without accents, case or word order', () => {
    expect(searchByName(entries, 'muller').map((e) => e.name)).toEqual(['Petra Müller']);
    expect(searchByName(entries, 'ZOE').map((e) => e.name)).toEqual(['Zoë Frei']);
    expect(searchByName(entries, 'keller jo').map((e) => e.name)).toEqual(['Jonas Keller']);
    expect(searchByName(entries, '  ')).toHaveLength(3);
    expect(searchByName(entries, 'niemand')).toEqual([]);
  });

  it('describes the event in one line', () => {
    expect(
      eventLine({
        id: 'e',
        title: 'Fondue',
        startDate: '2026-12-05',
        endDate: null,
        startTime: '19:00',
        endTime: '22:00',
        location: 'Suhr',
        maxParticipants: 10,
      }),
    ).toBe('5. Dezember 2026 · 19:00–22:00 Uhr · Suhr');
  });
});

describe('tickets at the door (issue 28)', () => {
  it('reads a booking\u2019s tickets per type, and none for an event without types', () => {
    const row = {
      id: 'p-1',
      name: 'Familie Muster',
      email: '',
      phone: '',
      persons: 3,
      status: 'confirmed',
      payment_method: 'onsite',
      notes: '',
      answers: [],
      checked_in_at: null,
      open_cents: 0,
    };
    const family = toCheckinEntry({
      ...row,
      tickets: [
        { ticket_type_id: 't-a', name: 'Erwachsene', persons: 2, price_cents: 4500 },
        { ticket_type_id: 't-k', name: 'Kinder (5–12)', persons: 1, price_cents: 2500 },
      ],
    });
    expect(formatTicketCounts(family.tickets!)).toBe('2 × Erwachsene, 1 × Kinder (5–12)');
    expect(toCheckinEntry({ ...row, tickets: null }).tickets).toBeNull();
  });
});
