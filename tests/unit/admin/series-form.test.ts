import { describe, expect, it } from 'vitest';
import { eventToForm, formToEventWrite } from '@/features/admin-events/schema';
import { toAdminEvent } from '@/features/admin-events/lib/admin-event';
import { initialRepeat, parseSwissDates, repeatToRule } from '@/features/admin-events/lib/repeat-form';
import { seriesDiff } from '@/features/admin-events/lib/series-changes';
import { eventRow } from './fixtures';

// The "Wiederholen" section's fields -> rule and dates (repeat-form.ts), and what "dieses und
// alle folgenden" sends (series-changes.ts).

describe('repeatToRule', () => {
  it("starts with the start date's weekday and week of the month, 12 times", () => {
    // 2027-01-14: the 2nd Thursday.
    const state = initialRepeat('2027-01-14');
    expect(state).toMatchObject({ kind: 'monthly', nth: 2, weekday: 4, count: '12' });
    const result = repeatToRule(state, '2027-01-14');
    expect(result.ok && result.dates).toHaveLength(12);
    expect(result.ok && result.text).toBe('Jeden 2. Donnerstag im Monat, ab 14.01.2027, 12 Mal');
    // A 29th is in the 5th week: "the last".
    expect(initialRepeat('2027-01-29').nth).toBe(-1);
  });

  it('names each problem in German', () => {
    const state = initialRepeat('2027-01-14');
    expect(repeatToRule({ ...state, count: '0' }, '2027-01-14')).toEqual({
      ok: false,
      error: 'Bitte geben Sie eine Anzahl von 1 bis 100 ein.',
    });
    expect(repeatToRule(state, '')).toEqual({ ok: false, error: 'Bitte geben Sie ein Startdatum ein.' });
    expect(repeatToRule({ ...state, endKind: 'until', until: '2026-12-31' }, '2027-01-14')).toEqual({
      ok: false,
      error: 'Das Enddatum der Serie liegt vor dem Startdatum.',
    });
    expect(repeatToRule({ ...state, kind: 'weekly', weekdays: [] }, '2027-01-14')).toEqual({
      ok: false,
      error: 'Bitte wählen Sie mindestens einen Wochentag.',
    });
    expect(repeatToRule({ ...state, exceptions: '31.02.2027' }, '2027-01-14')).toEqual({
      ok: false,
      error: '«31.02.2027» ist kein Datum (TT.MM.JJJJ).',
    });
    expect(repeatToRule({ ...state, kind: 'dates', dates: '' }, '')).toEqual({
      ok: false,
      error: 'Diese Regel ergibt keinen Termin.',
    });
  });

  it('reads a list of Swiss dates', () => {
    expect(parseSwissDates('5.6.2027\n 28.03.2027 \n\n')).toEqual({ dates: ['2027-06-05', '2027-03-28'] });
    const result = repeatToRule(
      { ...initialRepeat(''), kind: 'dates', dates: '5.6.2027\n28.03.2027', exceptions: '' },
      '',
    );
    expect(result.ok && result.dates).toEqual(['2027-03-28', '2027-06-05']);
  });
});

describe('seriesDiff', () => {
  const event = toAdminEvent(eventRow({ series_id: 's-1', end_date: '2099-03-16' }));
  const before = formToEventWrite(eventToForm(event), event.imageUrl);

  it('sends only what changed; a moved start keeps the length of the event', () => {
    expect(seriesDiff(before, before)).toEqual({ changes: {}, unsupported: [] });
    const after = { ...before, location: 'Aarau', start_date: '2099-03-22', end_date: '2099-03-23' };
    expect(seriesDiff(before, after)).toEqual({
      changes: { location: 'Aarau', start_date: '2099-03-22' },
      unsupported: [],
    });
  });

  it('names what only "nur dieses" can take', () => {
    const after = { ...before, category: 'kids', is_cancelled: true, end_date: '2099-03-17' };
    expect(seriesDiff(before, after).unsupported).toEqual(['category', 'is_cancelled', 'end_date']);
  });
});
