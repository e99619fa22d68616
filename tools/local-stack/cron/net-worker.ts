import type pg from 'pg';

// pg_net's background worker: takes the requests committed to net.http_request_queue, sends
// them, and records each answer (or the failure) in net._http_response under the request's id.
// Answers are kept six hours, pg_net's default `pg_net.ttl`.

/** pg_net's default `pg_net.batch_size`. */
const BATCH_SIZE = 200;

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
  timeout_milliseconds: number;
}

interface Outcome {
  id: string;
  status: number | null;
  contentType: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timedOut: boolean;
  error: string | null;
}

async function send(request: QueuedRequest): Promise<Outcome> {
  const base = { id: request.id, status: null, contentType: null, headers: null, content: null };
  try {
    const response = await fetch(request.url, {
      method: request.method.toUpperCase(),
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeout_milliseconds),
    });
    return {
      ...base,
      status: response.status,
      contentType: response.headers.get('content-type'),
      headers: Object.fromEntries(response.headers),
      content: await response.text(),
      timedOut: false,
      error: null,
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const message = timedOut
      ? `Timeout of ${request.timeout_milliseconds} ms reached`
      : error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return { ...base, timedOut, error: message };
  }
}

/**
 * Sends what is queued now; returns how many requests were sent. Claiming deletes the rows, so
 * two workers never send one request twice.
 */
export async function deliverQueuedRequests(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<QueuedRequest>(
    `delete from net.http_request_queue
      where id in (select id from net.http_request_queue order by id limit $1 for update skip locked)
      returning id, method, url, headers, body, timeout_milliseconds`,
    [BATCH_SIZE],
  );
  if (rows.length === 0) return 0;
  const outcomes = await Promise.all(rows.map(send));
  await pool.query(
    `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
     select * from jsonb_to_recordset($1::jsonb)
       as r(id bigint, status integer, "contentType" text, headers jsonb, content text, "timedOut" boolean, error text)`,
    [JSON.stringify(outcomes)],
  );
  await pool.query(`delete from net._http_response where created < now() - interval '6 hours'`);
  return rows.length;
}
