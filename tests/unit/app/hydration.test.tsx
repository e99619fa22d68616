import { dehydrate, QueryClient, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateQueryState, QUERY_STATE_ID } from '@/app/hydration';
import { AppProviders, createQueryClient } from '@/app/providers';

// What a prerendered page hands over: the cache of the build, fetched just now (so within the
// app's staleTime, as right after a rebuild).
async function pageWithBuildState(value: string): Promise<void> {
  const build = new QueryClient();
  await build.prefetchQuery({ queryKey: ['seats'], queryFn: () => value });
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = QUERY_STATE_ID;
  script.textContent = JSON.stringify(dehydrate(build));
  document.body.append(script);
}

function Seats({ answer }: { answer: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['seats'], queryFn: answer });
  return <p>{data ?? 'lädt'}</p>;
}

afterEach(() => document.getElementById(QUERY_STATE_ID)?.remove());

describe('hydrateQueryState', () => {
  it('shows the build-time data at once, then asks the API once for the current answer', async () => {
    await pageWithBuildState('3 Plätze frei');
    const client = createQueryClient();
    hydrateQueryState(client);
    let requests = 0;
    const answer = () => {
      requests += 1;
      return Promise.resolve('1 Platz frei');
    };
    render(
      <AppProviders queryClient={client}>
        <Seats answer={answer} />
      </AppProviders>,
    );
    expect(screen.getByText('3 Plätze frei')).toBeInTheDocument();
    expect(await screen.findByText('1 Platz frei')).toBeInTheDocument();
    expect(requests).toBe(1);
  });

  it('keeps the build-time data when the API cannot be reached', async () => {
    await pageWithBuildState('3 Plätze frei');
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    hydrateQueryState(client);
    let failed = false;
    const answer = () => {
      failed = true;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    render(
      <AppProviders queryClient={client}>
        <Seats answer={answer} />
      </AppProviders>,
    );
    await waitFor(() => expect(client.getQueryState(['seats'])?.status).toBe('error'));
    expect(failed).toBe(true);
    expect(screen.getByText('3 Plätze frei')).toBeInTheDocument();
  });
});
