import type { IncomingMessage, ServerResponse } from 'node:http';

/** Thrown when a request body exceeds its limit; answered with 413 by each API in its own shape. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
  }
}

/**
 * Reads the whole body, failing fast on a declared or actual size above `limit` so an
 * oversized upload never fills memory.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw new BodyTooLargeError(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = body ?? '';
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(payload)) });
  res.end(payload);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}
