import { CircleCheck } from 'lucide-react';
import { Seo } from '@/components/layout/seo';
import { fondueConfirmation } from '@/content/fonduehusli';
import { LinkActionButton } from '@/features/pages/components/link-action';
import { Paragraphs } from '@/features/pages/components/section';

export default function FonduehusliConfirmationPage() {
  return (
    <>
      <Seo title="Reservation bestätigt" path="/fonduehusli/confirmation" noindex />
      <section className="container max-w-3xl py-20 md:py-28">
        <CircleCheck className="h-12 w-12 text-success" aria-hidden="true" />
        <h1 className="mt-6 text-4xl font-semibold md:text-5xl">{fondueConfirmation.title}</h1>
        <Paragraphs items={fondueConfirmation.paragraphs} className="mt-6" />
        <div className="mt-10 flex flex-wrap gap-3">
          {fondueConfirmation.links.map((link, index) => (
            <LinkActionButton key={link.href} action={link} variant={index === 0 ? 'default' : 'outline'} />
          ))}
        </div>
      </section>
    </>
  );
}
