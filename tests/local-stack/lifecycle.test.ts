import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../tools/local-stack/migrate';
import { freePort } from '../../tools/local-stack/ports';
import { startPostgres, type RunningPostgres } from '../../tools/local-stack/postgres';
import { createUser, mailbox, resetDatabase, sql, stackEnv } from '../support/stack';

describe('database reset', () => {
  beforeAll(() => resetDatabase());

  it('drops what a test file wrote and keeps the migrated, seeded state with the local admin', async () => {
    await createUser({ email: 'temp@example.ch', password: 'secret-123' });
    expect(await sql('select 1 from auth.users where email = $1', ['temp@example.ch'])).toHaveLength(1);

    await resetDatabase();

    expect(await sql('select 1 from auth.users where email = $1', ['temp@example.ch'])).toHaveLength(0);
    const admins = await sql<{ is_admin: boolean }>(
      `select p.is_admin from auth.users u join public.profiles p on p.id = u.id where u.email = 'admin@example.ch'`,
    );
    expect(admins).toEqual([{ is_admin: true }]);
    const migrations = await sql<{ count: string }>(
      'select count(*) from supabase_migrations.schema_migrations',
    );
    expect(Number(migrations[0]!.count)).toBeGreaterThan(0);
  });

  it('cuts the gateway over to the fresh database', async () => {
    const user = await createUser({ email: 'gone@example.ch', password: 'secret-123' });
    const signIn = () =>
      fetch(`${stackEnv().apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: stackEnv().anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
    expect((await signIn()).status).toBe(200);
    await resetDatabase();
    expect((await signIn()).status).toBe(400);
    expect(await mailbox().messages()).toEqual([]);
  });
});

describe('database without the seed', () => {
  const name = 'seedless_check';
  afterAll(() => sql(`drop database if exists ${name} with (force)`));

  it('has the schema and the local admin but none of the sample rows (what the browser tests start from)', async () => {
    await sql(`create database ${name}`);
    const url = new URL(stackEnv().dbUrl);
    url.pathname = `/${name}`;
    const { fresh } = await prepareDatabase(url.href, { seed: false });
    expect(fresh).toBe(true);

    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try {
      const { rows } = await client.query<{
        events: number;
        participants: number;
        posts: number;
        admins: number;
      }>(
        `select (select count(*)::int from public.events) as events,
                (select count(*)::int from public.participants) as participants,
                (select count(*)::int from public.blog_posts) as posts,
                (select count(*)::int from public.profiles p join auth.users u on u.id = p.id
                  where u.email = 'admin@example.ch' and p.is_admin) as admins`,
      );
      expect(rows).toEqual([{ events: 0, participants: 0, posts: 0, admins: 1 }]);
    } finally {
      await client.end();
    }
    // The stack's own database (prepared with the seed) still holds the samples.
    expect((await sql('select 1 from public.events limit 1')).length).toBe(1);
  });
});

describe('gateway', () => {
  it('answers CORS preflights and exposes Content-Range', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/rest/v1/events`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:8080',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, x-client-info, content-type, prefer',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    const settings = await fetch(`${stackEnv().apiUrl}/auth/v1/settings`);
    expect(settings.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('answers unknown paths with a JSON 404 and survives malformed requests', async () => {
    const unknown = await fetch(`${stackEnv().apiUrl}/nothing/here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'no Route matched with those values' });

    const garbage = await fetch(`${stackEnv().apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: '\u0000{{{',
    });
    expect(garbage.status).toBe(400);
    expect((await fetch(`${stackEnv().apiUrl}/auth/v1/settings`)).status).toBe(200);
  });

  it('passes the client address on in X-Forwarded-For, after what a proxy in front already put there', async () => {
    // The database is shared with the catalog lint running in parallel: the probe fixes its
    // search_path like every project function, and is dropped again whatever happens.
    await sql(`create function public.test_forwarded_for() returns text language sql stable
               set search_path = ''
               as $$ select current_setting('request.headers', true)::json ->> 'x-forwarded-for' $$`);
    try {
      const forwardedFor = async (headers: Record<string, string>) => {
        const response = await fetch(`${stackEnv().apiUrl}/rest/v1/rpc/test_forwarded_for`, {
          headers: { apikey: stackEnv().anonKey, ...headers },
        });
        expect(response.status).toBe(200);
        return (await response.json()) as string;
      };
      expect(await forwardedFor({})).toBe('127.0.0.1');
      expect(await forwardedFor({ 'X-Forwarded-For': '198.51.100.7' })).toBe('198.51.100.7, 127.0.0.1');
    } finally {
      await sql('drop function public.test_forwarded_for()');
    }
  });

  it('survives clients that hang up mid-body or speak broken HTTP', async () => {
    const { port } = new URL(stackEnv().apiUrl);
    const rawRequest = (payload: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(payload));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
      });
    await rawRequest(
      'POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":',
    );
    expect(await rawRequest('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(`${stackEnv().apiUrl}/auth/v1/settings`)).status).toBe(200);
  });

  it('accepts stack controls only as documented', async () => {
    const token = { Authorization: `Bearer ${stackEnv().serviceRoleKey}` };
    const unknown = await fetch(`${stackEnv().apiUrl}/__stack/explode`, { method: 'POST', headers: token });
    expect(unknown.status).toBe(404);
    const badMode = await fetch(`${stackEnv().apiUrl}/__mail/control`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...token },
      body: JSON.stringify({ failWith: 418 }),
    });
    expect(badMode.status).toBe(400);
  });
});

describe('postgres lifecycle', () => {
  let dataDir: string;
  let running: RunningPostgres | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-stack-lifecycle-'));
  });

  afterEach(async () => {
    await running?.stop();
    running = null;
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function selectOne(server: RunningPostgres): Promise<number> {
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one;
    } finally {
      await client.end();
    }
  }

  it('starts although a stale postmaster.pid names a process that is not ours', async () => {
    const port = await freePort();
    running = await startPostgres({ dataDir, port, ephemeral: true });
    expect(running.created).toBe(true);
    await running.stop();
    running = null;

    // PID 1 is alive but no postmaster: postgres alone would refuse this lock file.
    await writeFile(
      join(dataDir, 'db', 'postmaster.pid'),
      `1\n${join(dataDir, 'db')}\n0\n${port}\n\n127.0.0.1\n`,
    );
    running = await startPostgres({ dataDir, port, ephemeral: true });
    expect(running.created).toBe(false);
    expect(await selectOne(running)).toBe(1);
  });

  it('takes over the cluster from the orphaned postmaster of a killed run', async () => {
    const port = await freePort();
    const fixture = join(__dirname, '..', 'support', 'fixtures', 'start-postgres.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    const orphanPid = Number((await readFile(join(dataDir, 'db', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    running = await startPostgres({ dataDir, port, ephemeral: true });
    expect(await selectOne(running)).toBe(1);
    const newPid = Number((await readFile(join(dataDir, 'db', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(newPid).not.toBe(orphanPid);
    expect(() => process.kill(orphanPid, 0)).toThrow();
  });
});
