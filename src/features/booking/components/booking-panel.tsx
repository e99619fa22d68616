import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { awaitsPaymentOptions, usePaymentOptions, workingPaymentMethods } from '@/lib/payment-options';
import { offeredPaymentMethods } from '../schema';
import {
  CancelledNotice,
  NoPaymentMethodNotice,
  PastEventNotice,
  SampleEventNotice,
  SoldOutNotice,
} from './booking-notices';
import { RegistrationForm, type RegistrationFormProps } from './registration-form';

export interface BookingPanelProps extends RegistrationFormProps {
  /**
   * From the database's availability answer. Cancelled takes precedence over past, past over
   * sold out, and each over the form (spec §2). 'unavailable': not published.
   */
  availability: 'open' | 'cancelled' | 'past' | 'sold-out' | 'unavailable';
  /** Built-in sample event shown while the database is unreachable: never bookable. */
  isSample: boolean;
}

/** The right side of the booking page: exactly one notice, or the registration form. */
export function BookingPanel({ availability, isSample, ...form }: BookingPanelProps) {
  const options = usePaymentOptions();
  if (availability === 'cancelled') return <CancelledNotice />;
  if (availability === 'past') return <PastEventNotice />;
  if (availability === 'sold-out') return <SoldOutNotice />;
  if (availability === 'unavailable') return <NoPaymentMethodNotice />;
  if (isSample) return <SampleEventNotice />;
  // Only what is set up is offered (online payment needs Stripe, invoice the creditor's data).
  if (awaitsPaymentOptions(form.paymentMethods, options))
    return <Spinner label="Zahlungsarten werden geladen..." />;
  const paymentMethods = workingPaymentMethods(form.paymentMethods, options.data);
  if (offeredPaymentMethods(paymentMethods).length === 0) return <NoPaymentMethodNotice />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Anmeldung</CardTitle>
      </CardHeader>
      <CardContent>
        <RegistrationForm {...form} paymentMethods={paymentMethods} />
      </CardContent>
    </Card>
  );
}
