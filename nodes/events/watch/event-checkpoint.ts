/**
 * Where auth0-events keeps its place in the tenant's event stream: the id (offset) of the last
 * SSE message it read, offset-only markers included, so a reconnect, a redeploy or a restart
 * resumes with `Last-Event-ID` right after it.
 *
 * The watcher only sees the small `EventCheckpoint` interface, so another store (a shared,
 * fenced one for several Node-RED processes) can take the context store's place.
 *
 * The context-store record lives in the node's flow context (see flow-context-record.ts).
 */
import { FlowContextRecord, flowContextKey } from '../../shared/flow-context-record';
import type { Node } from '../../shared/node-red-types';

export interface EventPosition {
  /** The tenant's domain: an offset of another tenant means nothing here. */
  tenant: string;
  /** The `id` of the last message read. */
  lastEventId: string;
  /** When it was written (ISO): names the start of a gap when the offset has expired. */
  savedAt?: string;
  /**
   * Acknowledged mode: the offset of the last message sent (written before it is sent), so the
   * messages from `lastEventId` up to it are known as redeliveries after a restart or a takeover.
   */
  sentUpTo?: string;
  /**
   * Acknowledged mode: the event type lists the messages up to `sentUpTo` were sent under (an
   * empty list: every type), so after a change of types only what one of them chose is marked.
   */
  sentTypes?: string[][];
}

const isTypeLists = (value: unknown): value is string[][] =>
  Array.isArray(value) && value.length > 0 && value.every((list) => Array.isArray(list) && list.every((type) => typeof type === 'string'));

/** The position's own fields from a stored record (undefined when it is not one). */
export function positionOf(r: Record<string, unknown> | undefined, version: number): EventPosition | undefined {
  const valid = !!r && r.version === version && typeof r.tenant === 'string' && typeof r.lastEventId === 'string' && r.lastEventId !== '';
  if (!valid) return undefined;
  return {
    tenant: r.tenant as string,
    lastEventId: r.lastEventId as string,
    ...(typeof r.savedAt === 'string' ? { savedAt: r.savedAt } : {}),
    ...(typeof r.sentUpTo === 'string' && r.sentUpTo !== '' ? { sentUpTo: r.sentUpTo } : {}),
    ...(isTypeLists(r.sentTypes) ? { sentTypes: r.sentTypes } : {}),
  };
}

/** The record written for a position. */
export function recordOf(position: EventPosition, version: number): Record<string, unknown> {
  return {
    version,
    tenant: position.tenant,
    lastEventId: position.lastEventId,
    savedAt: new Date().toISOString(),
    ...(position.sentUpTo !== undefined ? { sentUpTo: position.sentUpTo } : {}),
    ...(position.sentTypes !== undefined ? { sentTypes: position.sentTypes } : {}),
  };
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

const KEY_PREFIX = 'auth0Events';

/** The node's flow-context key. */
export function eventCheckpointKey(nodeId: string): string {
  return flowContextKey(KEY_PREFIX, nodeId);
}

export class ContextEventCheckpoint implements EventCheckpoint {
  private readonly record: FlowContextRecord;

  constructor(node: Node, storeName: string | undefined) {
    this.record = new FlowContextRecord(node, KEY_PREFIX, storeName);
  }

  async load(): Promise<EventPosition | undefined> {
    return positionOf((await this.record.read()) as Record<string, unknown> | undefined, VERSION);
  }

  save(position: EventPosition): Promise<void> {
    return this.record.write(recordOf(position, VERSION));
  }

  clear(): Promise<void> {
    return this.record.remove();
  }

  delete(): Promise<void> {
    return this.clear();
  }
}
