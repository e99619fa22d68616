import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, mapEventRow, normalizeImageUrl } from '@/features/events/lib/event-row';
import { eventRow } from './fixtures';

describe('mapEventRow', () => {
  it('maps snake_case storage fields to camelCase client fields', () => {
    const answer = { seats_left: 9, is_full: false, is_bookable: true, reason: null, max_persons: 6 };
    expect(mapEventRow(eventRow({ availability: answer, min_age: 5, max_age: 10 }))).toEqual({
      id: '7f1f6c1e-1111-4a4a-9c9c-000000000001',
      slug: 'breathwork-abend-05-03-2026',
      title: 'Breathwork Abend',
      subtitle: 'Atmen im Kreis',
      description: 'Eine Session.',
      category: 'breathwork',
      startDate: '2026-03-05',
      endDate: '2026-03-05',
      startTime: '18:30',
      endTime: '20:30',
      location: 'Suhr',
      price: 45,
      priceFrom: null,
      maxParticipants: 12,
      maxPersonsPerBooking: 6,
      currentParticipants: 3,
      status: 'published',
      imageUrl: 'https://cdn.example.ch/a.jpg',
      paymentMethods: ['stripe', 'onsite'],
      isCancelled: false,
      availability: { seatsLeft: 9, isFull: false, isBookable: true, reason: null, maxPersons: 6 },
      bringAlong: 'Decke',
      cancellationDeadlineHours: 48,
      questions: [],
      minAge: 5,
      maxAge: 10,
      isSample: false,
    });
  });

  it("keeps the database's reason, and counts a missing answer as not bookable", () => {
    const full = { seats_left: 0, is_full: true, is_bookable: false, reason: 'full', max_persons: 0 };
    expect(mapEventRow(eventRow({ availability: full })).availability).toEqual({
      seatsLeft: 0,
      isFull: true,
      isBookable: false,
      reason: 'full',
      maxPersons: 0,
    });
    const missing = { ...eventRow(), availability: null };
    expect(mapEventRow(missing).availability).toMatchObject({ isBookable: false, reason: 'closed' });
  });

  it('treats a blank bring_along or subtitle as none', () => {
    expect(mapEventRow(eventRow({ bring_along: '   ' })).bringAlong).toBeNull();
    expect(mapEventRow(eventRow({ subtitle: ' ' })).subtitle).toBeNull();
  });

  it('keeps only known payment methods', () => {
    expect(mapEventRow(eventRow({ payment_methods: ['free', 'paypal'] })).paymentMethods).toEqual(['free']);
    expect(mapEventRow(eventRow({ payment_methods: [] })).paymentMethods).toEqual([]);
  });

  it('replaces a missing or unusable image with the placeholder', () => {
    for (const image_url of [
      null,
      '',
      '   ',
      'https://example.com/pic.jpg',
      'https://via.placeholder.com/300',
    ]) {
      expect(mapEventRow(eventRow({ image_url })).imageUrl).toBe(PLACEHOLDER_IMAGE);
    }
  });

  it('falls back to the id when the slug is missing', () => {
    expect(mapEventRow(eventRow({ slug: '' })).slug).toBe('7f1f6c1e-1111-4a4a-9c9c-000000000001');
  });
});

describe('normalizeImageUrl', () => {
  it('keeps absolute URLs', () => {
    expect(normalizeImageUrl('https://x.supabase.co/storage/v1/object/public/event-images/a.jpg')).toBe(
      'https://x.supabase.co/storage/v1/object/public/event-images/a.jpg',
    );
  });
  it('gives relative URLs one leading slash and collapses duplicate slashes', () => {
    expect(normalizeImageUrl('images//events/a.jpg')).toBe('/images/events/a.jpg');
    expect(normalizeImageUrl('//images/a.jpg')).toBe('/images/a.jpg');
    expect(normalizeImageUrl('/images///a.jpg')).toBe('/images/a.jpg');
  });
  it('turns empty, missing and example-domain values into an empty string', () => {
    expect(normalizeImageUrl('')).toBe('');
    expect(normalizeImageUrl(null)).toBe('');
    expect(normalizeImageUrl('http://www.example.org/x.png')).toBe('');
  });
});
