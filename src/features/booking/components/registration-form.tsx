import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { PROOF_OF_WORK_FAILED, useProofOfWork } from '@/components/proof-of-work';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormItem, FormMessage, TextAreaField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { formatChf, formatTotal } from '@common/format.ts';
import { useRegisterForEvent } from '../api/register-for-event';
import { awaitConfirmationMail } from '../api/get-confirmation-mail-status';
import { startCheckout } from '../api/start-checkout';
import { describeConfirmationStatus } from '../lib/confirmation-outcome';
import { newRequestId } from '../lib/request-id';
import { ARRIVED_FROM_FORM, confirmationPath, hutConfirmationPath } from '../lib/booking-paths';
import { cancellationTerms } from '@/lib/cancellation-terms';
import {
  INVALID_INPUT_TITLE,
  REGISTRATION_FAILED_TITLE,
  RegistrationError,
  answerRefusal,
  changesEvent,
  describeRegistrationError,
  offersWaitlist,
  refusedField,
  refusedFieldTitle,
} from '../lib/registration-errors';
import type { EventQuestion } from '@/lib/event-questions';
import { EventQuestionsFields } from './event-questions-fields';
import {
  PAYMENT_METHOD_LABELS,
  REQUIRED_FIELDS,
  answersChecked,
  emptyAnswers,
  defaultPaymentMethod,
  offeredPaymentMethods,
  registrationSchema,
  type RegistrationInput,
  type RegistrationValues,
} from '../schema';
import { ContactFields, PersonsField } from './contact-fields';
import { BookingTotal } from './booking-total';
import { DiscountCodeField } from './discount-code-field';
import { GiftVoucherField } from './gift-voucher-field';
import { TicketCountsField } from './ticket-counts-field';
import type { AppliedDiscount } from '../api/check-discount-code';
import type { CheckedVoucher } from '@/lib/gift-voucher-check';
import { ticketGrossCents, useTicketChoices, type TicketChoice } from '../api/ticket-choices';

const NO_QUESTIONS: readonly EventQuestion[] = [];
const NO_TICKET_TYPES: readonly TicketChoice[] = [];

/**
 * A fondue hut evening instead of an event (issue 27): the same form and the same booking, for
 * the evening's day, with the group's price and the hut's cancellation rule.
 */
export interface HutEvening {
  /** 'yyyy-MM-dd': booked through book-fondue-evening. */
  day: string;
  /** The smallest group (the choices start here). */
  minPersons: number;
  /** The group's total in CHF (the database's group price, hut_month), null when unknown. */
  totalFor: (persons: number) => number | null;
  /** The hut's cancellation rule in words, beside the submit button. */
  terms: string;
}

export interface RegistrationFormProps {
  /** The event booked; ignored when `hut` is given. */
  eventId: string;
  /** Book a fondue hut evening instead of the event. */
  hut?: HutEvening;
  /** The methods the event allows; only these are offered. */
  paymentMethods: readonly string[];
  /** Price per person (CHF); 0 is a free event. */
  price: number;
  /** The most persons one booking may hold now (the database's availability answer). */
  maxPersons: number;
  /** The event's free cancellation until this many hours before the start (shown as its terms). */
  cancellationDeadlineHours: number;
  /** The event's questions, answered with the booking (none: no extra fields). */
  questions?: readonly EventQuestion[];
  /** After a saved registration, before leaving the page (the route refreshes event data). */
  onRegistered?: () => void;
  /**
   * When the answer shows the event changed meanwhile (sold out, cancelled, closed), with what
   * the visitor typed (the waiting-list form takes it over).
   */
  onEventChanged?: (typed?: RegistrationInput) => void;
  /**
   * Offered after NOT_ENOUGH_SEATS (fewer seats left than persons chosen): join the waiting list
   * instead, with what the visitor typed.
   */
  onJoinWaitlist?: (typed: RegistrationInput) => void;
}

/** Public registration (spec §4, §5, §8): validation, one registration per form fill, messages. */
export function RegistrationForm({
  eventId,
  hut,
  paymentMethods,
  price,
  maxPersons,
  cancellationDeadlineHours,
  questions = NO_QUESTIONS,
  onRegistered,
  onEventChanged,
  onJoinWaitlist,
}: RegistrationFormProps) {
  const navigate = useNavigate();
  const registration = useRegisterForEvent();
  const proofOfWork = useProofOfWork();
  // One id per form fill: a double click or a retry after a lost answer returns the first
  // registration from the database instead of creating a second one.
  const [requestId] = useState(newRequestId);
  const inFlight = useRef(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [waitlistOffered, setWaitlistOffered] = useState(false);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [voucher, setVoucher] = useState<CheckedVoucher | null>(null);
  const methods = offeredPaymentMethods(paymentMethods);
  // Ticket types (issue 28): counts per type instead of 'Anzahl Personen'; the hut has none.
  const ticketChoices = useTicketChoices(eventId, !hut).data ?? NO_TICKET_TYPES;
  const typed = ticketChoices.length > 0;

  // The event's questions may change when the page reloads the event (resolver read per render).
  const schema = useMemo(() => answersChecked(registrationSchema, questions), [questions]);
  const form = useForm<RegistrationInput, unknown, RegistrationValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      notes: '',
      persons: hut?.minPersons ?? 1,
      paymentMethod: defaultPaymentMethod(paymentMethods),
      answers: emptyAnswers(questions),
      discountCode: '',
      voucherCode: '',
    },
  });
  const persons = Number(useWatch({ control: form.control, name: 'persons' })) || 1;
  const tickets = useWatch({ control: form.control, name: 'tickets' });
  // Types loaded: one ticket of the first type with seats left, as 'Anzahl Personen' starts at 1.
  useEffect(() => {
    if (!typed || form.getValues('tickets') !== undefined) return;
    const first = ticketChoices.find((choice) => choice.seats_left !== 0);
    form.setValue('tickets', first ? { [first.id]: 1 } : {});
    form.setValue('persons', first ? 1 : 0);
  }, [typed, ticketChoices, form]);
  // 1 (the hut: its smallest group) .. the most one booking may hold now; a choice made before
  // the seats shrank stays listed, so nothing the visitor chose disappears (the database answers
  // NOT_ENOUGH_SEATS for it).
  const fewest = hut?.minPersons ?? 1;
  const personChoices = Array.from(
    { length: Math.max(maxPersons, persons, fewest) - fewest + 1 },
    (_, index) => index + fewest,
  );
  const hutTotal = hut?.totalFor(persons) ?? null;
  const totalCents = hut
    ? hutTotal === null
      ? null
      : Math.round(hutTotal * 100)
    : discount
      ? discount.total_cents
      : typed
        ? ticketGrossCents(ticketChoices, tickets)
        : Math.round(price * 100) * persons;
  // Words as before: a plain event's total shows its persons ('2 × CHF 45.00 = CHF 90.00').
  const total =
    hut || discount || typed
      ? formatChf(totalCents === null ? null : totalCents / 100)
      : formatTotal(price, persons);
  const priced = price > 0 || ticketChoices.some((choice) => choice.price > 0);
  // Codes for priced events; the hut's group price is its own rule. A gift voucher pays either.
  const offersCode = !hut && priced;
  const offersVoucher = hut !== undefined || priced;
  const bookedPath = hut ? hutConfirmationPath : confirmationPath;
  // A free event with no other method: nothing to choose (the value stays 'free').
  const showPaymentChoice = !(methods.length === 1 && methods[0] === 'free');

  const register = async (values: RegistrationValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitError(null);
    setWaitlistOffered(false);
    try {
      const altcha = await proofOfWork.solve().catch(() => {
        throw new RegistrationError(null, 'proof of work failed', PROOF_OF_WORK_FAILED);
      });
      const target = hut ? { hutDay: hut.day } : { eventId };
      // Counts are sent only for an event with types (an event without takes none).
      const booked = typed ? values : { ...values, tickets: undefined };
      const receipt = await registration.mutateAsync({ ...target, values: booked, requestId, altcha });
      // Without a token (a repeat after the confirmation went out) checkout cannot be opened
      // here: the booking is saved and confirmed, as below.
      // A voucher or code that pays it all leaves nothing to pay online: confirmed as it is.
      if (
        values.paymentMethod === 'stripe' &&
        receipt.confirmation_token !== null &&
        receipt.payment_status !== 'paid'
      ) {
        await payOnline(receipt.participant_id, receipt.confirmation_token, receipt);
        return;
      }
      toast(
        hut
          ? { title: 'Reservation erfolgreich', description: 'Deine Reservation ist gespeichert.' }
          : { title: 'Anmeldung erfolgreich', description: 'Deine Anmeldung wurde erfolgreich gespeichert.' },
      );
      onRegistered?.();
      // Non-blocking: the registration and its mails are saved; this only says whether the
      // confirmation has already gone out.
      void awaitConfirmationMail(receipt.participant_id, receipt.confirmation_token).then((status) =>
        toast(describeConfirmationStatus(status)),
      );
      // The spec navigates to /events; the confirmation page replaces it (docs/deviations.md).
      navigate(bookedPath(receipt.reference, receipt.manage_token), { state: ARRIVED_FROM_FORM });
    } catch (error) {
      const refused = refusedField(error);
      if (refused) {
        // The server refused a field the form let through, or the address has booked already:
        // the message stands at that field.
        form.setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        toast({ title: refusedFieldTitle(error), description: refused.message, variant: 'destructive' });
        return;
      }
      const text = describeRegistrationError(error);
      setSubmitError(text.inline);
      setWaitlistOffered(offersWaitlist(error));
      showAnswerRefusal(error);
      toast({ title: REGISTRATION_FAILED_TITLE, description: text.toast, variant: 'destructive' });
      if (changesEvent(error)) onEventChanged?.(form.getValues());
    } finally {
      inFlight.current = false;
    }
  };

  // ANSWER_REQUIRED / ANSWER_INVALID name the question: the message stands at its field.
  const showAnswerRefusal = (error: unknown) => {
    const refusal = answerRefusal(error);
    if (!refusal) return;
    form.setError(`answers.${refusal.questionId}`, { message: refusal.message }, { shouldFocus: true });
  };

  // Online payment: straight on to Stripe Checkout. The booking is stored already; if the
  // payment cannot start, the confirmation page says so and offers to try again.
  const payOnline = async (
    participantId: string,
    token: string,
    booking: { reference: string; manage_token: string },
  ) => {
    onRegistered?.();
    const started = await startCheckout({ participantId, token });
    if (started.ok) {
      window.location.assign(started.url);
      return;
    }
    toast({ title: 'Zahlung nicht gestartet', description: started.message, variant: 'destructive' });
    navigate(bookedPath(booking.reference, booking.manage_token), { state: ARRIVED_FROM_FORM });
  };

  // The toast names the actual problem: empty required fields, or else what is wrong with the
  // filled ones (the same texts stand at the fields).
  const reportInvalidFields = (errors: FieldErrors<RegistrationInput>) => {
    const values = form.getValues();
    const missing = (Object.keys(REQUIRED_FIELDS) as (keyof typeof REQUIRED_FIELDS)[]).filter(
      (field) => values[field].trim() === '',
    );
    if (missing.length > 0) {
      toast({
        title: 'Bitte alle Pflichtfelder ausfüllen',
        description: `Es fehlt: ${missing.map((field) => REQUIRED_FIELDS[field]).join(', ')}.`,
        variant: 'destructive',
      });
      return;
    }
    const { answers, ...fields } = errors;
    const messages = Object.values(fields).flatMap((error) => (error?.message ? [error.message] : []));
    // The questions' own messages stand at their fields; the toast points there.
    if (answers) messages.push('Bitte beantworte die markierten Fragen.');
    toast({ title: INVALID_INPUT_TITLE, description: messages.join(' '), variant: 'destructive' });
  };

  const busy = form.formState.isSubmitting || registration.isPending;

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={hut ? 'Reservation' : 'Anmeldung'}
        className="space-y-5"
        onChange={() => {
          setSubmitError(null);
          setWaitlistOffered(false);
        }}
        onFocus={proofOfWork.start}
        onSubmit={(event) => void form.handleSubmit(register, reportInvalidFields)(event)}
      >
        <ContactFields />
        {typed ? (
          <TicketCountsField choices={ticketChoices} maxPersons={maxPersons} />
        ) : (
          <PersonsField choices={personChoices} />
        )}
        <EventQuestionsFields questions={questions} />
        <TextAreaField control={form.control} name="notes" label="Anmerkungen" rows={3} />
        {offersCode ? (
          <DiscountCodeField
            eventId={eventId}
            tickets={typed ? tickets : undefined}
            applied={discount}
            onApplied={setDiscount}
          />
        ) : null}
        {offersVoucher ? <GiftVoucherField applied={voucher} onApplied={setVoucher} /> : null}
        {showPaymentChoice ? (
          <FormField
            control={form.control}
            name="paymentMethod"
            render={({ field }) => (
              <FormItem>
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Zahlungsmethode</legend>
                  {methods.map((method) => (
                    <label key={method} className="flex items-center gap-3 text-sm">
                      <input
                        type="radio"
                        name={field.name}
                        value={method}
                        checked={field.value === method}
                        onChange={() => field.onChange(method)}
                        onBlur={field.onBlur}
                        className="h-4 w-4 accent-primary"
                      />
                      {PAYMENT_METHOD_LABELS[method]}
                    </label>
                  ))}
                </fieldset>
                <FormMessage />
              </FormItem>
            )}
          />
        ) : null}
        {submitError ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {submitError}
          </p>
        ) : null}
        {waitlistOffered && onJoinWaitlist ? (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            onClick={() => onJoinWaitlist(form.getValues())}
          >
            Stattdessen auf die Warteliste
          </Button>
        ) : null}
        <BookingTotal total={total} totalCents={totalCents} discount={discount} voucher={voucher} />
        <p className="text-sm text-muted-foreground">
          {hut
            ? `${hut.terms} Stornieren kannst du über den Link in der Bestätigungs-E-Mail.`
            : `${cancellationTerms(cancellationDeadlineHours)} Stornieren oder Personen reduzieren kannst du über den Link in der Bestätigungs-E-Mail.`}
        </p>
        <p className="text-sm text-muted-foreground">
          Wir verwenden deine Angaben nur für diese Buchung. Mehr dazu in der{' '}
          <Link to="/datenschutz" className="underline underline-offset-4 hover:text-foreground">
            Datenschutzerklärung
          </Link>
          .
        </p>
        {proofOfWork.field}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Wird verarbeitet…' : hut ? 'Verbindlich reservieren' : 'Verbindlich anmelden'}
        </Button>
      </form>
    </Form>
  );
}
