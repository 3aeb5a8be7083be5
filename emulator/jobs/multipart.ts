/**
 * Reads the multipart/form-data body of `POST /jobs/users-imports`: the `users` file part and
 * the text fields. The file is read only up to the size limit; a larger file is reported (the
 * route answers 413) without keeping more than the limit in memory.
 */
import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';

export interface ImportForm {
  fields: Record<string, string>;
  /** The `users` part, when sent. */
  users?: Buffer;
  /** True when the `users` part exceeded the limit (its bytes past the limit were dropped). */
  tooLarge: boolean;
}

export class MultipartError extends Error {}

export function parseImportForm(headers: IncomingHttpHeaders, body: Readable | Buffer, maxFileBytes: number): Promise<ImportForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { fileSize: maxFileBytes, files: 4, fields: 32, fieldSize: 64 * 1024 } });
    } catch (err) {
      reject(new MultipartError(err instanceof Error ? err.message : String(err)));
      return;
    }
    const form: ImportForm = { fields: {}, tooLarge: false };
    let usersChunks: Buffer[] | undefined;
    parser.on('field', (name, value) => {
      form.fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'users') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      usersChunks = chunks;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        form.tooLarge = true;
      });
    });
    parser.on('error', (err: unknown) => reject(new MultipartError(err instanceof Error ? err.message : String(err))));
    parser.on('close', () => {
      if (usersChunks) form.users = Buffer.concat(usersChunks);
      resolve(form);
    });
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    source.on('error', (err) => reject(new MultipartError(err.message)));
    source.pipe(parser);
  });
}
