import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StoryDetailPage from '@/app/routes/story-detail';
import { renderWithProviders, signedOut } from '../../support/render';
import {
  deferred,
  installFakeBackend,
  json,
  postgrestError,
  type Responder,
} from '../../support/fake-backend';

const content = [
  'Im Herbst riecht der Wald nach Pilzen und nassem Laub. Wir waren am Samstag mit zwölf Gästen unterwegs und haben gesammelt, was der Boden hergibt.',
  'Zurück in der Küche wurde daraus ein Risotto.\nMit viel Butter.',
  'Das Rezept teilen wir gerne.',
].join('\n\n  \n');

const post = {
  id: '7b0c6a3e-1f2d-4c55-9a1e-3f7d2c9b8a11',
  title: 'Ein Tag im Pilzwald',
  excerpt: 'Sammeln, kochen, geniessen.',
  image_url: null,
  published_date: '2026-03-05',
  slug: 'ein-tag-im-pilzwald',
  content,
};

function renderStory(slug = post.slug) {
  return renderWithProviders(
    <Routes>
      <Route path="/stories/:slug" element={<StoryDetailPage />} />
    </Routes>,
    { route: `/stories/${slug}`, auth: signedOut },
  );
}

/** The post's table answers with `reply`; anything else the page asks for gets an empty list. */
function blogPosts(reply: Responder) {
  return installFakeBackend({ unrouted: () => json([]) }).on('/rest/v1/blog_posts', reply);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('story detail', () => {
  it('shows a spinner while the post loads', async () => {
    const pending = deferred();
    blogPosts(() => pending.promise);
    renderStory();
    expect(await screen.findByRole('status')).toHaveTextContent('Beitrag wird geladen');
    pending.resolve(json([post]));
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks only for the published post with this slug and shows it', async () => {
    const backend = blogPosts(() => json([post]));
    renderStory();

    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    const request = backend.calls('/rest/v1/blog_posts')[0];
    expect(request?.url.searchParams.get('slug')).toBe(`eq.${post.slug}`);
    expect(request?.url.searchParams.get('status')).toBe('eq.published');

    expect(screen.getByText('5. März 2026')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Zurück zur Übersicht' });
    expect(link).toHaveAttribute('href', '/stories');
    // Paragraphs split at blank lines (also blank lines holding spaces), single breaks kept.
    const article = screen.getByRole('article');
    const paragraphs = article.querySelectorAll('p');
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[1]?.textContent).toBe(
      'Zurück in der Küche wurde daraus ein Risotto.\nMit viel Butter.',
    );
    // No image_url: no picture at all.
    expect(article.querySelector('img')).toBeNull();

    await waitFor(() => {
      const description = document.head.querySelector('meta[name="description"]')?.getAttribute('content');
      expect(description).toBe(content.replace(/\s+/g, ' ').trim().slice(0, 155));
    });
    expect(document.title).toBe(`Sinneswerk – ${post.title}`);
  });

  it('shows the not-found card when no published post has the slug', async () => {
    blogPosts(() => json([]));
    renderStory('gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Blog-Beitrag nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toHaveAttribute('href', '/stories');
  });

  it('shows the error card when the request fails', async () => {
    blogPosts(() => postgrestError('boom', 500, 'XX000'));
    renderStory();
    expect(
      await screen.findByRole('heading', {
        name: 'Fehler beim Laden des Blog-Beitrags. Bitte versuche es später erneut.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeInTheDocument();
  });

  describe('post image', () => {
    // jsdom never fetches images; this stand-in decides whether the preload succeeds.
    function stubImageLoading(outcome: 'load' | 'error') {
      class FakeImage {
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        set src(_value: string) {
          queueMicrotask(() => (outcome === 'load' ? this.onload?.() : this.onerror?.()));
        }
      }
      vi.stubGlobal('Image', FakeImage);
    }

    it('shows the image once it has preloaded', async () => {
      stubImageLoading('load');
      blogPosts(() => json([{ ...post, image_url: 'https://cdn.example.ch/pilze.jpg' }]));
      renderStory();
      await screen.findByRole('heading', { level: 1, name: post.title });
      await waitFor(() =>
        expect(screen.getByRole('article').querySelector('img')).toHaveAttribute(
          'src',
          'https://cdn.example.ch/pilze.jpg',
        ),
      );
    });

    it('leaves the image out and says so when it cannot load', async () => {
      stubImageLoading('error');
      blogPosts(() => json([{ ...post, image_url: 'https://cdn.example.ch/kaputt.jpg' }]));
      renderStory();
      expect(await screen.findByText('Bild konnte nicht geladen werden.')).toBeInTheDocument();
      expect(screen.getByRole('article').querySelector('img')).toBeNull();
    });
  });
});
