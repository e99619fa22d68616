import { describe, expect, it } from 'vitest';
import { giftVoucherState, matchesSearch } from '@/features/admin-gift-vouchers/lib/gift-voucher-display';
import { issueGiftVoucherSchema, toIssueArgs } from '@/features/admin-gift-vouchers/schema';
import { giftVoucherFormSchema } from '@/features/admin-settings/gift-voucher-schema';

// 'Gutscheine' (issue 28): what the list calls a voucher, the search, and the issue form's rules.

describe('gift voucher state', () => {
  const base = { status: 'active', balance_cents: 500, valid_until: '2026-11-29' };
  it('is valid through its last day, void before all, used up before expired', () => {
    expect(giftVoucherState(base, '2026-11-29')).toBe('active');
    expect(giftVoucherState(base, '2026-11-30')).toBe('expired');
    expect(giftVoucherState({ ...base, balance_cents: 0 }, '2026-11-30')).toBe('redeemed');
    expect(giftVoucherState({ ...base, status: 'void', balance_cents: 0 }, '2026-11-01')).toBe('void');
  });
});

describe('gift voucher search', () => {
  const row = { code: 'GS-ABCD-EFGH-JKLM-NPQR-STUV', recipient_name: 'Anna Muster' };
  it('finds a code however it is typed, and the name in any case', () => {
    expect(matchesSearch(row, '')).toBe(true);
    expect(matchesSearch(row, 'gs abcd efgh')).toBe(true);
    expect(matchesSearch(row, 'DEFG')).toBe(true);
    expect(matchesSearch(row, 'muster')).toBe(true);
    expect(matchesSearch(row, 'XYZ')).toBe(false);
    // Dashes alone match no code (every code has them).
    expect(matchesSearch(row, '-')).toBe(false);
  });
});

describe('issue form', () => {
  const values = {
    kind: 'value' as const,
    value: '50',
    title: '',
    recipientName: '',
    message: '',
    note: '',
    validUntil: '',
  };
  const issues = (overrides: Partial<typeof values> | { kind: 'offer' }) =>
    issueGiftVoucherSchema
      .safeParse({ ...values, ...overrides })
      .error?.issues.map((issue) => issue.path[0]) ?? [];

  it('takes CHF 1 to 100’000 in whole Rappen', () => {
    expect(issues({ value: '1' })).toEqual([]);
    expect(issues({ value: '100000' })).toEqual([]);
    expect(issues({ value: '0.99' })).toEqual(['value']);
    expect(issues({ value: '100000.01' })).toEqual(['value']);
    expect(issues({ value: '12.345' })).toEqual(['value']);
    expect(issues({ value: 'zwanzig' })).toEqual(['value']);
  });

  it('wants a title for an offer voucher and sends none for a value voucher', () => {
    expect(issues({ kind: 'offer' })).toEqual(['title']);
    const parsed = issueGiftVoucherSchema.parse({ ...values, value: '12,5', title: 'Rest', kind: 'value' });
    expect(toIssueArgs(parsed)).toEqual({
      p_kind: 'value',
      p_value_cents: 1250,
      p_title: '',
      p_recipient_name: '',
      p_message: '',
      p_note: '',
    });
  });
});

describe("settings form 'Geschenkgutscheine'", () => {
  it('takes 1 to 10 whole years and a legal text of at most 1000 characters', () => {
    const paths = (validityYears: string, legalText: string) =>
      giftVoucherFormSchema
        .safeParse({ validityYears, legalText })
        .error?.issues.map((issue) => issue.path[0]) ?? [];
    expect(paths('1', 'Text')).toEqual([]);
    expect(paths('10', 'x'.repeat(1000))).toEqual([]);
    expect(paths('0', 'Text')).toEqual(['validityYears']);
    expect(paths('2.5', 'Text')).toEqual(['validityYears']);
    expect(paths('3', 'x'.repeat(1001))).toEqual(['legalText']);
    expect(paths('3', '  ')).toEqual(['legalText']);
  });
});
