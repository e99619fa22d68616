import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { offeredPaymentMethods } from '../schema';
import { CancelledNotice, NoPaymentMethodNotice, SampleEventNotice, SoldOutNotice } from './booking-notices';
import { RegistrationForm, type RegistrationFormProps } from './registration-form';

export interface BookingPanelProps extends RegistrationFormProps {
  /** Cancelled takes precedence over sold out, which takes precedence over the form (spec §2). */
  availability: 'cancelled' | 'sold-out' | 'open';
  /** Built-in sample event shown while the database is unreachable: never bookable. */
  isSample: boolean;
}

/** The right side of the booking page: exactly one notice, or the registration form. */
export function BookingPanel({ availability, isSample, ...form }: BookingPanelProps) {
  if (availability === 'cancelled') return <CancelledNotice />;
  if (availability === 'sold-out') return <SoldOutNotice />;
  if (isSample) return <SampleEventNotice />;
  if (offeredPaymentMethods(form.paymentMethods).length === 0) return <NoPaymentMethodNotice />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Anmeldung</CardTitle>
      </CardHeader>
      <CardContent>
        <RegistrationForm {...form} />
      </CardContent>
    </Card>
  );
}
