import { site } from '@/lib/site';
import { PLACEHOLDER_IMAGE } from '../lib/event-row';
import { buildEventJsonLd, serializeJsonLd } from '../lib/event-json-ld';
import { eventPath } from '../lib/event-links';
import type { PublicEvent } from '../types';

function absolute(url: string): string {
  return new URL(url, site.url).toString();
}

/** schema.org Event data for search engines. Samples are not real events and get none. */
export function EventJsonLd({ event }: { event: PublicEvent }) {
  if (event.isSample) return null;
  const data = buildEventJsonLd(event, {
    pageUrl: absolute(eventPath(event)),
    imageUrl: event.imageUrl === PLACEHOLDER_IMAGE ? null : absolute(event.imageUrl),
    organizer: { name: site.name, url: site.url },
  });
  if (!data) return null;
  // Rendered in place (search engines read JSON-LD anywhere in the document).
  return <script type="application/ld+json">{serializeJsonLd(data)}</script>;
}
