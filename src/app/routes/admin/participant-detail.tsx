import { useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { ParticipantDetail } from '@/features/admin-participants/components/participant-detail';

export default function AdminParticipantDetailPage() {
  const { id = '' } = useParams();
  return (
    <>
      <Seo title="Teilnehmer" path={`/admin/participants/${id}`} noindex />
      <ParticipantDetail participantId={id} />
    </>
  );
}
