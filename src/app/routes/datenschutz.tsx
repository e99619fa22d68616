import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { privacyNotice } from '@/content/legal';
import { LegalPage } from '@/features/pages/components/legal-page';
import { Paragraphs } from '@/features/pages/components/section';

export default function DatenschutzPage() {
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
        sections={privacyNotice.sections}
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
