import {
  ADMIN_ERROR_MESSAGES,
  ERROR_CODES,
  VISITOR_ERROR_MESSAGES,
  type ErrorCode,
} from '@common/error-codes.ts';

// The database's refusals, one list: the codes and their German texts are generated from
// public.error_codes (`npm run db:types`). A page words a code itself only where it knows more
// (a number from DETAIL, its own situation); an unknown code gets the page's calm generic text.

export type { ErrorCode };

/** The code a refusal's message carries, or null when it is none of the database's codes. */
export function errorCode(message: string | null | undefined): ErrorCode | null {
  const code = message?.trim() ?? '';
  return ERROR_CODES.find((known) => known === code) ?? null;
}

/** What a visitor reads for a code (du-Form), or null when no visitor text exists. */
export function visitorErrorMessage(code: ErrorCode | null): string | null {
  if (!code) return null;
  return (VISITOR_ERROR_MESSAGES as Partial<Record<ErrorCode, string>>)[code] ?? null;
}

/** The generic text of the admin area when a refusal is unknown. */
export const ADMIN_GENERIC_ERROR = 'Bitte versuchen Sie es später noch einmal.';

/** The code of an error from supabase-js (PostgREST's `message`) or of a thrown Error. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  const message = (error ?? {}) as { message?: unknown };
  return typeof message.message === 'string' ? errorCode(message.message) : null;
}

/** What an admin reads for a refused action (Sie-Form); `fallback` for anything unknown. */
export function adminErrorMessage(error: unknown, fallback: string = ADMIN_GENERIC_ERROR): string {
  const code = errorCodeOf(error);
  return (code && (ADMIN_ERROR_MESSAGES as Partial<Record<ErrorCode, string>>)[code]) || fallback;
}
