import { resolve, sep } from 'node:path';
import { invalidKey } from './errors';

/** The characters storage-api accepts in a bucket id or object key (`isValidKey`). */
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/**
 * Checks an object key: the same character set as Storage, plus what keeps it inside the
 * bucket's directory on disk (no `..` or `.` segments, no absolute path, no empty segments).
 */
export function checkObjectKey(key: string): string {
  const segments = key.split('/');
  const bad =
    key === '' ||
    key.includes('\0') ||
    key.includes('\\') ||
    !VALID_KEY.test(key) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw invalidKey(key);
  return key;
}

export function checkBucketId(id: string): string {
  if (id === '' || id.includes('/') || id === '.' || id === '..' || !VALID_KEY.test(id)) throw invalidKey(id);
  return id;
}

/** Splits `/{bucket}/{key...}` (URL-encoded) into a checked bucket id and key. */
export function parseObjectPath(encoded: string): { bucket: string; key: string } {
  let decoded: string[];
  try {
    decoded = encoded
      .split('/')
      .filter((part, index) => index > 0 || part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    throw invalidKey(encoded);
  }
  const [bucket = '', ...rest] = decoded;
  return { bucket: checkBucketId(bucket), key: checkObjectKey(rest.join('/')) };
}

/** Where an object's bytes live; refuses anything that would resolve outside the storage root. */
export function objectFilePath(storageDir: string, bucket: string, key: string): string {
  const root = resolve(storageDir);
  const file = resolve(root, bucket, key);
  if (!file.startsWith(root + sep)) throw invalidKey(key);
  return file;
}
