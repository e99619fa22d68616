import { describe, expect, it } from 'vitest';
import {
  applyPublishedFilter,
  filterByCategory,
  presentCategories,
} from '@/features/events/lib/published-filter';
import { bookingStateOf, capacityText, truncateDescription } from '@/features/events/lib/availability';
import { displayTime } from '@common/event-time.ts';
import { allSampleEvents } from '@/features/events/sample-events';
import { keepShownOrder } from '@/features/events/lib/stable-order';
import { bookable, event, notBookable } from './fixtures';

describe('applyPublishedFilter (the rules used for sample lists)', () => {
  const today = '2026-03-05';
  const events = [
    event({ title: 'Später', startDate: '2026-04-01', category: 'kids' }),
    event({ title: 'Heute', startDate: today, category: 'breathwork' }),
    event({ title: 'Gestern', startDate: '2026-03-04' }),
    event({ title: 'Ohne Datum', startDate: null }),
    event({ title: 'Entwurf', startDate: '2026-03-10', status: 'draft' }),
    event({ title: 'Bald', startDate: '2026-03-06', category: 'sense-of-breath' }),
  ];

  it('keeps published events from today on, sorted by start date', () => {
    expect(applyPublishedFilter(events, {}, today).map((e) => e.title)).toEqual(['Heute', 'Bald', 'Später']);
  });

  it('filters by categories and limits', () => {
    expect(
      applyPublishedFilter(events, { categories: ['breathwork', 'sense-of-breath'] }, today).map(
        (e) => e.title,
      ),
    ).toEqual(['Heute', 'Bald']);
    expect(applyPublishedFilter(events, { limit: 1 }, today).map((e) => e.title)).toEqual(['Heute']);
  });

  it('offers only present categories and filters by one', () => {
    expect([...presentCategories(events)].sort()).toEqual(['breathwork', 'kids', 'sense-of-breath']);
    expect(filterByCategory(events, 'kids').map((e) => e.title)).toEqual(['Später']);
    expect(filterByCategory(events, null)).toHaveLength(events.length);
  });
});

describe('built-in samples', () => {
  it('are the four spec samples, upcoming, one of them a draft', () => {
    const samples = allSampleEvents(new Date('2026-03-05T10:00:00Z'));
    expect(samples.map((s) => [s.title, s.price, s.maxParticipants, s.status])).toEqual([
      ['Breathwork & Brunch', 130, 15, 'published'],
      ['Stammtisch', 95, 12, 'published'],
      ['Wildkräuter Workshop', 180, 8, 'published'],
      ['Waldbaden & Meditation', 150, 10, 'draft'],
    ]);
    expect(samples.every((s) => s.isSample && s.startDate! > '2026-03-05')).toBe(true);
    expect(samples[0]!.slug).toBe('beispiel-breathwork-brunch');
  });
});

describe('availability', () => {
  it("shows the database's answer: closed and full are sold out, past and unpublished are their own", () => {
    expect(bookingStateOf(event(notBookable('cancelled')))).toBe('cancelled');
    expect(bookingStateOf(event(notBookable('closed', 4)))).toBe('sold-out');
    expect(bookingStateOf(event(notBookable('full')))).toBe('sold-out');
    expect(bookingStateOf(event(notBookable('past', 2)))).toBe('past');
    expect(bookingStateOf(event(notBookable('draft')))).toBe('unavailable');
    expect(bookingStateOf(event(bookable(1)))).toBe('open');
  });

  it('names the capacity', () => {
    expect(capacityText(event({ maxParticipants: 12, ...bookable(9) }))).toBe('Max. 12 Teilnehmer');
    expect(capacityText(event({ maxParticipants: 12, ...notBookable('closed', 9) }))).toBe(
      'Ausgebucht (max. 12 Teilnehmer)',
    );
  });

  it('keeps descriptions of up to 100 characters', () => {
    expect(truncateDescription('a'.repeat(100))).toBe('a'.repeat(100));
  });

  it('cuts longer ones at a word boundary with a single …', () => {
    const text = `${'Wir sammeln Kräuter im Wald, '.repeat(3)}und kochen danach gemeinsam am Feuer über der Glut.`;
    const cut = truncateDescription(text);
    expect(cut).toBe(
      'Wir sammeln Kräuter im Wald, Wir sammeln Kräuter im Wald, Wir sammeln Kräuter im Wald, und kochen…',
    );
    expect(cut.length).toBeLessThanOrEqual(101);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('never ends in punctuation before the …, nor with three dots', () => {
    const cut = truncateDescription(`${'x'.repeat(95)}, und so weiter`);
    expect(cut).toBe(`${'x'.repeat(95)}…`);
    expect(truncateDescription(`${'Feuer '.repeat(30)}`)).not.toMatch(/\.\.\.|\s…$/);
  });

  it('cuts a single overlong word inside it', () => {
    expect(truncateDescription('a'.repeat(150))).toBe(`${'a'.repeat(100)}…`);
  });
});

describe('displayTime', () => {
  it.each([
    ['09:00', '11:30', '09:00–11:30 Uhr'],
    ['18:30:00', '21:30:00', '18:30–21:30 Uhr'],
    ['18:30', null, '18:30 Uhr'],
    [null, null, ''],
  ])('writes %s and %s as %j', (start, end, expected) => {
    expect(displayTime(start, end)).toBe(expected);
  });
});

describe('keepShownOrder (a list refreshed after the build keeps what the visitor sees in place)', () => {
  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

  it('keeps the shown items in their places and adds new ones after them', () => {
    // Fresh (by date): 'new-early' comes first, 'new-late' last.
    const fresh = [{ id: 'new-early' }, { id: 'a' }, { id: 'b' }, { id: 'new-late' }];
    expect(ids(keepShownOrder(['a', 'b'], fresh))).toEqual(['a', 'b', 'new-early', 'new-late']);
  });

  it('leaves out what is gone and takes the fresh order when nothing was shown', () => {
    expect(ids(keepShownOrder(['a', 'gone', 'b'], [{ id: 'b' }, { id: 'a' }]))).toEqual(['a', 'b']);
    expect(ids(keepShownOrder([], [{ id: 'b' }, { id: 'a' }]))).toEqual(['b', 'a']);
  });
});
