import { queryOptions, useQuery } from '@tanstack/react-query';
// supabase-js loads on demand: a prerendered page shows its data without it (first paint).
import { loadSupabase } from '@/lib/load-supabase';
import { BLOG_POST_COLUMNS, toBlogPost, type BlogPost } from '../lib/blog-post';
import { storyKeys } from './story-keys';

/** The published post with this slug, or null when there is none. Errors are thrown. */
export async function getPostBySlug(slug: string): Promise<BlogPost | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('blog_posts')
    .select(BLOG_POST_COLUMNS)
    .eq('slug', slug)
    .eq('status', 'published')
    .maybeSingle();
  if (error) throw error;
  return data ? toBlogPost(data) : null;
}

export function postBySlugQueryOptions(slug: string) {
  return queryOptions({ queryKey: storyKeys.bySlug(slug), queryFn: () => getPostBySlug(slug) });
}

export function usePostBySlug(slug: string) {
  return useQuery({ ...postBySlugQueryOptions(slug), enabled: slug !== '' });
}
