import { describe, expect, it } from 'vitest';
import { afterTheEvent, retentionPeriod } from './retention-period';

describe('retentionPeriod', () => {
  it.each([
    [1, '1 Tag'],
    [7, '7 Tage'],
    [30, '30 Tage'],
    [400, '400 Tage'],
    [365, '12 Monate'],
    [730, '24 Monate'],
    [1095, 'drei Jahre'],
    [3650, 'zehn Jahre'],
    [4745, '13 Jahre'],
  ])('%i days read as «%s»', (days, text) => {
    expect(retentionPeriod(days)).toBe(text);
  });
});

describe('afterTheEvent', () => {
  it('says «sobald der Anlass vorbei ist» for zero days and the period otherwise', () => {
    expect(`Wir löschen sie${afterTheEvent(0)}.`).toBe('Wir löschen sie, sobald der Anlass vorbei ist.');
    expect(`Wir löschen sie${afterTheEvent(730)}.`).toBe('Wir löschen sie 24 Monate nach dem Anlass.');
  });
});
