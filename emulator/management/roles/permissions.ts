/** Permissions (role and user): validation against resource servers, and their API views. */
import { badRequest, notFound } from '../../core/errors';
import type { Permission } from '../../core/model';
import type { TenantState } from '../../core/state';
import { payloadError } from '../body';

/** Reads and checks `body.permissions`: each names an existing API and one of its scopes. */
export function permissionList(state: TenantState, body: Record<string, unknown>): Permission[] {
  const value = body.permissions;
  if (value === undefined) throw payloadError('Missing required property: permissions');
  if (!Array.isArray(value) || value.length === 0) throw payloadError("Array is too short (0), minimum 1' on property permissions");
  return value.map((item) => {
    if (item === null || typeof item !== 'object') throw payloadError("Expected type object' on property permissions");
    const { resource_server_identifier: api, permission_name: name } = item as Record<string, unknown>;
    if (typeof api !== 'string' || typeof name !== 'string') {
      throw payloadError('Missing required property: resource_server_identifier or permission_name');
    }
    const server = state.resourceServerByIdentifier(api);
    if (!server) throw notFound(`Resource server ${api} does not exist`, 'inexistent_resource_server');
    if (!(server.scopes ?? []).some((s) => s.value === name)) {
      throw badRequest(`Permission ${name} does not exist on resource server ${api}`, 'invalid_body');
    }
    return { resource_server_identifier: api, permission_name: name };
  });
}

function sameGrant(a: Permission, b: Permission): boolean {
  return a.resource_server_identifier === b.resource_server_identifier && a.permission_name === b.permission_name;
}

export function addPermissions(map: Map<string, Permission[]>, key: string, added: readonly Permission[]): void {
  const current = map.get(key) ?? [];
  for (const permission of added) if (!current.some((p) => sameGrant(p, permission))) current.push({ ...permission });
  map.set(key, current);
}

export function removePermissions(map: Map<string, Permission[]>, key: string, removed: readonly Permission[]): void {
  const current = map.get(key);
  if (!current) return;
  const kept = current.filter((p) => !removed.some((r) => sameGrant(p, r)));
  if (kept.length) map.set(key, kept);
  else map.delete(key);
}

/** The API view of a permission: with resource server name and scope description. */
export function permissionView(state: TenantState, permission: Permission): Record<string, unknown> {
  const server = state.resourceServerByIdentifier(permission.resource_server_identifier);
  const description = server?.scopes?.find((s) => s.value === permission.permission_name)?.description ?? '';
  return {
    permission_name: permission.permission_name,
    description,
    resource_server_name: server?.name ?? permission.resource_server_identifier,
    resource_server_identifier: permission.resource_server_identifier,
  };
}

/** A user's permissions, direct and through roles, each with its `sources` (as GET /users/{id}/permissions). */
export function userPermissionViews(state: TenantState, userId: string): Record<string, unknown>[] {
  const byKey = new Map<string, { view: Record<string, unknown>; sources: Record<string, unknown>[] }>();
  const add = (permission: Permission, source: Record<string, unknown>) => {
    const key = `${permission.resource_server_identifier}\n${permission.permission_name}`;
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { view: permissionView(state, permission), sources: [] }));
    entry.sources.push(source);
  };
  for (const permission of state.userPermissions.get(userId) ?? []) add(permission, { source_id: '', source_name: '', source_type: 'DIRECT' });
  for (const roleId of state.userRoles.rightsOf(userId)) {
    const role = state.roles.get(roleId);
    for (const permission of state.rolePermissions.get(roleId) ?? []) {
      add(permission, { source_id: roleId, source_name: role?.name ?? '', source_type: 'ROLE' });
    }
  }
  return [...byKey.values()].map(({ view, sources }) => ({ ...view, sources }));
}
