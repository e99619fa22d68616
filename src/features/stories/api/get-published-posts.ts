import { queryOptions, useQuery } from '@tanstack/react-query';
// supabase-js loads on demand: a prerendered page shows its data without it (first paint).
import { loadSupabase } from '@/lib/load-supabase';
import { BLOG_POST_SUMMARY_COLUMNS, toBlogPostSummary, type BlogPostSummary } from '../lib/blog-post';
import { storyKeys } from './story-keys';

/** Published posts, newest first. */
export async function getPublishedPosts(): Promise<BlogPostSummary[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('blog_posts')
    .select(BLOG_POST_SUMMARY_COLUMNS)
    .eq('status', 'published')
    .order('published_date', { ascending: false });
  if (error) throw error;
  return data.map(toBlogPostSummary);
}

export function publishedPostsQueryOptions() {
  return queryOptions({ queryKey: storyKeys.published(), queryFn: getPublishedPosts });
}

export function usePublishedPosts() {
  return useQuery(publishedPostsQueryOptions());
}
