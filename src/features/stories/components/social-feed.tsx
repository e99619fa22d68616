import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { storiesText } from '@/content/stories';
import { site } from '@/lib/site';
import { markThirdPartyScriptLoaded } from '@/lib/third-party-scripts';

/** Spec §9: the widget script is injected after 500 ms; the spinner goes 2 s after that. */
export const FEED_INJECT_DELAY_MS = 500;
export const FEED_SPINNER_MS = 2000;

/**
 * Embeds the external social-feed widget. The script is added late so it never competes with
 * the page's own content; when it cannot load (offline, blocked) the visitor sees one toast and
 * the link to the profile, nothing else.
 */
export function SocialFeed() {
  const container = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    let script: HTMLScriptElement | null = null;
    let spinnerTimer: ReturnType<typeof setTimeout> | undefined;
    const injectTimer = setTimeout(() => {
      script = document.createElement('script');
      script.src = site.socialFeedWidgetUrl;
      script.async = true;
      markThirdPartyScriptLoaded();
      script.onerror = () => {
        setLoading(false);
        toast({ title: storiesText.feedError, variant: 'destructive' });
      };
      host.appendChild(script);
      spinnerTimer = setTimeout(() => setLoading(false), FEED_SPINNER_MS);
    }, FEED_INJECT_DELAY_MS);
    return () => {
      clearTimeout(injectTimer);
      clearTimeout(spinnerTimer);
      if (script) {
        script.onerror = null;
        script.remove();
      }
    };
  }, []);

  return (
    <div>
      {loading ? (
        <div className="flex items-center gap-3 text-muted-foreground">
          <Spinner label={storiesText.feedLoading} />
          <span aria-hidden="true">{storiesText.feedLoading}</span>
        </div>
      ) : null}
      <div ref={container} data-testid="social-feed" className="min-h-[1px]" />
      <a
        href={site.social.instagram}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
      >
        <Camera className="h-5 w-5" aria-hidden="true" />
        {storiesText.feedProfileLink}
      </a>
    </div>
  );
}
