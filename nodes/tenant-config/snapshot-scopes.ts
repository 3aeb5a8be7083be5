/**
 * The reads of a snapshot as an operation group, registered for the config node's "Check
 * connection": it lists the snapshot node's reads whose scopes the token lacks, as it lists the
 * action nodes' operations (the group is never a node of its own).
 */
import type { GroupSpec, OperationSpec } from '../shared/catalogue';
import { SNAPSHOT_RESOURCES } from './snapshot-resources';

export function snapshotScopeGroup(): GroupSpec {
  const operations: OperationSpec[] = [];
  const seen = new Set<string>();
  for (const resource of SNAPSHOT_RESOURCES) {
    const reads = [resource.read, ...(resource.full ? [resource.full.read] : []), ...(resource.details ?? []).map((detail) => detail.read)];
    for (const read of reads) {
      const op = read.group.operations.find((candidate) => candidate.id === read.op);
      const id = `${read.group.name}.${read.op}`;
      if (!op || seen.has(id)) continue;
      seen.add(id);
      operations.push({ ...op, id: resource.name === read.group.name ? id : `${resource.name} (${id})`, label: resource.label });
    }
  }
  return {
    type: 'auth0-tenant-snapshot',
    name: 'tenant_snapshot',
    paletteLabel: 'tenant snapshot',
    api: 'management',
    runsEveryOperation: true,
    summary: 'The reads of a tenant snapshot.',
    operations,
  };
}
