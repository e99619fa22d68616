import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { getPublishedEvent } from '@/features/events/api/get-event';
import { getPublishedEvents } from '@/features/events/api/get-events';
import {
  DatabaseTimeoutError,
  DatabaseUnreachableError,
  EventsRequestError,
} from '@/features/events/lib/request-errors';
import { todayIso } from '@/lib/dates';
import { installFakeBackend, json, networkFailure, postgrestError } from '../../support/fake-backend';
import { uniqueRow } from './fixtures';

const options = { timeoutMs: 10_000, operation: 'Events laden' };

afterEach(() => vi.unstubAllGlobals());

describe('getPublishedEvents', () => {
  it('asks for published events from today on, by start date, without participants', async () => {
    const backend = installFakeBackend();
    const row = uniqueRow({ title: 'Stammtisch', category: 'stammtisch' });
    backend.on('/rest/v1/events', () => json([row]));
    const events = await getPublishedEvents({ categories: ['stammtisch'], limit: 3 }, options);
    expect(events.map((e) => e.title)).toEqual(['Stammtisch']);
    const params = backend.calls('/rest/v1/events')[0]!.url.searchParams;
    expect(params.get('status')).toBe('eq.published');
    expect(params.get('start_date')).toBe(`gte.${todayIso()}`);
    expect(params.get('order')).toBe('start_date.asc,title.asc');
    expect(params.get('category')).toBe('in.(stammtisch)');
    expect(params.get('limit')).toBe('3');
    expect(params.get('select')).not.toContain('participants(');
  });

  it('treats a network failure and a 5xx as "database unreachable", other errors as failures', async () => {
    const backend = installFakeBackend();
    backend.on('/rest/v1/events', () => networkFailure());
    await expect(getPublishedEvents({}, options)).rejects.toBeInstanceOf(DatabaseUnreachableError);
    backend.on('/rest/v1/events', () => postgrestError('upstream down', 503, ''));
    await expect(getPublishedEvents({}, options)).rejects.toBeInstanceOf(DatabaseUnreachableError);
    backend.on('/rest/v1/events', () => postgrestError('column does not exist', 400, '42703'));
    await expect(getPublishedEvents({}, options)).rejects.toBeInstanceOf(EventsRequestError);
  });

  it('gives up after the time-out with the spec message', async () => {
    const backend = installFakeBackend();
    backend.on('/rest/v1/events', () => new Promise<Response>(() => {}));
    await expect(getPublishedEvents({}, { timeoutMs: 2000, operation: 'Events laden' })).rejects.toThrow(
      new DatabaseTimeoutError('Events laden ist nach 2 Sekunden abgelaufen'),
    );
  });
});

describe('fetchPublishedEventBy', () => {
  it('looks up one published event by slug and answers null when there is none', async () => {
    const backend = installFakeBackend();
    const row = uniqueRow();
    backend.on('/rest/v1/events', ({ url }) =>
      json(url.searchParams.get('slug') === `eq.${row.slug}` ? [row] : []),
    );
    expect((await getPublishedEvent({ by: 'slug', slug: row.slug! }, options))?.id).toBe(row.id);
    expect(await getPublishedEvent({ by: 'slug', slug: 'unbekannt' }, options)).toBeNull();
    expect(backend.requests[0]!.url.searchParams.get('status')).toBe('eq.published');
  });

  it('answers null for an id that is not a uuid', async () => {
    const backend = installFakeBackend();
    backend.on('/rest/v1/events', () => postgrestError('invalid input syntax for type uuid', 400, '22P02'));
    expect(await getPublishedEvent({ by: 'id', id: 'kaputt' }, options)).toBeNull();
  });
});
