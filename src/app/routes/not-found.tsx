import { Compass } from 'lucide-react';
import { Seo } from '@/components/layout/seo';
import { notFound } from '@/content/not-found';
import { LinkActionButton } from '@/features/pages/components/link-action';

export default function NotFoundPage() {
  return (
    <>
      <Seo title={notFound.title} path="/404" noindex />
      <section className="container flex flex-col items-start gap-6 py-24 md:py-32">
        <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-accent/10 text-accent">
          <Compass className="h-7 w-7" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium uppercase tracking-widest text-accent">{notFound.eyebrow}</p>
        <h1 className="text-4xl font-semibold md:text-5xl">{notFound.title}</h1>
        <p className="max-w-xl text-lg text-muted-foreground">{notFound.text}</p>
        <div className="flex flex-wrap gap-4">
          {notFound.links.map((link, index) => (
            <LinkActionButton key={link.href} action={link} variant={index === 0 ? 'default' : 'outline'} />
          ))}
        </div>
      </section>
    </>
  );
}
