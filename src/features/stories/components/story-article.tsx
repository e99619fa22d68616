import { ArrowLeft } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { storiesText } from '@/content/stories';
import { formatDateLong } from '@/lib/dates';
import { usePostBySlug } from '../api/get-post-by-slug';
import type { BlogPost } from '../lib/blog-post';
import { metaDescription, splitParagraphs } from '../lib/post-text';
import { useImagePreload } from '../lib/use-image-preload';

function BackLink() {
  return (
    <Link
      to="/stories"
      className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {storiesText.backToList}
    </Link>
  );
}

function ErrorCard({ message }: { message: string }) {
  return (
    <div className="rounded-lg border bg-card p-8 shadow-sm">
      <h1 className="text-2xl font-semibold md:text-3xl">{message}</h1>
      <div className="mt-6">
        <BackLink />
      </div>
    </div>
  );
}

function Article({ post }: { post: BlogPost }) {
  const onImageFail = useCallback(() => toast({ title: storiesText.imageError, variant: 'destructive' }), []);
  const imageState = useImagePreload(post.imageUrl, onImageFail);
  return (
    <article>
      <Seo
        title={post.title}
        description={metaDescription(post.content)}
        path={`/stories/${post.slug}`}
        image={post.imageUrl ?? undefined}
        type="article"
      />
      <BackLink />
      {post.imageUrl && imageState === 'loaded' ? (
        <img
          src={post.imageUrl}
          alt=""
          className="mt-8 aspect-video w-full rounded-lg object-cover shadow-sm"
          width={1600}
          height={900}
        />
      ) : null}
      <h1 className="mt-8 text-balance text-4xl font-semibold leading-tight md:text-5xl">{post.title}</h1>
      {post.publishedDate ? (
        <time dateTime={post.publishedDate} className="mt-4 block text-muted-foreground">
          {formatDateLong(post.publishedDate)}
        </time>
      ) : null}
      <div className="mt-8 space-y-5 text-lg leading-relaxed text-foreground/90">
        {splitParagraphs(post.content).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  );
}

/** /stories/{slug}: spinner while loading, the post, or an error card with a way back. */
export function StoryArticle({ slug }: { slug: string }) {
  const { data: post, isPending, isError } = usePostBySlug(slug);
  let body;
  if (isPending) {
    body = (
      <div className="flex justify-center py-24">
        <Spinner label={storiesText.loadingPost} className="h-10 w-10" />
      </div>
    );
  } else if (isError) {
    body = <ErrorCard message={storiesText.loadError} />;
  } else if (!post) {
    body = <ErrorCard message={storiesText.notFound} />;
  } else {
    body = <Article post={post} />;
  }
  return (
    <div className="container max-w-3xl py-16 md:py-24">
      {!post ? (
        <Seo
          title={isPending ? 'Stories' : storiesText.notFound}
          path={`/stories/${slug}`}
          noindex={!isPending}
        />
      ) : null}
      {body}
    </div>
  );
}
