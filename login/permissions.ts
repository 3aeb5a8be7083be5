/** Node-RED permissions from Auth0 role names, through the `permissions` option. */
import type { Permission } from './options';

/** `*` when any role gives it, else every permission the roles give (deduplicated); undefined for none. */
export function permissionsFor(roles: readonly string[], map: Record<string, Permission>): Permission | undefined {
  const granted = new Set<string>();
  for (const role of roles) {
    const permission = Object.prototype.hasOwnProperty.call(map, role) ? map[role] : undefined;
    if (permission === undefined) continue;
    for (const p of Array.isArray(permission) ? permission : [permission]) granted.add(p);
  }
  if (granted.size === 0) return undefined;
  if (granted.has('*')) return '*';
  const list = [...granted];
  return list.length === 1 ? list[0] : list;
}
