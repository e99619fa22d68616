import { describe, expect, it } from 'vitest';
import { buildEventJsonLd, serializeJsonLd } from '@/features/events/lib/event-json-ld';
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
        startTime: '18:30',
        endTime: '21:30',
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
      event({ startDate: '2026-07-02', endDate: null, startTime: null, endTime: null, isCancelled: true }),
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

describe('an event without an end time', () => {
  it('has a start with its Zurich offset and no endDate', () => {
    const data = buildEventJsonLd(
      event({ startDate: '2026-07-02', endDate: null, startTime: '10:00', endTime: null }),
      context,
    );
    expect(data).toMatchObject({ startDate: '2026-07-02T10:00:00+02:00' });
    expect(data).not.toHaveProperty('endDate');
  });
});
