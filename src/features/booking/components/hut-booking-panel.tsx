import { useEffect, useRef } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { EventQuestion } from '@/lib/event-questions';
import { awaitsPaymentOptions, usePaymentOptions, workingPaymentMethods } from '@/lib/payment-options';
import { hutCancellationTerms } from '@/lib/cancellation-terms';
import { offeredPaymentMethods } from '../schema';
import { NoPaymentMethodNotice } from './booking-notices';
import { RegistrationForm } from './registration-form';

// The booking form for one hut evening: the event booking's form (contact, persons, questions,
// payment methods that are set up, total, terms and privacy note, proof of work), with the hut's
// group sizes, group price and cancellation rule from the database (hut_month).

/** The hut's rules as hut_month answers them (the route hands them over). */
export interface HutOffer {
  start_time: string;
  location: string;
  min_persons: number;
  max_persons: number;
  /** The group price per size, from the database. */
  prices: readonly { persons: number; total: number }[];
  payment_methods: readonly string[];
  cancellation_hours: number;
  late_cancellation_charge_percent: number;
  questions: readonly EventQuestion[];
}

export function HutBookingPanel({
  day,
  dayLabel,
  month,
  onBooked,
  onEveningTaken,
}: {
  day: string;
  /** 'Donnerstag, 3. Dezember 2026'. */
  dayLabel: string;
  month: HutOffer;
  onBooked: () => void;
  /** The evening went meanwhile (booked, blocked): the calendar reloads. */
  onEveningTaken: () => void;
}) {
  const options = usePaymentOptions();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form's heading takes the focus when an evening is chosen: keyboard and screen readers
  // continue here.
  useEffect(() => heading.current?.focus(), [day]);
  const paymentMethods = workingPaymentMethods(month.payment_methods, options.data);
  const totals = new Map(month.prices.map((price) => [price.persons, price.total]));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" ref={heading} id="reservation-titel" tabIndex={-1} className="focus:outline-none">
          Reservation für {dayLabel}
        </CardTitle>
        <p className="text-muted-foreground">
          Ab {month.start_time} Uhr · {month.location}
        </p>
      </CardHeader>
      <CardContent>
        {awaitsPaymentOptions(month.payment_methods, options) ? (
          <Spinner label="Zahlungsarten werden geladen…" />
        ) : offeredPaymentMethods(paymentMethods).length === 0 ? (
          <NoPaymentMethodNotice />
        ) : (
          <RegistrationForm
            // A fresh form (and request id) per evening.
            key={day}
            eventId=""
            hut={{
              day,
              minPersons: month.min_persons,
              totalFor: (persons) => totals.get(persons) ?? null,
              terms: hutCancellationTerms(month.cancellation_hours, month.late_cancellation_charge_percent),
            }}
            paymentMethods={paymentMethods}
            price={0}
            maxPersons={month.max_persons}
            cancellationDeadlineHours={month.cancellation_hours}
            questions={month.questions}
            onRegistered={onBooked}
            onEventChanged={onEveningTaken}
          />
        )}
      </CardContent>
    </Card>
  );
}
