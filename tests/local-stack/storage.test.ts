/**
 * Conformance of the local `/storage/v1` with Supabase Storage, driven through storage-js:
 * upload bodies, upsert, limits, MIME types, RLS on storage.objects as the caller, public
 * URLs with their headers, list/info/exists/remove, and path traversal.
 */
import { request } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { anonClient, createUser, resetDatabase, serviceClient, sql, stackEnv } from '../support/stack';

const ALICE = '0a000000-0000-4000-8000-0000000000a1';
const BOB = '0b000000-0000-4000-8000-0000000000b2';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function clientFor(sub: string): Promise<SupabaseClient> {
  const token = await new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(stackEnv().jwtSecret));
  return createClient(stackEnv().apiUrl, stackEnv().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

function storage(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stackEnv().apiUrl}/storage/v1${path}`, init);
}

/** Sends the path byte for byte: fetch would resolve `..` and `%2E%2E` segments before sending. */
function rawRequest(method: string, path: string, body?: string): Promise<{ status: number; json: unknown }> {
  const api = new URL(stackEnv().apiUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: api.hostname,
        port: api.port,
        method,
        path: `/storage/v1${path}`,
        headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${stackEnv().serviceRoleKey}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const png = () => new Blob([PNG], { type: 'image/png' });

async function objectRows(bucket: string): Promise<{ name: string; owner: string | null }[]> {
  return sql('select name, owner::text from storage.objects where bucket_id = $1 order by name', [bucket]);
}

beforeAll(async () => {
  await resetDatabase();
  await sql(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
      ('conf-private', 'conf-private', false, 1024, array['text/plain', 'image/*']),
      ('conf-public', 'conf-public', true, null, null),
      ('conf-no-update', 'conf-no-update', true, null, null);
    -- Each user owns the folder named after their id; no policy at all for anon.
    create policy "conf own insert" on storage.objects for insert to authenticated
      with check (bucket_id like 'conf-%' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "conf own select" on storage.objects for select to authenticated
      using (bucket_id like 'conf-%' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "conf own update" on storage.objects for update to authenticated
      using (bucket_id in ('conf-private', 'conf-public') and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "conf own delete" on storage.objects for delete to authenticated
      using (bucket_id like 'conf-%' and (storage.foldername(name))[1] = auth.uid()::text);
  `);
});

describe('upload and download', () => {
  it('stores a Blob sent as multipart with its type, owner and cache control', async () => {
    const alice = await clientFor(ALICE);
    const { data, error } = await alice.storage
      .from('conf-public')
      .upload(`${ALICE}/bild.png`, png(), { cacheControl: '60' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: `${ALICE}/bild.png`, fullPath: `conf-public/${ALICE}/bild.png` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await objectRows('conf-public')).toEqual([{ name: `${ALICE}/bild.png`, owner: ALICE }]);

    const url = alice.storage.from('conf-public').getPublicUrl(`${ALICE}/bild.png`).data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('stores a raw body with its content-type header and downloads it as the owner', async () => {
    const alice = await clientFor(ALICE);
    const upload = await alice.storage
      .from('conf-private')
      .upload(`${ALICE}/notiz.txt`, 'Grüezi', { contentType: 'text/plain' });
    expect(upload.error).toBeNull();
    const download = await alice.storage.from('conf-private').download(`${ALICE}/notiz.txt`);
    expect(download.error).toBeNull();
    expect(download.data?.type).toBe('text/plain');
    expect(await download.data?.text()).toBe('Grüezi');
  });

  it('refuses a second upload to the same path unless upsert is asked for', async () => {
    const alice = await clientFor(ALICE);
    const again = await alice.storage
      .from('conf-private')
      .upload(`${ALICE}/notiz.txt`, 'neu', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const replaced = await alice.storage
      .from('conf-private')
      .upload(`${ALICE}/notiz.txt`, 'neu', { contentType: 'text/plain', upsert: true });
    expect(replaced.error).toBeNull();
    expect(await (await alice.storage.from('conf-private').download(`${ALICE}/notiz.txt`)).data?.text()).toBe(
      'neu',
    );
    const updated = await alice.storage
      .from('conf-private')
      .update(`${ALICE}/notiz.txt`, 'neuer', { contentType: 'text/plain' });
    expect(updated.error).toBeNull();
    expect(await (await alice.storage.from('conf-private').download(`${ALICE}/notiz.txt`)).data?.text()).toBe(
      'neuer',
    );
  });

  it('needs the update policy for an upsert over an existing object', async () => {
    const alice = await clientFor(ALICE);
    expect((await alice.storage.from('conf-no-update').upload(`${ALICE}/a.png`, png())).error).toBeNull();
    const upsert = await alice.storage
      .from('conf-no-update')
      .upload(`${ALICE}/a.png`, new Blob(['x'], { type: 'image/png' }), { upsert: true });
    expect(upsert.error).toMatchObject({ statusCode: '403' });
    const response = await fetch(
      alice.storage.from('conf-no-update').getPublicUrl(`${ALICE}/a.png`).data.publicUrl,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });
});

describe('bucket limits', () => {
  it('rejects a file above the bucket limit (413) and a type not allowed (415), storing nothing', async () => {
    const alice = await clientFor(ALICE);
    const before = await objectRows('conf-private');
    const tooLarge = await alice.storage
      .from('conf-private')
      .upload(`${ALICE}/gross.txt`, 'x'.repeat(1025), { contentType: 'text/plain' });
    expect(tooLarge.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const tooLargeBlob = await alice.storage
      .from('conf-private')
      .upload(`${ALICE}/gross.png`, new Blob([new Uint8Array(2048)], { type: 'image/png' }));
    expect(tooLargeBlob.error).toMatchObject({ statusCode: '413' });
    const wrongType = await alice.storage
      .from('conf-private')
      .upload(`${ALICE}/doc.pdf`, new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(wrongType.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
    const wildcard = await alice.storage
      .from('conf-private')
      .upload(`${ALICE}/ok.webp`, new Blob(['w'], { type: 'image/webp' }));
    expect(wildcard.error).toBeNull();
    expect((await objectRows('conf-private')).length).toBe(before.length + 1);
  });

  it('answers an unknown bucket with statusCode 404 in an HTTP 400', async () => {
    const alice = await clientFor(ALICE);
    const { error } = await alice.storage.from('conf-none').upload(`${ALICE}/a.png`, png());
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });
});

describe('row-level security on storage.objects', () => {
  it('rejects uploads the insert policy does not allow, as anon or into a foreign folder', async () => {
    const bob = await clientFor(BOB);
    const foreign = await bob.storage.from('conf-public').upload(`${ALICE}/fremd.png`, png());
    expect(foreign.error).toMatchObject({ status: 400, statusCode: '403' });
    const anon = await anonClient().storage.from('conf-public').upload(`${ALICE}/anon.png`, png());
    expect(anon.error).toMatchObject({ statusCode: '403' });
    const names = (await objectRows('conf-public')).map((row) => row.name);
    expect(names).not.toContain(`${ALICE}/fremd.png`);
    expect(names).not.toContain(`${ALICE}/anon.png`);
  });

  it('hides objects the select policy does not show: download, list and public URL of a private bucket', async () => {
    const bob = await clientFor(BOB);
    const download = await bob.storage.from('conf-private').download(`${ALICE}/notiz.txt`);
    expect(download.error).toMatchObject({ statusCode: '404' });
    expect((await bob.storage.from('conf-private').list(ALICE)).data).toEqual([]);
    const publicUrl = anonClient().storage.from('conf-private').getPublicUrl(`${ALICE}/notiz.txt`)
      .data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('signs URLs for objects the caller can see; the token opens exactly that object', async () => {
    const alice = await clientFor(ALICE);
    const signed = await alice.storage.from('conf-private').createSignedUrl(`${ALICE}/notiz.txt`, 60);
    expect(signed.error).toBeNull();
    const url = signed.data?.signedUrl ?? '';
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('neuer');
    const forOther = url.replace('notiz.txt', 'ok.webp');
    expect(await (await fetch(forOther)).json()).toMatchObject({
      statusCode: '400',
      error: 'InvalidSignature',
    });
    const tampered = `${url.slice(0, -3)}abc`;
    expect((await fetch(tampered)).status).toBe(400);
    const bob = await clientFor(BOB);
    expect(
      (await bob.storage.from('conf-private').createSignedUrl(`${ALICE}/notiz.txt`, 60)).error,
    ).toMatchObject({ statusCode: '404' });
  });

  it('moves and copies as the caller: the policies decide, the bytes follow', async () => {
    const alice = await clientFor(ALICE);
    const bucket = alice.storage.from('conf-private');
    expect(
      (await bucket.upload(`${ALICE}/alt.txt`, 'Chuchichäschtli', { contentType: 'text/plain' })).error,
    ).toBeNull();
    expect((await bucket.move(`${ALICE}/alt.txt`, `${ALICE}/neu.txt`)).error).toBeNull();
    expect(await (await bucket.download(`${ALICE}/neu.txt`)).data?.text()).toBe('Chuchichäschtli');
    expect((await bucket.download(`${ALICE}/alt.txt`)).error).toMatchObject({ statusCode: '404' });
    const copied = await bucket.copy(`${ALICE}/neu.txt`, `${ALICE}/kopie.txt`);
    expect(copied.data).toEqual({ path: `conf-private/${ALICE}/kopie.txt` });
    expect(await (await bucket.download(`${ALICE}/kopie.txt`)).data?.text()).toBe('Chuchichäschtli');
    const intoForeignFolder = await bucket.move(`${ALICE}/kopie.txt`, `${BOB}/kopie.txt`);
    expect(intoForeignFolder.error).toMatchObject({ statusCode: '403' });
    const byBob = await (
      await clientFor(BOB)
    ).storage
      .from('conf-private')
      .move(`${ALICE}/neu.txt`, `${BOB}/neu.txt`);
    expect(byBob.error).toMatchObject({ statusCode: '404' });
    expect((await bucket.remove([`${ALICE}/neu.txt`, `${ALICE}/kopie.txt`])).data).toHaveLength(2);
  });

  it('lists one folder level, describes and finds objects for the owner', async () => {
    const alice = await clientFor(ALICE);
    await alice.storage.from('conf-public').upload(`${ALICE}/sub/tief.png`, png());
    const listed = await alice.storage.from('conf-public').list(ALICE);
    expect(listed.data?.map((item) => [item.name, item.id === null])).toEqual([
      ['sub', true],
      ['bild.png', false],
    ]);
    const info = await alice.storage.from('conf-public').info(`${ALICE}/bild.png`);
    expect(info.data).toMatchObject({
      name: `${ALICE}/bild.png`,
      contentType: 'image/png',
      size: PNG.length,
    });
    expect((await alice.storage.from('conf-public').exists(`${ALICE}/bild.png`)).data).toBe(true);
    expect((await alice.storage.from('conf-public').exists(`${ALICE}/fehlt.png`)).data).toBe(false);
  });

  it('removes only what the caller may delete; the file goes with its row', async () => {
    const bob = await clientFor(BOB);
    const alice = await clientFor(ALICE);
    const byBob = await bob.storage.from('conf-public').remove([`${ALICE}/bild.png`]);
    expect(byBob).toMatchObject({ data: [], error: null });
    const url = alice.storage.from('conf-public').getPublicUrl(`${ALICE}/bild.png`).data.publicUrl;
    expect((await fetch(url)).status).toBe(200);
    const byAlice = await alice.storage.from('conf-public').remove([`${ALICE}/bild.png`]);
    expect(byAlice.data?.map((row) => row.name)).toEqual([`${ALICE}/bild.png`]);
    const gone = await fetch(url);
    expect(gone.status).toBe(400);
    expect((await gone.json()).statusCode).toBe('404');
  });

  it('lists buckets as the caller: RLS on storage.buckets decides', async () => {
    const all = await serviceClient().storage.listBuckets();
    expect(all.data?.map((bucket) => bucket.id)).toEqual(
      expect.arrayContaining(['conf-private', 'conf-public', 'event-images']),
    );
    const one = await serviceClient().storage.getBucket('conf-private');
    expect(one.data).toMatchObject({ id: 'conf-private', public: false, file_size_limit: 1024 });
    expect((await anonClient().storage.listBuckets()).data).toEqual([]);
    expect((await anonClient().storage.getBucket('conf-private')).error).toMatchObject({ statusCode: '404' });
  });

  it('lets the service role bypass the policies', async () => {
    const service = serviceClient();
    const upload = await service.storage.from('conf-public').upload('beliebig/service.png', png());
    expect(upload.error).toBeNull();
    expect((await objectRows('conf-public')).map((row) => row.name)).toContain('beliebig/service.png');
  });
});

describe('bad input', () => {
  it.each([
    ['a parent segment', `conf-public/${ALICE}/..%2F..%2F..%2Fetc%2Fpasswd`],
    ['a dot-dot segment', `conf-public/../../secret.txt`],
    ['an encoded dot-dot segment', `conf-public/%2E%2E/%2E%2E/secret.txt`],
    ['an absolute path', `conf-public/%2Fetc%2Fpasswd`],
    ['a NUL byte', `conf-public/${ALICE}/a%00.png`],
    ['a backslash', `conf-public/${ALICE}/..%5C..%5Cx.png`],
  ])('rejects %s in an object key with 400 InvalidKey', async (_label, path) => {
    // As the service role, so that only the key check can stop the write.
    const upload = await rawRequest('POST', `/object/${path}`, 'x');
    expect(upload).toMatchObject({ status: 400, json: { statusCode: '400', code: 'InvalidKey' } });
    const download = await rawRequest('GET', `/object/public/${path}`);
    expect(download).toMatchObject({ status: 400, json: { statusCode: '400', code: 'InvalidKey' } });
  });

  it('answers a forged JWT with AccessDenied (statusCode 403)', async () => {
    const response = await storage(`/object/conf-public/${ALICE}/x.png`, {
      method: 'POST',
      headers: { Authorization: 'Bearer not.a.jwt', 'Content-Type': 'image/png' },
      body: PNG,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
  });
});

describe('the event-images bucket of the migrations', () => {
  it('takes images from admins only and refuses other types', async () => {
    const admin = await createUser({ email: 'storage-admin@example.ch', password: 'pw-123456', admin: true });
    const asAdmin = await clientFor(admin.id);
    const uploaded = await asAdmin.storage.from('event-images').upload('events/fondue.png', png());
    expect(uploaded.error).toBeNull();
    const publicUrl = asAdmin.storage.from('event-images').getPublicUrl('events/fondue.png').data.publicUrl;
    expect((await fetch(publicUrl)).headers.get('content-type')).toBe('image/png');
    const pdf = await asAdmin.storage
      .from('event-images')
      .upload('events/flyer.pdf', new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({ statusCode: '415' });
    const stranger = await clientFor(BOB);
    const denied = await stranger.storage.from('event-images').upload('events/fremd.png', png());
    expect(denied.error).toMatchObject({ statusCode: '403' });
  });
});
