import type { ReactNode } from 'react';

/** Minimal hero used by placeholder pages until their content lands. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="container py-16 md:py-24">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{title}</h1>
      {children ? <div className="mt-4 max-w-2xl text-lg text-muted-foreground">{children}</div> : null}
    </section>
  );
}
