import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PayloadTooLargeError, readBody, sendJson } from '../http';
import type { StackContext } from '../types';
import { asCaller, findBucket, resolveCaller, type Bucket } from './context';
import { bucketNotFound, entityTooLarge, invalidMimeType, invalidRequest } from './errors';
import { objectFilePath, parseObjectPath } from './keys';

/** The CLI's global `file_size_limit` (50MiB); a bucket may only lower it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for multipart boundaries and the small form fields around the file part. */
const MULTIPART_OVERHEAD = 64 * 1024;

interface UploadedFile {
  bytes: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: unknown;
}

function cacheControlFromSeconds(value: string | null): string {
  return value && /^\d+$/.test(value) ? `max-age=${value}` : (value ?? 'no-cache');
}

function parseMetadata(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('Invalid metadata');
  }
}

/** storage-js sends Blobs as multipart (file under field "", `cacheControl` field) and the rest raw. */
async function readUpload(req: IncomingMessage, limit: number): Promise<UploadedFile> {
  const contentType = req.headers['content-type'] ?? '';
  try {
    if (contentType.toLowerCase().startsWith('multipart/form-data')) {
      const raw = await readBody(req, limit + MULTIPART_OVERHEAD);
      let form: FormData;
      try {
        // The platform's own multipart parser (undici), fed the bytes as read.
        const body = new Uint8Array(raw.buffer as ArrayBuffer, raw.byteOffset, raw.byteLength);
        form = await new Request('http://local/', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
        }).formData();
      } catch {
        throw invalidRequest('Malformed multipart body');
      }
      // The file part: storage-js names it "", other clients name it anything.
      let file: Blob | undefined;
      form.forEach((value) => {
        if (!file && typeof value !== 'string') file = value as unknown as Blob;
      });
      if (!file) throw invalidRequest('No file in the multipart body');
      const contentTypeField = form.get('contentType');
      const metadataField = form.get('metadata');
      const cacheControlField = form.get('cacheControl');
      return {
        bytes: Buffer.from(await file.arrayBuffer()),
        contentType:
          typeof contentTypeField === 'string' ? contentTypeField : file.type || 'application/octet-stream',
        cacheControl: cacheControlFromSeconds(
          typeof cacheControlField === 'string' ? cacheControlField : null,
        ),
        userMetadata: parseMetadata(typeof metadataField === 'string' ? metadataField : null),
      };
    }
    const bytes = await readBody(req, limit);
    const metadataHeader = req.headers['x-metadata'];
    return {
      bytes,
      contentType: contentType || 'text/plain;charset=UTF-8',
      cacheControl: cacheControlFromSeconds(req.headers['cache-control'] ?? null),
      userMetadata: parseMetadata(
        typeof metadataHeader === 'string' ? Buffer.from(metadataHeader, 'base64').toString('utf8') : null,
      ),
    };
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw entityTooLarge();
    throw error;
  }
}

/** `image/png` matches `image/png` and `image/*`; parameters like `;charset=` do not count. */
function checkMimeType(bucket: Bucket, contentType: string): void {
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const ok = allowed.some((entry) => {
    const pattern = entry.trim().toLowerCase();
    return pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
  });
  if (!ok) throw invalidMimeType(contentType);
}

/** POST (create; `x-upsert: true` replaces) and PUT (replace) of `/object/{bucket}/{key}`. */
export async function uploadObject(
  req: IncomingMessage,
  res: ServerResponse,
  objectPath: string,
  ctx: StackContext,
): Promise<void> {
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const { bucket: bucketId, key } = parseObjectPath(objectPath);
  const bucket = await findBucket(ctx.pool, bucketId);
  if (!bucket) throw bucketNotFound();
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const upload = await readUpload(req, limit);
  if (upload.bytes.length > limit) throw entityTooLarge();
  checkMimeType(bucket, upload.contentType);

  const upsert = req.method === 'PUT' || String(req.headers['x-upsert']).toLowerCase() === 'true';
  const file = objectFilePath(ctx.config.storageDir, bucketId, key);
  const version = randomUUID();
  const metadata = {
    eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
    size: upload.bytes.length,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: upload.bytes.length,
    httpStatusCode: 200,
  };
  const values = [
    randomUUID(),
    bucketId,
    key,
    caller.owner,
    JSON.stringify(metadata),
    version,
    upload.userMetadata === null ? null : JSON.stringify(upload.userMetadata),
  ];
  const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version, user_metadata)
    values ($1, $2, $3, $4::uuid, $4, $5::jsonb, $6, $7::jsonb)`;
  const temp = `${file}.${version}.upload`;

  const id = await asCaller(
    ctx,
    req,
    caller,
    upsert ? 'storage.object.upload_upsert' : 'storage.object.upload',
    async (client) => {
      let objectId = values[0] as string;
      if (upsert) {
        // INSERT ... ON CONFLICT DO UPDATE: needs the caller's insert, select and update policies, as on Storage.
        const { rows } = await client.query<{ id: string }>(
          `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata,
           updated_at = now(), last_accessed_at = now()
         returning id`,
          values,
        );
        objectId = rows[0]?.id ?? objectId;
      } else {
        // No RETURNING: a plain upload needs only the insert policy.
        await client.query(insert, values);
      }
      // The bytes land before the row commits; a failed write rolls the row back.
      await mkdir(dirname(file), { recursive: true });
      await writeFile(temp, upload.bytes);
      await rename(temp, file);
      return objectId;
    },
  ).catch(async (error: unknown) => {
    await rm(temp, { force: true });
    throw error;
  });
  sendJson(res, 200, { Key: `${bucketId}/${key}`, Id: id });
}
