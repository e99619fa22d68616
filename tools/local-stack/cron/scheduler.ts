import type pg from 'pg';
import type { StackContext } from '../types';
import { deliverQueuedRequests } from './net-worker';
import { firesInMinute, parseSchedule } from './schedule';

// pg_cron's launcher and pg_net's worker in one loop of the stack process: each tick it starts
// the jobs of cron.job that are due and sends the HTTP requests queued in net. A job runs in
// its own connection as the user who scheduled it, one run at a time per job, and each run is
// recorded in cron.job_run_details as pg_cron records it.

/** pg_cron checks its schedules once per second. */
export const DEFAULT_CRON_TICK_MS = 1000;

interface JobRow {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}

export interface JobRun {
  jobid: string;
  runid: string;
  status: 'succeeded' | 'failed';
  return_message: string;
}

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Per job: when it last started (seconds jobs) or the minute it last fired (cron jobs). */
  private readonly lastFired = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly runs = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: StackContext,
    private readonly tickMs: number = DEFAULT_CRON_TICK_MS,
  ) {}

  /** Starts ticking; a tick of 0 leaves jobs to `runJob` and requests to `deliver` (tests). */
  start(): void {
    if (this.tickMs > 0) this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => this.schedule());
    }, this.tickMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    // The database may be in the middle of a reset: the next tick tries again.
    await this.startDueJobs().catch(() => undefined);
    await this.deliver().catch(() => undefined);
  }

  private async startDueJobs(): Promise<void> {
    const now = Date.now();
    const { rows } = await this.ctx.pool.query<JobRow>(
      `select jobid::text, jobname, schedule, command, username from cron.job
        where active and database = current_database()`,
    );
    const known = new Set(rows.map((job) => job.jobid));
    for (const id of this.lastFired.keys()) if (!known.has(id)) this.lastFired.delete(id);
    for (const job of rows) {
      if (this.isDue(job, now) && !this.running.has(job.jobid)) this.track(this.run(job));
    }
  }

  private isDue(job: JobRow, now: number): boolean {
    let schedule;
    try {
      schedule = parseSchedule(job.schedule);
    } catch {
      return false;
    }
    const last = this.lastFired.get(job.jobid);
    if (schedule.kind === 'seconds') {
      // A new job first runs one interval after the stack has seen it.
      if (last === undefined) this.lastFired.set(job.jobid, now);
      if (last === undefined || now - last < schedule.seconds * 1000) return false;
      this.lastFired.set(job.jobid, now);
      return true;
    }
    const minute = Math.floor(now / 60_000);
    if (last === minute || !firesInMinute(schedule, new Date(now))) return false;
    this.lastFired.set(job.jobid, minute);
    return true;
  }

  private track<T>(run: Promise<T>): Promise<T> {
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run)).catch(() => undefined);
    return run;
  }

  /**
   * Runs the named job now, whatever its schedule, then sends what it queued and waits for the
   * answers (`POST /__stack/cron/run`), so a test sees the whole effect; null if unknown.
   */
  async runJob(name: string): Promise<(JobRun & { delivered: number }) | null> {
    const { rows } = await this.ctx.pool.query<JobRow>(
      `select jobid::text, jobname, schedule, command, username from cron.job where jobname = $1
        order by jobid limit 1`,
      [name],
    );
    const job = rows[0];
    if (!job) return null;
    const run = await this.track(this.run(job));
    return { ...run, delivered: await this.track(this.deliver()) };
  }

  /** Sends the queued HTTP requests now; resolves when they are answered and recorded. */
  async deliver(): Promise<number> {
    let sent = 0;
    for (let batch = await deliverQueuedRequests(this.ctx.pool); batch > 0;) {
      sent += batch;
      batch = await deliverQueuedRequests(this.ctx.pool);
    }
    return sent;
  }

  private async run(job: JobRow): Promise<JobRun> {
    this.running.add(job.jobid);
    const pool = this.ctx.pool;
    try {
      const { rows } = await pool.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
         values ($1, current_database(), $2, $3, 'running', now()) returning runid::text`,
        [job.jobid, job.username, job.command],
      );
      const runid = rows[0]!.runid;
      const { status, message } = await this.execute(pool, job);
      await pool.query(
        `update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1`,
        [runid, status, message],
      );
      return { jobid: job.jobid, runid, status, return_message: message };
    } finally {
      this.running.delete(job.jobid);
    }
  }

  /** The command in its own session as the job's user, like a pg_cron worker. */
  private async execute(
    pool: pg.Pool,
    job: JobRow,
  ): Promise<{ status: 'succeeded' | 'failed'; message: string }> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`set session authorization ${quoteIdent(job.username)}`);
      const result = await client.query(job.command);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      const tag = last?.command ? `${last.command}${last.rowCount === null ? '' : ` ${last.rowCount}`}` : '';
      return { status: 'succeeded', message: tag };
    } catch (error) {
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    } finally {
      try {
        await client.query('reset session authorization; reset all');
      } catch {
        broken = true;
      }
      client.release(broken);
    }
  }

  /** Stops ticking and waits for the runs and deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking.catch(() => undefined);
    await Promise.allSettled([...this.runs]);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
