import type { ReactNode } from 'react';
import type { TextSection } from '@/content/types';
import { Paragraphs } from './section';

/** Long-form text page (privacy notice, imprint): one column, headed sections. */
export function LegalPage({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro?: ReactNode;
  sections: readonly TextSection[];
  children?: ReactNode;
}) {
  return (
    <article className="container max-w-3xl py-16 md:py-24">
      <h1 className="hyphens-auto break-words text-3xl font-semibold sm:text-4xl md:text-5xl">{title}</h1>
      {intro ? <div className="mt-6">{intro}</div> : null}
      {sections.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-2xl font-semibold">{section.title}</h2>
          <Paragraphs items={section.paragraphs} className="mt-3 text-base" />
        </section>
      ))}
      {children}
    </article>
  );
}
