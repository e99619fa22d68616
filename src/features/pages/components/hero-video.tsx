import { ResponsiveImage } from '@/components/media/responsive-image';
import { usePrefersReducedMotion } from '@/components/media/use-media-query';
import type { HeroVideo as HeroVideoAsset } from '@/content/images';

/**
 * Hero background: the poster is a normal eager image, so it paints first; the video (only when
 * one is configured and the visitor has not asked for reduced motion) lies on top of it and only
 * fetches metadata up front, so it never holds back the first paint.
 */
export function HeroVideo({ video }: { video: HeroVideoAsset }) {
  const reducedMotion = usePrefersReducedMotion();
  const playVideo = !reducedMotion && video.sources.length > 0;

  return (
    <>
      <ResponsiveImage image={video.poster} priority sizes="100vw" alt="" className="h-full w-full" />
      {playVideo ? (
        <video
          className="absolute inset-0 h-full w-full object-cover"
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          poster={video.poster.src}
          aria-hidden="true"
        >
          {video.sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
      ) : null}
    </>
  );
}
