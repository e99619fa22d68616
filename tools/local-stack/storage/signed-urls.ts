import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPlainObject, readJson, sendJson } from '../http';
import { signJwt, verifyJwt } from '../jwt';
import type { StackContext } from '../types';
import { asCaller, resolveCaller } from './context';
import { invalidRequest, objectNotFound, StorageError } from './errors';
import { parseObjectPath } from './keys';

const JSON_BODY_LIMIT = 64 * 1024;

/**
 * POST /object/sign/{bucket}/{key} `{expiresIn}`: the caller must be able to see the object
 * (SELECT policy); the answer is a path with a token signed by the project's JWT secret, as
 * Storage issues it, so anyone holding the URL may download until it expires.
 */
export async function createSignedUrl(
  req: IncomingMessage,
  res: ServerResponse,
  objectPath: string,
  ctx: StackContext,
) {
  const caller = await resolveCaller(req, ctx.config.jwtSecret);
  const { bucket, key } = parseObjectPath(objectPath);
  const body = await readJson(req, JSON_BODY_LIMIT).catch(() => {
    throw invalidRequest('Body must be JSON');
  });
  const expiresIn = isPlainObject(body) ? Number(body.expiresIn) : NaN;
  if (!Number.isInteger(expiresIn) || expiresIn < 1)
    throw invalidRequest('body/expiresIn must be a positive integer');
  const visible = await asCaller(ctx, req, caller, 'storage.object.sign', async (client) => {
    const { rowCount } = await client.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key],
    );
    return (rowCount ?? 0) > 0;
  });
  if (!visible) throw objectNotFound();
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt(
    { url: `${bucket}/${key}`, iat: now, exp: now + expiresIn },
    ctx.config.jwtSecret,
  );
  sendJson(res, 200, { signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
}

/** Checks the token of GET /object/sign/{bucket}/{key}?token=… against the path it was made for. */
export async function verifySignedPath(
  url: URL,
  bucket: string,
  key: string,
  jwtSecret: string,
): Promise<void> {
  const token = url.searchParams.get('token');
  if (!token) throw new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Missing token');
  let payload;
  try {
    payload = await verifyJwt(token, jwtSecret);
  } catch (error) {
    throw new StorageError(
      400,
      'InvalidJWT',
      'InvalidJWT',
      error instanceof Error ? error.message : 'invalid token',
    );
  }
  if (payload.url !== `${bucket}/${key}`) {
    throw new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'The url do not match the signature');
  }
}
