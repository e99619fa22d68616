import { useLocation, useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { PaymentStatus } from '@/features/booking/components/payment-status';

/**
 * `/zahlung/:participantId#<token>`: the payment state of one registration. The one-time token
 * travels in the fragment, which browsers never send to a server (nor Stripe in its records).
 */
export default function PaymentStatusPage() {
  const { participantId = '' } = useParams();
  const location = useLocation();
  const token = decodeURIComponent(location.hash.replace(/^#/, ''));
  const returnedFromPayment = new URLSearchParams(location.search).get('zahlung') === 'erfolgt';
  return (
    <>
      <Seo title="Zahlung" path={`/zahlung/${participantId}`} noindex />
      <section className="container max-w-3xl py-20 md:py-28">
        <PaymentStatus
          participantId={participantId}
          token={token}
          returnedFromPayment={returnedFromPayment}
        />
      </section>
    </>
  );
}
