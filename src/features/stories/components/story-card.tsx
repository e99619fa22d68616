import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FALLBACK_IMAGE_SRC } from '@/content/images';
import { storiesText } from '@/content/stories';
import { formatDateLong } from '@/lib/dates';
import type { BlogPostSummary } from '../lib/blog-post';

// Post images come from the database at unknown sizes; a fixed 16:9 box keeps the grid stable.
export function StoryCard({ post }: { post: BlogPostSummary }) {
  const [failed, setFailed] = useState(false);
  const src = !post.imageUrl || failed ? FALLBACK_IMAGE_SRC : post.imageUrl;
  return (
    <article className="group flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
      <img
        src={src}
        alt=""
        width={960}
        height={540}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="aspect-video h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        {post.publishedDate ? (
          <time dateTime={post.publishedDate} className="text-sm text-muted-foreground">
            {formatDateLong(post.publishedDate)}
          </time>
        ) : null}
        <h3 className="mt-2 text-xl font-semibold">
          <Link
            to={`/stories/${post.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
          >
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 text-muted-foreground">{post.excerpt}</p>
        <span
          className="mt-auto inline-flex items-center gap-2 pt-4 font-medium text-primary"
          aria-hidden="true"
        >
          {storiesText.readMore}
          <ArrowRight className="h-4 w-4" />
        </span>
      </div>
    </article>
  );
}
