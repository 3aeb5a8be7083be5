/**
 * The last snapshot, kept to compare the next one with: in the context store the user chose (a
 * file store survives a restart), and with replicas also in the tenant's Redis under the lease
 * (so the replica that takes over compares with what the last holder saw). It holds no secret:
 * fingerprints only, and the id of the key that made them.
 */
import { FlowContextRecord } from '../shared/flow-context-record';
import type { Node } from '../shared/node-red-types';
import type { WatcherSharing } from '../watch/watcher-sharing';
import { isObject } from './snapshot-paths';
import type { TenantSnapshot } from './snapshot-reader';

export interface Baseline {
  version: 1;
  /** The fingerprint key's id when the baseline was taken. */
  keyId: string;
  snapshot: TenantSnapshot;
}

function asBaseline(value: unknown): Baseline | undefined {
  if (!isObject(value) || value.version !== 1 || typeof value.keyId !== 'string') return undefined;
  const snapshot = value.snapshot;
  if (!isObject(snapshot) || !isObject(snapshot.resources) || typeof snapshot.domain !== 'string') return undefined;
  return value as unknown as Baseline;
}

export class BaselineStore {
  private readonly record: FlowContextRecord;

  constructor(
    node: Node,
    store: string | undefined,
    private readonly sharing: WatcherSharing | undefined,
  ) {
    this.record = new FlowContextRecord(node, 'auth0_tenant_snapshot', store);
  }

  async load(): Promise<Baseline | undefined> {
    const shared = this.sharing ? asBaseline(await this.sharing.store<Baseline>('baseline').load()) : undefined;
    return shared ?? asBaseline(await this.record.read());
  }

  async save(baseline: Baseline): Promise<void> {
    // A fresh copy each time: the memory store keeps the reference it is given.
    const copy = JSON.parse(JSON.stringify(baseline)) as Baseline;
    if (this.sharing) await this.sharing.store<Baseline>('baseline').save(copy);
    await this.record.write(copy);
  }
}
