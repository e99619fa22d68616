import { describe, expect, it } from 'vitest';
import {
  applyPublishedFilter,
  filterByCategory,
  presentCategories,
} from '@/features/events/lib/published-filter';
import { availabilityOf, capacityText, truncateDescription } from '@/features/events/lib/availability';
import { allSampleEvents } from '@/features/events/sample-events';
import { event } from './fixtures';

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
    expect(samples[0]!.slug).toBe('breathwork-brunch-19-03-2026');
  });
});

describe('availability', () => {
  it('puts cancelled before sold out, and full capacity counts as sold out', () => {
    expect(availabilityOf(event({ isCancelled: true, isSoldOut: true }))).toBe('cancelled');
    expect(availabilityOf(event({ isSoldOut: true }))).toBe('sold-out');
    expect(availabilityOf(event({ maxParticipants: 8, currentParticipants: 8 }))).toBe('sold-out');
    expect(availabilityOf(event({ maxParticipants: 8, currentParticipants: 7 }))).toBe('open');
  });

  it('names the capacity', () => {
    expect(capacityText(event({ maxParticipants: 12, currentParticipants: 3 }))).toBe('Max. 12 Teilnehmer');
    expect(capacityText(event({ maxParticipants: 12, isSoldOut: true }))).toBe(
      'Ausgebucht (max. 12 Teilnehmer)',
    );
  });

  it('cuts descriptions after 100 characters', () => {
    expect(truncateDescription('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncateDescription('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });
});
