import { Mail } from 'lucide-react';
import { ResponsiveImage } from '@/components/media/responsive-image';
import type { Profile } from '@/content/types';
import { LinkActionButton } from './link-action';

export function ProfileCards({ people }: { people: readonly Profile[] }) {
  return (
    <div className="grid gap-8 md:grid-cols-2">
      {people.map((person) => (
        <article
          key={person.name}
          className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm sm:flex-row"
        >
          <ResponsiveImage
            image={person.image}
            sizes="(min-width: 640px) 220px, 100vw"
            className="aspect-square h-auto w-full sm:aspect-[4/5] sm:w-56 sm:shrink-0"
            imgClassName="object-top"
          />
          <div className="flex flex-1 flex-col p-6">
            <h3 className="text-2xl font-semibold">{person.name}</h3>
            <p className="mt-1 font-medium text-accent">{person.role}</p>
            <div className="mt-4 space-y-3 text-muted-foreground">
              {person.bio.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            {person.email ? (
              <div className="mt-auto pt-6">
                <LinkActionButton
                  action={{ label: `E-Mail an ${person.name.split(' ')[0]}`, href: `mailto:${person.email}` }}
                  size="default"
                >
                  <Mail aria-hidden="true" />
                  {`E-Mail an ${person.name.split(' ')[0]}`}
                </LinkActionButton>
              </div>
            ) : null}
          </div>
        </article>
      ))}
    </div>
  );
}
