import {
  checkinCounts,
  eventLine,
  searchByName,
  type CheckinEntry,
} from '@/features/admin-participants/lib/checkin';

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
