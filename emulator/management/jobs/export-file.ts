/**
 * Writes a users-export file: gzipped ndjson or CSV, streamed to disk in batches so that a
 * tenant of any size never needs the whole file (or a copy of every user) in memory, and the
 * event loop keeps answering requests while the file is written.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { csvHeader, toCsvRow, toNdjsonLine, type CompiledFields, type ExportFormat } from './export-format';

/** Users formatted per chunk handed to gzip. */
const BATCH_USERS = 500;

export interface ExportFileResult {
  users: number;
  bytes: number;
}

/** The export file's lines, as chunks of about BATCH_USERS users each. */
async function* exportChunks(users: Iterable<unknown>, format: ExportFormat, fields: CompiledFields, limit: number | undefined, counter: { users: number }) {
  if (format === 'csv') yield csvHeader(fields);
  let chunk = '';
  let inChunk = 0;
  for (const user of users) {
    if (limit !== undefined && counter.users >= limit) break;
    chunk += format === 'csv' ? toCsvRow(user, fields) : toNdjsonLine(user, fields);
    counter.users += 1;
    inChunk += 1;
    if (inChunk >= BATCH_USERS) {
      yield chunk;
      chunk = '';
      inChunk = 0;
      // Let requests in between batches.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (chunk) yield chunk;
}

/**
 * Streams `users` (a live iterator over the store, read lazily) into a gzip file at `path`.
 * `signal` aborts the write (emulator reset or close).
 */
export async function writeExportFile(
  path: string,
  users: Iterable<unknown>,
  format: ExportFormat,
  fields: CompiledFields,
  limit: number | undefined,
  signal?: AbortSignal,
): Promise<ExportFileResult> {
  const counter = { users: 0 };
  const out = createWriteStream(path);
  await once(out, 'open');
  await pipeline(Readable.from(exportChunks(users, format, fields, limit, counter)), createGzip(), out, { signal });
  return { users: counter.users, bytes: out.bytesWritten };
}
