import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { isPlainObject, readJson, sendJson } from '../http';
import type { StackContext } from '../types';
import { asCaller, findBucket, resolveCaller } from './context';
import { bucketNotFound, invalidRequest, objectNotFound } from './errors';
import { checkBucketId, checkObjectKey, objectFilePath } from './keys';

const JSON_BODY_LIMIT = 64 * 1024;

interface Transfer {
  bucket: string;
  source: string;
  destinationBucket: string;
  destination: string;
}

/** `{bucketId, sourceKey, destinationKey, destinationBucket?}` as storage-js sends it. */
async function readTransfer(req: IncomingMessage, ctx: StackContext): Promise<Transfer> {
  const body = await readJson(req, JSON_BODY_LIMIT).catch(() => {
    throw invalidRequest('Body must be JSON');
  });
  if (!isPlainObject(body)) throw invalidRequest('Body must be an object');
  const text = (value: unknown, field: string) => {
    if (typeof value !== 'string') throw invalidRequest(`body/${field} must be a string`);
    return value;
  };
  const bucket = checkBucketId(text(body.bucketId, 'bucketId'));
  const destinationBucket =
    body.destinationBucket === undefined
      ? bucket
      : checkBucketId(text(body.destinationBucket, 'destinationBucket'));
  if (!(await findBucket(ctx.pool, destinationBucket))) throw bucketNotFound();
  return {
    bucket,
    source: checkObjectKey(text(body.sourceKey, 'sourceKey')),
    destinationBucket,
    destination: checkObjectKey(text(body.destinationKey, 'destinationKey')),
  };
}

/**
 * POST /object/move: the row is renamed as the caller, so the UPDATE policy must allow the
 * old row (USING) and the new name (WITH CHECK); the file follows before the commit.
 */
export async function moveObject(req: IncomingMessage, res: ServerResponse, ctx: StackContext) {
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const move = await readTransfer(req, ctx);
  await asCaller(ctx, req, caller, 'storage.object.move', async (client) => {
    const { rowCount } = await client.query(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
        where bucket_id = $1 and name = $2`,
      [move.bucket, move.source, move.destinationBucket, move.destination],
    );
    if (!rowCount) throw objectNotFound();
    const target = objectFilePath(ctx.config.storageDir, move.destinationBucket, move.destination);
    await mkdir(dirname(target), { recursive: true });
    await rename(objectFilePath(ctx.config.storageDir, move.bucket, move.source), target);
  });
  sendJson(res, 200, { message: 'Successfully moved' });
}

/** POST /object/copy: the source is read (SELECT policy) and the copy inserted (INSERT policy) as the caller. */
export async function copyObject(req: IncomingMessage, res: ServerResponse, ctx: StackContext) {
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const copy = await readTransfer(req, ctx);
  const id = randomUUID();
  await asCaller(ctx, req, caller, 'storage.object.copy', async (client) => {
    const { rows } = await client.query<{ metadata: unknown; user_metadata: unknown }>(
      'select metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
      [copy.bucket, copy.source],
    );
    const source = rows[0];
    if (!source) throw objectNotFound();
    await client.query(
      `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       values ($1, $2, $3, $4::uuid, $4, $5::jsonb, $6::jsonb, $7)`,
      [
        id,
        copy.destinationBucket,
        copy.destination,
        caller.owner,
        JSON.stringify(source.metadata),
        source.user_metadata === null ? null : JSON.stringify(source.user_metadata),
        randomUUID(),
      ],
    );
    const target = objectFilePath(ctx.config.storageDir, copy.destinationBucket, copy.destination);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(objectFilePath(ctx.config.storageDir, copy.bucket, copy.source), target);
  });
  sendJson(res, 200, { Id: id, Key: `${copy.destinationBucket}/${copy.destination}` });
}
