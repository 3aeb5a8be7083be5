/**
 * auth0-events' place in the event stream when the tenant's replicas share Redis: kept in Redis,
 * written with the watcher's lease (fenced), so a former holder that was paused cannot put back
 * an older offset after another replica moved on; with a copy in the node's context store. The
 * copy is read only when Redis has none (a Redis that lost its data): then events may come
 * again, never lost.
 */
import type { FencedStore } from '../../shared-state/fenced-store';
import type { EventCheckpoint, EventPosition } from './event-checkpoint';

const VERSION = 1;

interface StoredPosition extends EventPosition {
  version: number;
}

function isStored(value: unknown): value is StoredPosition {
  const r = value as Record<string, unknown> | undefined;
  return !!r && r.version === VERSION && typeof r.tenant === 'string' && typeof r.lastEventId === 'string' && r.lastEventId !== '';
}

export class SharedEventCheckpoint implements EventCheckpoint {
  constructor(
    private readonly shared: FencedStore<StoredPosition>,
    private readonly local: EventCheckpoint,
  ) {}

  async load(): Promise<EventPosition | undefined> {
    const stored = await this.shared.load();
    if (!isStored(stored)) return this.local.load();
    return { tenant: stored.tenant, lastEventId: stored.lastEventId, ...(typeof stored.savedAt === 'string' ? { savedAt: stored.savedAt } : {}) };
  }

  /** Redis first (LeaseLost when this process no longer holds the lease), then the local copy. */
  async save(position: EventPosition): Promise<void> {
    await this.shared.save({ version: VERSION, tenant: position.tenant, lastEventId: position.lastEventId, savedAt: new Date().toISOString() });
    await this.local.save(position).catch(() => undefined);
  }

  /** Fenced too: only the holder forgets the place. */
  async clear(): Promise<void> {
    await this.shared.save(undefined);
    await this.local.clear().catch(() => undefined);
  }

  async delete(): Promise<void> {
    await this.shared.remove();
    await this.local.delete();
  }
}
