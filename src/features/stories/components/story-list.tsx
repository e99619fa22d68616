import { Skeleton } from '@/components/ui/skeleton';
import { storiesText } from '@/content/stories';
import { usePublishedPosts } from '../api/get-published-posts';
import { StoryCard } from './story-card';

export function StoryList() {
  const { data: posts, isPending, isError } = usePublishedPosts();

  if (isPending) {
    return (
      <ul
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        aria-label={storiesText.listLoading}
      >
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="aspect-video w-full" />
            <Skeleton className="mt-4 h-6 w-3/4" />
            <Skeleton className="mt-2 h-4 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) return <p className="text-muted-foreground">{storiesText.listError}</p>;
  if (posts.length === 0) return <p className="text-muted-foreground">{storiesText.empty}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id} className="relative">
          <StoryCard post={post} />
        </li>
      ))}
    </ul>
  );
}
