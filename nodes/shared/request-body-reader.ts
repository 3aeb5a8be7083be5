/**
 * The one reader of an incoming HTTP request's body, used by the log-stream receiver and by the
 * local emulator: the raw bytes up to a limit. A Content-Length above the limit is refused before
 * anything is read; a body that grows past it is refused as soon as it does, and the rest is
 * drained unread so the connection can still carry the answer.
 */
import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** True when the request declares (Content-Length) more than `limit` bytes. */
export function declaresMoreThan(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/** The body's bytes; rejects with BodyTooLargeError past `limit`, or with the stream's error. */
export function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (declaresMoreThan(req, limit)) {
      req.resume();
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLargeError(limit));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) {
        failed = true;
        reject(err);
      }
    });
  });
}
