/**
 * Supabase Cron (pg_cron), pg_net and Vault in the local stack: the signatures and privileges
 * of a hosted project, jobs started on their schedule, queued HTTP requests delivered with their
 * answers recorded, and the test trigger `POST /__stack/cron/run`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firesInMinute, parseSchedule } from '../../tools/local-stack/cron/schedule';
import { freePort } from '../../tools/local-stack/ports';
import { resetDatabase, sql, stackEnv } from '../support/stack';

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** A stand-in for a remote endpoint: records requests; `/hang` never answers. */
async function startTarget(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/hang')) return;
      res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function runJob(job: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${stackEnv().apiUrl}/__stack/cron/run`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ job }),
  });
}

const token = () => ({ Authorization: `Bearer ${stackEnv().serviceRoleKey}` });

/** The guarded form a production migration uses (pg_cron and pg_net exist on Supabase only). */
const GUARDED_MIGRATION = `
  do $$
  begin
    if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
      create extension if not exists pg_cron;
    end if;
    if exists (select 1 from pg_available_extensions where name = 'pg_net') then
      create extension if not exists pg_net;
    end if;
  end
  $$;`;

describe('schedules as pg_cron reads them (UTC)', () => {
  const at = (iso: string) => new Date(iso);
  const fires = (schedule: string, iso: string) => {
    const parsed = parseSchedule(schedule);
    if (parsed.kind !== 'cron') throw new Error('not a cron schedule');
    return firesInMinute(parsed, at(iso));
  };

  it('matches steps, ranges, lists, names and macros', () => {
    expect(fires('* * * * *', '2026-11-24T10:31:00Z')).toBe(true);
    expect(fires('*/15 * * * *', '2026-11-24T10:30:00Z')).toBe(true);
    expect(fires('*/15 * * * *', '2026-11-24T10:31:00Z')).toBe(false);
    expect(fires('0 9 * * 1-5', '2026-11-23T09:00:00Z')).toBe(true); // Monday
    expect(fires('0 9 * * 1-5', '2026-11-22T09:00:00Z')).toBe(false); // Sunday
    expect(fires('0 9 * * 7', '2026-11-22T09:00:00Z')).toBe(true); // 7 is Sunday too
    expect(fires('0 8 1,15 jan-mar *', '2026-02-15T08:00:00Z')).toBe(true);
    expect(fires('0 8 1,15 jan-mar *', '2026-04-15T08:00:00Z')).toBe(false);
    expect(fires('@hourly', '2026-11-24T10:00:00Z')).toBe(true);
    expect(fires('@hourly', '2026-11-24T10:01:00Z')).toBe(false);
    // Both day fields restricted: either one matching fires the job, as in cron.
    expect(fires('0 0 1 * mon', '2026-11-23T00:00:00Z')).toBe(true);
    expect(fires('0 0 1 * mon', '2026-12-01T00:00:00Z')).toBe(true);
    expect(fires('0 0 1 * mon', '2026-11-24T00:00:00Z')).toBe(false);
  });

  it("reads pg_cron's seconds syntax and refuses what pg_cron refuses", () => {
    expect(parseSchedule('30 seconds')).toEqual({ kind: 'seconds', seconds: 30 });
    expect(parseSchedule('1 second')).toEqual({ kind: 'seconds', seconds: 1 });
    for (const bad of ['61 * * * *', '* * * *', '0 seconds', '60 seconds', '5-1 * * * *', 'every minute']) {
      expect(() => parseSchedule(bad), bad).toThrow();
    }
  });
});

describe('Supabase Cron, pg_net and Vault', () => {
  let target: Awaited<ReturnType<typeof startTarget>>;

  beforeAll(async () => {
    await resetDatabase();
    target = await startTarget();
  });
  afterAll(() => target?.close());

  it('lets a guarded production migration schedule, reschedule and unschedule jobs by name', async () => {
    await sql(GUARDED_MIGRATION);
    const [first] = await sql<{ id: string }>(
      `select cron.schedule('nightly', '0 3 * * *', 'select 1') as id`,
    );
    const [again] = await sql<{ id: string }>(
      `select cron.schedule('nightly', '*/5 * * * *', 'select 2') as id`,
    );
    expect(again!.id).toBe(first!.id);
    expect(
      await sql(`select schedule, command, active, username from cron.job where jobname = 'nightly'`),
    ).toEqual([{ schedule: '*/5 * * * *', command: 'select 2', active: true, username: 'postgres' }]);
    expect(await sql(`select cron.unschedule('nightly') as done`)).toEqual([{ done: true }]);
    await expect(sql(`select cron.unschedule('nightly')`)).rejects.toThrow(/could not find valid entry/);
    await expect(sql(`select cron.schedule('bad', 'every minute', 'select 1')`)).rejects.toThrow(
      /invalid schedule/,
    );
  });

  it('keeps cron and Vault from the API roles and grants pg_net as Supabase does', async () => {
    const [privileges] = await sql<Record<string, boolean>>(`
      select has_schema_privilege('anon', 'cron', 'usage') as anon_cron,
             has_schema_privilege('authenticated', 'cron', 'usage') as authenticated_cron,
             has_function_privilege('authenticated', 'cron.schedule(text, text, text)', 'execute') as authenticated_schedule,
             has_schema_privilege('anon', 'vault', 'usage') as anon_vault,
             has_table_privilege('authenticated', 'vault.decrypted_secrets', 'select') as authenticated_secrets,
             has_table_privilege('service_role', 'vault.decrypted_secrets', 'select') as service_secrets,
             has_function_privilege('service_role', 'vault.create_secret(text, text, text, uuid)', 'execute') as service_create,
             has_table_privilege('anon', 'net.http_request_queue', 'select') as anon_queue,
             has_table_privilege('anon', 'net._http_response', 'select') as anon_responses,
             has_function_privilege('anon', 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute') as anon_post`);
    expect(privileges).toEqual({
      anon_cron: false,
      authenticated_cron: false,
      authenticated_schedule: false,
      anon_vault: false,
      authenticated_secrets: false,
      service_secrets: true,
      service_create: true,
      anon_queue: false,
      anon_responses: false,
      // extensions.grant_pg_net_access on Supabase grants the request functions to every API role.
      anon_post: true,
    });
  });

  it('seeds project_url and service_role_key in Vault, stored encrypted', async () => {
    const rows = await sql<{ name: string; decrypted_secret: string; secret: string }>(
      `select name, decrypted_secret, secret from vault.decrypted_secrets
        where name in ('project_url', 'service_role_key') order by name`,
    );
    expect(rows.map(({ name, decrypted_secret }) => ({ name, decrypted_secret }))).toEqual([
      { name: 'project_url', decrypted_secret: stackEnv().apiUrl },
      { name: 'service_role_key', decrypted_secret: stackEnv().serviceRoleKey },
    ]);
    for (const row of rows) expect(row.secret).not.toContain(row.decrypted_secret);
    const [id] = await sql<{ id: string }>(
      `select vault.create_secret('geheim', 'test_secret', 'für Tests') as id`,
    );
    await sql(`select vault.update_secret($1, 'neu')`, [id!.id]);
    expect(
      await sql(`select decrypted_secret, description from vault.decrypted_secrets where id = $1`, [id!.id]),
    ).toEqual([{ decrypted_secret: 'neu', description: 'für Tests' }]);
  });

  it('runs a job on its own schedule and records the run', async () => {
    await sql(`create table public.cron_hits (at timestamptz not null default now())`);
    await sql(
      `select cron.schedule('every-second', '1 seconds', 'insert into public.cron_hits default values')`,
    );
    try {
      await vi.waitFor(
        async () => expect((await sql(`select 1 from public.cron_hits`)).length).toBeGreaterThanOrEqual(2),
        { timeout: 15_000, interval: 200 },
      );
    } finally {
      await sql(`select cron.unschedule('every-second')`);
    }
    const runs = await sql<{ status: string; return_message: string }>(
      `select d.status, d.return_message from cron.job_run_details d
        where d.command like 'insert into public.cron_hits%' and d.status <> 'running'`,
    );
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0]).toEqual({ status: 'succeeded', return_message: 'INSERT 1' });
  });

  it('runs a job on demand; the HTTP request it queues is built from Vault and delivered', async () => {
    // The production pattern: function URL and auth header from Vault, the call through pg_net.
    await sql(`create table public.cron_calls (role text, body jsonb)`);
    await sql(`create function public.cron_target(payload jsonb) returns text language sql as $$
                 insert into public.cron_calls values (auth.role(), payload) returning auth.role() $$`);
    await sql(`select cron.schedule('call-api', '0 0 1 1 *', $$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/rest/v1/rpc/cron_target',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{"payload": {"batch": 1}}'::jsonb)
    $$)`);

    const answer = await runJob('call-api', token());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'succeeded', delivered: 1 });
    expect(await sql(`select role, body from public.cron_calls`)).toEqual([
      { role: 'service_role', body: { batch: 1 } },
    ]);
    const responses = await sql<{ status_code: number; content: string; timed_out: boolean }>(
      `select status_code, content, timed_out from net._http_response order by created desc limit 1`,
    );
    expect(responses).toEqual([{ status_code: 200, content: '"service_role"', timed_out: false }]);
  });

  it('records a failing job as failed with the error', async () => {
    await sql(`select cron.schedule('broken', '0 0 1 1 *', 'select 1/0')`);
    expect(await (await runJob('broken', token())).json()).toMatchObject({
      status: 'failed',
      return_message: 'division by zero',
    });
  });

  it('delivers requests queued anywhere, with params, and records errors and time-outs', async () => {
    const [ids] = await sql<{ get: string; post: string; hang: string; refused: string }>(
      `select net.http_get($1 || '/get', params := '{"a": "1 2"}') as get,
              net.http_post($1 || '/post', body := '{"x": true}', headers := '{"X-Test": "ja"}') as post,
              net.http_get($1 || '/hang', timeout_milliseconds := 300) as hang,
              net.http_get($2) as refused`,
      [target.url, `http://127.0.0.1:${await freePort()}/closed`],
    );
    const response = async (id: string) => {
      const [row] = await sql<{ status_code: number | null; timed_out: boolean; error_msg: string | null }>(
        `select status_code, timed_out, error_msg from net._http_response where id = $1`,
        [id],
      );
      if (!row) throw new Error(`no answer recorded for ${id} yet`);
      return row;
    };
    // The stack's tick delivers them; nobody asks for it.
    await vi.waitFor(() => response(ids!.hang), { timeout: 15_000, interval: 200 });
    expect(await response(ids!.get)).toEqual({ status_code: 201, timed_out: false, error_msg: null });
    expect(await response(ids!.post)).toEqual({ status_code: 201, timed_out: false, error_msg: null });
    expect(await response(ids!.hang)).toEqual({
      status_code: null,
      timed_out: true,
      error_msg: 'Timeout of 300 ms reached',
    });
    const refused = await vi.waitFor(() => response(ids!.refused), { timeout: 15_000, interval: 200 });
    expect(refused.status_code).toBeNull();
    expect(refused.error_msg).toMatch(/ECONNREFUSED/);

    const get = target.received.find((r) => r.url.startsWith('/get'));
    expect(get).toMatchObject({ method: 'GET', url: '/get?a=1%202' });
    const post = target.received.find((r) => r.url === '/post');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['x-test']).toBe('ja');
    expect(JSON.parse(post!.body)).toEqual({ x: true });
    await expect(
      sql(`select net.http_post('http://x', headers := '{"Content-Type": "text/plain"}')`),
    ).rejects.toThrow(/Content-Type/);
  });

  it('guards the trigger like the other stack controls', async () => {
    expect((await runJob('broken')).status).toBe(403);
    expect((await runJob('unknown-job', token())).status).toBe(404);
    expect((await runJob(42, token())).status).toBe(400);
  });
});
