import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { supabaseUrl } from '@/lib/supabase-config';

// The ALTCHA proof-of-work widget of the public forms (booking, contact, corporate enquiry,
// newsletter). The server accepts a form only with a solved challenge, each one once
// (supabase/functions/_shared/altcha.ts). The widget script (~30 kB gzip) is imported only when
// a visitor starts on a form, so pages that merely show the newsletter box never load it; it
// then solves on its own while the visitor types.

/** Where the widget fetches its challenges (a plain GET, see supabase/functions/altcha-challenge). */
export function challengeUrl(): string {
  return `${supabaseUrl}/functions/v1/altcha-challenge`;
}

export const PROOF_OF_WORK_FAILED =
  'Die Sicherheitsprüfung konnte nicht abgeschlossen werden. Bitte versuche es noch einmal.';

/** How long a submit waits for the puzzle before giving up (it normally takes well under 1 s). */
const SOLVE_TIMEOUT_MS = 30_000;

/** The widget's texts in the site's voice (its own German file addresses visitors as "Sie"). */
const STRINGS = {
  ariaLinkLabel: 'Zur Website von ALTCHA',
  enterCode: 'Code eingeben',
  enterCodeAria: 'Gib den Code ein, den du hörst. Mit der Leertaste spielst du ihn ab.',
  error: 'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte versuche es später erneut.',
  expired: 'Die Sicherheitsprüfung ist abgelaufen. Bitte versuche es erneut.',
  footer: 'Geschützt durch ALTCHA',
  getAudioChallenge: 'Code als Audio abspielen',
  label: 'Ich bin kein Roboter',
  loading: 'Wird geladen…',
  reload: 'Neu laden',
  verificationRequired: 'Bitte warte, bis die Sicherheitsprüfung abgeschlossen ist.',
  verified: 'Sicherheitsprüfung bestanden',
  verifying: 'Sicherheitsprüfung läuft…',
  waitAlert: 'Sicherheitsprüfung läuft, bitte einen Moment Geduld.',
};

type WidgetState = 'unverified' | 'verifying' | 'verified' | 'expired' | 'error' | 'code';

interface StateChange {
  state: WidgetState;
  payload?: string;
}

/** The methods of <altcha-widget> this file uses. */
interface AltchaWidgetElement extends HTMLElement {
  getState(): WidgetState;
  verify(): Promise<void>;
  reset(state?: WidgetState): void;
}

let widgetScript: Promise<unknown> | null = null;

function loadWidget(): Promise<unknown> {
  widgetScript ??= import('altcha');
  return widgetScript;
}

export interface ProofOfWork {
  /** Loads the widget and starts solving; call it when the visitor starts on the form. */
  start: () => void;
  /** A solved payload for one submission. The next call solves a new challenge. */
  solve: () => Promise<string>;
  /** The widget, rendered inside the form once started. */
  field: ReactNode;
}

export function useProofOfWork(): ProofOfWork {
  const [started, setStarted] = useState(false);
  const element = useRef<HTMLElement | null>(null);
  const payload = useRef<string | null>(null);
  const waiters = useRef<Array<(change: StateChange) => void>>([]);

  const start = useCallback(() => {
    setStarted(true);
    void loadWidget();
  }, []);

  // The widget reports each state change; a verified one carries the payload.
  useEffect(() => {
    const node = element.current;
    if (!started || !node) return;
    const onChange = (event: Event) => {
      const change = (event as CustomEvent<StateChange>).detail;
      payload.current = change.state === 'verified' ? (change.payload ?? null) : null;
      for (const waiter of waiters.current.splice(0)) waiter(change);
    };
    node.addEventListener('statechange', onChange);
    return () => node.removeEventListener('statechange', onChange);
  }, [started]);

  const nextChange = () =>
    new Promise<StateChange>((resolve) => {
      waiters.current.push(resolve);
    });

  const solve = useCallback(async (): Promise<string> => {
    start();
    await loadWidget();
    await customElements.whenDefined('altcha-widget');
    const deadline = Date.now() + SOLVE_TIMEOUT_MS;
    while (!payload.current) {
      const widget = element.current as AltchaWidgetElement | null;
      if (!widget || Date.now() > deadline) throw new Error(PROOF_OF_WORK_FAILED);
      const change = nextChange();
      // Nothing under way (e.g. after an error or before auto-start): ask for a new solution.
      if (widget.getState() !== 'verifying') void widget.verify();
      const timeout = new Promise<null>((resolve) =>
        setTimeout(() => resolve(null), Math.max(deadline - Date.now(), 0)),
      );
      const result = await Promise.race([change, timeout]);
      if (!result || result.state === 'error') throw new Error(PROOF_OF_WORK_FAILED);
    }
    const solved = payload.current;
    // Each solution is accepted once: prepare the next one for a retry or another submission.
    payload.current = null;
    const widget = element.current as AltchaWidgetElement | null;
    widget?.reset();
    void widget?.verify();
    return solved;
  }, [start]);

  const field = started ? (
    <altcha-widget
      ref={element}
      challengeurl={challengeUrl()}
      auto="onload"
      strings={JSON.stringify(STRINGS)}
      hidelogo
      hidefooter
    />
  ) : null;

  return { start, solve, field };
}
