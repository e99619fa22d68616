import { Seo } from '@/components/layout/seo';
import { ParticipantsOverview } from '@/features/admin-participants/components/participants-overview';

export default function AdminParticipantsPage() {
  return (
    <>
      <Seo title="Teilnehmer" path="/admin/participants" noindex />
      <ParticipantsOverview />
    </>
  );
}
