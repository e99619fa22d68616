// The loop the two workers share (process-outbox, process-refunds): claim a batch of due rows
// (the SQL claim takes them for update skip locked and leases them, so two runs never take the
// same row), work off each, and count the states the SQL attempt recorder returned. A run stops
// when nothing is due or its time is up; the next run (Cron, every minute) continues.

export interface Tally {
  /** Rows that reached their goal (mail sent, refund done). */
  finished: number;
  /** Rows that failed this time and are scheduled again with backoff. */
  retrying: number;
  /** Rows given up (a permanent error or too many tries). */
  failed: number;
}

export interface WorkQueue<Row> {
  /** The next due rows, claimed for this run; throws when the claim itself failed. */
  claim: () => Promise<Row[]>;
  /** Works off one row and returns the state its attempt was recorded with (null: not recorded). */
  work: (row: Row) => Promise<string | null>;
  /** The state that means done ('sent', 'done'). */
  finishedState: string;
  /** The rows of a batch side by side (mails) or one after another (Stripe calls). */
  parallel: boolean;
  budgetMs: number;
}

export async function drainQueue<Row>(queue: WorkQueue<Row>): Promise<Tally> {
  const tally: Tally = { finished: 0, retrying: 0, failed: 0 };
  const started = Date.now();
  while (Date.now() - started < queue.budgetMs) {
    const rows = await queue.claim();
    if (rows.length === 0) break;
    for (const state of await workBatch(queue, rows)) {
      if (state === queue.finishedState) tally.finished += 1;
      else if (state === 'failed') tally.failed += 1;
      else tally.retrying += 1;
    }
  }
  return tally;
}

async function workBatch<Row>(queue: WorkQueue<Row>, rows: Row[]): Promise<(string | null)[]> {
  if (queue.parallel) return Promise.all(rows.map((row) => queue.work(row)));
  const states: (string | null)[] = [];
  for (const row of rows) states.push(await queue.work(row));
  return states;
}
