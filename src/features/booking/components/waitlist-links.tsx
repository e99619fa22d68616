import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { formatDateRange, formatDateTime } from '@/lib/dates';
import { formatChf, formatTotal, freedSeatsText, personsLabel } from '@common/format.ts';
import { ticketGrossCents } from '../api/ticket-choices';
import { displayTime } from '@common/event-time.ts';
import { useClaimWaitlistOffer, useLeaveWaitlist } from '../api/waitlist-actions';
import { startCheckout } from '../api/start-checkout';
import { useWaitlistLink, type WaitlistLink } from '../api/waitlist-link';
import {
  RegistrationError,
  answerRefusal,
  describeRegistrationError,
  refusedField,
} from '../lib/registration-errors';
import { confirmationPath, manageBookingPath } from '../lib/booking-paths';
import { WAITLIST_MESSAGES, WaitlistError, type WaitlistErrorCode } from '../lib/waitlist-errors';
import {
  PAYMENT_METHOD_LABELS,
  answersChecked,
  claimSchema,
  defaultPaymentMethod,
  emptyAnswers,
  offeredPaymentMethods,
  type ClaimValues,
} from '../schema';
import { AllEventsLink, Notice } from './booking-notices';
import { EventQuestionsFields } from './event-questions-fields';
import { GiftVoucherField } from './gift-voucher-field';
import { TicketCountsField } from './ticket-counts-field';
import type { CheckedVoucher } from '@/lib/gift-voucher-check';

// The two pages a waiting-list mail links to: the offer (claim or decline) and the leave link.
// Every outcome a visitor can meet is its own German notice: link invalid, offer expired, seats
// gone meanwhile, event cancelled, already booked, no longer on the list.

type Outcome = 'invalid' | 'expired' | 'claimed' | 'ended' | 'cancelled' | 'seats-gone' | 'booked' | 'left';

const OUTCOMES: Record<Outcome, { title: string; text: (title: string, reference: string) => string }> = {
  invalid: { title: 'Link ungültig', text: () => WAITLIST_MESSAGES.TOKEN_INVALID },
  expired: { title: 'Angebot abgelaufen', text: () => WAITLIST_MESSAGES.OFFER_EXPIRED },
  claimed: { title: 'Bereits gebucht', text: () => WAITLIST_MESSAGES.OFFER_CLAIMED },
  ended: { title: 'Nicht mehr auf der Warteliste', text: () => WAITLIST_MESSAGES.OFFER_ENDED },
  cancelled: {
    title: 'Event abgesagt',
    text: (title) => `«${title}» wurde leider abgesagt. Eine Buchung ist nicht mehr möglich.`,
  },
  'seats-gone': {
    title: 'Plätze inzwischen vergeben',
    text: () =>
      'Die Plätze aus deinem Angebot sind inzwischen leider nicht mehr frei. Bitte melde dich bei uns, wir suchen gerne eine Lösung.',
  },
  booked: {
    title: 'Platz gebucht',
    text: (title, reference) =>
      `Dein Platz für «${title}» ist gebucht (Buchungsnummer ${reference}). Die Bestätigung mit allen Angaben schicken wir dir per E-Mail.`,
  },
  left: {
    title: 'Von der Warteliste ausgetragen',
    text: (title) => `Du stehst nicht mehr auf der Warteliste für «${title}».`,
  },
};

/** A result notice that takes the focus when it appears, so screen readers read it. */
function OutcomeNotice({
  outcome,
  eventTitle = '',
  reference = '',
  token = null,
}: {
  outcome: Outcome;
  eventTitle?: string;
  reference?: string;
  /** The booked seat's secret (claim success): links to the booking and its manage page. */
  token?: string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { title, text } = OUTCOMES[outcome];
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Notice
        title={title}
        actions={
          outcome === 'seats-gone' ? (
            <>
              <AllEventsLink />
              <Button asChild>
                <Link to="/contact">Zum Kontaktformular</Link>
              </Button>
            </>
          ) : outcome === 'booked' && token ? (
            <>
              <Button asChild>
                <Link to={confirmationPath(reference, token)}>Buchung ansehen</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={manageBookingPath(reference, token)}>Buchung ändern oder stornieren</Link>
              </Button>
            </>
          ) : (
            <AllEventsLink />
          )
        }
      >
        {text(eventTitle, reference)}
      </Notice>
    </div>
  );
}

/** What the link's state says before anything is done (null: the page's own form). */
function outcomeOfLink(link: WaitlistLink | null, kind: WaitlistLink['kind']): Outcome | null {
  if (link === null || link.kind !== kind) return 'invalid';
  if (link.event.is_cancelled) return 'cancelled';
  switch (link.status) {
    case 'expired':
      return kind === 'offer' ? 'expired' : 'ended';
    case 'claimed':
      return 'claimed';
    case 'left':
      return 'left';
    case 'removed':
      return 'ended';
    default:
      return null;
  }
}

const WAITLIST_OUTCOMES: Partial<Record<WaitlistErrorCode, Outcome>> = {
  TOKEN_INVALID: 'invalid',
  OFFER_EXPIRED: 'expired',
  OFFER_CLAIMED: 'claimed',
  OFFER_ENDED: 'ended',
};

/** What a refused claim or leave means for the page. */
function outcomeOfError(error: unknown): Outcome | null {
  if (error instanceof WaitlistError) return WAITLIST_OUTCOMES[error.code] ?? null;
  if (error instanceof RegistrationError) {
    if (error.code === 'EVENT_CANCELLED') return 'cancelled';
    if (
      error.code === 'EVENT_SOLD_OUT' ||
      error.code === 'NOT_ENOUGH_SEATS' ||
      error.code === 'EVENT_NOT_BOOKABLE'
    ) {
      return 'seats-gone';
    }
  }
  return null;
}

function EventDetails({ link, extra }: { link: WaitlistLink; extra?: ReactNode }) {
  const rows: Array<[string, string]> = [
    ['Datum', formatDateRange(link.event.start_date, link.event.end_date)],
    ['Zeit', displayTime(link.event.start_time, link.event.end_time)],
    ['Ort', link.event.location],
    ['Personen', String(link.persons)],
    // With ticket types the total follows the counts chosen in the offer's form.
    ['Total', link.event.ticket_types.length > 0 ? '' : formatTotal(link.event.price, link.persons)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows
        .filter(([, value]) => value.trim() !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      {extra}
    </dl>
  );
}

function LinkLoading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Link wird geprüft…" />
    </div>
  );
}

function LinkLoadError() {
  return (
    <Notice title="Fehler beim Laden" actions={<AllEventsLink />}>
      Der Link konnte gerade nicht geprüft werden. Bitte versuche es in einem Moment erneut.
    </Notice>
  );
}

function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      {children}
    </p>
  );
}

/** A refusal the page shows inline (the form stays): anything that is not an outcome. */
function inlineMessage(error: unknown): string {
  return describeRegistrationError(error).inline;
}

/**
 * The offer's form: the event's questions (filled with the answers given on joining; a required
 * one may have been added since), the payment method, book or decline.
 */
function OfferForm({
  token,
  offer,
  onOutcome,
}: {
  token: string;
  offer: WaitlistLink;
  onOutcome: (outcome: Outcome, reference?: string, token?: string | null) => void;
}) {
  const claim = useClaimWaitlistOffer(token);
  const leave = useLeaveWaitlist(token);
  const [inline, setInline] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [voucher, setVoucher] = useState<CheckedVoucher | null>(null);
  const questions = offer.event.questions;
  const schema = useMemo(() => answersChecked(claimSchema, questions), [questions]);
  // Ticket types (issue 28): the offered persons split among them, all on the first type at first.
  const types = offer.event.ticket_types;
  const firstType = types.find((type) => type.seats_left !== 0) ?? types[0];
  const form = useForm<ClaimValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      answers: { ...emptyAnswers(questions), ...offer.answers },
      ...(firstType ? { tickets: { [firstType.id]: offer.persons }, persons: offer.persons } : {}),
    },
  });
  const tickets = useWatch({ control: form.control, name: 'tickets' });

  const methods = offeredPaymentMethods(offer.event.payment_methods);
  const chosen = method ?? defaultPaymentMethod(offer.event.payment_methods);
  const showPaymentChoice = !(methods.length === 1 && methods[0] === 'free');
  const priced = !methods.includes('free');
  const busy = claim.isPending || leave.isPending;

  const fail = (error: unknown) => {
    const outcome = outcomeOfError(error);
    if (outcome) {
      onOutcome(outcome);
      return;
    }
    setInline(inlineMessage(error));
    // A refused gift voucher: the message stands at its field too.
    const refused = refusedField(error);
    if (refused?.field === 'voucherCode') {
      form.setError('voucherCode', { type: 'server', message: refused.message }, { shouldFocus: true });
    }
    const refusal = answerRefusal(error);
    if (refusal) {
      form.setError(`answers.${refusal.questionId}`, { message: refusal.message }, { shouldFocus: true });
    }
  };

  const book = async ({ answers, tickets: counts, persons, voucherCode }: ClaimValues) => {
    setInline(null);
    if (firstType && persons !== offer.persons) {
      form.setError(
        'persons',
        { message: `Bitte verteile genau ${personsLabel(offer.persons)} auf die Ticketarten.` },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const receipt = await claim.mutateAsync({
        paymentMethod: chosen,
        answers,
        tickets: firstType ? counts : undefined,
        voucherCode: voucherCode || undefined,
      });
      // A voucher that pays it all leaves nothing to pay online.
      if (chosen === 'stripe' && receipt.confirmation_token !== null && receipt.payment_status !== 'paid') {
        // Online payment: as after a booking, straight on to Stripe Checkout.
        const started = await startCheckout({
          participantId: receipt.participant_id,
          token: receipt.confirmation_token,
        });
        if (started.ok) {
          window.location.assign(started.url);
          return;
        }
        window.location.assign(`/zahlung/${receipt.participant_id}#${receipt.confirmation_token}`);
        return;
      }
      onOutcome('booked', receipt.reference, receipt.confirmation_token);
    } catch (error) {
      fail(error);
    }
  };

  const decline = async () => {
    setInline(null);
    try {
      await leave.mutateAsync();
      onOutcome('left');
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Angebot buchen"
        className="space-y-5"
        onSubmit={(event) => void form.handleSubmit(book)(event)}
      >
        {firstType ? (
          <>
            <TicketCountsField choices={types} maxPersons={offer.persons} />
            <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="text-muted-foreground">Total</span>
              <span className="font-semibold" aria-live="polite">
                {formatChf(ticketGrossCents(types, tickets) / 100)}
              </span>
            </p>
          </>
        ) : null}
        <EventQuestionsFields questions={questions} />
        {priced ? <GiftVoucherField applied={voucher} onApplied={setVoucher} /> : null}
        {showPaymentChoice ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Zahlungsmethode</legend>
            {methods.map((option) => (
              <label key={option} className="flex items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={option}
                  checked={chosen === option}
                  onChange={() => setMethod(option)}
                  className="h-4 w-4 accent-primary"
                />
                {PAYMENT_METHOD_LABELS[option]}
              </label>
            ))}
          </fieldset>
        ) : null}
        {inline ? <ErrorText>{inline}</ErrorText> : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" size="lg" className="sm:flex-1" disabled={busy}>
            {claim.isPending ? 'Wird verarbeitet…' : 'Platz verbindlich buchen'}
          </Button>
          <Button type="button" size="lg" variant="outline" disabled={busy} onClick={() => void decline()}>
            Angebot ablehnen
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** `/warteliste/angebot#token`: book the offered seats, or decline the offer. */
export function WaitlistOffer({ token }: { token: string }) {
  const link = useWaitlistLink(token);
  const [result, setResult] = useState<Outcome | null>(null);
  const [reference, setReference] = useState('');
  const [bookingToken, setBookingToken] = useState<string | null>(null);

  if (token === '') return <OutcomeNotice outcome="invalid" />;
  if (result)
    return (
      <OutcomeNotice
        outcome={result}
        eventTitle={link.data?.event.title}
        reference={reference}
        token={bookingToken}
      />
    );
  if (link.isPending) return <LinkLoading />;
  if (link.isError) return <LinkLoadError />;
  const before = outcomeOfLink(link.data, 'offer');
  if (before || !link.data)
    return <OutcomeNotice outcome={before ?? 'invalid'} eventTitle={link.data?.event.title} />;

  const offer = link.data;
  const freed = freedSeatsText(offer.persons);
  const showOutcome = (outcome: Outcome, bookedReference = '', token: string | null = null) => {
    setReference(bookedReference);
    setBookingToken(token);
    setResult(outcome);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {offer.persons === 1 ? 'Ein Platz' : freed.seats} für dich: {offer.event.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <p>
          Auf der Warteliste {freed.are} für dich frei geworden. Wir halten {freed.them} bis{' '}
          <strong>{formatDateTime(offer.offer_expires_at)} Uhr</strong> für dich.
        </p>
        <EventDetails link={offer} />
        <OfferForm token={token} offer={offer} onOutcome={showOutcome} />
        <p className="text-sm text-muted-foreground">
          Lehnst du ab, {freed.go} an die nächste Person auf der Warteliste. Mehr zu deinen Daten in der{' '}
          <Link to="/datenschutz" className="underline underline-offset-4 hover:text-foreground">
            Datenschutzerklärung
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}

/** `/warteliste/austragen#token`: the place in the list, and leaving it. */
export function WaitlistLeave({ token }: { token: string }) {
  const link = useWaitlistLink(token);
  const leave = useLeaveWaitlist(token);
  const [result, setResult] = useState<Outcome | null>(null);
  const [inline, setInline] = useState<string | null>(null);

  if (token === '') return <OutcomeNotice outcome="invalid" />;
  if (result) return <OutcomeNotice outcome={result} eventTitle={link.data?.event.title} />;
  if (link.isPending) return <LinkLoading />;
  if (link.isError) return <LinkLoadError />;
  const before = outcomeOfLink(link.data, 'leave');
  if (before || !link.data)
    return <OutcomeNotice outcome={before ?? 'invalid'} eventTitle={link.data?.event.title} />;
  const entry = link.data;

  const submit = async () => {
    setInline(null);
    try {
      await leave.mutateAsync();
      setResult('left');
    } catch (error) {
      const outcome = outcomeOfError(error);
      if (outcome) setResult(outcome);
      else setInline(inlineMessage(error));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Warteliste: {entry.event.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <p>
          {entry.status === 'offered'
            ? 'Für dich sind Plätze frei geworden: Das Angebot mit dem Link zum Buchen haben wir dir per E-Mail geschickt.'
            : `Du stehst auf Platz ${entry.position} der Warteliste.`}
        </p>
        <EventDetails link={entry} />
        {inline ? <ErrorText>{inline}</ErrorText> : null}
        <Button size="lg" variant="outline" disabled={leave.isPending} onClick={() => void submit()}>
          {leave.isPending ? 'Wird verarbeitet…' : 'Von der Warteliste austragen'}
        </Button>
      </CardContent>
    </Card>
  );
}
