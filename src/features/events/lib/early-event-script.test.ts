import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_EVENT_GLOBAL, takeEarlyEvent, type EarlyEvent } from '../api/early-event';
import { earlyEventScript } from './early-event-script';
import { EVENT_COLUMNS, normalizeImageUrl } from './event-row';

// The frame's early script (run as the browser runs it: plain text, no module) and the app's
// pickup of its answer.

const PLACEHOLDER = '/assets/event-placeholder-abc.svg';
const script = earlyEventScript({
  supabaseUrl: 'https://project.supabase.co/',
  anonKey: 'anon-key',
  placeholderImage: PLACEHOLDER,
});

type Global = Partial<Record<typeof EARLY_EVENT_GLOBAL, EarlyEvent>>;

function early(): EarlyEvent | undefined {
  return (window as Global)[EARLY_EVENT_GLOBAL];
}

/** Runs the script at `path` with the API answering `rows` (or failing). */
function runAt(path: string, answer: { rows?: unknown; status?: number }) {
  window.history.replaceState(null, '', path);
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(answer.rows ?? []), { status: answer.status ?? 200 })),
  );
  vi.stubGlobal('fetch', fetch);
  new Function(script)();
  return fetch;
}

function preloads(): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => link.getAttribute('href') ?? '',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as Global)[EARLY_EVENT_GLOBAL];
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the early event script', () => {
  it.each(['/events/pasta-abend-16-12-2026', '/events/pasta-abend-16-12-2026/buchen'])(
    'asks PostgREST for the event of %s with the columns the app reads',
    (path) => {
      const fetch = runAt(path, {});
      expect(fetch).toHaveBeenCalledOnce();
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      const query = new URL(url);
      expect(query.origin + query.pathname).toBe('https://project.supabase.co/rest/v1/events');
      expect(query.searchParams.get('select')).toBe(EVENT_COLUMNS.replace(/\s+/g, ''));
      expect(query.searchParams.get('status')).toBe('eq.published');
      expect(query.searchParams.get('slug')).toBe('eq.pasta-abend-16-12-2026');
      expect(init.headers).toMatchObject({ apikey: 'anon-key', Authorization: 'Bearer anon-key' });
      expect(early()?.slug).toBe('pasta-abend-16-12-2026');
    },
  );

  it.each(['/', '/events', '/events/a/b/c', '/events/a/teilnehmer'])('does nothing on %s', (path) => {
    const fetch = runAt(path, {});
    expect(fetch).not.toHaveBeenCalled();
    expect(early()).toBeUndefined();
  });

  it.each([
    '/images/pasta.webp',
    'images//pasta.webp',
    'https://project.supabase.co/storage/v1/object/public/events/a.jpg',
    '  ',
    'https://example.com/a.jpg',
  ])('preloads the image the page will show for image_url %j', async (imageUrl) => {
    runAt('/events/pasta', { rows: [{ slug: 'pasta', image_url: imageUrl }] });
    await early()?.rows;
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    expect(preloads()[0]).toBe(normalizeImageUrl(imageUrl) || PLACEHOLDER);
  });

  it('preloads nothing for an inlined image', async () => {
    runAt('/events/pasta', { rows: [{ slug: 'pasta', image_url: 'data:image/svg+xml,%3csvg%3e' }] });
    await early()?.rows;
    await Promise.resolve();
    expect(preloads()).toEqual([]);
  });

  it('preloads nothing for an unknown slug', async () => {
    runAt('/events/gibt-es-nicht', { rows: [] });
    await early()?.rows;
    await Promise.resolve();
    expect(preloads()).toEqual([]);
  });
});

describe("the early script's ready (the starter's signal)", () => {
  /** jsdom loads no pictures: each `new Image()` waits here until the test says how it ended. */
  const pictures: Array<{ src: string; end: (outcome: 'load' | 'error') => void }> = [];
  class Picture {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(src: string) {
      pictures.push({ src, end: (outcome) => (outcome === 'load' ? this.onload : this.onerror)?.() });
    }
  }
  afterEach(() => {
    pictures.length = 0;
  });

  /** Whether the promise has settled once pending callbacks ran. */
  async function settled(promise: Promise<void>): Promise<boolean> {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return done;
  }

  it.each([
    ['load', '/events/pasta'],
    ['error', '/events/pasta'],
    ['load', '/events/pasta/buchen'],
  ] as const)('settles once the event image ends in %s on %s, not before', async (outcome, path) => {
    vi.stubGlobal('Image', Picture);
    runAt(path, { rows: [{ slug: 'pasta', image_url: '/images/pasta.webp' }] });
    await vi.waitFor(() => expect(pictures.map((picture) => picture.src)).toEqual(['/images/pasta.webp']));
    expect(await settled(early()!.ready)).toBe(false);
    pictures[0]!.end(outcome);
    expect(await settled(early()!.ready)).toBe(true);
  });

  it.each(['/events/pasta', '/events/pasta/buchen'])('settles on %s when the request fails', async (path) => {
    vi.stubGlobal('Image', Picture);
    runAt(path, { status: 503 });
    await expect(early()!.ready).resolves.toBeUndefined();
  });

  it.each([
    ['an unknown slug', { rows: [] }],
    ['a failed request', { status: 503 }],
    ['an inlined image', { rows: [{ slug: 'pasta', image_url: 'data:image/svg+xml,%3csvg%3e' }] }],
  ])('settles without a picture for %s', async (_case, answer) => {
    vi.stubGlobal('Image', Picture);
    runAt('/events/pasta', answer);
    await expect(early()!.ready).resolves.toBeUndefined();
    expect(pictures).toEqual([]);
  });
});

describe('takeEarlyEvent', () => {
  const signal = () => new AbortController().signal;

  it('hands the early row to the first lookup of that slug, and only once', async () => {
    runAt('/events/pasta', { rows: [{ slug: 'pasta', title: 'Pasta' }] });
    await expect(takeEarlyEvent('pasta', signal())).resolves.toMatchObject({ title: 'Pasta' });
    await expect(takeEarlyEvent('pasta', signal())).resolves.toBeUndefined();
  });

  it('answers null for a slug no published event has (the app then looks for a former slug)', async () => {
    runAt('/events/gibt-es-nicht', { rows: [] });
    await expect(takeEarlyEvent('gibt-es-nicht', signal())).resolves.toBeNull();
  });

  it('leaves other slugs to the API', async () => {
    runAt('/events/pasta', { rows: [{ slug: 'pasta' }] });
    await expect(takeEarlyEvent('fondue', signal())).resolves.toBeUndefined();
    expect(early()?.slug).toBe('pasta');
  });

  it('leaves a failed early request to the API', async () => {
    runAt('/events/pasta', { status: 503 });
    await expect(takeEarlyEvent('pasta', signal())).resolves.toBeUndefined();
    expect(early()).toBeUndefined();
  });

  it('keeps the answer for the next lookup when this one is cancelled while waiting', async () => {
    let answer = (_rows: unknown) => {};
    (window as Global)[EARLY_EVENT_GLOBAL] = {
      slug: 'pasta',
      rows: new Promise((resolve) => (answer = resolve)),
      ready: Promise.resolve(),
    };
    const cancel = new AbortController();
    const first = takeEarlyEvent('pasta', cancel.signal);
    cancel.abort();
    await expect(first).resolves.toBeUndefined();
    answer([{ slug: 'pasta' }]);
    await expect(takeEarlyEvent('pasta', signal())).resolves.toMatchObject({ slug: 'pasta' });
  });

  it('has nothing to hand without the early script', async () => {
    await expect(takeEarlyEvent('pasta', signal())).resolves.toBeUndefined();
  });
});

describe("index.html's starter", () => {
  it("waits for the early script's ready under the same name before it requests the scripts", () => {
    const html = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');
    expect(html).toContain(`var early = window.${EARLY_EVENT_GLOBAL};`);
    expect(html).toContain('if (early && early.ready) waits.push(early.ready);');
  });
});
