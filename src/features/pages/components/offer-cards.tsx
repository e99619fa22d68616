import { ResponsiveImage } from '@/components/media/responsive-image';
import type { OfferCard } from '@/content/types';
import { cn } from '@/lib/utils';
import { LinkActionButton } from './link-action';

interface OfferCardsProps {
  items: readonly OfferCard[];
  className?: string;
}

export function OfferCards({ items, className }: OfferCardsProps) {
  return (
    <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {items.map((offer) => (
        <li key={offer.title} className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
          <ResponsiveImage
            image={offer.image}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="aspect-[4/3] h-auto w-full"
          />
          <div className="flex flex-1 flex-col p-6">
            <h3 className="text-xl font-semibold">{offer.title}</h3>
            <p className="mt-2 text-muted-foreground">{offer.text}</p>
            {offer.link ? (
              <div className="mt-auto pt-6">
                <LinkActionButton action={offer.link} variant="outline" size="default" />
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
