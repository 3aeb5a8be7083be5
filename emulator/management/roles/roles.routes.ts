/** Management API: /api/v2/roles, their permissions and users. */
import { conflict, notFound } from '../../core/errors';
import { prefixedId } from '../../core/ids';
import type { RoleRecord, UserRecord } from '../../core/model';
import { checkpointBody, checkpointPage, isCheckpointRequest, pagedList } from '../../core/paging';
import type { TenantState } from '../../core/state';
import type { RoutesModule } from '../../core/types';
import { objectBody, onlyProperties, optionalString, requiredString, stringList } from '../body';
import { addPermissions, permissionList, permissionView, removePermissions } from './permissions';

export function requireRole(state: TenantState, id: string): RoleRecord {
  const role = state.roles.get(id);
  if (!role) throw notFound('The role does not exist.', 'inexistent_role');
  return role;
}

/** The short user view role member lists use. */
export function memberView(user: UserRecord): Record<string, unknown> {
  return { user_id: user.user_id, email: user.email, picture: user.picture, name: user.name };
}

function assertUniqueName(state: TenantState, name: string, exceptId?: string): void {
  const existing = state.roles.firstBy('name', name.toLowerCase());
  if (existing && existing.id !== exceptId) throw conflict('Role name already exists', 'role_already_exists');
}

export const registerRolesRoutes: RoutesModule = (routes) => {
  routes.management('GET', '/api/v2/roles', ['read:roles'], (ctx) => {
    const filter = ctx.query.str('name_filter')?.toLowerCase();
    let roles = ctx.tenant.state.roles.list();
    if (filter) roles = roles.filter((r) => r.name.toLowerCase().includes(filter));
    return pagedList(roles, ctx.query, { itemsKey: 'roles', defaultPerPage: 50 }, (r) => ({ ...r }));
  });

  routes.management(
    'POST',
    '/api/v2/roles',
    ['create:roles'],
    (ctx) => {
      const state = ctx.tenant.state;
      const body = objectBody(ctx.body);
      onlyProperties(body, ['name', 'description']);
      const name = requiredString(body, 'name');
      assertUniqueName(state, name);
      const role: RoleRecord = { id: prefixedId('rol'), name, description: optionalString(body, 'description') ?? '' };
      state.roles.insert(role);
      return { ...role };
    },
    { description: 'Create a role' },
  );

  routes.management('GET', '/api/v2/roles/:id', ['read:roles'], (ctx) => ({ ...requireRole(ctx.tenant.state, ctx.params.id) }));

  routes.management(
    'PATCH',
    '/api/v2/roles/:id',
    ['update:roles'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireRole(state, ctx.params.id);
      const body = objectBody(ctx.body);
      onlyProperties(body, ['name', 'description']);
      const name = optionalString(body, 'name');
      if (name !== undefined) assertUniqueName(state, name, ctx.params.id);
      const description = optionalString(body, 'description');
      const role = state.roles.update(ctx.params.id, (r) => {
        if (name !== undefined) r.name = name;
        if (description !== undefined) r.description = description;
      }) as RoleRecord;
      return { ...role };
    },
    { description: 'Update a role' },
  );

  routes.management(
    'DELETE',
    '/api/v2/roles/:id',
    ['delete:roles'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireRole(state, ctx.params.id);
      state.roles.delete(ctx.params.id);
      state.rolePermissions.delete(ctx.params.id);
      state.userRoles.removeRight(ctx.params.id);
      state.orgMemberRoles.removeRight(ctx.params.id);
      // Auth0 answers 200 with an empty object (recorded 2023–2025; its API description says 204).
      ctx.status = 200;
      return {};
    },
    { description: 'Delete a role' },
  );

  routes.management('GET', '/api/v2/roles/:id/permissions', ['read:roles'], (ctx) => {
    const state = ctx.tenant.state;
    requireRole(state, ctx.params.id);
    const views = (state.rolePermissions.get(ctx.params.id) ?? []).map((p) => permissionView(state, p));
    return pagedList(views, ctx.query, { itemsKey: 'permissions', defaultPerPage: 50 });
  });
  routes.management(
    'POST',
    '/api/v2/roles/:id/permissions',
    ['update:roles'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireRole(state, ctx.params.id);
      addPermissions(state.rolePermissions, ctx.params.id, permissionList(state, objectBody(ctx.body)));
      ctx.status = 201;
      return {}; // Auth0 answers an empty object (recorded)
    },
    { description: 'Associate permissions with a role' },
  );
  routes.management(
    'DELETE',
    '/api/v2/roles/:id/permissions',
    ['update:roles'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireRole(state, ctx.params.id);
      removePermissions(state.rolePermissions, ctx.params.id, permissionList(state, objectBody(ctx.body)));
      ctx.status = 204;
    },
    { description: 'Remove permissions from a role' },
  );

  routes.management('GET', '/api/v2/roles/:id/users', ['read:users', 'read:roles', 'read:role_members'], (ctx) => {
    const state = ctx.tenant.state;
    requireRole(state, ctx.params.id);
    const users = state.userRoles.leftsOf(ctx.params.id).flatMap((id) => state.users.get(id) ?? []);
    if (isCheckpointRequest(ctx.query)) {
      return checkpointBody(
        checkpointPage(users, ctx.query, (u) => u.user_id),
        'users',
        memberView,
      );
    }
    return pagedList(users, ctx.query, { itemsKey: 'users', defaultPerPage: 50 }, memberView);
  });
  routes.management(
    'POST',
    '/api/v2/roles/:id/users',
    ['update:roles', 'create:role_members'],
    (ctx) => {
      const state = ctx.tenant.state;
      requireRole(state, ctx.params.id);
      const userIds = stringList(objectBody(ctx.body), 'users');
      for (const id of userIds) if (!state.users.has(id)) throw notFound(`User ${id} does not exist`, 'inexistent_user');
      for (const id of userIds) state.userRoles.add(id, ctx.params.id);
      return {}; // Auth0 answers 200 with an empty object (recorded)
    },
    { description: 'Assign users to a role' },
  );
};
