import { useState } from 'react';
import type { EventQuestion } from '@/lib/event-questions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { awaitsPaymentOptions, usePaymentOptions, workingPaymentMethods } from '@/lib/payment-options';
import { offeredPaymentMethods, type RegistrationInput, type WaitlistInput } from '../schema';
import {
  CancelledNotice,
  NoPaymentMethodNotice,
  PastEventNotice,
  SampleEventNotice,
  SoldOutNotice,
} from './booking-notices';
import { RegistrationForm, type RegistrationFormProps } from './registration-form';
import { WaitlistForm } from './waitlist-form';

export interface BookingPanelProps extends RegistrationFormProps {
  /**
   * From the database's availability answer. Cancelled takes precedence over past, past over
   * sold out, and each over the form (spec §2). 'unavailable': not published.
   */
  availability: 'open' | 'cancelled' | 'past' | 'sold-out' | 'unavailable';
  /** Built-in sample event shown while the database is unreachable: never bookable. */
  isSample: boolean;
  /** Sold out because every seat is taken (not closed by the admin): the waiting list is open. */
  waitlistOpen: boolean;
  /** The most persons the waiting-list form offers (waitlistMaxPersons of the event). */
  waitlistMaxPersons: number;
}

function WaitlistPanel({
  eventId,
  maxPersons,
  initial,
  onEventChanged,
  questions,
  seatsLeft = false,
}: {
  eventId: string;
  maxPersons: number;
  initial?: Partial<WaitlistInput>;
  onEventChanged?: () => void;
  questions?: readonly EventQuestion[];
  /** Chosen after NOT_ENOUGH_SEATS: some seats are free, but fewer than the visitor needs. */
  seatsLeft?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{seatsLeft ? 'Warteliste' : 'Event ausgebucht'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <p className="text-muted-foreground">
          {seatsLeft
            ? 'Für so viele Personen sind nicht mehr genug Plätze frei.'
            : 'Alle Plätze sind vergeben.'}{' '}
          Trag dich auf die Warteliste ein: Sobald Plätze frei werden, schicken wir dir der Reihe nach ein
          Angebot per E-Mail.
        </p>
        <WaitlistForm
          eventId={eventId}
          maxPersons={maxPersons}
          initial={initial}
          onEventChanged={onEventChanged}
          questions={questions}
        />
      </CardContent>
    </Card>
  );
}

/** The right side of the booking page: exactly one notice, or the registration form. */
export function BookingPanel({
  availability,
  isSample,
  waitlistOpen,
  waitlistMaxPersons,
  ...form
}: BookingPanelProps) {
  const options = usePaymentOptions();
  // What the visitor typed before the event filled up goes on to the waiting-list form.
  const [typed, setTyped] = useState<Partial<WaitlistInput>>();
  // The visitor chose the waiting list after NOT_ENOUGH_SEATS.
  const [waitlistChosen, setWaitlistChosen] = useState(false);
  const keepTyped = (values?: RegistrationInput) =>
    setTyped(
      values && {
        name: values.name,
        email: values.email,
        phone: values.phone,
        persons: values.persons,
        answers: values.answers,
      },
    );
  if (availability === 'cancelled') return <CancelledNotice />;
  if (availability === 'past') return <PastEventNotice />;
  const joinsWaitlist =
    (availability === 'sold-out' && waitlistOpen) || (availability === 'open' && waitlistChosen);
  if (joinsWaitlist && !isSample) {
    return (
      <WaitlistPanel
        eventId={form.eventId}
        maxPersons={waitlistMaxPersons}
        initial={typed}
        onEventChanged={form.onEventChanged}
        questions={form.questions}
        seatsLeft={availability === 'open'}
      />
    );
  }
  if (availability === 'sold-out') return <SoldOutNotice />;
  if (availability === 'unavailable') return <NoPaymentMethodNotice />;
  if (isSample) return <SampleEventNotice />;
  // Only what is set up is offered (online payment needs Stripe, invoice the creditor's data).
  if (awaitsPaymentOptions(form.paymentMethods, options))
    return <Spinner label="Zahlungsarten werden geladen…" />;
  const paymentMethods = workingPaymentMethods(form.paymentMethods, options.data);
  if (offeredPaymentMethods(paymentMethods).length === 0) return <NoPaymentMethodNotice />;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Anmeldung</CardTitle>
      </CardHeader>
      <CardContent>
        <RegistrationForm
          {...form}
          paymentMethods={paymentMethods}
          onEventChanged={(values) => {
            keepTyped(values);
            form.onEventChanged?.();
          }}
          onJoinWaitlist={(values) => {
            keepTyped(values);
            setWaitlistChosen(true);
          }}
        />
      </CardContent>
    </Card>
  );
}
