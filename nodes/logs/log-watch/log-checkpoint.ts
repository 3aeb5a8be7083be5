/**
 * Where auth0-log-watch keeps its place in the tenant's log: one record in the context store
 * the user picks, read and written with the asynchronous (callback) API so every store works,
 * including ones without a cache.
 *
 * The record lives in the node's FLOW context under a key named after the node, not in node
 * context: Node-RED deletes a node's context every time the node stops when no context store is
 * configured (runtime `Node.prototype.close` → `context.delete`), so with the default settings a
 * node-context checkpoint would be gone after every full deploy, and the watcher would re-apply
 * its start position (skipping events, or re-emitting everything). Flow context survives a
 * redeploy; the record is deleted when the node itself is deleted or disabled.
 */
import type { ContextStore, Node } from '../../shared/node-red-types';

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
}

/** Flow-context key for a node: letters, digits and `_` only (a `.` would be read as a path). */
export function checkpointKey(nodeId: string): string {
  return `auth0LogWatch_${nodeId.replace(/[^A-Za-z0-9_]/g, '_')}`;
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
  private readonly scope: ContextStore;
  private readonly key: string;
  /** undefined: the default store. */
  private readonly store: string | undefined;

  constructor(node: Node, storeName: string | undefined) {
    const context = node.context();
    // Every deployed node has a flow; a node created outside one (some test set-ups) falls back.
    this.scope = context.flow ?? context;
    this.key = checkpointKey(node.id);
    this.store = storeName && storeName.trim() !== '' ? storeName.trim() : undefined;
  }

  /** The stored record, or undefined when there is none (or it is not one of ours). */
  load(): Promise<CheckpointRecord | undefined> {
    return new Promise((resolve, reject) => {
      this.scope.get(this.key, this.store, (err, value) => {
        if (err) reject(err);
        else resolve(isRecord(value) ? { ...value } : undefined);
      });
    });
  }

  /** Writes a fresh object each time (the memory store keeps the reference it is given). */
  save(record: Omit<CheckpointRecord, 'version' | 'savedAt'>): Promise<void> {
    const value: CheckpointRecord = { version: CHECKPOINT_VERSION, ...record, savedAt: new Date().toISOString() };
    return new Promise((resolve, reject) => {
      this.scope.set(this.key, value, this.store, (err) => (err ? reject(err) : resolve()));
    });
  }

  delete(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.scope.set(this.key, undefined, this.store, (err) => (err ? reject(err) : resolve()));
    });
  }
}
