import { useEffect, useState } from 'react';

export type PreloadState = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * Loads `url` off-screen first, so the article shows its image only once it is really there.
 * `onFail` runs once per failed url (e.g. to raise a toast).
 */
export function useImagePreload(url: string | null, onFail?: () => void): PreloadState {
  const [result, setResult] = useState<{ url: string; state: PreloadState } | null>(null);

  useEffect(() => {
    if (!url) return;
    let active = true;
    const img = new Image();
    img.onload = () => active && setResult({ url, state: 'loaded' });
    img.onerror = () => {
      if (!active) return;
      setResult({ url, state: 'failed' });
      onFail?.();
    };
    img.src = url;
    return () => {
      active = false;
    };
    // onFail is a notification, not an input: a new function identity must not reload the image.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  if (!url) return 'idle';
  return result?.url === url ? result.state : 'loading';
}
