// Blog posts as the UI sees them (camel case), mapped from rows of table blog_posts.

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

export interface BlogPostRow {
  id: string;
  title: string;
  excerpt: string | null;
  image_url: string | null;
  published_date: string | null;
  slug: string;
  content?: string | null;
}

export const BLOG_POST_SUMMARY_COLUMNS = 'id,title,excerpt,image_url,published_date,slug';
export const BLOG_POST_COLUMNS = `${BLOG_POST_SUMMARY_COLUMNS},content`;

export function toBlogPostSummary(row: BlogPostRow): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt ?? '',
    imageUrl: row.image_url || null,
    publishedDate: row.published_date,
    slug: row.slug,
  };
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return { ...toBlogPostSummary(row), content: row.content ?? '' };
}
