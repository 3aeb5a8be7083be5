/**
 * The operation groups of the node types loaded in this Node-RED, by node type: filled as each
 * action node module registers, read by the config node's connection check (which operations of
 * the deployed nodes need scopes the token lacks).
 */
import type { GroupSpec } from '../shared/catalogue';

const groups = new Map<string, GroupSpec>();

export function registerGroup(group: GroupSpec): void {
  groups.set(group.type, group);
}

export function groupOfType(type: string): GroupSpec | undefined {
  return groups.get(type);
}
