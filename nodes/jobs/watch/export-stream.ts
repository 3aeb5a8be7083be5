/**
 * Reads a completed export's users as a stream (downloaded, un-gzipped, parsed record by record),
 * so an export of any size keeps memory flat: into one array, or handed out one user at a time
 * for the items output, skipping the users already sent by an earlier attempt.
 */
import type { TenantClient } from '../../shared/http-types';
import { openExportFile } from './export-download';
import { type ExportFormat, exportRecords } from './records';

/** Users read before the watch lets Node-RED deliver them (keeps memory flat on big exports). */
const ITEMS_PER_TURN = 100;

export interface ExportReading {
  client: TenantClient;
  url: URL;
  format: ExportFormat;
  signal: AbortSignal;
  /** One message per user (true) or one array. */
  perItem: boolean;
  /** Users already sent by an earlier attempt (items output): not sent again. */
  alreadySent: number;
  /** The watch has closed: stop reading. */
  closed(): boolean;
  /** Users read so far, for the status (every 1,000); undefined once the file ends. */
  reading(count: number | undefined, showStatus: boolean): void;
  /** One user for the items output, as part `index`; `count` only with the last one. */
  item(user: Record<string, unknown>, index: number, count?: number): void;
}

/**
 * Reads the whole file. Resolves with the users (array output) or `[]` (items output, all sent),
 * and the number read; undefined when the watch closed on the way.
 */
export async function readExportUsers(reading: ExportReading): Promise<{ users: Record<string, unknown>[]; count: number } | undefined> {
  const stream = await openExportFile(reading.client, reading.url, reading.signal);
  const users: Record<string, unknown>[] = [];
  let index = 0;
  let sent = reading.alreadySent;
  let held: Record<string, unknown> | undefined;
  reading.reading(0, false);
  try {
    for await (const record of exportRecords(stream, reading.format)) {
      if (reading.closed()) return undefined;
      index += 1;
      reading.reading(index, false);
      if (!reading.perItem) {
        users.push(record);
      } else if (index > sent) {
        // One user held back, so the last message can carry parts.count for a join node.
        if (held) reading.item(held, sent++);
        held = record;
      }
      if (index % ITEMS_PER_TURN === 0) {
        if (index % (ITEMS_PER_TURN * 10) === 0) reading.reading(index, true);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  } finally {
    reading.reading(undefined, false);
    stream.destroy();
  }
  if (reading.closed()) return undefined;
  if (held) reading.item(held, sent, index);
  return { users, count: index };
}
