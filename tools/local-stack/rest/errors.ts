/** PostgREST's error body: every field present, absent ones null. */
export interface PgrstErrorBody {
  code: string;
  message: string;
  /** Usually text; PGRST201 lists the candidate relationships as objects. */
  details: unknown;
  hint: string | null;
}

/** An error PostgREST itself raises (PGRSTxxx), with its HTTP status. */
export class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): PgrstErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new PgrstError(400, 'PGRST100', message, details);

export const unknownTable = (table: string) =>
  new PgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

export const unknownColumn = (column: string, table: string) =>
  new PgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

/** The shape of an error thrown by node-postgres for a failed statement. */
interface PgDatabaseError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgDatabaseError(error: unknown): error is PgDatabaseError {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** PostgREST's SQLSTATE -> HTTP status table (errors.rst); `isAnon` decides 42501. */
export function httpStatusForSqlState(code: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === '53400') return 500;
  if (code === 'P0001') return 400;
  const prefix = code.slice(0, 2);
  if (['0L', '0P', '28'].includes(prefix)) return 403;
  if (['08', '53'].includes(prefix)) return 503;
  if (code === '42P17' || ['P0', 'XX'].includes(prefix)) return 500;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV'].includes(prefix))
    return 500;
  return 400;
}

/** Postgres unreachable or the connection cut (e.g. during a reset): PostgREST's 503. */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && /^E[A-Z]+$/.test(code)) ||
    /Connection terminated|connection timeout|after calling end on the pool/i.test(error.message)
  );
}

/** Turns anything thrown while serving a request into PostgREST's status and body. */
export function toErrorResponse(
  error: unknown,
  isAnon: boolean,
): { status: number; body: PgrstErrorBody; headers: Record<string, string> } {
  if (error instanceof PgrstError) return { status: error.status, body: error.body, headers: error.headers };
  if (isPgDatabaseError(error)) {
    return {
      status: httpStatusForSqlState(error.code, isAnon),
      body: {
        code: error.code,
        message: error.message,
        details: error.detail ?? null,
        hint: error.hint ?? null,
      },
      headers: {},
    };
  }
  if (isConnectionError(error)) {
    return {
      status: 503,
      body: {
        code: 'PGRST001',
        message: 'Database client error. Retrying the connection.',
        details: String((error as Error).message),
        hint: null,
      },
      headers: {},
    };
  }
  // A bug in the gateway must not look like a database answer, but must not crash it either.
  console.error('[rest] unexpected error', error);
  return {
    status: 500,
    body: {
      code: 'PGRST000',
      message: 'Internal error in the local REST gateway',
      details: null,
      hint: null,
    },
    headers: {},
  };
}
