import { describe, expect, it } from 'vitest';
import { normalizedUid, toVatSetting, vatFormSchema } from '@/features/admin-settings/vat-schema';

// The 'Mehrwertsteuer' section of 'Einstellungen' (issue 29): what the receipts print.

describe('VAT setting form', () => {
  it('writes the UID as CHE-123.456.789 whatever the spacing, and empty fields as no VAT', () => {
    expect(normalizedUid('CHE123456789')).toBe('CHE-123.456.789');
    expect(normalizedUid('che-123.456.789 MWST')).toBe('CHE-123.456.789');
    expect(normalizedUid('123.456.789')).toBeNull();
    expect(normalizedUid('CHE-123.456.78')).toBeNull();
    expect(toVatSetting({ uid: '', rate: '' })).toEqual({ uid: null, rate_percent: null });
    expect(toVatSetting({ uid: 'CHE 123 456 789', rate: '8,1' })).toEqual({
      uid: 'CHE-123.456.789',
      rate_percent: 8.1,
    });
  });

  it('refuses half a setting and a wrong rate with German messages', () => {
    const issues = (uid: string, rate: string) =>
      vatFormSchema.safeParse({ uid, rate }).error?.issues.map((issue) => [issue.path[0], issue.message]) ??
      [];
    expect(issues('', '')).toEqual([]);
    expect(issues('CHE-123.456.789', '8.1')).toEqual([]);
    expect(issues('CHE-123.456.789', '')).toEqual([
      ['rate', 'Bitte geben Sie den Satz in Prozent ein, zum Beispiel 8.1.'],
    ]);
    expect(issues('', '8.1')).toEqual([['uid', 'Bitte geben Sie die UID im Format CHE-123.456.789 ein.']]);
    expect(issues('CHE-123.456.789', '8.125')).toHaveLength(1);
    expect(issues('CHE-123.456.789', '101')).toHaveLength(1);
  });
});
