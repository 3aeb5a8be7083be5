/**
 * An export file as records, streamed: the bytes un-gzipped (when they are gzip), decoded, and
 * parsed one record at a time, newline-delimited JSON (Auth0's "json" export) or CSV with a
 * header row. Only the record being read is held, so a file of any size reads in flat memory.
 */
import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { toError } from '../../shared/errors';

export type ExportFormat = 'json' | 'csv';

/** A record of the file that could not be read. */
export class ExportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFileError';
  }
}

/** The bytes, un-gzipped when they start with gzip's magic number. */
async function* plainBytes(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < 2) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    head.push(chunk);
    headBytes += chunk.length;
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    }
  }
  const first = Buffer.concat(head);
  if (first.length < 2 || first[0] !== 0x1f || first[1] !== 0x8b) {
    yield* all();
    return;
  }
  const gunzip = createGunzip();
  const raw = Readable.from(all());
  // pipeline ends both on an error or an early stop; the error reaches the loop below through gunzip.
  pipeline(raw, gunzip, () => undefined);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } finally {
    raw.destroy();
    gunzip.destroy();
  }
}

/** The text in pieces, UTF-8 sequences kept whole across chunks, a leading BOM dropped. */
async function* text(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of plainBytes(source)) {
    let piece = decoder.write(chunk);
    if (first && piece !== '') {
      piece = piece.replace(/^\uFEFF/, '');
      first = false;
    }
    if (piece !== '') yield piece;
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/** One user per line; blank lines skipped. */
async function* ndjsonRecords(source: AsyncIterable<Buffer | string>): AsyncGenerator<Record<string, unknown>> {
  let pending = '';
  let line = 0;
  const parse = (raw: string): Record<string, unknown> | undefined => {
    line += 1;
    const trimmed = raw.trim();
    if (trimmed === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (err) {
      throw new ExportFileError(`line ${line} of the export file is not JSON (${toError(err).message})`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ExportFileError(`line ${line} of the export file is not a user object`);
    return value as Record<string, unknown>;
  };
  for await (const piece of text(source)) {
    pending += piece;
    let start = 0;
    for (let end = pending.indexOf('\n', start); end !== -1; end = pending.indexOf('\n', start)) {
      const record = parse(pending.slice(start, end));
      start = end + 1;
      if (record) yield record;
    }
    pending = pending.slice(start);
  }
  const last = parse(pending);
  if (last) yield last;
}

/**
 * RFC 4180 rows, streamed: quoted fields may hold commas, doubled quotes and line breaks;
 * CRLF or LF ends a row.
 */
export class CsvRowReader {
  private field = '';
  private row: string[] = [];
  private inQuotes = false;
  /** A quote was read inside a quoted field: the end of it, or the first of a doubled quote. */
  private quoteSeen = false;
  private fieldStarted = false;

  /** Feeds text; returns the rows it completed. */
  push(chunk: string): string[][] {
    const rows: string[][] = [];
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.inQuotes) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (chunk[i] === '"') {
            this.field += '"';
            i += 1;
            continue;
          }
          this.inQuotes = false;
          continue; // the character after the closing quote is read unquoted
        }
        const quote = chunk.indexOf('"', i);
        if (quote === -1) {
          this.field += chunk.slice(i);
          i = n;
        } else {
          this.field += chunk.slice(i, quote);
          this.quoteSeen = true;
          i = quote + 1;
        }
        continue;
      }
      const c = chunk[i];
      if (c === '"' && !this.fieldStarted) {
        this.inQuotes = true;
        this.fieldStarted = true;
        i += 1;
      } else if (c === ',') {
        this.endField();
        i += 1;
      } else if (c === '\n') {
        this.endField();
        rows.push(this.row);
        this.row = [];
        i += 1;
      } else if (c === '\r') {
        i += 1; // CRLF: the LF ends the row
      } else {
        let j = i;
        while (j < n && chunk[j] !== ',' && chunk[j] !== '\n' && chunk[j] !== '\r' && !(chunk[j] === '"' && !this.fieldStarted && j === i)) j += 1;
        this.field += chunk.slice(i, j);
        this.fieldStarted = true;
        i = j;
      }
    }
    return rows;
  }

  /** The last row when the text does not end with a line break. */
  end(): string[] | undefined {
    if (this.inQuotes && !this.quoteSeen) throw new ExportFileError('the export file ends inside a quoted CSV field');
    this.inQuotes = false;
    this.quoteSeen = false;
    if (!this.fieldStarted && this.row.length === 0) return undefined;
    this.endField();
    const row = this.row;
    this.row = [];
    return row;
  }

  private endField(): void {
    this.row.push(this.field);
    this.field = '';
    this.fieldStarted = false;
  }
}

/** CSV with a header row: each row an object keyed by the column names, values as text. */
async function* csvRecords(source: AsyncIterable<Buffer | string>): AsyncGenerator<Record<string, unknown>> {
  const reader = new CsvRowReader();
  let header: string[] | undefined;
  let rowNo = 0;
  const toRecord = (row: string[]): Record<string, unknown> | undefined => {
    rowNo += 1;
    if (row.length === 1 && row[0] === '') return undefined; // blank line
    if (!header) {
      header = row;
      return undefined;
    }
    if (row.length !== header.length) throw new ExportFileError(`CSV row ${rowNo} has ${row.length} fields, the header ${header.length}`);
    const record: Record<string, unknown> = {};
    header.forEach((column, i) => {
      record[column] = row[i];
    });
    return record;
  };
  for await (const piece of text(source)) {
    for (const row of reader.push(piece)) {
      const record = toRecord(row);
      if (record) yield record;
    }
  }
  const last = reader.end();
  if (last) {
    const record = toRecord(last);
    if (record) yield record;
  }
}

/** The users of an export file, one at a time. */
export function exportRecords(source: AsyncIterable<Buffer | string>, format: ExportFormat): AsyncGenerator<Record<string, unknown>> {
  return format === 'csv' ? csvRecords(source) : ndjsonRecords(source);
}
