/**
 * auth0-events' place in the event stream when the tenant's replicas share Redis: kept in Redis,
 * written with the watcher's lease (fenced), so a former holder that was paused cannot put back
 * an older offset after another replica moved on; with a copy in the node's context store. The
 * copy is read only when Redis has none (a Redis that lost its data): then events may come
 * again, never lost.
 */
import type { FencedStore } from '../../shared-state/fenced-store';
import { type EventCheckpoint, type EventPosition, positionOf, recordOf } from './event-checkpoint';

const VERSION = 1;

interface StoredPosition extends EventPosition {
  version: number;
}

export class SharedEventCheckpoint implements EventCheckpoint {
  constructor(
    private readonly shared: FencedStore<StoredPosition>,
    private readonly local: EventCheckpoint,
  ) {}

  async load(): Promise<EventPosition | undefined> {
    return positionOf((await this.shared.load()) as Record<string, unknown> | undefined, VERSION) ?? this.local.load();
  }

  /** Redis first (LeaseLost when this process no longer holds the lease), then the local copy. */
  async save(position: EventPosition): Promise<void> {
    await this.shared.save(recordOf(position, VERSION) as unknown as StoredPosition);
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
