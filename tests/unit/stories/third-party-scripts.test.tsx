import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEED_INJECT_DELAY_MS, SocialFeed } from '@/features/stories/components/social-feed';
import { adminInCleanDocument, thirdPartyScriptLoaded } from '@/lib/third-party-scripts';

// The admin area never runs in a document that loaded the stories feed widget: such a script
// could read the admin's session from localStorage, and removing its tag does not unload it.

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('third-party scripts and the admin area', () => {
  it('renders the admin normally while no third-party script ran', () => {
    expect(adminInCleanDocument({ request: new Request('http://localhost/admin/dashboard') })).toBeNull();
  });

  it('after the feed widget was injected, enters /admin only by a full page load', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<SocialFeed />);
    expect(thirdPartyScriptLoaded()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(FEED_INJECT_DELAY_MS));
    unmount();

    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const pending = adminInCleanDocument({ request: new Request('http://localhost/admin/events') });
    expect(pending).toBeInstanceOf(Promise);
    expect(assign).toHaveBeenCalledWith('http://localhost/admin/events');
  });
});
