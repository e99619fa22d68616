// Blog posts as the UI sees them (camel case), mapped once from the generated row type.

import type { Tables } from '@common/database.ts';

export interface BlogPostSummary {
  id: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  publishedDate: string | null;
  slug: string;
}

export interface BlogPost extends BlogPostSummary {
  content: string;
}

/** The columns of a post in a list. Literals, so supabase-js infers the row type from them. */
export const BLOG_POST_SUMMARY_COLUMNS = 'id,title,excerpt,image_url,published_date,slug';
/** The columns of a whole post. */
export const BLOG_POST_COLUMNS = 'id,title,excerpt,image_url,published_date,slug,content';

type SummaryRow = Pick<
  Tables<'blog_posts'>,
  'id' | 'title' | 'excerpt' | 'image_url' | 'published_date' | 'slug'
>;
type PostRow = SummaryRow & Pick<Tables<'blog_posts'>, 'content'>;

export function toBlogPostSummary(row: SummaryRow): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt ?? '',
    imageUrl: row.image_url || null,
    publishedDate: row.published_date,
    slug: row.slug,
  };
}

export function toBlogPost(row: PostRow): BlogPost {
  return { ...toBlogPostSummary(row), content: row.content ?? '' };
}
