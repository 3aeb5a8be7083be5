/**
 * Where auth0-log-watch keeps its place in the tenant's log: one record in the flow context of the
 * store the user picks (see flow-context-record.ts for why flow context: a node-context checkpoint
 * would be gone after every full deploy, and the watcher would re-apply its start position). The
 * record is deleted when the node itself is deleted or disabled.
 */
import { FlowContextRecord, flowContextKey } from '../../shared/flow-context-record';
import type { Node } from '../../shared/node-red-types';
import type { SentFilter } from './sent-filters';

export const CHECKPOINT_VERSION = 1;

export interface CheckpointRecord {
  version: number;
  /** The tenant's domain: a checkpoint of another tenant is meaningless here. */
  tenant: string;
  /** The start setting it was made under (`now`, `oldest`, `id:<log_id>`); changing it starts over. */
  start: string;
  /** The `from` of the next request; null means "from the beginning of the log". */
  cursor: string | null;
  /** The log_id of the last event read (emitted or filtered out). */
  lastLogId: string | null;
  /** The date of the last event emitted, for the status. */
  lastDate: string | null;
  /** When it was written (ISO), for people reading the context sidebar. */
  savedAt: string;
  /**
   * Acknowledged mode: the log_id of the newest event sent (written before it is sent), so the
   * events after the checkpoint up to it are known as redeliveries after a restart or a takeover.
   */
  sentUpTo?: string | null;
  /** Acknowledged mode: the type filters the events up to `sentUpTo` were sent under (sent-filters.ts). */
  sentFilters?: SentFilter[];
}

const KEY_PREFIX = 'auth0LogWatch';

/** The node's flow-context key. */
export function checkpointKey(nodeId: string): string {
  return flowContextKey(KEY_PREFIX, nodeId);
}

export function isRecord(value: unknown): value is CheckpointRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  const nullableString = (v: unknown): boolean => v === null || typeof v === 'string';
  return (
    r.version === CHECKPOINT_VERSION &&
    typeof r.tenant === 'string' &&
    typeof r.start === 'string' &&
    nullableString(r.cursor) &&
    nullableString(r.lastLogId) &&
    nullableString(r.lastDate)
  );
}

export class CheckpointStore {
  private readonly record: FlowContextRecord;

  constructor(node: Node, storeName: string | undefined) {
    this.record = new FlowContextRecord(node, KEY_PREFIX, storeName);
  }

  /** The stored record, or undefined when there is none (or it is not one of ours). */
  async load(): Promise<CheckpointRecord | undefined> {
    const value = await this.record.read();
    return isRecord(value) ? { ...value } : undefined;
  }

  save(record: Omit<CheckpointRecord, 'version' | 'savedAt'>): Promise<void> {
    const value: CheckpointRecord = { version: CHECKPOINT_VERSION, ...record, savedAt: new Date().toISOString() };
    return this.record.write(value);
  }

  delete(): Promise<void> {
    return this.record.remove();
  }
}
