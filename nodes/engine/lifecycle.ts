/**
 * What the editor, the help and the runtime say about Auth0's release stages: an operation's
 * lifecycle (early access, beta, deprecated, legacy) and a group's end of life. Words live here
 * once, so the form, the help and the log say the same thing.
 */
import type { GroupSpec, Lifecycle, OperationSpec } from '../shared/catalogue';

const LIFECYCLE_LABELS: Record<Exclude<Lifecycle, 'ga'>, string> = {
  'early-access': 'early access',
  beta: 'beta',
  deprecated: 'deprecated',
  legacy: 'legacy',
};

/** A short label for an operation's release stage; empty when generally available. */
export function lifecycleLabel(lifecycle: Lifecycle | undefined): string {
  return lifecycle === undefined || lifecycle === 'ga' ? '' : LIFECYCLE_LABELS[lifecycle];
}

/** One sentence on an operation's release stage and its replacement; empty when generally available. */
export function lifecycleNote(op: Pick<OperationSpec, 'lifecycle' | 'replacement'>): string {
  const label = lifecycleLabel(op.lifecycle);
  if (!label) return '';
  const stage =
    op.lifecycle === 'early-access' || op.lifecycle === 'beta'
      ? `Auth0 offers this in ${label}: the tenant may need it enabled, and it may still change.`
      : `Auth0 marks this ${label}.`;
  return op.replacement ? `${stage} Use instead: ${op.replacement}.` : stage;
}

/** The sentence a retired group's palette tooltip, help and deploy warning start with. */
export function endOfLifeNote(group: Pick<GroupSpec, 'endOfLife' | 'type'>): string {
  if (!group.endOfLife) return '';
  return `End of life since ${group.endOfLife.date}: Auth0 has retired this feature. Use ${group.endOfLife.replacement} instead.`;
}

/** The one warning a retired group's node logs when it is deployed; undefined for other groups. */
export function endOfLifeWarning(group: Pick<GroupSpec, 'endOfLife' | 'type'>): string | undefined {
  if (!group.endOfLife) return undefined;
  return `${group.type}: ${endOfLifeNote(group)} The node's operations still reach the Management API as before.`;
}
