import type { ReactNode } from 'react';
import { CATEGORY_LIST_FILTERS, sampleEventsFor, useCategoryEvents } from '../api/get-events';
import { EMPTY_BREATHWORK_TEXT } from '../texts';
import { EventGrid, EventGridSkeleton } from './event-grid';
import { SampleDataNotice } from './sample-data-notice';
import { useFallbackToasts } from './use-fallback-toasts';

// Event lists embedded in content pages (Stammtisch, Atmen, Kids), each with its own texts.

function ListSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container space-y-8 py-16" aria-label={title}>
      <h2 className="font-serif text-3xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Stammtisch and Kids: hidden while loading and when there is nothing to show; the page's own
 * text carries it. Samples appear only for categories that have one.
 */
function HiddenWhenEmptyList({
  list,
  title,
  errorText,
}: {
  list: 'stammtisch' | 'kids';
  title: string;
  errorText: string;
}) {
  const state = useCategoryEvents(list);
  if (state.status === 'loading') return null;
  if (state.status === 'error' || (state.status === 'samples' && state.events.length === 0)) {
    return (
      <ListSection title={title}>
        <p role="alert" className="text-destructive">
          {errorText}
        </p>
      </ListSection>
    );
  }
  if (state.events.length === 0) return null;
  return (
    <ListSection title={title}>
      {state.status === 'samples' ? (
        <SampleDataNotice detail={state.reason}>
          Datenbank nicht verfügbar. Zeige Beispieldaten an.
        </SampleDataNotice>
      ) : null}
      <EventGrid events={state.events} />
    </ListSection>
  );
}

export function StammtischEvents() {
  return (
    <HiddenWhenEmptyList
      list="stammtisch"
      title="Kommende Stammtische"
      errorText="Fehler beim Laden der Stammtisch-Events."
    />
  );
}

export function KidsEvents() {
  return (
    <HiddenWhenEmptyList
      list="kids"
      title="Kommende Kids-Events"
      errorText="Fehler beim Laden der Kids-Events."
    />
  );
}

/** Atmen page: loading, error (with samples), empty or the list (spec §2, §8 breathwork texts). */
export function BreathworkEvents() {
  const state = useCategoryEvents('breathwork');
  useFallbackToasts(state.status);

  const title = 'Kommende Breathwork-Events';
  switch (state.status) {
    case 'loading':
      return (
        <ListSection title={title}>
          <EventGridSkeleton count={3} />
        </ListSection>
      );
    case 'samples':
      return (
        <ListSection title={title}>
          <SampleDataNotice detail={state.reason}>
            Datenbank nicht verfügbar. Verwende Beispieldaten stattdessen.
          </SampleDataNotice>
          <EventGrid events={state.events} />
        </ListSection>
      );
    case 'error':
      return (
        <ListSection title={title}>
          <SampleDataNotice>
            Fehler beim Laden der Events. Verwende Beispieldaten stattdessen.
          </SampleDataNotice>
          <EventGrid events={sampleEventsFor(CATEGORY_LIST_FILTERS.breathwork)} />
        </ListSection>
      );
    case 'success':
      return (
        <ListSection title={title}>
          {state.events.length === 0 ? (
            <p className="text-muted-foreground">{EMPTY_BREATHWORK_TEXT}</p>
          ) : (
            <EventGrid events={state.events} />
          )}
        </ListSection>
      );
  }
}
