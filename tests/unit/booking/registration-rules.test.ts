import { describe, expect, it } from 'vitest';
import {
  GENERIC_INLINE_ERROR,
  GENERIC_TOAST_ERROR,
  RegistrationError,
  changesEvent,
  describeRegistrationError,
  registrationErrorCode,
} from '@/features/booking/lib/registration-errors';
import { newRequestId } from '@/features/booking/lib/request-id';
import {
  answersChecked,
  defaultPaymentMethod,
  offeredPaymentMethods,
  registrationSchema,
} from '@/features/booking/schema';
import type { EventQuestion } from '@/lib/event-questions';

describe('payment methods', () => {
  it('offers only the allowed methods and prefers onsite', () => {
    expect(offeredPaymentMethods(['stripe', 'onsite'])).toEqual(['onsite', 'stripe']);
    expect(defaultPaymentMethod(['stripe', 'onsite'])).toBe('onsite');
    expect(defaultPaymentMethod(['free'])).toBe('free');
    expect(defaultPaymentMethod(['stripe'])).toBe('stripe');
    expect(defaultPaymentMethod([])).toBe('');
  });
});

describe('registrationSchema', () => {
  const valid = {
    name: 'Anna',
    email: 'anna@example.ch',
    phone: '+41 79 123 45 67',
    notes: '',
    persons: 2,
    paymentMethod: 'onsite',
    answers: {},
  };

  it('accepts a complete registration and trims it', () => {
    expect(registrationSchema.parse({ ...valid, name: '  Anna ' }).name).toBe('Anna');
  });

  it.each(['name', 'email', 'phone'])('requires %s', (field) => {
    expect(registrationSchema.safeParse({ ...valid, [field]: '   ' }).success).toBe(false);
  });

  it('rejects a malformed e-mail and an empty payment method', () => {
    expect(registrationSchema.safeParse({ ...valid, email: 'anna' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...valid, paymentMethod: '' }).success).toBe(false);
  });
});

describe("the event's questions in the form", () => {
  const questions: EventQuestion[] = [
    { id: 'q-child', kind: 'text', label: 'Kind', required: true, options: [] },
    { id: 'q-menu', kind: 'choice', label: 'Menü', required: false, options: ['vegetarisch', 'vegan'] },
    { id: 'q-photos', kind: 'yes_no', label: 'Fotos?', required: false, options: [] },
  ];
  const schema = answersChecked(registrationSchema, questions);
  const base = {
    name: 'Anna',
    email: 'anna@example.ch',
    phone: '+41 79 123 45 67',
    notes: '',
    persons: 1,
    paymentMethod: 'onsite',
  };
  const problems = (answers: Record<string, string>) => {
    const result = schema.safeParse({ ...base, answers });
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts required answers given and optional ones left empty', () => {
    expect(problems({ 'q-child': 'Mia, 7', 'q-menu': '', 'q-photos': '' })).toEqual({});
    expect(problems({ 'q-child': 'Mia', 'q-menu': 'vegan', 'q-photos': 'Nein' })).toEqual({});
  });

  it('names each problem at its question: missing, not an option, too long', () => {
    expect(problems({ 'q-child': '  ', 'q-menu': 'Fleisch', 'q-photos': 'vielleicht' })).toEqual({
      'answers.q-child': 'Bitte beantworte diese Frage.',
      'answers.q-menu': 'Bitte wähle eine der Antworten.',
      'answers.q-photos': 'Bitte wähle eine der Antworten.',
    });
    expect(problems({ 'q-child': 'x'.repeat(501) })).toEqual({
      'answers.q-child': 'Bitte kürze die Antwort auf höchstens 500 Zeichen.',
    });
  });

  it('explains the database refusals and reloads the event for them', () => {
    for (const code of ['ANSWER_REQUIRED', 'ANSWER_INVALID'] as const) {
      const error = new RegistrationError(code, code, null, 'q-menu');
      expect(describeRegistrationError(error).inline).toContain('markierte Frage');
      expect(changesEvent(error)).toBe(true);
    }
  });
});

describe('registration errors', () => {
  it('recognises the database codes', () => {
    expect(registrationErrorCode('EVENT_SOLD_OUT')).toBe('EVENT_SOLD_OUT');
    expect(registrationErrorCode('duplicate key')).toBeNull();
  });

  it.each([
    ['EVENT_SOLD_OUT', 'ausgebucht'],
    ['EVENT_CANCELLED', 'abgesagt'],
    ['EVENT_NOT_BOOKABLE', 'keine Anmeldungen mehr möglich'],
    ['PAYMENT_METHOD_NOT_ALLOWED', 'Zahlungsmethode'],
    ['INVALID_INPUT', 'überprüfe deine Angaben'],
  ] as const)('explains %s in German', (code, words) => {
    const text = describeRegistrationError(new RegistrationError(code, code));
    expect(text.inline).toContain(words);
    expect(text.toast).toContain(words);
  });

  it('names the limit and the seats left for the persons errors', () => {
    expect(describeRegistrationError(new RegistrationError('TOO_MANY_PERSONS', 'x', null, '6')).inline).toBe(
      'Pro Buchung sind höchstens 6 Personen möglich. Bitte wähle weniger Personen.',
    );
    expect(describeRegistrationError(new RegistrationError('NOT_ENOUGH_SEATS', 'x', null, '3')).inline).toBe(
      'Es sind inzwischen nur noch 3 Plätze frei. Bitte wähle weniger Personen.',
    );
    expect(changesEvent(new RegistrationError('NOT_ENOUGH_SEATS', 'x', null, '3'))).toBe(true);
  });

  it('falls back to the spec texts for anything else', () => {
    expect(describeRegistrationError(new RegistrationError(null, 'boom'))).toEqual({
      inline: GENERIC_INLINE_ERROR,
      toast: GENERIC_TOAST_ERROR,
    });
    expect(describeRegistrationError(new TypeError('Failed to fetch')).inline).toBe(
      'Es gab ein Problem bei der Anmeldung. Bitte versuche es später erneut.',
    );
  });

  it('knows which errors mean the event changed', () => {
    expect(changesEvent(new RegistrationError('EVENT_SOLD_OUT', ''))).toBe(true);
    expect(changesEvent(new RegistrationError('INVALID_INPUT', ''))).toBe(false);
  });
});

describe('newRequestId', () => {
  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newRequestId()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newRequestId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
