import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface SectionProps {
  title: string;
  id?: string;
  lead?: ReactNode;
  /** 'muted' gives the section a tinted band to separate it from its neighbours. */
  tone?: 'plain' | 'muted';
  className?: string;
  children?: ReactNode;
}

export function Section({ title, id, lead, tone = 'plain', className, children }: SectionProps) {
  const headingId = id ? `${id}-titel` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-24 py-16 md:py-20', tone === 'muted' && 'bg-secondary/60', className)}
    >
      <div className="container">
        <h2 id={headingId} className="text-balance text-3xl font-semibold tracking-tight md:text-4xl">
          {title}
        </h2>
        {lead ? <div className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</div> : null}
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}

export function Paragraphs({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <div className={cn('space-y-4 text-lg leading-relaxed text-foreground/85', className)}>
      {items.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
