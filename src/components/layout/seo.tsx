import { isPrivatePath } from '@/lib/indexing';
import { site } from '@/lib/site';

export interface SeoProps {
  title: string;
  description?: string;
  /** Path of the page, e.g. "/events"; used for og:url and canonical. */
  path: string;
  image?: string;
  type?: 'website' | 'article';
  /** Keeps the page out of search engines; always so for a private path (src/lib/indexing.ts). */
  noindex?: boolean;
}

const defaultDescription =
  'Kulinarische Erlebnisse, Breathwork, Workshops, Stammtisch, Kinderprogramme und das Fonduehüsli in Suhr und Hirschthal.';

function absolute(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${site.url}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function Seo({
  title,
  description = defaultDescription,
  path,
  image,
  type = 'website',
  noindex,
}: SeoProps) {
  const fullTitle = `${site.name} – ${title}`;
  const url = absolute(path);
  const img = absolute(image ?? site.defaultOgImage);
  // React 19 hoists <title>, <meta> and <link> into <head>, in the browser and in the
  // prerendered HTML alike.
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={img} />
      <meta property="og:type" content={type} />
      <meta property="og:locale" content="de_CH" />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={site.name} />
      <meta name="twitter:card" content="summary_large_image" />
      {noindex || isPrivatePath(path) ? <meta name="robots" content="noindex, nofollow" /> : null}
    </>
  );
}
