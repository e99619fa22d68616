import type { Handler } from '../types';
import { getBuckets } from './buckets';
import { invalidKey, sendStorageError, StorageError } from './errors';
import { copyObject, moveObject } from './move-copy';
import { downloadObject, listObjects, objectInfo, removeObjects } from './objects';
import { createSignedUrl } from './signed-urls';
import { uploadObject } from './upload';

const notSupported = (method: string, path: string) =>
  new StorageError(
    404,
    'NotSupported',
    'Not Found',
    `Route ${method}:/storage/v1${path} is not supported by the local stack`,
  );

/**
 * The gateway hands us a path already resolved by URL parsing, which silently drops `..`
 * segments; Storage refuses such keys instead, so the raw request line is checked here.
 */
function rejectDotSegments(rawUrl: string): void {
  const path = rawUrl.split('?')[0] ?? '';
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw invalidKey(path);
    }
    if (decoded === '.' || decoded === '..') throw invalidKey(path);
  }
}

/** `/storage/v1`: the object and bucket routes storage-js uses (see supabase-wire.md §3). */
export const storageHandler: Handler = async (req, res, subpath, _url, ctx) => {
  const method = (req.method ?? 'GET').toUpperCase();
  try {
    rejectDotSegments(req.url ?? '');
    const [, area = '', ...rest] = subpath.split('/');
    const below = `/${rest.join('/')}`;
    if (area === 'bucket' && method === 'GET') return await getBuckets(req, res, below, ctx);
    if (area !== 'object') throw notSupported(method, subpath);
    const [first = ''] = rest;
    const afterFirst = `/${rest.slice(1).join('/')}`;
    if (first === 'list' && method === 'POST') return await listObjects(req, res, afterFirst, ctx);
    if (first === 'info' && method === 'GET') return await objectInfo(req, res, afterFirst, ctx);
    if (first === 'sign' && method === 'POST') return await createSignedUrl(req, res, afterFirst, ctx);
    if (first === 'move' && method === 'POST') return await moveObject(req, res, ctx);
    if (first === 'copy' && method === 'POST') return await copyObject(req, res, ctx);
    if (first === 'upload' || first === 'move' || first === 'copy') throw notSupported(method, subpath);
    if (method === 'GET' || method === 'HEAD') return await downloadObject(req, res, below, ctx);
    if (method === 'POST' || method === 'PUT') return await uploadObject(req, res, below, ctx);
    if (method === 'DELETE') return await removeObjects(req, res, below, ctx);
    throw notSupported(method, subpath);
  } catch (error) {
    // Whatever is left of an upload body must be drained, or the client never reads our answer.
    req.resume();
    sendStorageError(res, error, method);
  }
};
