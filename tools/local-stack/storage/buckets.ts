import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http';
import type { StackContext } from '../types';
import { asCaller, resolveCaller } from './context';
import { bucketNotFound } from './errors';
import { checkBucketId } from './keys';

const BUCKET_COLUMNS =
  'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';

/** GET /bucket and GET /bucket/{id}, read as the caller (RLS on storage.buckets decides). */
export async function getBuckets(req: IncomingMessage, res: ServerResponse, path: string, ctx: StackContext) {
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const id = path.split('/').filter(Boolean)[0];
  const rows = await asCaller(ctx, req, caller, 'storage.bucket.list', async (client) => {
    if (id === undefined) {
      return (await client.query(`select ${BUCKET_COLUMNS} from storage.buckets order by name`)).rows;
    }
    const bucketId = checkBucketId(decodeURIComponent(id));
    return (await client.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [bucketId]))
      .rows;
  });
  if (id === undefined) {
    sendJson(res, 200, rows);
    return;
  }
  if (!rows[0]) throw bucketNotFound();
  sendJson(res, 200, rows[0]);
}
