import { z } from 'npm:zod@4';
import type { ErrorCode } from '@common/error-codes.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  INVALID_PHONE,
  nameProblem,
} from '@common/contact-rules.ts';
import { INVALID_PERSONS, MAX_PERSONS } from '@common/input-rules.ts';
import { HttpError } from './http.ts';
import { toE164 } from './phone.ts';

// Request bodies of the public functions. Limits keep a single request from carrying a novel
// into the provider's inbox; the texts are the German messages the caller receives.

// The same e-mail and phone rules as the site's forms (./contact-rules.ts).
const email = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL)
  .regex(EMAIL_PATTERN, INVALID_EMAIL);

/** A phone number as the form sends it (E.164) or as typed; handed on in E.164. */
const phone = z
  .string({ error: 'Die Telefonnummer fehlt.' })
  .max(100, INVALID_PHONE)
  .transform((value, context) => {
    const e164 = toE164(value);
    if (e164) return e164;
    context.addIssue({ code: 'custom', message: INVALID_PHONE });
    return z.NEVER;
  });

/** A visitor's name, the site's rule (@common/contact-rules.ts). */
function personName() {
  return z
    .string({ error: 'Der Name fehlt.' })
    .trim()
    .superRefine((name, context) => {
      if (name === '') {
        context.addIssue({ code: 'custom', message: 'Der Name fehlt.' });
        return;
      }
      const problem = nameProblem(name);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} fehlt.` })
    .trim()
    .min(1, `${label} fehlt.`)
    .max(max, `${label} ist zu lang (höchstens ${max} Zeichen).`);
}

function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} ist ungültig.` })
    .trim()
    .max(max, `${label} ist zu lang (höchstens ${max} Zeichen).`)
    .optional()
    .default('');
}

export const newsletterRequest = z.object({
  email,
  ccAdmin: z.boolean({ error: 'ccAdmin muss wahr oder falsch sein.' }).optional().default(false),
  // Accepted for compatibility with the spec's payload but never used as a recipient:
  // the notice goes to the provider's configured address, so this cannot relay mail.
  adminEmail: z.string({ error: INVALID_EMAIL }).max(EMAIL_MAX_LENGTH, INVALID_EMAIL).optional(),
});

export const contactRequest = z.object({
  type: z.literal('contact').optional(),
  name: personName(),
  email,
  subject: requiredText('Der Betreff', 200),
  message: requiredText('Die Nachricht', 5000),
});

export const corporateRequest = z.object({
  type: z.literal('corporate-breathwork'),
  email,
  // 'Name und Unternehmen' ('Beat, Firma AG'), mailed only to the provider: not a person's name.
  name: optionalText('Der Name', 200),
  message: optionalText('Die Nachricht', 5000),
});

/** events.questions holds at most 10 questions (events_questions_check). */
const MAX_ANSWERS = 10;
const MAX_TICKET_TYPES = 20;
const TICKETS_INVALID = 'Die Ticketarten sind ungültig.';
const ANSWERS_INVALID = 'Die Antworten sind ungültig.';
/** A gift voucher's code as typed ("gs-7k3m q9tx …"); the database normalises and looks it up. */
const giftVoucherCode = z
  .string({ error: 'Der Gutscheincode ist ungültig.' })
  .max(60, 'Der Gutscheincode ist zu lang.');

// register_for_event's parameters. The database validates and trims them itself (and answers
// INVALID_INPUT naming the field); this checks the types, bounds the sizes, and applies the rules
// the database cannot: the phone number (libphonenumber-js, handed on in E.164) and the e-mail
// pattern of the form.
export const registrationRequest = z.object({
  eventId: z.uuid({ error: 'Das Event ist ungültig.' }),
  name: personName(),
  email,
  phone,
  paymentMethod: z.string({ error: 'Die Zahlungsart fehlt.' }).max(40, 'Die Zahlungsart ist ungültig.'),
  notes: z
    .string({ error: 'Die Anmerkungen sind ungültig.' })
    .max(4000, 'Die Anmerkungen sind zu lang.')
    .optional()
    .default(''),
  requestId: z.uuid({ error: 'Die Anfrage-ID ist ungültig.' }).nullish(),
  /**
   * Bounded here so no number outside Postgres' integer reaches SQL (2147483648 was a 500); the
   * database checks the range against the event (TOO_MANY_PERSONS, NOT_ENOUGH_SEATS).
   */
  persons: z
    .number({ error: INVALID_PERSONS })
    .int(INVALID_PERSONS)
    .min(1, INVALID_PERSONS)
    .max(MAX_PERSONS, INVALID_PERSONS)
    .optional()
    .default(1),
  /**
   * Answers to the event's questions by question id; the database checks them against the
   * questions (ANSWER_REQUIRED, ANSWER_INVALID), so this only bounds the shape and sizes.
   */
  answers: z
    .record(
      z.uuid({ error: ANSWERS_INVALID }),
      z.string({ error: ANSWERS_INVALID }).max(500, ANSWERS_INVALID),
      {
        error: ANSWERS_INVALID,
      },
    )
    .refine((answers) => Object.keys(answers).length <= MAX_ANSWERS, ANSWERS_INVALID)
    .optional()
    .default({}),
  /** A discount code (issue 28); the database decides whether it applies (DISCOUNT_CODE_*). */
  discountCode: z
    .string({ error: 'Der Rabattcode ist ungültig.' })
    .max(60, 'Der Rabattcode ist zu lang.')
    .optional()
    .default(''),
  /** A gift voucher's code (issue 28); the database redeems it or refuses (GIFT_VOUCHER_*). */
  voucherCode: giftVoucherCode.optional().default(''),
  /**
   * Persons per ticket type by type id (issue 28), for an event with types; they sum to
   * `persons`. The database checks the types against the event and each type's capacity.
   */
  tickets: z
    .record(
      z.uuid({ error: TICKETS_INVALID }),
      z
        .number({ error: TICKETS_INVALID })
        .int(TICKETS_INVALID)
        .min(0, TICKETS_INVALID)
        .max(MAX_PERSONS, TICKETS_INVALID),
      { error: TICKETS_INVALID },
    )
    .refine((tickets) => Object.keys(tickets).length <= MAX_TICKET_TYPES, TICKETS_INVALID)
    .nullish(),
});

/**
 * A fondue hut evening (book_hut_evening, issue 27): the booking's own fields, with the evening's
 * day instead of an event. The database checks the day and the group size against the settings.
 */
// The hut's group price takes no discount codes (its own rule, issue 27); a gift voucher pays it.
export const hutBookingRequest = registrationRequest
  .omit({ eventId: true, discountCode: true, tickets: true })
  .extend({
    day: z.iso.date({ error: 'Der Abend ist ungültig.' }),
  });

/** The balance check of a gift voucher (check-gift-voucher). */
export const giftVoucherCheckRequest = z.object({
  code: giftVoucherCode.refine((code) => code.trim() !== '', 'Bitte gib den Gutscheincode ein.'),
});

/**
 * A gift voucher order (buy-gift-voucher): an offer voucher by its id or a value voucher by its
 * amount (the database checks the offer and the amount's limits: public.order_gift_voucher).
 */
export const giftVoucherOrderRequest = z
  .object({
    offerId: z.uuid({ error: 'Das Angebot ist ungültig.' }).nullish(),
    amountCents: z
      .number({ error: 'Der Betrag ist ungültig.' })
      .int('Der Betrag ist ungültig.')
      .min(0, 'Der Betrag ist ungültig.')
      .max(10_000_000, 'Der Betrag ist ungültig.')
      .nullish(),
    buyerName: personName(),
    buyerEmail: email,
    recipientName: optionalText('Der Name der beschenkten Person', 200),
    /** Empty: the voucher goes to the buyer. */
    recipientEmail: z
      .union([z.literal(''), email])
      .optional()
      .default(''),
    message: optionalText('Die Nachricht', 500),
    sendOn: z.iso.date({ error: 'Das Datum ist ungültig.' }),
    /** Card or TWINT at Stripe, or a QR bill by mail (the voucher follows the payment). */
    paymentMethod: z
      .enum(['stripe', 'invoice'], { error: 'Die Zahlungsart ist ungültig.' })
      .optional()
      .default('stripe'),
  })
  .refine((order) => (order.offerId ? 1 : 0) + (order.amountCents != null ? 1 : 0) === 1, {
    message: 'Bitte wähle einen Betrag oder ein Angebot.',
    path: ['amountCents'],
  });

/** 'Auf die Warteliste': the booking's contact fields and persons (docs/data-model.md). */
export const waitlistRequest = registrationRequest.pick({
  eventId: true,
  name: true,
  email: true,
  phone: true,
  persons: true,
  answers: true,
});

export type RegistrationRequest = z.infer<typeof registrationRequest>;
export type HutBookingRequest = z.infer<typeof hutBookingRequest>;
export type NewsletterRequest = z.infer<typeof newsletterRequest>;
export type ContactRequest = z.infer<typeof contactRequest>;
export type CorporateRequest = z.infer<typeof corporateRequest>;

/** The code of a refused field (the database's for its own checks: docs/contracts.md). */
export const INVALID_INPUT = 'INVALID_INPUT' satisfies ErrorCode;

/**
 * Parses a body or throws a 400 with the first problem in German, as `code: INVALID_INPUT` and
 * the body's field in `detail`, so the form can show it at that field.
 */
export function parseRequest<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // zod's own (English) texts never reach the visitor.
  const message =
    issue && !/^(Invalid|Too|Unrecognized|Expected)/.test(issue.message)
      ? issue.message
      : 'Ungültige Anfrage.';
  const field = issue?.path[0];
  throw new HttpError(400, message, {
    code: INVALID_INPUT,
    detail: typeof field === 'string' ? field : null,
  });
}
