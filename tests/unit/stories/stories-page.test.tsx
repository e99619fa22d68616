import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StoriesPage from '@/app/routes/stories';
import { FEED_INJECT_DELAY_MS, FEED_SPINNER_MS, SocialFeed } from '@/features/stories/components/social-feed';
import { site } from '@/lib/site';
import { renderWithProviders, signedOut } from '../../support/render';
import { installFakeBackend, json } from '../../support/fake-backend';

const rows = [
  {
    id: '1',
    title: 'Bärlauchzeit',
    excerpt: 'Der Frühling schmeckt grün.',
    image_url: null,
    published_date: '2026-04-02',
    slug: 'baerlauchzeit',
  },
  {
    id: '2',
    title: 'Fondue für Anfänger',
    excerpt: 'Was ins Caquelon gehört.',
    image_url: '/images/x.webp',
    published_date: '2026-01-15',
    slug: 'fondue-fuer-anfaenger',
  },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.querySelectorAll(`script[src="${site.socialFeedWidgetUrl}"]`).forEach((s) => s.remove());
});

describe('/stories', () => {
  it('lists the published posts, newest first, as cards linking to the post', async () => {
    const backend = installFakeBackend({ unrouted: () => json([]) }).on('/rest/v1/blog_posts', () =>
      json(rows),
    );
    renderWithProviders(<StoriesPage />, { route: '/stories', auth: signedOut });

    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: 'Bärlauchzeit' });
    expect(first).toHaveAttribute('href', '/stories/baerlauchzeit');
    const card = first.closest('article')!;
    expect(within(card).getByText('2. April 2026')).toBeInTheDocument();
    expect(within(card).getByText('Der Frühling schmeckt grün.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fondue für Anfänger' })).toBeInTheDocument();

    const request = backend.calls('/rest/v1/blog_posts')[0]!;
    expect(request.url.searchParams.get('status')).toBe('eq.published');
    expect(request.url.searchParams.get('order')).toBe('published_date.desc');
    expect(request.url.searchParams.get('select')).toBe('id,title,excerpt,image_url,published_date,slug');
  });
});

describe('social feed widget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  // The spinner's text; role=status alone would also match the toast region's live announcer.
  const spinnerShown = () => screen.queryAllByText('Instagram-Feed wird geladen…').length > 0;
  const widgetScript = () =>
    document.querySelector<HTMLScriptElement>(`script[src="${site.socialFeedWidgetUrl}"]`);

  it('injects the script after 500 ms and hides the spinner 2 s later', () => {
    renderWithProviders(<SocialFeed />, { auth: signedOut });
    expect(spinnerShown()).toBe(true);

    act(() => vi.advanceTimersByTime(FEED_INJECT_DELAY_MS - 1));
    expect(widgetScript()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(widgetScript()).not.toBeNull();

    act(() => vi.advanceTimersByTime(FEED_SPINNER_MS - 1));
    expect(spinnerShown()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(spinnerShown()).toBe(false);
    expect(screen.queryByText('Fehler beim Laden des Instagram-Feeds')).not.toBeInTheDocument();
  });

  it('shows one toast when the script cannot load', () => {
    renderWithProviders(<SocialFeed />, { auth: signedOut });
    act(() => vi.advanceTimersByTime(FEED_INJECT_DELAY_MS));
    act(() => {
      widgetScript()!.dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('Fehler beim Laden des Instagram-Feeds')).toBeInTheDocument();
    expect(spinnerShown()).toBe(false);
  });

  it('removes the script when the page is left', () => {
    const { unmount } = renderWithProviders(<SocialFeed />, { auth: signedOut });
    act(() => vi.advanceTimersByTime(FEED_INJECT_DELAY_MS));
    expect(widgetScript()).not.toBeNull();
    unmount();
    expect(widgetScript()).toBeNull();
  });
});
