import { z } from 'zod';
import { EVENT_CATEGORIES, EVENT_STATUSES, PAYMENT_METHODS } from '@/lib/event-domain';
import { randomUuid } from '@/lib/uuid';
import {
  QUESTION_KINDS,
  QUESTION_LIMITS,
  type EventQuestion,
  type QuestionKind,
} from '@/lib/event-questions';
import type { AdminEvent, EventWrite } from './lib/admin-event';

/** Spec §5 / §9: bringAlong is limited to 80 characters (with a counter in the form). */
export const BRING_ALONG_MAX = 80;

/** The ages an event may state (events_min_age_check / events_max_age_check). */
export const AGE_MAX = 18;

/** An age field: empty (no age stated) or a whole number of years from 0 to AGE_MAX. */
const ageField = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (/^\d{1,2}$/.test(value) && Number(value) <= AGE_MAX),
    `Bitte geben Sie ein Alter von 0 bis ${AGE_MAX} Jahren ein (ganze Zahl) oder lassen Sie das Feld leer.`,
  );

/** The stored age: null for an empty field. */
function ageToWrite(value: string): number | null {
  return value === '' ? null : Number(value);
}

const CLOCK_OR_EMPTY = /^(?:([01]\d|2[0-3]):[0-5]\d)?$/;
export const INVALID_TIME = 'Bitte geben Sie eine Uhrzeit wie 18:30 ein.';
export const START_TIME_FOR_END = 'Bitte geben Sie zuerst eine Startzeit ein.';
export const END_BEFORE_START = 'Endzeit muss nach der Startzeit liegen.';

export const FREE_NEEDS_PRICE_ZERO = '«Kostenlos» ist nur bei einem Preis von CHF 0 möglich.';

/** A choice question's answers in the editor: one per line. */
export function optionLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const { options: OPTION_LIMITS } = QUESTION_LIMITS;

/** One question in the editor (events_questions_check decides in the database). */
export const questionFormSchema = z
  .object({
    id: z.string(),
    kind: z.enum(QUESTION_KINDS),
    label: z
      .string()
      .trim()
      .min(1, 'Bitte geben Sie die Frage ein.')
      .max(QUESTION_LIMITS.label, `Höchstens ${QUESTION_LIMITS.label} Zeichen.`),
    required: z.boolean(),
    options: z.string(),
  })
  .superRefine((question, ctx) => {
    if (question.kind !== 'choice') return;
    const lines = optionLines(question.options);
    const problem =
      lines.length < OPTION_LIMITS.min
        ? `Bitte geben Sie mindestens ${OPTION_LIMITS.min} Antworten ein (eine pro Zeile).`
        : lines.length > OPTION_LIMITS.max
          ? `Höchstens ${OPTION_LIMITS.max} Antworten.`
          : new Set(lines).size < lines.length
            ? 'Jede Antwort nur einmal, bitte.'
            : lines.some((line) => line.length > OPTION_LIMITS.length)
              ? `Jede Antwort höchstens ${OPTION_LIMITS.length} Zeichen.`
              : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['options'], message: problem });
  });

export type QuestionFormValues = z.infer<typeof questionFormSchema>;

export function newQuestion(): QuestionFormValues {
  return { id: randomUuid(), kind: 'text', label: '', required: false, options: '' };
}

function questionToForm(question: EventQuestion): QuestionFormValues {
  return { ...question, options: question.options.join('\n') };
}

/** The stored shape of one question (a type literal, so it is assignable to Json). */
function questionToWrite(question: QuestionFormValues): {
  id: string;
  kind: QuestionKind;
  label: string;
  required: boolean;
  options: string[];
} {
  return {
    id: question.id,
    kind: question.kind,
    label: question.label,
    required: question.required,
    options: question.kind === 'choice' ? optionLines(question.options) : [],
  };
}

export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Bitte geben Sie einen Titel ein.'),
    subtitle: z.string().trim(),
    description: z.string().trim().min(1, 'Bitte geben Sie eine Beschreibung ein.'),
    category: z.enum(EVENT_CATEGORIES, { error: 'Bitte wählen Sie eine Kategorie.' }),
    status: z.enum(EVENT_STATUSES, { error: 'Bitte wählen Sie einen Status.' }),
    hasDate: z.boolean(),
    startDate: z.string(),
    endDate: z.string(),
    // 'HH:MM' from <input type="time">, '' for none.
    startTime: z.string().trim().regex(CLOCK_OR_EMPTY, INVALID_TIME),
    endTime: z.string().trim().regex(CLOCK_OR_EMPTY, INVALID_TIME),
    location: z.string().trim().min(1, 'Bitte geben Sie einen Ort ein.'),
    price: z
      .number({ error: 'Bitte geben Sie einen Preis ein.' })
      .min(0, 'Der Preis darf nicht negativ sein.'),
    maxParticipants: z
      .number({ error: 'Bitte geben Sie die maximale Teilnehmerzahl ein.' })
      .int('Bitte geben Sie eine ganze Zahl ein.')
      .min(1, 'Mindestens 1 Teilnehmer.'),
    maxPersonsPerBooking: z
      .number({ error: 'Bitte geben Sie an, wie viele Personen eine Buchung umfassen darf.' })
      .int('Bitte geben Sie eine ganze Zahl ein.')
      .min(1, 'Mindestens 1 Person.')
      .max(50, 'Höchstens 50 Personen.'),
    cancellationDeadlineHours: z
      .number({ error: 'Bitte geben Sie die Stornofrist in Stunden ein.' })
      .int('Bitte geben Sie eine ganze Zahl ein.')
      .min(0, 'Die Stornofrist darf nicht negativ sein.')
      .max(2160, 'Höchstens 2160 Stunden (90 Tage).'),
    paymentMethods: z.array(z.enum(PAYMENT_METHODS)).min(1, 'Bitte wählen Sie mindestens eine Zahlungsart.'),
    isSoldOut: z.boolean(),
    isCancelled: z.boolean(),
    bringAlong: z.string().max(BRING_ALONG_MAX, `Maximal ${BRING_ALONG_MAX} Zeichen.`),
    minAge: ageField,
    maxAge: ageField,
    questions: z.array(questionFormSchema).max(QUESTION_LIMITS.questions),
  })
  .superRefine((values, ctx) => {
    if (values.hasDate && !values.startDate) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Bitte geben Sie ein Startdatum ein.' });
    }
    if (values.hasDate && values.startDate && values.endDate && values.endDate < values.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Das Enddatum liegt vor dem Startdatum.' });
    }
    // events_times_check: an end time needs a start time, and a one-day event ends after it starts.
    if (values.hasDate && values.endTime && !values.startTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: START_TIME_FOR_END });
    }
    const oneDay = !values.endDate || values.endDate === values.startDate;
    if (
      values.hasDate &&
      oneDay &&
      values.startTime &&
      values.endTime &&
      values.endTime <= values.startTime
    ) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_BEFORE_START });
    }
    // events_age_range_check: the range may not be reversed.
    const [minAge, maxAge] = [ageToWrite(values.minAge), ageToWrite(values.maxAge)];
    if (minAge !== null && maxAge !== null && maxAge < minAge) {
      ctx.addIssue({ code: 'custom', path: ['maxAge'], message: '«Alter bis» liegt unter «Alter von».' });
    }
    // A priced event cannot be booked as free (the database's events_payment_methods_free_check).
    if (values.price > 0 && values.paymentMethods.includes('free')) {
      ctx.addIssue({ code: 'custom', path: ['paymentMethods'], message: FREE_NEEDS_PRICE_ZERO });
    }
  });

export type EventFormValues = z.infer<typeof eventFormSchema>;

/** Spec §9: price 0, max 15, breathwork, draft, stripe + onsite. */
export const emptyEventForm: EventFormValues = {
  title: '',
  subtitle: '',
  description: '',
  category: 'breathwork',
  status: 'draft',
  hasDate: true,
  startDate: '',
  endDate: '',
  startTime: '',
  endTime: '',
  location: '',
  price: 0,
  maxParticipants: 15,
  maxPersonsPerBooking: 6,
  cancellationDeadlineHours: 48,
  // On site works without any set-up; online payment and invoice are added where they work.
  paymentMethods: ['onsite'],
  isSoldOut: false,
  isCancelled: false,
  bringAlong: '',
  minAge: '',
  maxAge: '',
  questions: [],
};

function isCategory(value: string): value is EventFormValues['category'] {
  return (EVENT_CATEGORIES as readonly string[]).includes(value);
}

export function eventToForm(event: AdminEvent): EventFormValues {
  return {
    title: event.title,
    subtitle: event.subtitle ?? '',
    description: event.description,
    category: isCategory(event.category) ? event.category : emptyEventForm.category,
    status: event.status,
    hasDate: !!event.startDate,
    startDate: event.startDate ?? '',
    endDate: event.endDate ?? '',
    startTime: event.startTime ?? '',
    endTime: event.endTime ?? '',
    location: event.location,
    price: event.price,
    maxParticipants: event.maxParticipants,
    maxPersonsPerBooking: event.maxPersonsPerBooking,
    cancellationDeadlineHours: event.cancellationDeadlineHours,
    paymentMethods: event.paymentMethods,
    isSoldOut: event.isSoldOut,
    isCancelled: event.isCancelled,
    bringAlong: event.bringAlong ?? '',
    minAge: event.minAge === null ? '' : String(event.minAge),
    maxAge: event.maxAge === null ? '' : String(event.maxAge),
    questions: event.questions.map(questionToForm),
  };
}

/**
 * The row to write. Without 'Datum erforderlich' both dates are cleared (null, so an edit really
 * removes them); an empty end date means a one-day event.
 */
export function formToEventWrite(values: EventFormValues, imageUrl: string | null): EventWrite {
  const startDate = values.hasDate && values.startDate ? values.startDate : null;
  return {
    title: values.title,
    subtitle: values.subtitle || null,
    description: values.description,
    category: values.category,
    status: values.status,
    start_date: startDate,
    end_date: startDate && values.endDate ? values.endDate : null,
    // Times belong to a date: without one, none is stored.
    start_time: startDate && values.startTime ? values.startTime : null,
    end_time: startDate && values.startTime && values.endTime ? values.endTime : null,
    location: values.location,
    price: values.price,
    max_participants: values.maxParticipants,
    max_persons_per_booking: values.maxPersonsPerBooking,
    cancellation_deadline_hours: values.cancellationDeadlineHours,
    payment_methods: values.paymentMethods,
    is_sold_out: values.isSoldOut,
    is_cancelled: values.isCancelled,
    bring_along: values.bringAlong.trim() || null,
    min_age: ageToWrite(values.minAge),
    max_age: ageToWrite(values.maxAge),
    image_url: imageUrl,
    questions: values.questions.map(questionToWrite),
  };
}
