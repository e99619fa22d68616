import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { isPlainObject, readJson, sendJson } from '../http';
import type { StackContext } from '../types';
import { asCaller, findBucket, resolveCaller } from './context';
import { bucketNotFound, invalidRequest, objectNotFound } from './errors';
import { checkBucketId, checkObjectKey, objectFilePath, parseObjectPath } from './keys';
import { verifySignedPath } from './signed-urls';

const JSON_BODY_LIMIT = 1024 * 1024;

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: unknown;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const OBJECT_COLUMNS =
  'id, name, bucket_id, owner, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

async function selectObject(
  client: pg.PoolClient | pg.Pool,
  bucket: string,
  key: string,
): Promise<ObjectRow> {
  const { rows } = await client.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  if (!rows[0]) throw objectNotFound();
  return rows[0];
}

/**
 * Finds an object for reading: `public/…` needs a public bucket and no policy, `sign/…` a
 * valid token for that path; every other route reads the row as the caller, so the SELECT
 * policies decide.
 */
async function findReadableObject(req: IncomingMessage, ctx: StackContext, path: string): Promise<ObjectRow> {
  const [first, ...rest] = path.split('/').filter(Boolean);
  if (first === 'sign') {
    const { bucket, key } = parseObjectPath(`/${rest.join('/')}`);
    await verifySignedPath(new URL(req.url ?? '/', 'http://local'), bucket, key, ctx.config.jwtSecret);
    return selectObject(ctx.pool, bucket, key);
  }
  if (first === 'public') {
    const { bucket, key } = parseObjectPath(`/${rest.join('/')}`);
    const found = await findBucket(ctx.pool, bucket);
    if (!found?.public) throw bucketNotFound();
    return selectObject(ctx.pool, bucket, key);
  }
  const objectPath = first === 'authenticated' ? `/${rest.join('/')}` : path;
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const { bucket, key } = parseObjectPath(objectPath);
  return asCaller(ctx, req, caller, 'storage.object.get', (client) => selectObject(client, bucket, key));
}

/** GET/HEAD of an object's bytes with the stored content type and cache headers. */
export async function downloadObject(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: StackContext,
) {
  const row = await findReadableObject(req, ctx, path);
  const file = objectFilePath(ctx.config.storageDir, row.bucket_id, row.name);
  const size = await stat(file)
    .then((info) => info.size)
    .catch(() => null);
  if (size === null) throw objectNotFound();
  const metadata = row.metadata ?? {};
  const headers: Record<string, string> = {
    'Content-Type': String(metadata.mimetype ?? 'application/octet-stream'),
    'Content-Length': String(size),
    'Cache-Control': String(metadata.cacheControl ?? 'no-cache'),
    'Last-Modified': new Date(String(metadata.lastModified ?? row.updated_at)).toUTCString(),
  };
  if (typeof metadata.eTag === 'string') headers.ETag = metadata.eTag;
  const url = new URL(req.url ?? '/', 'http://local');
  const download = url.searchParams.get('download');
  if (download !== null) {
    const name = download || (row.name.split('/').pop() ?? row.name);
    headers['Content-Disposition'] =
      `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(file), res);
}

/** GET /object/info/…: the object's description, as storage-js `info()` reads it. */
export async function objectInfo(req: IncomingMessage, res: ServerResponse, path: string, ctx: StackContext) {
  const row = await findReadableObject(req, ctx, path);
  const metadata = row.metadata ?? {};
  sendJson(res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadata.size ?? null,
    content_type: metadata.mimetype ?? null,
    cache_control: metadata.cacheControl ?? null,
    etag: metadata.eTag ?? null,
    last_modified: metadata.lastModified ?? null,
    created_at: row.created_at,
    metadata: row.user_metadata ?? null,
  });
}

async function unlinkQuietly(file: string) {
  await unlink(file).catch(() => undefined);
}

/**
 * DELETE /object/{bucket} `{prefixes}` and DELETE /object/{bucket}/{key}: rows are deleted as
 * the caller (SELECT and DELETE policies decide; hidden rows are skipped), files after commit.
 */
export async function removeObjects(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: StackContext,
) {
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const segments = path.split('/').filter(Boolean);
  const single = segments.length > 1;
  let bucket: string;
  let keys: string[];
  if (single) {
    const parsed = parseObjectPath(path);
    bucket = parsed.bucket;
    keys = [parsed.key];
  } else {
    bucket = checkBucketId(decodeURIComponent(segments[0] ?? ''));
    const body = await readJson(req, JSON_BODY_LIMIT).catch(() => {
      throw invalidRequest('Body must be JSON');
    });
    const prefixes = isPlainObject(body) ? body.prefixes : undefined;
    if (!Array.isArray(prefixes) || !prefixes.every((prefix) => typeof prefix === 'string')) {
      throw invalidRequest('body/prefixes must be an array of strings');
    }
    keys = prefixes.map((prefix) => checkObjectKey(prefix));
  }
  const deleted = await asCaller(ctx, req, caller, 'storage.object.delete', async (client) => {
    const { rows } = await client.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucket, keys],
    );
    return rows;
  });
  await Promise.all(
    deleted.map((row) => unlinkQuietly(objectFilePath(ctx.config.storageDir, row.bucket_id, row.name))),
  );
  if (single) {
    if (deleted.length === 0) throw objectNotFound();
    sendJson(res, 200, { message: 'Successfully deleted' });
    return;
  }
  sendJson(res, 200, deleted);
}

/** One entry of a listing: a file, or a folder with every other field null. */
interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortColumn: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
  descending: boolean;
}

function listOptions(body: unknown): ListOptions {
  const input = isPlainObject(body) ? body : {};
  const sortBy = isPlainObject(input.sortBy) ? input.sortBy : {};
  const columns = ['name', 'created_at', 'updated_at', 'last_accessed_at'] as const;
  const column = columns.find((c) => c === sortBy.column) ?? 'name';
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
  const prefix = typeof input.prefix === 'string' ? input.prefix.replace(/^\/+/, '') : '';
  return {
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    limit: number(input.limit, 100),
    offset: number(input.offset, 0),
    search: typeof input.search === 'string' ? input.search : '',
    sortColumn: column,
    descending: typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc',
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** POST /object/list/{bucket}: one folder level, sub-folders as entries with `id: null`. */
export async function listObjects(
  req: IncomingMessage,
  res: ServerResponse,
  bucketPath: string,
  ctx: StackContext,
) {
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const bucket = checkBucketId(decodeURIComponent(bucketPath.split('/').filter(Boolean)[0] ?? ''));
  const options = listOptions(await readJson(req, JSON_BODY_LIMIT).catch(() => undefined));
  const rows = await asCaller(ctx, req, caller, 'storage.object.list', async (client) => {
    const result = await client.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
      [bucket, `${escapeLike(options.prefix)}%`],
    );
    return result.rows;
  });
  const folders = new Set<string>();
  const files: ListEntry[] = [];
  for (const row of rows) {
    const rest = row.name.slice(options.prefix.length);
    const slash = rest.indexOf('/');
    const name = slash >= 0 ? rest.slice(0, slash) : rest;
    if (options.search && !name.toLowerCase().startsWith(options.search.toLowerCase())) continue;
    if (slash >= 0) folders.add(name);
    else
      files.push({
        name,
        id: row.id,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      });
  }
  const direction = options.descending ? -1 : 1;
  const key = options.sortColumn;
  files.sort((a, b) => {
    const left = String(a[key]);
    const right = String(b[key]);
    return (left < right ? -1 : left > right ? 1 : 0) * direction;
  });
  const folderEntries = [...folders]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (key === 'name' ? direction : 1))
    .map((name): ListEntry => ({
      name,
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    }));
  const all = [...folderEntries, ...files];
  sendJson(res, 200, all.slice(options.offset, options.offset + options.limit));
}
