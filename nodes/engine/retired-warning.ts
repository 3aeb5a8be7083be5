/**
 * A retired group (Rules, Hooks) says so in the log and the debug sidebar once per node type and
 * deploy, from the first of its nodes: a flow with many such nodes (the examples hold 13) gets one
 * line per type, not one per node. Node-RED's `flows:started` event ends a deploy.
 */
import type { GroupSpec } from '../shared/catalogue';
import type { Node, NodeRedAPI } from '../shared/node-red-types';
import { endOfLifeWarning } from './lifecycle';

const warnedThisDeploy = new Set<string>();
const listeningTo = new WeakSet<object>();

export function warnIfRetired(RED: NodeRedAPI, node: Node, group: GroupSpec): void {
  const warning = endOfLifeWarning(group);
  if (!warning) return;
  if (RED.events && !listeningTo.has(RED.events)) {
    listeningTo.add(RED.events);
    RED.events.on('flows:started', () => warnedThisDeploy.clear());
  }
  if (warnedThisDeploy.has(group.type)) return;
  warnedThisDeploy.add(group.type);
  node.warn(warning);
}
