import type { ServerResponse } from 'node:http';
import { sendJson } from '../http';
import { isPgDatabaseError } from '../rest/errors';

/**
 * A Storage API error. Storage answers every non-500 error with HTTP 400 and puts the
 * intended status in the body's `statusCode`; storage-js reads it from there.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const bucketNotFound = () =>
  new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const objectNotFound = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found');
export const invalidKey = (key: string) =>
  new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`);
export const accessDenied = (message = 'new row violates row-level security policy') =>
  new StorageError(403, 'AccessDenied', 'Unauthorized', message);
export const entityTooLarge = () =>
  new StorageError(
    413,
    'EntityTooLarge',
    'Payload too large',
    'The object exceeded the maximum allowed size',
  );
export const invalidMimeType = (type: string) =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`);
export const duplicate = () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists');
export const invalidRequest = (message: string) =>
  new StorageError(400, 'InvalidRequest', 'Bad Request', message);

/** Maps database errors the way storage-api's `DBError` does. */
export function fromDatabaseError(error: unknown): StorageError | null {
  if (!isPgDatabaseError(error)) return null;
  if (error.code === '42501') return accessDenied();
  if (error.code === '23505') return duplicate();
  if (error.code === '23503') return bucketNotFound();
  if (error.code === '22P02' || error.code === '22023') return invalidRequest(error.message);
  return null;
}

export function sendStorageError(res: ServerResponse, error: unknown, method: string): void {
  const known = error instanceof StorageError ? error : fromDatabaseError(error);
  if (!known) {
    console.error('[storage] unexpected error', error);
    sendJson(res, 500, {
      statusCode: '500',
      code: 'InternalError',
      error: 'internal',
      message: 'Internal Server Error',
    });
    return;
  }
  const body = {
    statusCode: String(known.statusCode),
    code: known.code,
    error: known.error,
    message: known.message,
  };
  if (method === 'HEAD') {
    res.writeHead(400, { 'Content-Length': '0' }).end();
    return;
  }
  sendJson(res, 400, body);
}
