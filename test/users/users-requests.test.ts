/**
 * The request of every users operation, checked against Auth0's Management API v2
 * (auth0.com/docs/api/management/v2/users and the official SDK's routes).
 */
import assert from 'node:assert/strict';
import { findOperation } from '../../nodes/engine/action-node';
import { resolveValues } from '../../nodes/engine/inputs';
import { buildRequest } from '../../nodes/engine/request';
import { usersGroup } from '../../nodes/users/users.catalogue';
import { ACTIONS_OFFBOARDING_CASES } from '../management/cases/actions-offboarding';

interface Case {
  op: string;
  given: Record<string, unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

const id = 'auth0|64f/1?#';
const enc = 'auth0%7C64f%2F1%3F%23';
const perms = [{ resource_server_identifier: 'https://api', permission_name: 'read:x' }];

const cases: Case[] = [
  { op: 'list', given: {}, method: 'GET', path: '/api/v2/users', query: { page: '0', per_page: '25', include_totals: 'true', include_fields: 'true' } },
  {
    op: 'list',
    given: {
      q: 'email:"a@b.c"',
      sort: 'created_at:1',
      connection: 'db',
      search_engine: 'v3',
      fields: 'email,user_id',
      include_fields: false,
      page: 2,
      per_page: 50,
      include_totals: false,
    },
    method: 'GET',
    path: '/api/v2/users',
    query: {
      page: '2',
      per_page: '50',
      include_totals: 'false',
      sort: 'created_at:1',
      connection: 'db',
      q: 'email:"a@b.c"',
      search_engine: 'v3',
      fields: 'email,user_id',
      include_fields: 'false',
    },
  },
  { op: 'create', given: { body: { connection: 'db', email: 'a@b.c' } }, method: 'POST', path: '/api/v2/users', body: { connection: 'db', email: 'a@b.c' } },
  { op: 'get', given: { id }, method: 'GET', path: `/api/v2/users/${enc}`, query: { include_fields: 'true' } },
  { op: 'get', given: { id, fields: ['email'] }, method: 'GET', path: `/api/v2/users/${enc}`, query: { fields: 'email', include_fields: 'true' } },
  { op: 'update', given: { id, body: { blocked: true } }, method: 'PATCH', path: `/api/v2/users/${enc}`, body: { blocked: true } },
  { op: 'delete', given: { id }, method: 'DELETE', path: `/api/v2/users/${enc}` },
  { op: 'add_permissions', given: { id, permissions: perms }, method: 'POST', path: `/api/v2/users/${enc}/permissions`, body: { permissions: perms } },
  { op: 'remove_permissions', given: { id, permissions: perms }, method: 'DELETE', path: `/api/v2/users/${enc}/permissions`, body: { permissions: perms } },
  {
    op: 'list_permissions',
    given: { id },
    method: 'GET',
    path: `/api/v2/users/${enc}/permissions`,
    query: { page: '0', per_page: '25', include_totals: 'true' },
  },
  { op: 'add_roles', given: { id, roles: 'rol_1,rol_2' }, method: 'POST', path: `/api/v2/users/${enc}/roles`, body: { roles: ['rol_1', 'rol_2'] } },
  { op: 'remove_roles', given: { id, roles: ['rol_1'] }, method: 'DELETE', path: `/api/v2/users/${enc}/roles`, body: { roles: ['rol_1'] } },
  { op: 'list_roles', given: { id }, method: 'GET', path: `/api/v2/users/${enc}/roles`, query: { page: '0', per_page: '25', include_totals: 'true' } },
  {
    op: 'list_organizations',
    given: { id },
    method: 'GET',
    path: `/api/v2/users/${enc}/organizations`,
    query: { page: '0', per_page: '25', include_totals: 'true' },
  },
  {
    op: 'get_log_events',
    given: { user_id: id, sort: 'date:-1' },
    method: 'GET',
    path: `/api/v2/users/${enc}/logs`,
    query: { page: '0', per_page: '50', sort: 'date:-1', include_totals: 'false' },
  },
  { op: 'get_guardian_enrollments', given: { user_id: id }, method: 'GET', path: `/api/v2/users/${enc}/enrollments` },
  { op: 'delete_authenticators', given: { id }, method: 'DELETE', path: `/api/v2/users/${enc}/authenticators` },
  { op: 'delete_multifactor', given: { id, provider: 'duo' }, method: 'DELETE', path: `/api/v2/users/${enc}/multifactor/duo` },
  {
    op: 'invalidate_remembered_browsers',
    given: { user_id: id },
    method: 'POST',
    path: `/api/v2/users/${enc}/multifactor/actions/invalidate-remember-browser`,
  },
  { op: 'regenerate_recovery_code', given: { user_id: id }, method: 'POST', path: `/api/v2/users/${enc}/recovery-code-regeneration` },
  {
    op: 'link_user_account',
    given: { id, body: { provider: 'google-oauth2', user_id: '123' } },
    method: 'POST',
    path: `/api/v2/users/${enc}/identities`,
    body: { provider: 'google-oauth2', user_id: '123' },
  },
  {
    op: 'unlink_user_account',
    given: { id, provider: 'google-oauth2', user_id: '12/3' },
    method: 'DELETE',
    path: `/api/v2/users/${enc}/identities/google-oauth2/12%2F3`,
  },
  // Effective access and connected accounts (today's Auth0).
  {
    op: 'list',
    given: { primary_order: false },
    method: 'GET',
    path: '/api/v2/users',
    query: { page: '0', per_page: '25', include_totals: 'true', include_fields: 'true', primary_order: 'false' },
  },
  { op: 'list_connected_accounts', given: { id, take: 5 }, method: 'GET', path: `/api/v2/users/${enc}/connected-accounts`, query: { take: '5' } },
  {
    op: 'list_effective_permissions',
    given: { id, resource_server_identifier: 'https://api' },
    method: 'GET',
    path: `/api/v2/users/${enc}/effective-permissions`,
    query: { resource_server_identifier: 'https://api' },
  },
  {
    op: 'list_effective_permission_roles',
    given: { id, resource_server_identifier: 'https://api', permission_name: 'read:x', from_param: 'cp' },
    method: 'GET',
    path: `/api/v2/users/${enc}/effective-permissions/sources/effective-roles`,
    query: { from: 'cp', resource_server_identifier: 'https://api', permission_name: 'read:x' },
  },
  { op: 'list_effective_roles', given: { id }, method: 'GET', path: `/api/v2/users/${enc}/effective-roles` },
  {
    op: 'list_effective_role_groups',
    given: { id, role_id: 'rol_1' },
    method: 'GET',
    path: `/api/v2/users/${enc}/effective-roles/sources/groups`,
    query: { role_id: 'rol_1' },
  },
  { op: 'list_groups', given: { id, fields: 'id,name' }, method: 'GET', path: `/api/v2/users/${enc}/groups`, query: { fields: 'id,name' } },
  {
    op: 'clear_risk_assessments',
    given: { id, connection: 'db', assessors: 'new-device' },
    method: 'POST',
    path: `/api/v2/users/${enc}/risk-assessments/clear`,
    body: { connection: 'db', assessors: ['new-device'] },
  },
];

describe('users: the request of every operation', () => {
  for (const c of cases) {
    it(`${c.op} ${JSON.stringify(c.given).slice(0, 60)}`, () => {
      const op = findOperation(usersGroup, c.op);
      const spec = buildRequest(usersGroup, op, resolveValues(op, c.given));
      assert.equal(spec.method, c.method);
      assert.equal(spec.path, c.path);
      assert.deepEqual(spec.query, c.query);
      assert.deepEqual(spec.body, c.body);
      assert.equal(spec.auth, 'management');
    });
  }

  it('covers every operation of the specification except the deprecated one', () => {
    const covered = new Set(cases.map((c) => c.op));
    // Operations beyond the specification have their cases in the management table.
    const beyond = new Set(ACTIONS_OFFBOARDING_CASES.filter((c) => c.group === usersGroup).map((c) => c.op));
    const specified = usersGroup.operations.filter((op) => !beyond.has(op.id));
    const expected = specified.filter((op) => !op.deprecated).map((op) => op.id);
    assert.deepEqual(
      expected.filter((opId) => !covered.has(opId)),
      [],
    );
    assert.equal(specified.length, 28);
  });

  it('sends the custom-domain header on /users and /users/{id} only', () => {
    const withHeader = usersGroup.operations.filter((op) => op.customDomainHeader).map((op) => op.path);
    assert.deepEqual([...new Set(withHeader)].sort(), ['/api/v2/users', '/api/v2/users/{id}']);
  });
});
