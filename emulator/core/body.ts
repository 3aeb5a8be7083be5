/**
 * Request body parsing: JSON, application/x-www-form-urlencoded and
 * multipart/form-data (busboy). Bodies are read only when the request has one.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ApiError, badRequest } from './errors';
import { BodyTooLargeError, declaresMoreThan, readBodyBytes } from '../../nodes/shared/request-body-reader';

export interface UploadedFile {
  /** Form field name (e.g. `users`). */
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface ParsedBody {
  /** JSON value, or the form fields as an object of strings. Undefined when there was no body. */
  body: unknown;
  files: UploadedFile[];
  /** The raw bytes (JSON and form bodies only). */
  raw?: Buffer;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_MULTIPART_LIMIT = 10 * 1024 * 1024;

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

export const payloadTooLarge = () => new ApiError(413, 'Payload content length greater than maximum allowed', 'payload_too_large');

export async function parseBody(req: IncomingMessage, limits: { body?: number; multipart?: number } = {}): Promise<ParsedBody> {
  if (!hasBody(req)) return { body: undefined, files: [] };
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipart(req, limits.multipart ?? DEFAULT_MULTIPART_LIMIT);
  const raw = await readRaw(req, limits.body ?? DEFAULT_BODY_LIMIT);
  if (raw.length === 0) return { body: undefined, files: [], raw };
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) form[key] = value;
    return { body: form, files: [], raw };
  }
  const lenient = type.startsWith('text/plain');
  if (type === '' || type.includes('json') || lenient) {
    try {
      return { body: JSON.parse(raw.toString('utf8')) as unknown, files: [], raw };
    } catch {
      // text/plain that is not JSON stays text.
      if (!lenient) throw badRequest('Invalid request payload JSON format', 'invalid_body');
    }
  }
  // Other types (text, xml): the raw text is the body.
  return { body: raw.toString('utf8'), files: [], raw };
}

/** The raw body, read by the one reader the package's nodes use; past the limit, Auth0's 413. */
function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  return readBodyBytes(req, limit).catch((err: unknown) => {
    throw err instanceof BodyTooLargeError ? payloadTooLarge() : err;
  });
}

function parseMultipart(req: IncomingMessage, limit: number): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    if (declaresMoreThan(req, limit)) {
      req.resume();
      reject(payloadTooLarge());
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limit } });
    } catch {
      reject(badRequest('Invalid multipart body', 'invalid_body'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let failed: Error | undefined;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failed = payloadTooLarge();
      });
      stream.on('close', () => {
        files.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) });
      });
    });
    parser.on('error', () => reject(badRequest('Invalid multipart body', 'invalid_body')));
    parser.on('close', () => {
      if (failed) reject(failed);
      else resolve({ body: fields, files });
    });
    req.pipe(parser);
  });
}
