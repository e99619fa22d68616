import { Cookie } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { OVERLAY_PROPS } from './floating-clearance';
import { useKeepFocusClear } from './keep-focus-clear';

export const COOKIE_NOTICE_STORAGE_KEY = 'cookie-notice-dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Informs about the technically necessary storage; the dismissal is remembered. */
export function CookieNotice() {
  // Hidden until an effect has read storage, so render never touches window.
  const [visible, setVisible] = useState(false);
  const notice = useRef<HTMLElement>(null);
  // It stays until dismissed: whatever the visitor tabs to must not end up behind it.
  useKeepFocusClear(notice, [visible]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is only readable after mount
    setVisible(!wasDismissed());
  }, []);

  if (!visible) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, 'true');
    } catch {
      // Blocked storage: hide it for this visit at least.
    }
    setVisible(false);
  };

  return <CookieNoticeCard ref={notice} onDismiss={dismiss} />;
}

/** The notice as it shows; also rendered at build time for its critical CSS (load-time-states). */
export function CookieNoticeCard({
  ref,
  onDismiss,
}: {
  ref?: React.Ref<HTMLElement>;
  onDismiss: () => void;
}) {
  return (
    <section
      ref={ref}
      {...OVERLAY_PROPS}
      aria-label="Cookie-Hinweis"
      className="fixed inset-x-4 bottom-4 z-50 rounded-xl border bg-card p-5 text-card-foreground shadow-2xl sm:right-auto sm:max-w-sm sm:bottom-6 sm:left-6"
    >
      <div className="flex gap-3">
        <Cookie className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-sm leading-relaxed">
          Wir verwenden nur technisch notwendige Cookies und lokalen Speicher, zum Beispiel für dein
          Farbschema. Mehr dazu in der{' '}
          <Link to="/datenschutz" className="font-medium text-primary underline underline-offset-4">
            Datenschutzerklärung
          </Link>
          .
        </p>
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="button" size="sm" onClick={onDismiss}>
          Verstanden
        </Button>
      </div>
    </section>
  );
}
