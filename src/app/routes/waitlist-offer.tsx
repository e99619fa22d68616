import { useLocation } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { WaitlistOffer } from '@/features/booking/components/waitlist-links';

/**
 * `/warteliste/angebot#<token>`: the offer from the waiting list. The claim token travels in the
 * fragment, which browsers never send to a server.
 */
export default function WaitlistOfferPage() {
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  return (
    <>
      <Seo title="Angebot von der Warteliste" path="/warteliste/angebot" noindex />
      <section className="container max-w-3xl space-y-8 py-12 md:py-16">
        <h1 className="font-serif text-4xl font-semibold tracking-tight">Angebot von der Warteliste</h1>
        <WaitlistOffer token={token} />
      </section>
    </>
  );
}
