import { describe, expect, it } from 'vitest';
import { buildEventJsonLd, serializeJsonLd } from '@/features/events/lib/event-json-ld';
import { parseTimeRange } from '@common/time-range.ts';
import { event, notBookable } from './fixtures';

const context = {
  pageUrl: 'https://www.sinneswerk.ch/events/x',
  imageUrl: null,
  organizer: { name: 'Sinneswerk', url: 'https://www.sinneswerk.ch' },
};

describe('buildEventJsonLd', () => {
  it('describes a timed event with Zurich offsets, price and availability', () => {
    const data = buildEventJsonLd(
      event({
        title: 'Stammtisch',
        startDate: '2026-03-05',
        endDate: '2026-03-05',
        time: '18:30 - 21:30',
        price: 150,
        maxParticipants: 12,
        currentParticipants: 12,
        ...notBookable('full'),
      }),
      context,
    );
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Stammtisch',
      startDate: '2026-03-05T18:30:00+01:00',
      endDate: '2026-03-05T21:30:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      offers: {
        price: '150.00',
        priceCurrency: 'CHF',
        availability: 'https://schema.org/SoldOut',
        url: context.pageUrl,
      },
    });
    expect(data).not.toHaveProperty('image');
  });

  it('uses plain dates when the time is unknown and marks cancellations', () => {
    const data = buildEventJsonLd(
      event({ startDate: '2026-07-02', endDate: null, time: 'abends', isCancelled: true }),
      {
        ...context,
        imageUrl: 'https://cdn.example.ch/a.jpg',
      },
    );
    expect(data).toMatchObject({
      startDate: '2026-07-02',
      endDate: '2026-07-02',
      eventStatus: 'https://schema.org/EventCancelled',
      image: ['https://cdn.example.ch/a.jpg'],
    });
  });

  it('cannot break out of the script element', () => {
    expect(serializeJsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('parseTimeRange', () => {
  it.each([
    ['18:30 - 21:30', [18, 30, 21, 30]],
    ['18.30-21.30', [18, 30, 21, 30]],
    ['09:00 – 11:30 Uhr', [9, 0, 11, 30]],
    ['14:00 Uhr bis 17:00 Uhr', [14, 0, 17, 0]],
  ])('reads %s', (text, [h1, m1, h2, m2]) => {
    expect(parseTimeRange(text)).toEqual({
      start: { hours: h1, minutes: m1 },
      end: { hours: h2, minutes: m2 },
    });
  });

  it.each(['ab 18:30', 'ganztags', '25:00 - 26:00', ''])('finds no range in %j', (text) => {
    expect(parseTimeRange(text)).toBeNull();
  });
});
