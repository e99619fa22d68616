import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INVALID_NAME, NAME_TOO_LONG, nameProblem } from '@common/contact-rules.ts';
import { isUnsafeText, unsafeTextField } from '@common/input-rules.ts';
import { registrationSchema } from '@/features/booking/schema';
import { contactFormSchema, corporateEnquirySchema } from '@/features/contact/schema';

// Issue 25: a name reads as a name (the same rule in the forms and the functions), and text
// Postgres cannot store is found anywhere in a body.

const PHISHING = 'Ihr Konto wird gesperrt - jetzt bestaetigen: https://evil.example/login';

describe('nameProblem', () => {
  it.each([
    'Anne-Marie O’Neill',
    "Anne-Marie O'Neill",
    'Jürg Müller',
    '山田 太郎',
    'José María',
    'J. R. R. Tolkien',
    'Zoë Ŝ.',
    'Ngũgĩ wa Thiong’o',
    'Андрей Иванов',
    'أحمد',
  ])('accepts %s', (name) => expect(nameProblem(name)).toBeNull());

  it.each([
    PHISHING,
    'evil.example',
    'www.evil',
    'anna@example.ch',
    'Anna 2',
    'Anna <b>',
    'Anna\u0000',
    'https://x',
    '-Anna',
    '😀',
  ])('refuses %s', (name) => expect(nameProblem(name)).toBe(INVALID_NAME));

  it('bounds the length', () => {
    expect(nameProblem('A'.repeat(100))).toBeNull();
    expect(nameProblem('A'.repeat(101))).toBe(NAME_TOO_LONG);
  });

  it('refuses the phishing name at the name field of the booking and contact forms', () => {
    const booking = registrationSchema.safeParse({
      name: PHISHING,
      email: 'anna@example.ch',
      phone: '+41791234567',
      notes: '',
      persons: 1,
      paymentMethod: 'onsite',
      answers: {},
    });
    expect(booking.error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], message: INVALID_NAME }),
    ]);
    const contact = contactFormSchema.safeParse({
      name: PHISHING,
      email: 'a@b.ch',
      subject: 'x',
      message: 'y',
    });
    expect(contact.error?.issues.map((issue) => issue.path)).toEqual([['name']]);
    expect(corporateEnquirySchema.safeParse({ name: '', email: 'a@b.ch', message: '' }).success).toBe(true);
    // 'Name und Unternehmen' of the corporate enquiry reaches the provider only: a company may have a comma.
    const company = { name: 'Beat, Firma AG', email: 'a@b.ch', message: '' };
    expect(corporateEnquirySchema.safeParse(company).success).toBe(true);
  });

  it('never accepts a digit, an @, a colon or a slash (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('0', '7', '@', ':', '/'),
        fc.string(),
        (before, bad, after) => {
          expect(nameProblem(`A${before}${bad}${after}`)).not.toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('unsafe text', () => {
  it('finds NUL and lone surrogates, keeps pairs (emoji)', () => {
    expect(isUnsafeText('Anna\u0000')).toBe(true);
    expect(isUnsafeText('\uD800')).toBe(true);
    expect(isUnsafeText('x\uDC00')).toBe(true);
    expect(isUnsafeText('Anna 😀')).toBe(false);
  });

  it('names the top-level field at any depth, keys included', () => {
    expect(unsafeTextField({ name: 'Anna', notes: 'ok' })).toBeNull();
    expect(unsafeTextField({ answers: { q: ['a', { b: '\uD800' }] } })).toBe('answers');
    expect(unsafeTextField({ answers: { 'q\u0000': 'a' } })).toBe('answers');
    expect(unsafeTextField({ 'x\u0000': 1 })).toBe('');
    expect(unsafeTextField('\u0000')).toBe('');
    let deep: unknown = '\uDFFF';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(unsafeTextField({ deep })).toBe('deep');
  });
});
