/**
 * Where auth0-events keeps its place in the tenant's event stream: the id (offset) of the last
 * SSE message it read, offset-only markers included, so a reconnect, a redeploy or a restart
 * resumes with `Last-Event-ID` right after it.
 *
 * The watcher only sees the small `EventCheckpoint` interface, so another store (a shared,
 * fenced one for several Node-RED processes) can take the context store's place.
 *
 * The context-store record lives in the node's FLOW context under a key named after the node
 * (node context is deleted on every stop when no store is configured; see log-checkpoint.ts),
 * read and written with the asynchronous API so every store works.
 */
import type { ContextStore, Node } from '../shared/node-red-types';

export interface EventPosition {
  /** The tenant's domain: an offset of another tenant means nothing here. */
  tenant: string;
  /** The `id` of the last message read. */
  lastEventId: string;
  /** When it was written (ISO): names the start of a gap when the offset has expired. */
  savedAt?: string;
}

export interface EventCheckpoint {
  load(): Promise<EventPosition | undefined>;
  save(position: EventPosition): Promise<void>;
  /** Forgets the place (an expired offset): the watcher goes on from now. */
  clear(): Promise<void>;
  /** The node was deleted: its place goes from every store, whoever runs it. */
  delete(): Promise<void>;
}

const VERSION = 1;

/** Flow-context key for a node: letters, digits and `_` only (a `.` would be read as a path). */
export function eventCheckpointKey(nodeId: string): string {
  return `auth0Events_${nodeId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

export class ContextEventCheckpoint implements EventCheckpoint {
  private readonly scope: ContextStore;
  private readonly key: string;
  private readonly store: string | undefined;

  constructor(node: Node, storeName: string | undefined) {
    const context = node.context();
    this.scope = context.flow ?? context;
    this.key = eventCheckpointKey(node.id);
    this.store = storeName && storeName.trim() !== '' ? storeName.trim() : undefined;
  }

  load(): Promise<EventPosition | undefined> {
    return new Promise((resolve, reject) => {
      this.scope.get(this.key, this.store, (err, value) => {
        if (err) {
          reject(err);
          return;
        }
        const r = value as Record<string, unknown> | undefined;
        const valid = !!r && r.version === VERSION && typeof r.tenant === 'string' && typeof r.lastEventId === 'string' && r.lastEventId !== '';
        resolve(
          valid
            ? { tenant: r.tenant as string, lastEventId: r.lastEventId as string, ...(typeof r.savedAt === 'string' ? { savedAt: r.savedAt } : {}) }
            : undefined,
        );
      });
    });
  }

  /** A fresh object each time (the memory store keeps the reference it is given). */
  save(position: EventPosition): Promise<void> {
    const value = { version: VERSION, tenant: position.tenant, lastEventId: position.lastEventId, savedAt: new Date().toISOString() };
    return new Promise((resolve, reject) => {
      this.scope.set(this.key, value, this.store, (err) => (err ? reject(err) : resolve()));
    });
  }

  clear(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.scope.set(this.key, undefined, this.store, (err) => (err ? reject(err) : resolve()));
    });
  }

  delete(): Promise<void> {
    return this.clear();
  }
}
