/**
 * The stack's own surfaces (`/__mail`, `/__mailchimp`, `/__stack`) are not open to other
 * websites: no CORS allowance for any origin, no answer under a foreign host name (DNS
 * rebinding), and nothing that changes the stack without a same-origin request or the local
 * token (the stack's service-role key as Bearer).
 */
import { request } from 'node:http';
import { resetDatabase, sql, stackEnv } from '../support/stack';

const FOREIGN = 'https://evil.example';

function api(path: string): string {
  return `${stackEnv().apiUrl}${path}`;
}

function token(): Record<string, string> {
  return { Authorization: `Bearer ${stackEnv().serviceRoleKey}` };
}

/** A request with a Host header of our choosing (fetch does not let a caller set Host). */
function withHost(host: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(stackEnv().apiUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path, method: 'GET', headers: { ...headers, Host: host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function markerSurvives(marker: string): Promise<boolean> {
  return (await sql('select 1 from public.events where title = $1', [marker])).length === 1;
}

describe('local development surfaces', () => {
  beforeAll(() => resetDatabase());

  it.each(['/__mail', '/__mail/messages', '/__mailchimp/members', '/__stack/reset'])(
    'give a foreign Origin no CORS allowance on %s',
    async (path) => {
      const read = await fetch(api(path), { headers: { Origin: FOREIGN } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(api(path), {
        method: 'OPTIONS',
        headers: {
          Origin: FOREIGN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    },
  );

  it('keeps the APIs open to the site as on Supabase', async () => {
    const rest = await fetch(api('/rest/v1/'), { method: 'OPTIONS', headers: { Origin: FOREIGN } });
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses a reset a foreign page sends as a simple (preflight-free) request, and one without the token', async () => {
    const marker = `Nicht zurücksetzen ${Date.now()}`;
    await sql(
      `insert into public.events (title, description, category, start_date, start_time, location, price, max_participants, status)
       values ($1, 'x', 'breathwork', current_date + 30, '18:00', 'Suhr', 0, 5, 'draft')`,
      [marker],
    );
    const formPost = await fetch(api('/__stack/reset'), {
      method: 'POST',
      headers: { Origin: FOREIGN, 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(formPost.status).toBe(403);
    const noToken = await fetch(api('/__stack/reset'), { method: 'POST' });
    expect(noToken.status).toBe(403);
    const wrongToken = await fetch(api('/__stack/reset'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${stackEnv().anonKey}` },
    });
    expect(wrongToken.status).toBe(403);
    expect(await markerSurvives(marker)).toBe(true);
  });

  it('accepts a reset with the local token or from the gateway’s own origin', async () => {
    const marker = `Zurücksetzen ${Date.now()}`;
    const insert = () =>
      sql(
        `insert into public.events (title, description, category, start_date, start_time, location, price, max_participants, status)
         values ($1, 'x', 'breathwork', current_date + 30, '18:00', 'Suhr', 0, 5, 'draft')`,
        [marker],
      );
    await insert();
    expect((await fetch(api('/__stack/reset'), { method: 'POST', headers: token() })).status).toBe(200);
    expect(await markerSurvives(marker)).toBe(false);

    await insert();
    const sameOrigin = await fetch(api('/__stack/reset'), {
      method: 'POST',
      headers: { Origin: stackEnv().apiUrl },
    });
    expect(sameOrigin.status).toBe(200);
    expect(await markerSurvives(marker)).toBe(false);
  });

  it('refuses fault injection and clearing the mailbox without the token', async () => {
    for (const path of ['/__mail/control', '/__mailchimp/control']) {
      const refused = await fetch(api(path), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Origin: FOREIGN },
        body: JSON.stringify({ failWith: 500 }),
      });
      expect(refused.status).toBe(403);
    }
    expect((await fetch(api('/__mail/messages'), { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(api('/__mail/messages'), { method: 'DELETE', headers: token() })).status).toBe(204);
  });

  it('does not answer under a foreign host name (DNS rebinding), even with the token', async () => {
    expect(await withHost('evil.example', '/__mail/messages')).toBe(403);
    expect(await withHost(`evil.example:${new URL(stackEnv().apiUrl).port}`, '/__mail', token())).toBe(403);
    expect(await withHost(`localhost:${new URL(stackEnv().apiUrl).port}`, '/__mail/messages')).toBe(200);
  });
});
