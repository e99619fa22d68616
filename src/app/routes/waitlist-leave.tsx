import { useLocation } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { WaitlistLeave } from '@/features/booking/components/waitlist-links';

/** `/warteliste/austragen#<token>`: the place on the waiting list, and leaving it. */
export default function WaitlistLeavePage() {
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  return (
    <>
      <Seo title="Warteliste" path="/warteliste/austragen" noindex />
      <section className="container max-w-3xl space-y-8 py-12 md:py-16">
        <h1 className="font-serif text-4xl font-semibold tracking-tight">Warteliste</h1>
        <WaitlistLeave token={token} />
      </section>
    </>
  );
}
