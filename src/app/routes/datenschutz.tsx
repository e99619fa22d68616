import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { privacyNotice, RETENTION_SECTION_TITLE, retentionParagraphs } from '@/content/legal';
import { useRetentionDays } from '@/features/pages/api/retention-days';
import { LegalPage } from '@/features/pages/components/legal-page';
import { Paragraphs } from '@/features/pages/components/section';

/**
 * The retention section's sentences, for the limits the database holds (read when the page is
 * built, so they are in its HTML, and again in the browser, so a limit changed since the build
 * shows at once).
 */
function useRetentionSentences(): string[] {
  const retention = useRetentionDays();
  if (retention.data) return retentionParagraphs(retention.data);
  return [
    retention.isError
      ? 'Die Fristen konnten gerade nicht geladen werden. Lade die Seite bitte neu oder frag uns per E-Mail.'
      : 'Die Fristen werden geladen …',
  ];
}

export default function DatenschutzPage() {
  const retentionSentences = useRetentionSentences();
  const sections = privacyNotice.sections.map((section) =>
    section.title === RETENTION_SECTION_TITLE
      ? { ...section, paragraphs: [...section.paragraphs, ...retentionSentences] }
      : section,
  );
  return (
    <>
      <Seo
        title="Datenschutz"
        description="Wie wir deine Personendaten bearbeiten und welche Rechte du hast."
        path="/datenschutz"
      />
      <LegalPage
        title={privacyNotice.title}
        intro={
          <>
            <p className="text-sm font-medium text-muted-foreground">{privacyNotice.updated}</p>
            <Paragraphs items={privacyNotice.intro} className="mt-4" />
          </>
        }
        sections={sections}
      >
        <Link
          to={privacyNotice.backLink.href}
          className="mt-12 inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {privacyNotice.backLink.label}
        </Link>
      </LegalPage>
    </>
  );
}
