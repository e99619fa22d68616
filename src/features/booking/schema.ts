import { z } from 'zod';

import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/event-domain';
import { emailSchema } from '@/lib/email';
import { QUESTION_LIMITS, YES_NO_ANSWERS, type EventQuestion } from '@/lib/event-questions';
import { phoneSchema } from '@/lib/phone';
import { nameSchema } from '@/lib/person-name';

export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@/lib/event-domain';

// Display order of the choices; onsite first because it is the spec's default.
const METHOD_ORDER: PaymentMethod[] = ['onsite', 'free', 'stripe', 'invoice'];

export function offeredPaymentMethods(allowed: readonly string[]): PaymentMethod[] {
  return METHOD_ORDER.filter((method) => allowed.includes(method));
}

/** Spec §5: onsite when the event allows it, else the first allowed method. */
export function defaultPaymentMethod(allowed: readonly string[]): PaymentMethod | '' {
  return offeredPaymentMethods(allowed)[0] ?? '';
}

export const registrationSchema = z.object({
  name: nameSchema('Bitte gib deinen Namen ein.'),
  email: emailSchema('Bitte gib deine E-Mail-Adresse ein.'),
  // Sent and stored in E.164.
  phone: phoneSchema('Bitte gib deine Telefonnummer ein.'),
  // The database's limit (private.checked_participant_input).
  notes: z.string().trim().max(2000, 'Die Anmerkungen sind zu lang (höchstens 2000 Zeichen).'),
  // 'Anzahl Personen': a whole number from 1; the event's limit is the database's (and the
  // form only offers up to it).
  persons: z.number().int().min(1, 'Bitte wähle die Anzahl Personen.'),
  // The form starts with '' when nothing can be preselected; an empty value is rejected (spec §5).
  paymentMethod: z
    .union([z.literal(''), z.enum(PAYMENT_METHODS)])
    .pipe(z.enum(PAYMENT_METHODS, 'Bitte wähle eine Zahlungsmethode.')),
  // Answers to the event's questions by question id; answersChecked adds the event's rules.
  answers: z.record(z.string(), z.string()),
  // 'Rabattcode' (issue 28): optional; the database decides whether it applies.
  discountCode: z.string().trim().max(60, 'Der Code ist zu lang.').optional(),
  // 'Gutscheincode' (issue 28): optional; the database redeems it or refuses (GIFT_VOUCHER_*).
  voucherCode: z.string().trim().max(60, 'Der Gutscheincode ist zu lang.').optional(),
  // Persons per ticket type id (issue 28), for an event with types; `persons` is their sum.
  tickets: z.record(z.string(), z.number().int().min(0)).optional(),
});

export type RegistrationValues = z.infer<typeof registrationSchema>;
/** The form's field values before validation (the method may still be ''). */
export type RegistrationInput = z.input<typeof registrationSchema>;

/** The required fields and how the toast names them when they are empty. */
export const REQUIRED_FIELDS = { name: 'Name', email: 'E-Mail', phone: 'Telefon' } as const;

/** 'Auf die Warteliste': the booking form's contact fields and persons (no payment yet). */
export const waitlistSchema = registrationSchema.pick({
  name: true,
  email: true,
  phone: true,
  persons: true,
  answers: true,
});
export type WaitlistValues = z.infer<typeof waitlistSchema>;
export type WaitlistInput = z.input<typeof waitlistSchema>;

/** Claiming a waiting-list offer: the event's questions again (one may be new since joining). */
export const claimSchema = registrationSchema
  .pick({ answers: true, tickets: true, voucherCode: true })
  // With ticket types: the sum of the counts (the offered persons, checked at the booking).
  .extend({ persons: z.number().int().optional() });
export type ClaimValues = z.infer<typeof claimSchema>;

export const ANSWER_MESSAGES = {
  required: 'Bitte beantworte diese Frage.',
  invalid: 'Bitte wähle eine der Antworten.',
  tooLong: `Bitte kürze die Antwort auf höchstens ${QUESTION_LIMITS.answer} Zeichen.`,
} as const;

/** What is wrong with one answer (the database's private.checked_answers, in the form), or null. */
export function answerProblem(question: EventQuestion, answer: string | undefined): string | null {
  const value = answer?.trim() ?? '';
  if (value === '') return question.required ? ANSWER_MESSAGES.required : null;
  if (value.length > QUESTION_LIMITS.answer) return ANSWER_MESSAGES.tooLong;
  const choices: readonly string[] | null =
    question.kind === 'choice' ? question.options : question.kind === 'yes_no' ? YES_NO_ANSWERS : null;
  return choices && !choices.includes(value) ? ANSWER_MESSAGES.invalid : null;
}

/** A form schema with the event's questions checked at their fields (`answers.<id>`). */
export function answersChecked<Schema extends z.ZodType<{ answers: Record<string, string> }>>(
  schema: Schema,
  questions: readonly EventQuestion[],
): Schema {
  return schema.superRefine((values, ctx) => {
    for (const question of questions) {
      const message = answerProblem(question, values.answers[question.id]);
      if (message) ctx.addIssue({ code: 'custom', path: ['answers', question.id], message });
    }
  });
}

/** Every question's field starts empty (a select shows 'Bitte wählen'). */
export function emptyAnswers(questions: readonly EventQuestion[]): Record<string, string> {
  return Object.fromEntries(questions.map((question) => [question.id, '']));
}
