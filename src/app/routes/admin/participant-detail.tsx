import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AdminParticipantDetailPage() {
  return (
    <>
      <Seo title="Teilnehmer" path="/admin/participants" noindex />
      <PageHero title="Teilnehmer" />
    </>
  );
}
