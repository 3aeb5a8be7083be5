/**
 * Management API: /api/v2/groups and everything computed from them: the roles of a group (tenant-wide
 * and per organization), a role's groups, a user's groups, and a user's effective roles and
 * permissions, assigned directly or through a group.
 *
 * Groups come from directories (SCIM, directory provisioning), so the API cannot create them: the
 * emulator takes them from seed data, `collections.groups`: `{id, name, connection_id?, external_id?,
 * members: [user ids], roles: [role ids], organization_roles: {org id: [role ids]}}`.
 */
import { invalidQuery, notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import type { Permission, RoleRecord } from '../../core/model';
import { checkpointBody, checkpointPage, fieldsProjection, pagedList } from '../../core/paging';
import type { QueryReader } from '../../core/query';
import type { RouteContext, RoutesModule, Tenant } from '../../core/types';
import { permissionView } from './permissions';
import { bodyObject, checkBody } from '../group-helpers';
import { requireOrg } from '../organizations/organizations.routes';
import { registerResources } from '../resources';
import { requireRole } from './roles.routes';
import { requireUser } from '../users/users.routes';
import { toText } from '../../../nodes/shared/to-text';

const GROUPS = 'groups';
const HIDDEN = ['members', 'roles', 'organization_roles'] as const;
const GROUP_MISSING = 'The group does not exist.';

type Source = 'direct' | 'groups';

function groupView(group: JsonRecord): JsonRecord {
  const shown: JsonRecord = { ...group };
  for (const key of [...HIDDEN, '_parent']) delete shown[key];
  return shown;
}

function roleView(role: RoleRecord, sources?: readonly string[]): JsonRecord {
  return { id: role.id, name: role.name, description: role.description ?? '', ...(sources ? { sources: [...sources] } : {}) };
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Reads a required id list (`roles` or `groups`) from the body; every id must exist. */
function idList(ctx: RouteContext, key: 'roles' | 'groups', exists: (id: string) => boolean, missing: string): string[] {
  const body = checkBody(bodyObject(ctx), { types: { [key]: 'array' }, required: [key] });
  const ids = list(body[key]);
  for (const id of ids) if (!exists(id)) throw notFound(missing);
  return ids;
}

/** A required query parameter, with Auth0's 400 when it is missing. */
function requiredQuery(query: QueryReader, name: string): string {
  const value = query.str(name);
  if (value === undefined || value === '') throw invalidQuery(`Query validation error: 'Missing required property: ${name}'.`);
  return value;
}

function checkpointList(ctx: RouteContext, items: readonly JsonRecord[], itemsKey: string): unknown {
  const project = fieldsProjection(ctx.query);
  return checkpointBody(
    checkpointPage(items, ctx.query, (item) => String(item.id)),
    itemsKey,
    project,
  );
}

export function groupsOf(tenant: Tenant): JsonRecord[] {
  return tenant.state.collection(GROUPS).list();
}

/** A user's roles with where each comes from; `orgId` limits group roles (and direct roles) to one organization. */
export function effectiveRoles(tenant: Tenant, userId: string, orgId?: string): { role: RoleRecord; sources: Source[]; groups: JsonRecord[] }[] {
  const state = tenant.state;
  const found = new Map<string, { role: RoleRecord; sources: Source[]; groups: JsonRecord[] }>();
  const add = (roleId: string, source: Source, group?: JsonRecord) => {
    const role = state.roles.get(roleId);
    if (!role) return;
    let entry = found.get(roleId);
    if (!entry) found.set(roleId, (entry = { role, sources: [], groups: [] }));
    if (!entry.sources.includes(source)) entry.sources.push(source);
    if (group) entry.groups.push(group);
  };
  const direct = orgId === undefined ? state.userRoles.rightsOf(userId) : state.orgMemberRoles.rightsOf(`${orgId}\n${userId}`);
  for (const roleId of direct) add(roleId, 'direct');
  for (const group of groupsOf(tenant).filter((g) => list(g.members).includes(userId))) {
    const roles = orgId === undefined ? list(group.roles) : list((group.organization_roles as Record<string, unknown> | undefined)?.[orgId]);
    for (const roleId of roles) add(roleId, 'groups', group);
  }
  return [...found.values()];
}

export const registerGroupsRoutes: RoutesModule = (routes, tenant) => {
  const state = tenant.state;
  const groups = () => tenant.state.collection(GROUPS);
  const requireGroup = (id: string): JsonRecord => {
    const group = groups().get(id);
    if (!group) throw notFound(GROUP_MISSING, 'inexistent_group');
    return group;
  };
  const filters = ['connection_id', 'name', 'external_id'];
  registerResources(routes, tenant, [
    {
      name: GROUPS,
      path: '/api/v2/groups',
      idPrefix: 'grp',
      scopes: { list: 'read:groups', get: 'read:groups', delete: 'delete:groups' },
      list: { shape: 'offset-or-checkpoint', itemsKey: 'groups' },
      writeOnly: HIDDEN,
      filter: (item, query) =>
        filters.every((key) => query.str(key) === undefined || item[key] === query.str(key)) &&
        (query.str('search') === undefined ||
          toText(item.name ?? '')
            .toLowerCase()
            .includes(String(query.str('search')).toLowerCase())),
      notFound: { message: GROUP_MISSING, errorCode: 'inexistent_group' },
    },
  ]);

  // Members and roles of a group.
  routes.management('GET', '/api/v2/groups/:id/members', 'read:group_members', (ctx) => {
    const group = requireGroup(ctx.params.id);
    const members = list(group.members).map((userId) => ({
      id: userId,
      member_type: 'user',
      type: group.connection_id ? 'connection' : 'tenant',
      ...(group.connection_id ? { connection_id: group.connection_id } : {}),
      created_at: group.created_at ?? tenant.clock.isoNow(),
    }));
    return checkpointList(ctx, members, 'members');
  });
  routes.management('GET', '/api/v2/groups/:id/roles', 'read:group_roles', (ctx) => {
    const roles = list(requireGroup(ctx.params.id).roles)
      .map((id) => state.roles.get(id))
      .filter((r): r is RoleRecord => !!r);
    return checkpointList(
      ctx,
      roles.map((r) => roleView(r)),
      'roles',
    );
  });
  const changeGroupRoles = (ctx: RouteContext, add: boolean): undefined => {
    const group = requireGroup(ctx.params.id);
    const ids = idList(ctx, 'roles', (id) => state.roles.has(id), 'The role does not exist.');
    const current = list(group.roles);
    group.roles = add ? [...new Set([...current, ...ids])] : current.filter((id) => !ids.includes(id));
    groups().put(group);
    ctx.status = 204;
    return undefined;
  };
  routes.management('POST', '/api/v2/groups/:id/roles', 'create:group_roles', (ctx) => changeGroupRoles(ctx, true), { description: 'Assign roles to a group' });
  routes.management('DELETE', '/api/v2/groups/:id/roles', 'delete:group_roles', (ctx) => changeGroupRoles(ctx, false), {
    description: 'Remove roles from a group',
  });

  // The groups of a role.
  routes.management('GET', '/api/v2/roles/:id/groups', 'read:group_roles', (ctx) => {
    requireRole(state, ctx.params.id);
    return checkpointList(
      ctx,
      groupsOf(tenant)
        .filter((g) => list(g.roles).includes(ctx.params.id))
        .map(groupView),
      'groups',
    );
  });
  const changeRoleGroups = (ctx: RouteContext, add: boolean): undefined => {
    requireRole(state, ctx.params.id);
    const ids = idList(ctx, 'groups', (id) => groups().has(id), GROUP_MISSING);
    for (const id of ids) {
      const group = requireGroup(id);
      const current = list(group.roles).filter((roleId) => roleId !== ctx.params.id);
      group.roles = add ? [...current, ctx.params.id] : current;
      groups().put(group);
    }
    ctx.status = 204;
    return undefined;
  };
  routes.management('POST', '/api/v2/roles/:id/groups', 'create:group_roles', (ctx) => changeRoleGroups(ctx, true), { description: 'Assign a role to groups' });
  routes.management('DELETE', '/api/v2/roles/:id/groups', 'delete:group_roles', (ctx) => changeRoleGroups(ctx, false), {
    description: 'Remove a role from groups',
  });

  // A user's groups, effective roles and effective permissions.
  routes.management('GET', '/api/v2/users/:id/groups', 'read:groups', (ctx) => {
    requireUser(state, ctx.params.id);
    const mine = groupsOf(tenant)
      .filter((g) => list(g.members).includes(ctx.params.id))
      .map(groupView);
    if (ctx.query.has('from') || ctx.query.has('take')) return checkpointList(ctx, mine, 'groups');
    return pagedList(mine, ctx.query, { itemsKey: 'groups', defaultPerPage: 50 });
  });
  routes.management('GET', '/api/v2/users/:id/effective-roles', 'read:user_effective_roles', (ctx) => {
    requireUser(state, ctx.params.id);
    return checkpointList(
      ctx,
      effectiveRoles(tenant, ctx.params.id).map((e) => roleView(e.role, e.sources)),
      'roles',
    );
  });
  routes.management('GET', '/api/v2/users/:id/effective-roles/sources/groups', 'read:user_role_source_groups', (ctx) => {
    requireUser(state, ctx.params.id);
    const roleId = requiredQuery(ctx.query, 'role_id');
    const entry = effectiveRoles(tenant, ctx.params.id).find((e) => e.role.id === roleId);
    return checkpointList(ctx, (entry?.groups ?? []).map(groupView), 'groups');
  });
  const effectivePermissions = (userId: string, api: string) => {
    const found = new Map<string, { permission: Permission; sources: ('direct' | 'roles')[]; roles: { role: RoleRecord; sources: Source[] }[] }>();
    const add = (permission: Permission, source: 'direct' | 'roles', role?: { role: RoleRecord; sources: Source[] }) => {
      if (permission.resource_server_identifier !== api) return;
      let entry = found.get(permission.permission_name);
      if (!entry) found.set(permission.permission_name, (entry = { permission, sources: [], roles: [] }));
      if (!entry.sources.includes(source)) entry.sources.push(source);
      if (role) entry.roles.push(role);
    };
    for (const permission of state.userPermissions.get(userId) ?? []) add(permission, 'direct');
    for (const role of effectiveRoles(tenant, userId)) {
      for (const permission of state.rolePermissions.get(role.role.id) ?? []) add(permission, 'roles', role);
    }
    return [...found.values()];
  };
  routes.management('GET', '/api/v2/users/:id/effective-permissions', 'read:user_effective_permissions', (ctx) => {
    requireUser(state, ctx.params.id);
    const api = requiredQuery(ctx.query, 'resource_server_identifier');
    const items = effectivePermissions(ctx.params.id, api).map((e) => ({
      ...permissionView(state, e.permission),
      sources: e.sources,
      id: e.permission.permission_name,
    }));
    const body = checkpointList(ctx, items, 'permissions') as { permissions: JsonRecord[] };
    for (const item of body.permissions) delete item.id;
    return body;
  });
  routes.management('GET', '/api/v2/users/:id/effective-permissions/sources/effective-roles', 'read:user_permission_source_roles', (ctx) => {
    requireUser(state, ctx.params.id);
    const api = requiredQuery(ctx.query, 'resource_server_identifier');
    const name = requiredQuery(ctx.query, 'permission_name');
    const entry = effectivePermissions(ctx.params.id, api).find((e) => e.permission.permission_name === name);
    return checkpointList(
      ctx,
      (entry?.roles ?? []).map((r) => roleView(r.role, r.sources)),
      'roles',
    );
  });

  // Groups with roles in an organization, and a member's effective roles there.
  const orgRolesOf = (group: JsonRecord): Record<string, string[]> => {
    const value = group.organization_roles;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string[]>) : {};
  };
  routes.management('GET', '/api/v2/organizations/:id/groups', 'read:organization_groups', (ctx) => {
    requireOrg(state, ctx.params.id);
    return checkpointList(
      ctx,
      groupsOf(tenant)
        .filter((g) => list(orgRolesOf(g)[ctx.params.id]).length > 0)
        .map(groupView),
      'groups',
    );
  });
  const orgGroupRolesPath = '/api/v2/organizations/:id/groups/:group_id/roles';
  routes.management('GET', orgGroupRolesPath, 'read:organization_group_roles', (ctx) => {
    requireOrg(state, ctx.params.id);
    const roles = list(orgRolesOf(requireGroup(ctx.params.group_id))[ctx.params.id])
      .map((id) => state.roles.get(id))
      .filter((r): r is RoleRecord => !!r);
    return checkpointList(
      ctx,
      roles.map((r) => roleView(r)),
      'roles',
    );
  });
  const changeOrgGroupRoles = (ctx: RouteContext, add: boolean): undefined => {
    requireOrg(state, ctx.params.id);
    const group = requireGroup(ctx.params.group_id);
    const ids = idList(ctx, 'roles', (id) => state.roles.has(id), 'The role does not exist.');
    const byOrg = { ...orgRolesOf(group) };
    const current = list(byOrg[ctx.params.id]);
    byOrg[ctx.params.id] = add ? [...new Set([...current, ...ids])] : current.filter((id) => !ids.includes(id));
    group.organization_roles = byOrg;
    groups().put(group);
    ctx.status = 204;
    return undefined;
  };
  routes.management('POST', orgGroupRolesPath, 'create:organization_group_roles', (ctx) => changeOrgGroupRoles(ctx, true), {
    description: 'Assign organization roles to a group',
  });
  routes.management('DELETE', orgGroupRolesPath, 'delete:organization_group_roles', (ctx) => changeOrgGroupRoles(ctx, false), {
    description: 'Remove organization roles from a group',
  });
  routes.management('GET', '/api/v2/organizations/:id/roles/:role_id/groups', 'read:organization_groups', (ctx) => {
    requireOrg(state, ctx.params.id);
    requireRole(state, ctx.params.role_id);
    const holding = groupsOf(tenant).filter((g) => list(orgRolesOf(g)[ctx.params.id]).includes(ctx.params.role_id));
    return checkpointList(ctx, holding.map(groupView), 'groups');
  });
  const requireMember = (orgId: string, userId: string): void => {
    requireOrg(state, orgId);
    if (!state.orgMembers.has(orgId, userId)) throw notFound('The user is not a member of the organization', 'inexistent_member');
  };
  routes.management('GET', '/api/v2/organizations/:id/members/:user_id/effective-roles', 'read:organization_member_effective_roles', (ctx) => {
    requireMember(ctx.params.id, ctx.params.user_id);
    return checkpointList(
      ctx,
      effectiveRoles(tenant, ctx.params.user_id, ctx.params.id).map((e) => roleView(e.role, e.sources)),
      'roles',
    );
  });
  routes.management(
    'GET',
    '/api/v2/organizations/:id/members/:user_id/effective-roles/sources/groups',
    'read:organization_member_role_source_groups',
    (ctx) => {
      requireMember(ctx.params.id, ctx.params.user_id);
      const roleId = requiredQuery(ctx.query, 'role_id');
      const entry = effectiveRoles(tenant, ctx.params.user_id, ctx.params.id).find((e) => e.role.id === roleId);
      return checkpointList(ctx, (entry?.groups ?? []).map(groupView), 'groups');
    },
  );
};
