// Turns whatever the newsletter-subscribe function (or the way to it) answered into the toast
// the visitor sees (spec §8). Pure, so every message is unit-tested.

import type { FunctionFailure } from '@/lib/function-failure';

export const NEWSLETTER_TEXT = {
  successTitle: 'Newsletter Anmeldung',
  successDefault: 'Vielen Dank für deine Anmeldung!',
  failureTitle: 'Anmeldung fehlgeschlagen',
  retryLater: 'Bitte versuche es später erneut.',
  failedDefault: 'Fehler bei der Newsletter-Anmeldung',
  noAnswer: 'Keine Antwort vom Server erhalten',
  unexpected: 'Ein unerwarteter Fehler ist aufgetreten',
  missingApiKey: 'Der API-Schlüssel des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
  missingAudienceId: 'Die Audience-ID des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
  missingServerPrefix:
    'Das Server-Präfix des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
} as const;

export interface NewsletterOutcome {
  ok: boolean;
  title: string;
  description: string;
}

interface Answer {
  success?: unknown;
  message?: unknown;
  error?: unknown;
  details?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function success(description: string): NewsletterOutcome {
  return { ok: true, title: NEWSLETTER_TEXT.successTitle, description };
}

function failure(description: string): NewsletterOutcome {
  return { ok: false, title: NEWSLETTER_TEXT.failureTitle, description };
}

/** The function reports which mail-service settings are missing; name the first one. */
export function missingConfigMessage(details: unknown): string | null {
  if (!isRecord(details)) return null;
  if (details.hasApiKey === false) return NEWSLETTER_TEXT.missingApiKey;
  if (details.hasAudienceId === false) return NEWSLETTER_TEXT.missingAudienceId;
  if (details.hasServerPrefix === false) return NEWSLETTER_TEXT.missingServerPrefix;
  return null;
}

function failureFromAnswer(answer: Answer): NewsletterOutcome {
  return failure(missingConfigMessage(answer.details) ?? text(answer.error) ?? NEWSLETTER_TEXT.failedDefault);
}

/** A 2xx answer: only an explicit `success: true` counts as subscribed. */
export function outcomeFromAnswer(answer: unknown): NewsletterOutcome {
  if (!isRecord(answer)) return failure(NEWSLETTER_TEXT.noAnswer);
  if (answer.success === true) return success(text(answer.message) ?? NEWSLETTER_TEXT.successDefault);
  return failureFromAnswer(answer);
}

export function outcomeFromFailure(failed: FunctionFailure): NewsletterOutcome {
  switch (failed.kind) {
    case 'fetch':
      return failure(NEWSLETTER_TEXT.noAnswer);
    case 'relay':
      return failure(NEWSLETTER_TEXT.failedDefault);
    case 'http':
      // A non-2xx status is a failure even if the body claims otherwise.
      return isRecord(failed.body) ? failureFromAnswer(failed.body) : failure(NEWSLETTER_TEXT.retryLater);
    case 'unexpected':
      return failure(NEWSLETTER_TEXT.unexpected);
  }
}
