import { toAdminEvent } from '@/features/admin-events/lib/admin-event';
import {
  DEFAULT_FILTERS,
  filterByTime,
  readFilters,
  writeFilters,
} from '@/features/admin-events/lib/event-filters';
import { buildImagePath, checkImageFile } from '@/features/admin-events/lib/image-file';
import {
  emptyEventForm,
  eventFormSchema,
  formToEventWrite,
  type EventFormValues,
} from '@/features/admin-events/schema';
import { eventRow } from './fixtures';

const valid: EventFormValues = {
  ...emptyEventForm,
  title: 'Waldbaden',
  description: 'Im Wald',
  startDate: '2099-05-01',
  startTime: '09:00',
  location: 'Hirschthal',
};

function issues(values: EventFormValues): Record<string, string> {
  const result = eventFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('event form rules', () => {
  it('accepts a complete event', () => {
    expect(issues(valid)).toEqual({});
  });

  it('requires title, description and location', () => {
    expect(Object.keys(issues({ ...valid, title: ' ', description: '', location: '' })).sort()).toEqual([
      'description',
      'location',
      'title',
    ]);
  });

  it('enforces at least one payment method', () => {
    expect(issues({ ...valid, paymentMethods: [] })).toEqual({
      paymentMethods: 'Bitte wählen Sie mindestens eine Zahlungsart.',
    });
  });

  it('limits bring-along to 80 characters', () => {
    expect(issues({ ...valid, bringAlong: 'x'.repeat(80) })).toEqual({});
    expect(issues({ ...valid, bringAlong: 'x'.repeat(81) })).toHaveProperty('bringAlong');
  });

  it('rejects a negative price, an empty price and fewer than one place', () => {
    expect(issues({ ...valid, price: -1, maxParticipants: 0 })).toEqual({
      price: 'Der Preis darf nicht negativ sein.',
      maxParticipants: 'Mindestens 1 Teilnehmer.',
    });
    expect(issues({ ...valid, price: Number.NaN })).toHaveProperty('price');
  });

  it('takes optional times: an end needs a start and lies after it on a one-day event', () => {
    expect(issues({ ...valid, startTime: '' })).toEqual({});
    expect(issues({ ...valid, startTime: '18:30', endTime: '21:30' })).toEqual({});
    expect(issues({ ...valid, startTime: '18:30', endTime: '18:30' })).toEqual({
      endTime: 'Endzeit muss nach der Startzeit liegen.',
    });
    expect(issues({ ...valid, startTime: '', endTime: '21:30' })).toEqual({
      startTime: 'Bitte geben Sie zuerst eine Startzeit ein.',
    });
    // Over two days the end may be earlier on the clock.
    expect(issues({ ...valid, endDate: '2099-05-02', startTime: '22:00', endTime: '01:00' })).toEqual({});
    expect(issues({ ...valid, startTime: '25:00' })).toEqual({
      startTime: 'Bitte geben Sie eine Uhrzeit wie 18:30 ein.',
    });
  });

  it('stores times only with a date', () => {
    const withTimes = { ...valid, startTime: '18:30', endTime: '21:30' };
    expect(formToEventWrite(withTimes, null)).toMatchObject({ start_time: '18:30', end_time: '21:30' });
    expect(formToEventWrite({ ...withTimes, hasDate: false }, null)).toMatchObject({
      start_date: null,
      start_time: null,
      end_time: null,
    });
  });

  it('needs a start date while "Datum erforderlich" is on and an end date not before it', () => {
    expect(issues({ ...valid, startDate: '' })).toHaveProperty('startDate');
    expect(issues({ ...valid, endDate: '2099-04-30' })).toEqual({
      endDate: 'Das Enddatum liegt vor dem Startdatum.',
    });
  });

  it('writes null dates when the date toggle is off and converts empty optionals to null', () => {
    const row = formToEventWrite({ ...valid, hasDate: false, endDate: '2099-05-02' }, null);
    expect(row).toMatchObject({
      start_date: null,
      end_date: null,
      subtitle: null,
      bring_along: null,
      image_url: null,
    });
    expect(formToEventWrite({ ...valid, bringAlong: ' Decke ' }, 'https://x/y.png')).toMatchObject({
      start_date: '2099-05-01',
      bring_along: 'Decke',
      image_url: 'https://x/y.png',
      max_participants: 15,
      payment_methods: ['onsite'],
    });
  });
});

describe('event image', () => {
  it('names the upload timestamp-uuid-safe name', () => {
    expect(buildImagePath('Mein Foto (1).JPG', 1700000000000, 'abc')).toBe(
      '1700000000000-abc-Mein_Foto__1_.JPG',
    );
  });

  it('accepts jpeg, png and webp up to 4 MB only', () => {
    const file = (type: string, size: number) => new File([new Uint8Array(size)], 'f', { type });
    expect(checkImageFile(file('image/webp', 4 * 1024 * 1024))).toBeNull();
    expect(checkImageFile(file('image/gif', 10))?.title).toBe('Dateityp nicht unterstützt');
    expect(checkImageFile(file('image/png', 4 * 1024 * 1024 + 1))).toEqual({
      title: 'Datei zu gross',
      description: 'Die Datei darf maximal 4MB gross sein.',
    });
  });
});

describe('event list filters', () => {
  it('reads defaults and ignores unknown values', () => {
    expect(readFilters(new URLSearchParams('status=bogus&time=past&category=sense-of-breath'))).toEqual({
      status: 'all',
      time: 'past',
      category: 'sense-of-breath',
    });
    expect(readFilters(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('keeps only non-default values in the URL', () => {
    expect(writeFilters({ status: 'draft', time: 'upcoming', category: 'all' }).toString()).toBe(
      'status=draft',
    );
    expect(writeFilters({ status: 'all', time: 'all', category: 'kids' }).toString()).toBe(
      'time=all&category=kids',
    );
  });

  it('counts events without a date as upcoming', () => {
    const events = [
      toAdminEvent(eventRow({ id: 'past', start_date: '2020-01-01' })),
      toAdminEvent(eventRow({ id: 'today', start_date: '2026-11-22' })),
      toAdminEvent(eventRow({ id: 'undated', start_date: null })),
    ];
    const ids = (time: 'all' | 'upcoming' | 'past') =>
      filterByTime(events, time, '2026-11-22').map((e) => e.id);
    expect(ids('upcoming')).toEqual(['today', 'undated']);
    expect(ids('past')).toEqual(['past']);
    expect(ids('all')).toHaveLength(3);
  });
});
