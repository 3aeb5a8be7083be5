/**
 * auth0-log-watch's checkpoint when the tenant's replicas share Redis: kept in Redis, written
 * with the watcher's lease (fenced), with a copy in the node's context store. The copy is read
 * only when Redis has none (a Redis that lost its data): then events may come again, never lost.
 */
import type { FencedStore } from '../../shared-state/fenced-store';
import { CHECKPOINT_VERSION, type CheckpointRecord, type CheckpointStore, isRecord } from './log-checkpoint';

export type CheckpointKeeper = Pick<CheckpointStore, 'load' | 'save' | 'delete'>;

export class SharedCheckpointStore implements CheckpointKeeper {
  constructor(
    private readonly shared: FencedStore<CheckpointRecord>,
    private readonly local: CheckpointStore,
  ) {}

  async load(): Promise<CheckpointRecord | undefined> {
    const stored = await this.shared.load();
    return isRecord(stored) ? stored : this.local.load();
  }

  async save(record: Omit<CheckpointRecord, 'version' | 'savedAt'>): Promise<void> {
    await this.shared.save({ version: CHECKPOINT_VERSION, ...record, savedAt: new Date().toISOString() });
    await this.local.save(record).catch(() => undefined);
  }

  async delete(): Promise<void> {
    await this.shared.remove();
    await this.local.delete();
  }
}
