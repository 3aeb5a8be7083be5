/**
 * Request cases for the roles family (nodes/roles/): groups, roles.
 */
import type { RequestCase } from './shared';
import { NONE, q, PERMS, ODD, E } from './shared';
import { groupsGroup } from '../../../nodes/roles/groups.catalogue';
import { rolesGroup } from '../../../nodes/roles/roles.catalogue';

export const ROLES_CASES: readonly RequestCase[] = [
  // ── roles ─────────────────────────────────────────────────────────────
  {
    group: rolesGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: '/api/v2/roles', query: { page: '0', per_page: '25', include_totals: 'true' } },
    sdk: (c) => c.roles.list({ page: 0, per_page: 25, include_totals: true }),
  },
  {
    group: rolesGroup,
    op: 'list',
    values: { page: 2, per_page: '10', include_totals: 'false', name_filter: 'adm in' },
    expect: { method: 'GET', path: '/api/v2/roles', query: { page: '2', per_page: '10', include_totals: 'false', name_filter: 'adm in' } },
    sdk: (c) => c.roles.list({ page: 2, per_page: 10, include_totals: false, name_filter: 'adm in' }),
  },
  {
    group: rolesGroup,
    op: 'create',
    values: { body: { name: 'Admins', description: 'All access' } },
    expect: { method: 'POST', path: '/api/v2/roles', body: { name: 'Admins', description: 'All access' } },
    sdk: (c) => c.roles.create({ name: 'Admins', description: 'All access' }),
  },
  {
    group: rolesGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/roles/${E}` },
    sdk: (c) => c.roles.get(ODD),
  },
  {
    group: rolesGroup,
    op: 'update',
    values: { id: ODD, body: '{"description":"changed"}' },
    expect: { method: 'PATCH', path: `/api/v2/roles/${E}`, body: { description: 'changed' } },
    sdk: (c) => c.roles.update(ODD, { description: 'changed' }),
  },
  {
    group: rolesGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/roles/${E}` },
    sdk: (c) => c.roles.delete(ODD),
  },
  {
    group: rolesGroup,
    op: 'add_permissions',
    values: { id: ODD, permissions: PERMS },
    expect: { method: 'POST', path: `/api/v2/roles/${E}/permissions`, body: { permissions: PERMS } },
    sdk: (c) => c.roles.permissions.add(ODD, { permissions: PERMS }),
  },
  {
    group: rolesGroup,
    op: 'remove_permissions',
    values: { id: ODD, permissions: JSON.stringify(PERMS) },
    expect: { method: 'DELETE', path: `/api/v2/roles/${E}/permissions`, body: { permissions: PERMS } },
    sdk: (c) => c.roles.permissions.delete(ODD, { permissions: PERMS }),
  },
  {
    group: rolesGroup,
    op: 'list_permissions',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/roles/${E}/permissions`, query: { page: '0', per_page: '25', include_totals: 'true' } },
    sdk: (c) => c.roles.permissions.list(ODD, { page: 0, per_page: 25, include_totals: true }),
  },
  {
    group: rolesGroup,
    op: 'add_users',
    values: { id: ODD, users: 'auth0|1, auth0|2' },
    expect: { method: 'POST', path: `/api/v2/roles/${E}/users`, body: { users: ['auth0|1', 'auth0|2'] } },
    sdk: (c) => c.roles.users.assign(ODD, { users: ['auth0|1', 'auth0|2'] }),
  },
  {
    group: rolesGroup,
    op: 'list_users',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/roles/${E}/users`, query: { page: '0', per_page: '25', include_totals: 'true' } },
    // v7 pages role users by checkpoint only; page and per_page are the specification's (py4 roles.list_users).
    sdk: (c) => c.roles.users.list(ODD, { include_totals: true, take: NONE }, q({ page: 0, per_page: 25 })),
  },
  {
    group: rolesGroup,
    op: 'list_users',
    values: { id: ODD, from_param: 'usr_5', take: 50, include_totals: false },
    expect: {
      method: 'GET',
      path: `/api/v2/roles/${E}/users`,
      query: { page: '0', per_page: '25', include_totals: 'false', from: 'usr_5', take: '50' },
    },
    sdk: (c) => c.roles.users.list(ODD, { include_totals: false, from: 'usr_5', take: 50 }, q({ page: 0, per_page: 25 })),
  },
  // ── roles (today's Auth0) ──
  {
    group: rolesGroup,
    op: 'list_groups',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/roles/${E}/groups`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.roles.groups.get(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: rolesGroup,
    op: 'add_groups',
    values: { id: ODD, groups: 'a1, a2' },
    expect: { method: 'POST', path: `/api/v2/roles/${E}/groups`, body: { groups: ['a1', 'a2'] } },
    sdk: (c) => c.roles.groups.create(ODD, { groups: ['a1', 'a2'] }),
  },
  {
    group: rolesGroup,
    op: 'remove_groups',
    values: { id: ODD, groups: 'a1, a2' },
    expect: { method: 'DELETE', path: `/api/v2/roles/${E}/groups`, body: { groups: ['a1', 'a2'] } },
    sdk: (c) => c.roles.groups.delete(ODD, { groups: ['a1', 'a2'] }),
  },
  // ── groups (today's Auth0) ──
  {
    group: groupsGroup,
    op: 'list',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/groups`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.groups.list({ from: 'cp_1', take: 10, include_totals: NONE }),
  },
  {
    group: groupsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/groups/${E}` },
    sdk: (c) => c.groups.get(ODD),
  },
  {
    group: groupsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/groups/${E}` },
    sdk: (c) => c.groups.delete(ODD),
  },
  {
    group: groupsGroup,
    op: 'list_members',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/groups/${E}/members`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.groups.members.get(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: groupsGroup,
    op: 'list_roles',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/groups/${E}/roles`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.groups.roles.list(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: groupsGroup,
    op: 'add_roles',
    values: { id: ODD, roles: 'a1, a2' },
    expect: { method: 'POST', path: `/api/v2/groups/${E}/roles`, body: { roles: ['a1', 'a2'] } },
    sdk: (c) => c.groups.roles.create(ODD, { roles: ['a1', 'a2'] }),
  },
  {
    group: groupsGroup,
    op: 'remove_roles',
    values: { id: ODD, roles: 'a1, a2' },
    expect: { method: 'DELETE', path: `/api/v2/groups/${E}/roles`, body: { roles: ['a1', 'a2'] } },
    sdk: (c) => c.groups.roles.delete(ODD, { roles: ['a1', 'a2'] }),
  },
];
