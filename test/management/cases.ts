/**
 * One table of request cases for every management operation this package's catalogues describe
 * (all groups except users, whose cases live with the users tests).
 *
 * Each case gives the inputs a flow would set, the exact Auth0 Management API v2 request they must
 * produce, and, where the official `auth0` SDK (v7) still offers the operation, the SDK call that
 * sends the same request. Where the SDK no longer has the operation (or a parameter), `source`
 * names where the expected request comes from instead (auth0-python 4.x, whose signatures the
 * specification follows).
 */
import type { ManagementClient } from 'auth0';
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { clientGrantsGroup } from '../../nodes/applications/client-grants.catalogue';
import { clientsGroup } from '../../nodes/applications/clients.catalogue';
import { deviceCredentialsGroup } from '../../nodes/applications/device-credentials.catalogue';
import { grantsGroup } from '../../nodes/applications/grants.catalogue';
import { resourceServersGroup } from '../../nodes/applications/resource-servers.catalogue';
import { connectionsGroup } from '../../nodes/connections/connections.catalogue';
import { customDomainsGroup } from '../../nodes/connections/custom-domains.catalogue';
import { hooksGroup } from '../../nodes/extensibility/hooks.catalogue';
import { rulesConfigsGroup } from '../../nodes/extensibility/rules-configs.catalogue';
import { rulesGroup } from '../../nodes/extensibility/rules.catalogue';
import { jobsGroup } from '../../nodes/jobs/jobs.catalogue';
import { logStreamsGroup } from '../../nodes/logs/log-streams.catalogue';
import { logsGroup } from '../../nodes/logs/logs.catalogue';
import { organizationsGroup } from '../../nodes/organizations/organizations.catalogue';
import { rolesGroup } from '../../nodes/roles/roles.catalogue';
import { blacklistsGroup } from '../../nodes/security/blacklists.catalogue';
import { guardianGroup } from '../../nodes/security/guardian.catalogue';
import { emailTemplatesGroup } from '../../nodes/tenant/email-templates.catalogue';
import { emailsGroup } from '../../nodes/tenant/emails.catalogue';
import { promptsGroup } from '../../nodes/tenant/prompts.catalogue';
import { statsGroup } from '../../nodes/tenant/stats.catalogue';
import { tenantsGroup } from '../../nodes/tenant/tenants.catalogue';
import { ticketsGroup } from '../../nodes/users/tickets.catalogue';
import { userBlocksGroup } from '../../nodes/users/user-blocks.catalogue';
import { usersByEmailGroup } from '../../nodes/users/users-by-email.catalogue';
import { usersGroup } from '../../nodes/users/users.catalogue';
import { SECURITY_BRANDING_CASES, SECURITY_BRANDING_GROUPS } from './cases-security-branding';
import { agentsGroup } from '../../nodes/applications/agents.catalogue';
import { tokenExchangeProfilesGroup } from '../../nodes/applications/token-exchange-profiles.catalogue';
import { connectionProfilesGroup } from '../../nodes/connections/connection-profiles.catalogue';
import { selfServiceProfilesGroup } from '../../nodes/connections/self-service-profiles.catalogue';
import { userAttributeProfilesGroup } from '../../nodes/connections/user-attribute-profiles.catalogue';
import { flowsGroup } from '../../nodes/extensibility/flows.catalogue';
import { formsGroup } from '../../nodes/extensibility/forms.catalogue';
import { groupsGroup } from '../../nodes/roles/groups.catalogue';
import { verifiableCredentialsGroup } from '../../nodes/security/verifiable-credentials.catalogue';
import { experimentationGroup } from '../../nodes/tenant/experimentation.catalogue';
import { ACTIONS_OFFBOARDING_CASES, ACTIONS_OFFBOARDING_GROUPS } from './actions-offboarding-cases';

/** The groups these cases cover. */
export const GROUPS: readonly GroupSpec[] = [
  blacklistsGroup,
  clientGrantsGroup,
  clientsGroup,
  connectionsGroup,
  customDomainsGroup,
  deviceCredentialsGroup,
  emailTemplatesGroup,
  emailsGroup,
  grantsGroup,
  guardianGroup,
  hooksGroup,
  jobsGroup,
  logStreamsGroup,
  logsGroup,
  organizationsGroup,
  promptsGroup,
  resourceServersGroup,
  rolesGroup,
  rulesGroup,
  rulesConfigsGroup,
  statsGroup,
  tenantsGroup,
  ticketsGroup,
  userBlocksGroup,
  usersByEmailGroup,
  usersGroup,
  ...SECURITY_BRANDING_GROUPS,
  // Groups of today's Auth0 beyond the specification.
  agentsGroup,
  connectionProfilesGroup,
  experimentationGroup,
  flowsGroup,
  formsGroup,
  groupsGroup,
  selfServiceProfilesGroup,
  tokenExchangeProfilesGroup,
  userAttributeProfilesGroup,
  verifiableCredentialsGroup,
  ...ACTIONS_OFFBOARDING_GROUPS,
];

/** An id with every character that could break out of a path segment. */
export const ODD = 'auth0|a/b?c#d %';
/** ODD as it must appear in the path. */
export const E = 'auth0%7Ca%2Fb%3Fc%23d%20%25';
/** The custom domain both the SDK and our nodes are configured with. */
export const CUSTOM_DOMAIN = 'login.example.com';

export interface ExpectedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  /** Query parameters sent as the key repeated (`strategy=auth0&strategy=samlp`), one value each. */
  queryLists?: Record<string, string[]>;
  /** JSON body, or for a multipart upload `{ fields, files }` with each file's JSON content. */
  body?: unknown;
  /** The request carries Auth0-Custom-Domain. */
  customDomain?: boolean;
}

export interface RequestCase {
  group: GroupSpec;
  op: string;
  /** What the flow sets, by input name (before defaults). */
  values: Record<string, unknown>;
  expect: ExpectedRequest;
  /** The official SDK call that sends the same request. */
  sdk?: (client: ManagementClient) => Promise<unknown>;
  /** Where the expectation comes from when there is no SDK call. */
  source?: string;
}

/**
 * A parameter the SDK defaults (take=50, include_totals=true, …) but the specification does not:
 * null makes the SDK leave it out, so both sides send only what the flow asked for.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const NONE = null as any;
/**
 * A request body the SDK types more narrowly than a shape test needs (required properties, enums):
 * the SDK sends it as the same JSON, which is all the comparison is about.
 */
const raw = (body: unknown) => body as never;
/** Query parameters the SDK method has no argument for, passed through its requestOptions. */
const q = (queryParams: Record<string, unknown>) => ({ queryParams });

const PERMS = [{ resource_server_identifier: 'https://api.example.com/', permission_name: 'read:reports' }];
const PY4 = 'auth0-python 4.x';

export const CASES: readonly RequestCase[] = [
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

  // ── organizations ─────────────────────────────────────────────────────
  {
    group: organizationsGroup,
    op: 'all_organizations',
    values: {},
    expect: { method: 'GET', path: '/api/v2/organizations', query: { include_totals: 'true' } },
    sdk: (c) => c.organizations.list({ include_totals: true, take: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'search_organizations',
    values: { q: 'name:acme*', parser: 'lucene', sort: 'name', take: 10, from_param: 'b3JnXzE' },
    expect: { method: 'GET', path: '/api/v2/organizations/search', query: { q: 'name:acme*', parser: 'lucene', sort: 'name', take: '10', from: 'b3JnXzE' } },
    sdk: (c) => c.organizations.search({ q: 'name:acme*', parser: 'lucene', sort: 'name', take: 10, from: 'b3JnXzE' }),
  },
  {
    group: organizationsGroup,
    op: 'all_organizations',
    values: { from_param: 'org_1', take: 10 },
    expect: { method: 'GET', path: '/api/v2/organizations', query: { include_totals: 'true', from: 'org_1', take: '10' } },
    sdk: (c) => c.organizations.list({ include_totals: true, from: 'org_1', take: 10 }),
  },
  {
    group: organizationsGroup,
    op: 'all_organizations',
    values: { page: 1, per_page: 5, include_totals: false },
    expect: { method: 'GET', path: '/api/v2/organizations', query: { page: '1', per_page: '5', include_totals: 'false' } },
    // v7 lists organizations by checkpoint only; page and per_page are py4's all_organizations.
    sdk: (c) => c.organizations.list({ include_totals: false, take: NONE }, q({ page: 1, per_page: 5 })),
  },
  {
    group: organizationsGroup,
    op: 'create_organization',
    values: { body: { name: 'acme', display_name: 'Acme' } },
    expect: { method: 'POST', path: '/api/v2/organizations', body: { name: 'acme', display_name: 'Acme' } },
    sdk: (c) => c.organizations.create({ name: 'acme', display_name: 'Acme' }),
  },
  {
    group: organizationsGroup,
    op: 'get_organization',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}` },
    sdk: (c) => c.organizations.get(ODD),
  },
  {
    group: organizationsGroup,
    op: 'get_organization_by_name',
    values: { name: 'acme corp/1' },
    expect: { method: 'GET', path: '/api/v2/organizations/name/acme%20corp%2F1' },
    sdk: (c) => c.organizations.getByName('acme corp/1'),
  },
  {
    group: organizationsGroup,
    op: 'update_organization',
    values: { id: ODD, body: { display_name: 'Acme Inc' } },
    expect: { method: 'PATCH', path: `/api/v2/organizations/${E}`, body: { display_name: 'Acme Inc' } },
    sdk: (c) => c.organizations.update(ODD, { display_name: 'Acme Inc' }),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}` },
    sdk: (c) => c.organizations.delete(ODD),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_connections',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/enabled_connections` },
    sdk: (c) => c.organizations.enabledConnections.list(ODD, { page: NONE, per_page: NONE, include_totals: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_connections',
    values: { id: ODD, page: 1, per_page: 2 },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/enabled_connections`, query: { page: '1', per_page: '2' } },
    sdk: (c) => c.organizations.enabledConnections.list(ODD, { page: 1, per_page: 2, include_totals: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_connection',
    values: { id: ODD, body: { connection_id: 'con_1', assign_membership_on_login: true } },
    expect: {
      method: 'POST',
      path: `/api/v2/organizations/${E}/enabled_connections`,
      body: { connection_id: 'con_1', assign_membership_on_login: true },
    },
    sdk: (c) => c.organizations.enabledConnections.add(ODD, { connection_id: 'con_1', assign_membership_on_login: true }),
  },
  {
    group: organizationsGroup,
    op: 'get_organization_connection',
    values: { id: ODD, connection_id: 'con_1/x' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/enabled_connections/con_1%2Fx` },
    sdk: (c) => c.organizations.enabledConnections.get(ODD, 'con_1/x'),
  },
  {
    group: organizationsGroup,
    op: 'update_organization_connection',
    values: { id: ODD, connection_id: 'con_1/x', body: { assign_membership_on_login: false } },
    expect: {
      method: 'PATCH',
      path: `/api/v2/organizations/${E}/enabled_connections/con_1%2Fx`,
      body: { assign_membership_on_login: false },
    },
    sdk: (c) => c.organizations.enabledConnections.update(ODD, 'con_1/x', { assign_membership_on_login: false }),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_connection',
    values: { id: ODD, connection_id: 'con_1/x' },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/enabled_connections/con_1%2Fx` },
    sdk: (c) => c.organizations.enabledConnections.delete(ODD, 'con_1/x'),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_invitations',
    values: { id: ODD, page: 0, per_page: 10 },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/invitations`, query: { page: '0', per_page: '10' }, customDomain: true },
    sdk: (c) => c.organizations.invitations.list(ODD, { page: 0, per_page: 10, include_totals: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_invitation',
    values: { id: ODD, body: { inviter: { name: 'Ann' }, invitee: { email: 'bob@example.com' }, client_id: 'cl_1' } },
    expect: {
      method: 'POST',
      path: `/api/v2/organizations/${E}/invitations`,
      customDomain: true,
      body: { inviter: { name: 'Ann' }, invitee: { email: 'bob@example.com' }, client_id: 'cl_1' },
    },
    sdk: (c) => c.organizations.invitations.create(ODD, { inviter: { name: 'Ann' }, invitee: { email: 'bob@example.com' }, client_id: 'cl_1' }),
  },
  {
    group: organizationsGroup,
    op: 'get_organization_invitation',
    values: { id: ODD, invitation_id: 'uinv_1' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/invitations/uinv_1` },
    sdk: (c) => c.organizations.invitations.get(ODD, 'uinv_1'),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_invitation',
    values: { id: ODD, invitation_id: 'uinv_1' },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/invitations/uinv_1` },
    sdk: (c) => c.organizations.invitations.delete(ODD, 'uinv_1'),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_members',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/members`, query: { include_totals: 'true' } },
    sdk: (c) => c.organizations.members.list(ODD, { include_totals: true, take: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_members',
    values: { id: ODD, from_param: 'm_1', take: '20' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/members`, query: { include_totals: 'true', from: 'm_1', take: '20' } },
    sdk: (c) => c.organizations.members.list(ODD, { include_totals: true, from: 'm_1', take: 20 }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_members',
    values: { id: ODD, body: { members: ['auth0|1'] } },
    expect: { method: 'POST', path: `/api/v2/organizations/${E}/members`, body: { members: ['auth0|1'] } },
    sdk: (c) => c.organizations.members.create(ODD, { members: ['auth0|1'] }),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_members',
    values: { id: ODD, body: { members: ['auth0|1'] } },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/members`, body: { members: ['auth0|1'] } },
    sdk: (c) => c.organizations.members.delete(ODD, { members: ['auth0|1'] }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_member_roles',
    values: { id: ODD, user_id: ODD, per_page: 3 },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/members/${E}/roles`, query: { per_page: '3' } },
    sdk: (c) => c.organizations.members.roles.list(ODD, ODD, { page: NONE, per_page: 3, include_totals: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_member_roles',
    values: { id: ODD, user_id: ODD, body: { roles: ['rol_1'] } },
    expect: { method: 'POST', path: `/api/v2/organizations/${E}/members/${E}/roles`, body: { roles: ['rol_1'] } },
    sdk: (c) => c.organizations.members.roles.assign(ODD, ODD, { roles: ['rol_1'] }),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_member_roles',
    values: { id: ODD, user_id: ODD, body: { roles: ['rol_1'] } },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/members/${E}/roles`, body: { roles: ['rol_1'] } },
    sdk: (c) => c.organizations.members.roles.delete(ODD, ODD, { roles: ['rol_1'] }),
  },

  // ── clients ───────────────────────────────────────────────────────────
  {
    group: clientsGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/clients', query: { include_fields: 'true' } },
    sdk: (c) => c.clients.list({ include_fields: true, page: NONE, per_page: NONE, include_totals: NONE }),
  },
  {
    group: clientsGroup,
    op: 'all',
    values: { fields: 'name, client_id', include_fields: false, page: 1, per_page: 50, extra_params: { app_type: 'spa', page: 9 } },
    expect: {
      method: 'GET',
      path: '/api/v2/clients',
      query: { fields: 'name,client_id', include_fields: 'false', page: '1', per_page: '50', app_type: 'spa' },
    },
    sdk: (c) => c.clients.list({ fields: 'name,client_id', include_fields: false, page: 1, per_page: 50, include_totals: NONE }, q({ app_type: 'spa' })),
  },
  {
    group: clientsGroup,
    op: 'create',
    values: { body: { name: 'Dashboard', app_type: 'spa' } },
    expect: { method: 'POST', path: '/api/v2/clients', body: { name: 'Dashboard', app_type: 'spa' } },
    sdk: (c) => c.clients.create({ name: 'Dashboard', app_type: 'spa' }),
  },
  {
    group: clientsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/clients/${E}`, query: { include_fields: 'true' } },
    sdk: (c) => c.clients.get(ODD, { include_fields: true }),
  },
  {
    group: clientsGroup,
    op: 'get',
    values: { id: ODD, fields: ['client_secret'], include_fields: 'false' },
    expect: { method: 'GET', path: `/api/v2/clients/${E}`, query: { fields: 'client_secret', include_fields: 'false' } },
    sdk: (c) => c.clients.get(ODD, { fields: 'client_secret', include_fields: false }),
  },
  {
    group: clientsGroup,
    op: 'update',
    values: { id: ODD, body: { callbacks: ['https://app.example.com/cb'] } },
    expect: { method: 'PATCH', path: `/api/v2/clients/${E}`, body: { callbacks: ['https://app.example.com/cb'] } },
    sdk: (c) => c.clients.update(ODD, { callbacks: ['https://app.example.com/cb'] }),
  },
  {
    group: clientsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/clients/${E}` },
    sdk: (c) => c.clients.delete(ODD),
  },
  {
    group: clientsGroup,
    op: 'rotate_secret',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/clients/${E}/rotate-secret` },
    sdk: (c) => c.clients.rotateSecret(ODD),
  },
  {
    group: clientsGroup,
    op: 'all_credentials',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/clients/${E}/credentials` },
    sdk: (c) => c.clients.credentials.list(ODD),
  },
  {
    group: clientsGroup,
    op: 'create_credential',
    values: { id: ODD, body: { credential_type: 'public_key', name: 'ci key', pem: 'PEM', alg: 'PS256' } },
    expect: { method: 'POST', path: `/api/v2/clients/${E}/credentials`, body: { credential_type: 'public_key', name: 'ci key', pem: 'PEM', alg: 'PS256' } },
    sdk: (c) => c.clients.credentials.create(ODD, { credential_type: 'public_key', name: 'ci key', pem: 'PEM', alg: 'PS256' }),
  },
  {
    group: clientsGroup,
    op: 'get_credential',
    values: { id: ODD, credential_id: ODD },
    expect: { method: 'GET', path: `/api/v2/clients/${E}/credentials/${E}` },
    sdk: (c) => c.clients.credentials.get(ODD, ODD),
  },
  {
    group: clientsGroup,
    op: 'update_credential',
    values: { id: ODD, credential_id: ODD, body: { expires_at: '2030-01-01T00:00:00.000Z' } },
    expect: { method: 'PATCH', path: `/api/v2/clients/${E}/credentials/${E}`, body: { expires_at: '2030-01-01T00:00:00.000Z' } },
    sdk: (c) => c.clients.credentials.update(ODD, ODD, { expires_at: '2030-01-01T00:00:00.000Z' }),
  },
  {
    group: clientsGroup,
    op: 'delete_credential',
    values: { id: ODD, credential_id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/clients/${E}/credentials/${E}` },
    sdk: (c) => c.clients.credentials.delete(ODD, ODD),
  },

  // ── client_grants ─────────────────────────────────────────────────────
  {
    group: clientGrantsGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/client-grants', query: { include_totals: 'false' } },
    sdk: (c) => c.clientGrants.list({ include_totals: false, take: NONE }),
  },
  {
    group: clientGrantsGroup,
    op: 'all',
    values: { audience: 'https://api.example.com/', client_id: 'cl_1', page: 2, per_page: 10, include_totals: true },
    expect: {
      method: 'GET',
      path: '/api/v2/client-grants',
      query: { audience: 'https://api.example.com/', page: '2', per_page: '10', include_totals: 'true', client_id: 'cl_1' },
    },
    // v7 pages client grants by checkpoint only; page and per_page are py4's client_grants.all.
    sdk: (c) =>
      c.clientGrants.list({ audience: 'https://api.example.com/', client_id: 'cl_1', include_totals: true, take: NONE }, q({ page: 2, per_page: 10 })),
  },
  {
    group: clientGrantsGroup,
    op: 'create',
    values: { body: { client_id: 'cl_1', audience: 'https://api.example.com/', scope: ['read:reports'] } },
    expect: { method: 'POST', path: '/api/v2/client-grants', body: { client_id: 'cl_1', audience: 'https://api.example.com/', scope: ['read:reports'] } },
    sdk: (c) => c.clientGrants.create({ client_id: 'cl_1', audience: 'https://api.example.com/', scope: ['read:reports'] }),
  },
  {
    group: clientGrantsGroup,
    op: 'update',
    values: { id: ODD, body: { scope: [] } },
    expect: { method: 'PATCH', path: `/api/v2/client-grants/${E}`, body: { scope: [] } },
    sdk: (c) => c.clientGrants.update(ODD, { scope: [] }),
  },
  {
    group: clientGrantsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/client-grants/${E}` },
    sdk: (c) => c.clientGrants.delete(ODD),
  },

  // ── resource_servers ──────────────────────────────────────────────────
  {
    group: resourceServersGroup,
    op: 'get_all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/resource-servers', query: { include_totals: 'false' } },
    sdk: (c) => c.resourceServers.list({ page: NONE, per_page: NONE, include_totals: false }),
  },
  {
    group: resourceServersGroup,
    op: 'get_all',
    values: { page: 3, per_page: 20, include_totals: true },
    expect: { method: 'GET', path: '/api/v2/resource-servers', query: { page: '3', per_page: '20', include_totals: 'true' } },
    sdk: (c) => c.resourceServers.list({ page: 3, per_page: 20, include_totals: true }),
  },
  {
    group: resourceServersGroup,
    op: 'create',
    values: { body: { identifier: 'https://api.example.com/', name: 'API' } },
    expect: { method: 'POST', path: '/api/v2/resource-servers', body: { identifier: 'https://api.example.com/', name: 'API' } },
    sdk: (c) => c.resourceServers.create({ identifier: 'https://api.example.com/', name: 'API' }),
  },
  {
    group: resourceServersGroup,
    op: 'get',
    values: { id: 'https://api.example.com/' },
    expect: { method: 'GET', path: '/api/v2/resource-servers/https%3A%2F%2Fapi.example.com%2F' },
    sdk: (c) => c.resourceServers.get('https://api.example.com/'),
  },
  {
    group: resourceServersGroup,
    op: 'update',
    values: { id: ODD, body: { token_lifetime: 3600 } },
    expect: { method: 'PATCH', path: `/api/v2/resource-servers/${E}`, body: { token_lifetime: 3600 } },
    sdk: (c) => c.resourceServers.update(ODD, { token_lifetime: 3600 }),
  },
  {
    group: resourceServersGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/resource-servers/${E}` },
    sdk: (c) => c.resourceServers.delete(ODD),
  },

  // ── grants ────────────────────────────────────────────────────────────
  {
    group: grantsGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/grants', query: { include_totals: 'false' } },
    sdk: (c) => c.userGrants.list({ page: NONE, per_page: NONE, include_totals: false }),
  },
  {
    group: grantsGroup,
    op: 'all',
    values: { page: 0, per_page: 5, extra_params: { user_id: 'auth0|1', include_totals: true } },
    expect: { method: 'GET', path: '/api/v2/grants', query: { page: '0', per_page: '5', include_totals: 'false', user_id: 'auth0|1' } },
    sdk: (c) => c.userGrants.list({ page: 0, per_page: 5, include_totals: false, user_id: 'auth0|1' }),
  },
  {
    group: grantsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/grants/${E}` },
    sdk: (c) => c.userGrants.delete(ODD),
  },

  // ── device_credentials ────────────────────────────────────────────────
  {
    group: deviceCredentialsGroup,
    op: 'get',
    values: { user_id: 'auth0|1', client_id: 'cl_1', type: 'refresh_token' },
    expect: {
      method: 'GET',
      path: '/api/v2/device-credentials',
      query: { user_id: 'auth0|1', client_id: 'cl_1', type: 'refresh_token', include_fields: 'true', include_totals: 'false' },
    },
    sdk: (c) =>
      c.deviceCredentials.list({
        user_id: 'auth0|1',
        client_id: 'cl_1',
        type: 'refresh_token',
        include_fields: true,
        include_totals: false,
        page: NONE,
        per_page: NONE,
      }),
  },
  {
    group: deviceCredentialsGroup,
    op: 'create',
    values: { body: { device_name: 'phone', type: 'public_key', value: 'pk', device_id: 'dev_1', client_id: 'cl_1' } },
    expect: {
      method: 'POST',
      path: '/api/v2/device-credentials',
      body: { device_name: 'phone', type: 'public_key', value: 'pk', device_id: 'dev_1', client_id: 'cl_1' },
    },
    sdk: (c) => c.deviceCredentials.createPublicKey({ device_name: 'phone', type: 'public_key', value: 'pk', device_id: 'dev_1', client_id: 'cl_1' }),
  },
  {
    group: deviceCredentialsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/device-credentials/${E}` },
    sdk: (c) => c.deviceCredentials.delete(ODD),
  },

  // ── connections ───────────────────────────────────────────────────────
  {
    group: connectionsGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/connections', query: { include_fields: 'true' } },
    sdk: (c) => c.connections.list({ include_fields: true, include_totals: NONE, take: NONE }),
  },
  {
    group: connectionsGroup,
    op: 'all',
    values: { strategy: 'auth0', fields: ['name'], page: 1, per_page: 3, extra_params: { name: 'db' } },
    expect: {
      method: 'GET',
      path: '/api/v2/connections',
      query: { fields: 'name', include_fields: 'true', page: '1', per_page: '3', name: 'db' },
      queryLists: { strategy: ['auth0'] },
    },
    // v7 pages connections by checkpoint only; page and per_page are py4's connections.all.
    sdk: (c) =>
      c.connections.list(
        { strategy: 'auth0', name: 'db', fields: 'name', include_fields: true, include_totals: NONE, take: NONE },
        q({ page: 1, per_page: 3 }),
      ),
  },
  {
    group: connectionsGroup,
    op: 'all',
    // Auth0's description: strategy is an array, sent as the key repeated (style form, explode).
    values: { strategy: 'auth0,samlp' },
    expect: { method: 'GET', path: '/api/v2/connections', query: { include_fields: 'true' }, queryLists: { strategy: ['auth0', 'samlp'] } },
    sdk: (c) => c.connections.list({ strategy: ['auth0', 'samlp'], include_fields: true, include_totals: NONE, take: NONE }),
  },

  {
    group: connectionsGroup,
    op: 'create',
    values: { body: { name: 'db', strategy: 'auth0' } },
    expect: { method: 'POST', path: '/api/v2/connections', body: { name: 'db', strategy: 'auth0' } },
    sdk: (c) => c.connections.create({ name: 'db', strategy: 'auth0' }),
  },
  {
    group: connectionsGroup,
    op: 'get',
    values: { id: ODD, fields: 'options' },
    expect: { method: 'GET', path: `/api/v2/connections/${E}`, query: { fields: 'options', include_fields: 'true' } },
    sdk: (c) => c.connections.get(ODD, { fields: 'options', include_fields: true }),
  },
  {
    group: connectionsGroup,
    op: 'update',
    values: { id: ODD, body: { enabled_clients: ['cl_1'] } },
    expect: { method: 'PATCH', path: `/api/v2/connections/${E}`, body: { enabled_clients: ['cl_1'] } },
    sdk: (c) => c.connections.update(ODD, { enabled_clients: ['cl_1'] }),
  },
  {
    group: connectionsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/connections/${E}` },
    sdk: (c) => c.connections.delete(ODD),
  },
  {
    group: connectionsGroup,
    op: 'delete_user_by_email',
    values: { id: ODD, email: 'a+b@example.com' },
    expect: { method: 'DELETE', path: `/api/v2/connections/${E}/users`, query: { email: 'a+b@example.com' } },
    sdk: (c) => c.connections.users.deleteByEmail(ODD, { email: 'a+b@example.com' }),
  },

  // ── custom_domains ────────────────────────────────────────────────────
  {
    group: customDomainsGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/custom-domains' },
    sdk: (c) => c.customDomains.list(),
  },
  {
    group: customDomainsGroup,
    op: 'create_new',
    values: { body: { domain: 'login.example.com', type: 'auth0_managed_certs', verification_method: 'txt' } },
    expect: {
      method: 'POST',
      path: '/api/v2/custom-domains',
      body: { domain: 'login.example.com', type: 'auth0_managed_certs', verification_method: 'txt' },
    },
    sdk: (c) => c.customDomains.create({ domain: 'login.example.com', type: 'auth0_managed_certs', verification_method: 'txt' }),
  },
  {
    group: customDomainsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/custom-domains/${E}` },
    sdk: (c) => c.customDomains.get(ODD),
  },
  {
    group: customDomainsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/custom-domains/${E}` },
    sdk: (c) => c.customDomains.delete(ODD),
  },
  {
    group: customDomainsGroup,
    op: 'verify',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/custom-domains/${E}/verify` },
    sdk: (c) => c.customDomains.verify(ODD),
  },

  // ── blacklists (the SDK no longer has them) ───────────────────────────
  {
    group: blacklistsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/blacklists/tokens' },
    source: `${PY4} blacklists.py Blacklists.get: GET /api/v2/blacklists/tokens, params {aud}`,
  },
  {
    group: blacklistsGroup,
    op: 'get',
    values: { aud: 'cl_1' },
    expect: { method: 'GET', path: '/api/v2/blacklists/tokens', query: { aud: 'cl_1' } },
    source: `${PY4} blacklists.py Blacklists.get`,
  },
  {
    group: blacklistsGroup,
    op: 'create',
    values: { jti: 'jti_1', aud: 'cl_1' },
    expect: { method: 'POST', path: '/api/v2/blacklists/tokens', body: { jti: 'jti_1', aud: 'cl_1' } },
    source: `${PY4} blacklists.py Blacklists.create: POST /api/v2/blacklists/tokens, body {jti, aud when given}`,
  },
  {
    group: blacklistsGroup,
    op: 'create',
    values: { jti: 'jti_1' },
    expect: { method: 'POST', path: '/api/v2/blacklists/tokens', body: { jti: 'jti_1' } },
    source: `${PY4} blacklists.py Blacklists.create`,
  },

  // ── guardian ──────────────────────────────────────────────────────────
  // Auth0 since the reference (its SDKs of 2026-09): the MFA settings and the factors' OTP settings.
  { group: guardianGroup, op: 'get_settings', values: {}, expect: { method: 'GET', path: '/api/v2/guardian/settings' }, sdk: (c) => c.guardian.get() },
  {
    group: guardianGroup,
    op: 'set_settings',
    values: {
      body: { display_remember_me_checkbox: true, remember_me_default_value: false, mfa_session_inactivity_timeout: 30, mfa_session_overall_timeout: 720 },
    },
    expect: {
      method: 'PUT',
      path: '/api/v2/guardian/settings',
      body: { display_remember_me_checkbox: true, remember_me_default_value: false, mfa_session_inactivity_timeout: 30, mfa_session_overall_timeout: 720 },
    },
    sdk: (c) =>
      c.guardian.set({
        display_remember_me_checkbox: true,
        remember_me_default_value: false,
        mfa_session_inactivity_timeout: 30,
        mfa_session_overall_timeout: 720,
      }),
  },
  {
    group: guardianGroup,
    op: 'get_email_factor_settings',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors/email/settings' },
    sdk: (c) => c.guardian.factors.email.get(),
  },
  {
    group: guardianGroup,
    op: 'set_email_factor_settings',
    values: { body: { otp_length: 6, otp_expiration_time: 5 } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/email/settings', body: { otp_length: 6, otp_expiration_time: 5 } },
    sdk: (c) => c.guardian.factors.email.set({ otp_length: 6, otp_expiration_time: 5 }),
  },
  {
    group: guardianGroup,
    op: 'get_phone_factor_settings',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors/phone/settings' },
    sdk: (c) => c.guardian.factors.phone.get(),
  },
  {
    group: guardianGroup,
    op: 'set_phone_factor_settings',
    values: { body: { otp_length: 8, otp_expiration_time: 10 } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/phone/settings', body: { otp_length: 8, otp_expiration_time: 10 } },
    sdk: (c) => c.guardian.factors.phone.set({ otp_length: 8, otp_expiration_time: 10 }),
  },
  {
    group: guardianGroup,
    op: 'all_factors',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors' },
    sdk: (c) => c.guardian.factors.list(),
  },
  {
    group: guardianGroup,
    op: 'update_factor',
    values: { name: 'sms', body: { enabled: true } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/sms', body: { enabled: true } },
    sdk: (c) => c.guardian.factors.set('sms', { enabled: true }),
  },
  {
    group: guardianGroup,
    op: 'get_factor_providers',
    values: { factor_name: 'sms', name: 'twilio' },
    expect: { method: 'GET', path: '/api/v2/guardian/factors/sms/providers/twilio' },
    sdk: (c) => c.guardian.factors.sms.getTwilioProvider(),
  },
  {
    group: guardianGroup,
    op: 'get_factor_providers',
    values: { factor_name: 'push-notification', name: 'sns' },
    expect: { method: 'GET', path: '/api/v2/guardian/factors/push-notification/providers/sns' },
    sdk: (c) => c.guardian.factors.pushNotification.getSnsProvider(),
  },
  {
    group: guardianGroup,
    op: 'update_factor_providers',
    values: { factor_name: 'sms', name: 'twilio', body: { from: '+15550100', sid: 'AC1', auth_token: 'tok' } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/sms/providers/twilio', body: { from: '+15550100', sid: 'AC1', auth_token: 'tok' } },
    sdk: (c) => c.guardian.factors.sms.setTwilioProvider({ from: '+15550100', sid: 'AC1', auth_token: 'tok' }),
  },
  {
    group: guardianGroup,
    op: 'get_templates',
    values: {},
    expect: { method: 'GET', path: '/api/v2/guardian/factors/sms/templates' },
    sdk: (c) => c.guardian.factors.sms.getTemplates(),
  },
  {
    group: guardianGroup,
    op: 'update_templates',
    values: { body: { enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' } },
    expect: { method: 'PUT', path: '/api/v2/guardian/factors/sms/templates', body: { enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' } },
    sdk: (c) => c.guardian.factors.sms.setTemplates({ enrollment_message: 'e {{code}}', verification_message: 'v {{code}}' }),
  },
  {
    group: guardianGroup,
    op: 'create_enrollment_ticket',
    values: { body: { user_id: 'auth0|1', send_mail: false } },
    expect: { method: 'POST', path: '/api/v2/guardian/enrollments/ticket', body: { user_id: 'auth0|1', send_mail: false }, customDomain: true },
    sdk: (c) => c.guardian.enrollments.createTicket({ user_id: 'auth0|1', send_mail: false }),
  },
  {
    group: guardianGroup,
    op: 'get_enrollment',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/guardian/enrollments/${E}` },
    sdk: (c) => c.guardian.enrollments.get(ODD),
  },
  {
    group: guardianGroup,
    op: 'delete_enrollment',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/guardian/enrollments/${E}` },
    sdk: (c) => c.guardian.enrollments.delete(ODD),
  },

  // ── tenants, stats, prompts ───────────────────────────────────────────
  {
    group: tenantsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/tenants/settings', query: { include_fields: 'true' } },
    sdk: (c) => c.tenants.settings.get({ include_fields: true }),
  },
  {
    group: tenantsGroup,
    op: 'get',
    values: { fields: ['friendly_name', 'support_email'], include_fields: false },
    expect: { method: 'GET', path: '/api/v2/tenants/settings', query: { fields: 'friendly_name,support_email', include_fields: 'false' } },
    sdk: (c) => c.tenants.settings.get({ fields: 'friendly_name,support_email', include_fields: false }),
  },
  {
    group: tenantsGroup,
    op: 'update',
    values: { body: { friendly_name: 'Acme' } },
    expect: { method: 'PATCH', path: '/api/v2/tenants/settings', body: { friendly_name: 'Acme' } },
    sdk: (c) => c.tenants.settings.update({ friendly_name: 'Acme' }),
  },
  {
    group: statsGroup,
    op: 'active_users',
    values: {},
    expect: { method: 'GET', path: '/api/v2/stats/active-users' },
    sdk: (c) => c.stats.getActiveUsersCount(),
  },
  {
    group: statsGroup,
    op: 'daily_stats',
    values: {},
    expect: { method: 'GET', path: '/api/v2/stats/daily' },
    sdk: (c) => c.stats.getDaily(),
  },
  {
    group: statsGroup,
    op: 'daily_stats',
    values: { from_date: '20240101', to_date: 20240131 },
    expect: { method: 'GET', path: '/api/v2/stats/daily', query: { from: '20240101', to: '20240131' } },
    sdk: (c) => c.stats.getDaily({ from: '20240101', to: '20240131' }),
  },
  {
    group: promptsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/prompts' },
    sdk: (c) => c.prompts.getSettings(),
  },
  {
    group: promptsGroup,
    op: 'update',
    values: { body: { identifier_first: true } },
    expect: { method: 'PATCH', path: '/api/v2/prompts', body: { identifier_first: true } },
    sdk: (c) => c.prompts.updateSettings({ identifier_first: true }),
  },
  {
    group: promptsGroup,
    op: 'get_custom_text',
    values: { prompt: 'login', language: 'fr-CA' },
    expect: { method: 'GET', path: '/api/v2/prompts/login/custom-text/fr-CA' },
    sdk: (c) => c.prompts.customText.get('login', 'fr-CA'),
  },
  {
    group: promptsGroup,
    op: 'update_custom_text',
    values: { prompt: 'login', language: 'fr-CA', body: { login: { title: 'Bonjour' } } },
    expect: { method: 'PUT', path: '/api/v2/prompts/login/custom-text/fr-CA', body: { login: { title: 'Bonjour' } } },
    sdk: (c) => c.prompts.customText.set('login', 'fr-CA', { login: { title: 'Bonjour' } }),
  },

  // ── emails (provider) and email_templates ─────────────────────────────
  {
    group: emailsGroup,
    op: 'config',
    values: { body: { name: 'smtp', enabled: true, credentials: { smtp_host: 'smtp.example.com' } } },
    expect: { method: 'POST', path: '/api/v2/emails/provider', body: { name: 'smtp', enabled: true, credentials: { smtp_host: 'smtp.example.com' } } },
    sdk: (c) => c.emails.provider.create({ name: 'smtp', enabled: true, credentials: { smtp_host: 'smtp.example.com' } }),
  },
  {
    group: emailsGroup,
    op: 'get',
    values: {},
    expect: { method: 'GET', path: '/api/v2/emails/provider', query: { include_fields: 'true' } },
    sdk: (c) => c.emails.provider.get({ include_fields: true }),
  },
  {
    group: emailsGroup,
    op: 'update',
    values: { body: { enabled: false } },
    expect: { method: 'PATCH', path: '/api/v2/emails/provider', body: { enabled: false } },
    sdk: (c) => c.emails.provider.update({ enabled: false }),
  },
  {
    group: emailsGroup,
    op: 'delete',
    values: {},
    expect: { method: 'DELETE', path: '/api/v2/emails/provider' },
    sdk: (c) => c.emails.provider.delete(),
  },
  {
    group: emailTemplatesGroup,
    op: 'create',
    values: { body: { template: 'verify_email', body: '<p>Hi</p>', from: 'noreply@example.com', subject: 'Verify', syntax: 'liquid', enabled: true } },
    expect: {
      method: 'POST',
      path: '/api/v2/email-templates',
      body: { template: 'verify_email', body: '<p>Hi</p>', from: 'noreply@example.com', subject: 'Verify', syntax: 'liquid', enabled: true },
    },
    sdk: (c) =>
      c.emailTemplates.create({ template: 'verify_email', body: '<p>Hi</p>', from: 'noreply@example.com', subject: 'Verify', syntax: 'liquid', enabled: true }),
  },
  {
    group: emailTemplatesGroup,
    op: 'get',
    values: { template_name: 'reset_email' },
    expect: { method: 'GET', path: '/api/v2/email-templates/reset_email' },
    sdk: (c) => c.emailTemplates.get('reset_email'),
  },
  {
    group: emailTemplatesGroup,
    op: 'update',
    values: { template_name: 'welcome_email', body: { enabled: false } },
    expect: { method: 'PATCH', path: '/api/v2/email-templates/welcome_email', body: { enabled: false } },
    sdk: (c) => c.emailTemplates.update('welcome_email', { enabled: false }),
  },

  // ── rules, rules_configs, hooks ───────────────────────────────────────
  {
    group: rulesGroup,
    op: 'all',
    values: {},
    expect: {
      method: 'GET',
      path: '/api/v2/rules',
      query: { enabled: 'true', include_fields: 'true', include_totals: 'false' },
    },
    // stage only when set: Auth0's description of GET /rules no longer has it.
    sdk: (c) => c.rules.list({ enabled: true, include_fields: true, include_totals: false, page: NONE, per_page: NONE }),
  },
  {
    group: rulesGroup,
    op: 'all',
    values: { stage: 'login_failure', enabled: false, fields: ['name', 'script'], page: 1, per_page: 10, include_totals: true },
    expect: {
      method: 'GET',
      path: '/api/v2/rules',
      query: { stage: 'login_failure', enabled: 'false', fields: 'name,script', include_fields: 'true', page: '1', per_page: '10', include_totals: 'true' },
    },
    sdk: (c) =>
      c.rules.list({ enabled: false, fields: 'name,script', include_fields: true, page: 1, per_page: 10, include_totals: true }, q({ stage: 'login_failure' })),
  },
  {
    group: rulesGroup,
    op: 'create',
    values: { body: { name: 'add-claims', script: 'function (u, c, cb) { cb(null, u, c); }' } },
    expect: { method: 'POST', path: '/api/v2/rules', body: { name: 'add-claims', script: 'function (u, c, cb) { cb(null, u, c); }' } },
    sdk: (c) => c.rules.create({ name: 'add-claims', script: 'function (u, c, cb) { cb(null, u, c); }' }),
  },
  {
    group: rulesGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/rules/${E}`, query: { include_fields: 'true' } },
    sdk: (c) => c.rules.get(ODD, { include_fields: true }),
  },
  {
    group: rulesGroup,
    op: 'update',
    values: { id: ODD, body: { enabled: false } },
    expect: { method: 'PATCH', path: `/api/v2/rules/${E}`, body: { enabled: false } },
    sdk: (c) => c.rules.update(ODD, { enabled: false }),
  },
  {
    group: rulesGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/rules/${E}` },
    sdk: (c) => c.rules.delete(ODD),
  },
  {
    group: rulesConfigsGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/rules-configs' },
    sdk: (c) => c.rulesConfigs.list(),
  },
  {
    group: rulesConfigsGroup,
    op: 'set',
    values: { key: 'API_KEY', value: 's3cr3t' },
    expect: { method: 'PUT', path: '/api/v2/rules-configs/API_KEY', body: { value: 's3cr3t' } },
    sdk: (c) => c.rulesConfigs.set('API_KEY', { value: 's3cr3t' }),
  },
  {
    group: rulesConfigsGroup,
    op: 'unset',
    values: { key: 'API_KEY' },
    expect: { method: 'DELETE', path: '/api/v2/rules-configs/API_KEY' },
    sdk: (c) => c.rulesConfigs.delete('API_KEY'),
  },
  {
    group: hooksGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: '/api/v2/hooks', query: { enabled: 'true', include_fields: 'true', include_totals: 'false' } },
    // v7 has no include_fields argument for hooks; it is py4's hooks.all.
    sdk: (c) => c.hooks.list({ enabled: true, include_totals: false, page: NONE, per_page: NONE }, q({ include_fields: true })),
  },
  {
    group: hooksGroup,
    op: 'all',
    values: { enabled: 'false', page: 0, per_page: 2 },
    expect: {
      method: 'GET',
      path: '/api/v2/hooks',
      query: { enabled: 'false', include_fields: 'true', page: '0', per_page: '2', include_totals: 'false' },
    },
    sdk: (c) => c.hooks.list({ enabled: false, include_totals: false, page: 0, per_page: 2 }, q({ include_fields: true })),
  },
  {
    group: hooksGroup,
    op: 'all',
    values: { trigger_id: 'post-user-registration' },
    expect: {
      method: 'GET',
      path: '/api/v2/hooks',
      query: { enabled: 'true', triggerId: 'post-user-registration', include_fields: 'true', include_totals: 'false' },
    },
    sdk: (c) =>
      c.hooks.list({ enabled: true, triggerId: 'post-user-registration', include_totals: false, page: NONE, per_page: NONE }, q({ include_fields: true })),
  },
  {
    group: hooksGroup,
    op: 'create',
    values: { body: { name: 'cc', script: 'module.exports = () => {}', triggerId: 'credentials-exchange' } },
    expect: { method: 'POST', path: '/api/v2/hooks', body: { name: 'cc', script: 'module.exports = () => {}', triggerId: 'credentials-exchange' } },
    sdk: (c) => c.hooks.create({ name: 'cc', script: 'module.exports = () => {}', triggerId: 'credentials-exchange' }),
  },
  {
    group: hooksGroup,
    op: 'get',
    values: { id: ODD, fields: ['name', 'script'] },
    expect: { method: 'GET', path: `/api/v2/hooks/${E}`, query: { fields: 'name,script' } },
    sdk: (c) => c.hooks.get(ODD, { fields: 'name,script' }),
  },
  {
    group: hooksGroup,
    op: 'update',
    values: { id: ODD, body: { enabled: true } },
    expect: { method: 'PATCH', path: `/api/v2/hooks/${E}`, body: { enabled: true } },
    sdk: (c) => c.hooks.update(ODD, { enabled: true }),
  },
  {
    group: hooksGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/hooks/${E}` },
    sdk: (c) => c.hooks.delete(ODD),
  },
  {
    group: hooksGroup,
    op: 'add_secrets',
    values: { id: ODD, body: { API_KEY: 'k1' } },
    expect: { method: 'POST', path: `/api/v2/hooks/${E}/secrets`, body: { API_KEY: 'k1' } },
    sdk: (c) => c.hooks.secrets.create(ODD, { API_KEY: 'k1' }),
  },
  {
    group: hooksGroup,
    op: 'get_secrets',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/hooks/${E}/secrets` },
    sdk: (c) => c.hooks.secrets.get(ODD),
  },
  {
    group: hooksGroup,
    op: 'update_secrets',
    values: { id: ODD, body: { API_KEY: 'k2' } },
    expect: { method: 'PATCH', path: `/api/v2/hooks/${E}/secrets`, body: { API_KEY: 'k2' } },
    sdk: (c) => c.hooks.secrets.update(ODD, { API_KEY: 'k2' }),
  },
  {
    group: hooksGroup,
    op: 'delete_secrets',
    values: { id: ODD, body: 'API_KEY, OTHER' },
    expect: { method: 'DELETE', path: `/api/v2/hooks/${E}/secrets`, body: ['API_KEY', 'OTHER'] },
    sdk: (c) => c.hooks.secrets.delete(ODD, ['API_KEY', 'OTHER']),
  },

  // ── logs, log_streams ─────────────────────────────────────────────────
  {
    group: logsGroup,
    op: 'get',
    values: { id: '90020240101000000' },
    expect: { method: 'GET', path: '/api/v2/logs/90020240101000000' },
    sdk: (c) => c.logs.get('90020240101000000'),
  },
  {
    group: logsGroup,
    op: 'search',
    values: {},
    expect: { method: 'GET', path: '/api/v2/logs', query: { page: '0', per_page: '50', include_totals: 'true', include_fields: 'true' } },
    sdk: (c) => c.logs.list({ page: 0, per_page: 50, include_totals: true, include_fields: true }),
  },
  {
    group: logsGroup,
    op: 'search',
    values: { q: 'type:"f" AND user_id:"auth0|1"', sort: 'date:-1', fields: ['log_id', 'type'], include_fields: false, page: 2, per_page: 100 },
    expect: {
      method: 'GET',
      path: '/api/v2/logs',
      query: {
        page: '2',
        per_page: '100',
        sort: 'date:-1',
        q: 'type:"f" AND user_id:"auth0|1"',
        include_totals: 'true',
        fields: 'log_id,type',
        include_fields: 'false',
      },
    },
    // v7 names its free-text filter `search`; the Lucene q is py4's logs.search (and Auth0's documented q).
    sdk: (c) =>
      c.logs.list(
        { page: 2, per_page: 100, sort: 'date:-1', fields: 'log_id,type', include_fields: false, include_totals: true },
        q({ q: 'type:"f" AND user_id:"auth0|1"' }),
      ),
  },
  {
    group: logsGroup,
    op: 'search',
    values: { from_param: '900200', take: 100 },
    expect: {
      method: 'GET',
      path: '/api/v2/logs',
      query: { page: '0', per_page: '50', include_totals: 'true', include_fields: 'true', from: '900200', take: '100' },
    },
    // v7 has no checkpoint arguments for logs; from/take are py4's logs.search (sent as from, take).
    sdk: (c) => c.logs.list({ page: 0, per_page: 50, include_totals: true, include_fields: true }, q({ from: '900200', take: 100 })),
  },
  {
    group: logStreamsGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: '/api/v2/log-streams' },
    sdk: (c) => c.logStreams.list(),
  },
  {
    group: logStreamsGroup,
    op: 'create',
    values: {
      body: {
        name: 'siem',
        type: 'http',
        sink: { httpEndpoint: 'https://siem.example.com/in', httpContentType: 'application/json', httpContentFormat: 'JSONLINES' },
      },
    },
    expect: {
      method: 'POST',
      path: '/api/v2/log-streams',
      body: {
        name: 'siem',
        type: 'http',
        sink: { httpEndpoint: 'https://siem.example.com/in', httpContentType: 'application/json', httpContentFormat: 'JSONLINES' },
      },
    },
    sdk: (c) =>
      c.logStreams.create({
        name: 'siem',
        type: 'http',
        sink: { httpEndpoint: 'https://siem.example.com/in', httpContentType: 'application/json', httpContentFormat: 'JSONLINES' },
      }),
  },
  {
    group: logStreamsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/log-streams/${E}` },
    sdk: (c) => c.logStreams.get(ODD),
  },
  {
    group: logStreamsGroup,
    op: 'update',
    values: { id: ODD, body: { status: 'active' } },
    expect: { method: 'PATCH', path: `/api/v2/log-streams/${E}`, body: { status: 'active' } },
    sdk: (c) => c.logStreams.update(ODD, { status: 'active' }),
  },
  {
    group: logStreamsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/log-streams/${E}` },
    sdk: (c) => c.logStreams.delete(ODD),
  },

  // ── jobs ──────────────────────────────────────────────────────────────
  {
    group: jobsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/jobs/${E}` },
    sdk: (c) => c.jobs.get(ODD),
  },
  {
    group: jobsGroup,
    op: 'get_failed_job',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/jobs/${E}/errors` },
    sdk: (c) => c.jobs.errors.get(ODD),
  },
  {
    group: jobsGroup,
    op: 'get_results',
    values: { job_id: ODD },
    expect: { method: 'GET', path: `/api/v2/jobs/${E}/results` },
    source: `${PY4} jobs.py Jobs.get_results (deprecated there; the endpoint is gone, so the node never sends it)`,
  },
  {
    group: jobsGroup,
    op: 'export_users',
    values: { body: { connection_id: 'con_1', format: 'csv', fields: [{ name: 'email' }] } },
    expect: { method: 'POST', path: '/api/v2/jobs/users-exports', body: { connection_id: 'con_1', format: 'csv', fields: [{ name: 'email' }] } },
    sdk: (c) => c.jobs.usersExports.create({ connection_id: 'con_1', format: 'csv', fields: [{ name: 'email' }] }),
  },
  {
    group: jobsGroup,
    op: 'import_users',
    values: { connection_id: 'con_1', file_obj: [{ email: 'a@example.com' }], external_id: 'batch-1' },
    expect: {
      method: 'POST',
      path: '/api/v2/jobs/users-imports',
      body: {
        fields: { connection_id: 'con_1', upsert: 'false', send_completion_email: 'true', external_id: 'batch-1' },
        files: { users: [{ email: 'a@example.com' }] },
      },
    },
    sdk: (c) =>
      c.jobs.usersImports.create({
        users: Buffer.from(JSON.stringify([{ email: 'a@example.com' }])),
        connection_id: 'con_1',
        upsert: false,
        send_completion_email: true,
        external_id: 'batch-1',
      }),
  },
  {
    group: jobsGroup,
    op: 'import_users',
    values: { connection_id: 'con_1', file_obj: '[{"email":"b@example.com"}]', upsert: 'true', send_completion_email: false },
    expect: {
      method: 'POST',
      path: '/api/v2/jobs/users-imports',
      body: { fields: { connection_id: 'con_1', upsert: 'true', send_completion_email: 'false' }, files: { users: [{ email: 'b@example.com' }] } },
    },
    sdk: (c) =>
      c.jobs.usersImports.create({
        users: Buffer.from('[{"email":"b@example.com"}]'),
        connection_id: 'con_1',
        upsert: true,
        send_completion_email: false,
      }),
  },
  {
    group: jobsGroup,
    op: 'send_verification_email',
    values: { body: { user_id: 'auth0|1', client_id: 'cl_1' } },
    expect: { method: 'POST', path: '/api/v2/jobs/verification-email', body: { user_id: 'auth0|1', client_id: 'cl_1' }, customDomain: true },
    sdk: (c) => c.jobs.verificationEmail.create({ user_id: 'auth0|1', client_id: 'cl_1' }),
  },

  // ── users_by_email, user_blocks, tickets ──────────────────────────────
  {
    group: usersByEmailGroup,
    op: 'search_users_by_email',
    values: { email: 'Jane+x@Example.com' },
    expect: { method: 'GET', path: '/api/v2/users-by-email', query: { email: 'Jane+x@Example.com', include_fields: 'true' } },
    sdk: (c) => c.users.listUsersByEmail({ email: 'Jane+x@Example.com', include_fields: true }),
  },
  {
    group: usersByEmailGroup,
    op: 'search_users_by_email',
    values: { email: 'jane@example.com', fields: 'user_id,email', include_fields: false },
    expect: { method: 'GET', path: '/api/v2/users-by-email', query: { email: 'jane@example.com', fields: 'user_id,email', include_fields: 'false' } },
    sdk: (c) => c.users.listUsersByEmail({ email: 'jane@example.com', fields: 'user_id,email', include_fields: false }),
  },
  {
    group: userBlocksGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/user-blocks/${E}` },
    sdk: (c) => c.userBlocks.list(ODD),
  },
  {
    group: userBlocksGroup,
    op: 'get_by_identifier',
    values: { identifier: 'jane@example.com' },
    expect: { method: 'GET', path: '/api/v2/user-blocks', query: { identifier: 'jane@example.com' } },
    sdk: (c) => c.userBlocks.listByIdentifier({ identifier: 'jane@example.com' }),
  },
  {
    group: userBlocksGroup,
    op: 'unblock',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/user-blocks/${E}` },
    sdk: (c) => c.userBlocks.delete(ODD),
  },
  {
    group: userBlocksGroup,
    op: 'unblock_by_identifier',
    values: { identifier: '+15550100' },
    expect: { method: 'DELETE', path: '/api/v2/user-blocks', query: { identifier: '+15550100' } },
    sdk: (c) => c.userBlocks.deleteByIdentifier({ identifier: '+15550100' }),
  },
  {
    group: ticketsGroup,
    op: 'create_email_verification',
    values: { body: { user_id: 'auth0|1', result_url: 'https://app.example.com/done' } },
    expect: {
      method: 'POST',
      path: '/api/v2/tickets/email-verification',
      customDomain: true,
      body: { user_id: 'auth0|1', result_url: 'https://app.example.com/done' },
    },
    sdk: (c) => c.tickets.verifyEmail({ user_id: 'auth0|1', result_url: 'https://app.example.com/done' }),
  },
  {
    group: ticketsGroup,
    op: 'create_pswd_change',
    values: { body: { user_id: 'auth0|1', ttl_sec: 3600 } },
    expect: { method: 'POST', path: '/api/v2/tickets/password-change', body: { user_id: 'auth0|1', ttl_sec: 3600 }, customDomain: true },
    sdk: (c) => c.tickets.changePassword({ user_id: 'auth0|1', ttl_sec: 3600 }),
  },
  // users (the lead's catalogue): the same comparison with the SDK's users client.
  {
    group: usersGroup,
    op: 'list',
    values: {
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
    expect: {
      method: 'GET',
      path: '/api/v2/users',
      customDomain: true,
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
    sdk: (c) =>
      c.users.list({
        page: 2,
        per_page: 50,
        include_totals: false,
        sort: 'created_at:1',
        connection: 'db',
        q: 'email:"a@b.c"',
        search_engine: 'v3',
        fields: 'email,user_id',
        include_fields: false,
      }),
  },
  {
    group: usersGroup,
    op: 'create',
    values: { body: { connection: 'db', email: 'a@b.c', password: 'Passw0rd!x' } },
    expect: { method: 'POST', path: '/api/v2/users', body: { connection: 'db', email: 'a@b.c', password: 'Passw0rd!x' }, customDomain: true },
    sdk: (c) => c.users.create({ connection: 'db', email: 'a@b.c', password: 'Passw0rd!x' }),
  },
  {
    group: usersGroup,
    op: 'get',
    values: { id: ODD, fields: ['email'], include_fields: true },
    expect: { method: 'GET', path: `/api/v2/users/${E}`, query: { fields: 'email', include_fields: 'true' }, customDomain: true },
    sdk: (c) => c.users.get(ODD, { fields: 'email', include_fields: true }),
  },
  {
    group: usersGroup,
    op: 'update',
    values: { id: ODD, body: { blocked: true } },
    expect: { method: 'PATCH', path: `/api/v2/users/${E}`, body: { blocked: true }, customDomain: true },
    sdk: (c) => c.users.update(ODD, { blocked: true }),
  },
  {
    group: usersGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}`, customDomain: true },
    sdk: (c) => c.users.delete(ODD),
  },
  {
    group: usersGroup,
    op: 'delete_all_users',
    values: {},
    expect: { method: 'DELETE', path: '/api/v2/users' },
    source: `${PY4} users.py Users.delete_all_users (deprecated there; Auth0 no longer offers it, so the node never sends it)`,
  },
  {
    group: usersGroup,
    op: 'add_permissions',
    values: { id: ODD, permissions: PERMS },
    expect: { method: 'POST', path: `/api/v2/users/${E}/permissions`, body: { permissions: PERMS } },
    sdk: (c) => c.users.permissions.create(ODD, { permissions: PERMS }),
  },
  {
    group: usersGroup,
    op: 'remove_permissions',
    values: { id: ODD, permissions: PERMS },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/permissions`, body: { permissions: PERMS } },
    sdk: (c) => c.users.permissions.delete(ODD, { permissions: PERMS }),
  },
  {
    group: usersGroup,
    op: 'list_permissions',
    values: { id: ODD, page: 1, per_page: 10, include_totals: false },
    expect: { method: 'GET', path: `/api/v2/users/${E}/permissions`, query: { page: '1', per_page: '10', include_totals: 'false' } },
    sdk: (c) => c.users.permissions.list(ODD, { page: 1, per_page: 10, include_totals: false }),
  },
  {
    group: usersGroup,
    op: 'add_roles',
    values: { id: ODD, roles: 'rol_1,rol_2' },
    expect: { method: 'POST', path: `/api/v2/users/${E}/roles`, body: { roles: ['rol_1', 'rol_2'] } },
    sdk: (c) => c.users.roles.assign(ODD, { roles: ['rol_1', 'rol_2'] }),
  },
  {
    group: usersGroup,
    op: 'remove_roles',
    values: { id: ODD, roles: ['rol_1'] },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/roles`, body: { roles: ['rol_1'] } },
    sdk: (c) => c.users.roles.delete(ODD, { roles: ['rol_1'] }),
  },
  {
    group: usersGroup,
    op: 'list_roles',
    values: { id: ODD, page: 0, per_page: 25, include_totals: true },
    expect: { method: 'GET', path: `/api/v2/users/${E}/roles`, query: { page: '0', per_page: '25', include_totals: 'true' } },
    sdk: (c) => c.users.roles.list(ODD, { page: 0, per_page: 25, include_totals: true }),
  },
  {
    group: usersGroup,
    op: 'list_organizations',
    values: { id: ODD, page: 0, per_page: 25, include_totals: true },
    expect: { method: 'GET', path: `/api/v2/users/${E}/organizations`, query: { page: '0', per_page: '25', include_totals: 'true' } },
    sdk: (c) => c.users.organizations.list(ODD, { page: 0, per_page: 25, include_totals: true }),
  },
  {
    group: usersGroup,
    op: 'get_log_events',
    values: { user_id: ODD, page: 0, per_page: 50, sort: 'date:-1', include_totals: false },
    expect: { method: 'GET', path: `/api/v2/users/${E}/logs`, query: { page: '0', per_page: '50', sort: 'date:-1', include_totals: 'false' } },
    sdk: (c) => c.users.logs.list(ODD, { page: 0, per_page: 50, sort: 'date:-1', include_totals: false }),
  },
  {
    group: usersGroup,
    op: 'get_guardian_enrollments',
    values: { user_id: ODD },
    expect: { method: 'GET', path: `/api/v2/users/${E}/enrollments` },
    sdk: (c) => c.users.enrollments.get(ODD),
  },
  {
    group: usersGroup,
    op: 'delete_authenticators',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/authenticators` },
    sdk: (c) => c.users.authenticators.deleteAll(ODD),
  },
  {
    group: usersGroup,
    op: 'delete_multifactor',
    values: { id: ODD, provider: 'duo' },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/multifactor/duo` },
    sdk: (c) => c.users.multifactor.deleteProvider(ODD, 'duo'),
  },
  {
    group: usersGroup,
    op: 'invalidate_remembered_browsers',
    values: { user_id: ODD },
    expect: { method: 'POST', path: `/api/v2/users/${E}/multifactor/actions/invalidate-remember-browser` },
    sdk: (c) => c.users.multifactor.invalidateRememberBrowser(ODD),
  },
  {
    group: usersGroup,
    op: 'regenerate_recovery_code',
    values: { user_id: ODD },
    expect: { method: 'POST', path: `/api/v2/users/${E}/recovery-code-regeneration` },
    sdk: (c) => c.users.regenerateRecoveryCode(ODD),
  },
  {
    group: usersGroup,
    op: 'link_user_account',
    values: { id: ODD, body: { provider: 'google-oauth2', user_id: '123' } },
    expect: { method: 'POST', path: `/api/v2/users/${E}/identities`, body: { provider: 'google-oauth2', user_id: '123' } },
    sdk: (c) => c.users.identities.link(ODD, { provider: 'google-oauth2', user_id: '123' }),
  },
  {
    group: usersGroup,
    op: 'unlink_user_account',
    values: { id: ODD, provider: 'google-oauth2', user_id: '12/3' },
    expect: { method: 'DELETE', path: `/api/v2/users/${E}/identities/google-oauth2/12%2F3` },
    sdk: (c) => c.users.identities.delete(ODD, 'google-oauth2', '12/3'),
  },
  ...SECURITY_BRANDING_CASES,
  // ── organizations (today's Auth0) ──
  {
    group: organizationsGroup,
    op: 'get_client_grants',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/client-grants` },
    sdk: (c) => c.organizations.clientGrants.list(ODD, { include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'add_client_grant',
    values: { id: ODD, grant_id: 'v1' },
    expect: { method: 'POST', path: `/api/v2/organizations/${E}/client-grants`, body: { grant_id: 'v1' } },
    sdk: (c) => c.organizations.clientGrants.create(ODD, { grant_id: 'v1' }),
  },
  {
    group: organizationsGroup,
    op: 'delete_client_grant',
    values: { id: ODD, grant_id: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/client-grants/x%2F1` },
    sdk: (c) => c.organizations.clientGrants.delete(ODD, 'x/1'),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_clients',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/clients` },
    sdk: (c) => c.organizations.clients.list(ODD, { take: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_clients',
    values: { id: ODD, body: { clients: [{ client_id: 'cl_1' }] } },
    expect: { method: 'POST', path: `/api/v2/organizations/${E}/clients`, body: { clients: [{ client_id: 'cl_1' }] } },
    sdk: (c) => c.organizations.clients.create(ODD, raw({ clients: [{ client_id: 'cl_1' }] })),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_clients',
    values: { id: ODD, body: { clients: ['cl_1'] } },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/clients`, body: { clients: ['cl_1'] } },
    sdk: (c) => c.organizations.clients.delete(ODD, { clients: ['cl_1'] }),
  },
  {
    group: organizationsGroup,
    op: 'get_organization_client',
    values: { id: ODD, client_id: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/clients/x%2F1` },
    sdk: (c) => c.organizations.clients.get(ODD, 'x/1'),
  },
  {
    group: organizationsGroup,
    op: 'update_organization_client',
    values: { id: ODD, client_id: 'x/1', body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/organizations/${E}/clients/x%2F1`, body: { name: 'x' } },
    sdk: (c) => c.organizations.clients.update(ODD, 'x/1', raw({ name: 'x' })),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_all_connections',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/connections` },
    sdk: (c) => c.organizations.connections.list(ODD, { include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_all_connection',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/organizations/${E}/connections`, body: { name: 'x' } },
    sdk: (c) => c.organizations.connections.create(ODD, raw({ name: 'x' })),
  },
  {
    group: organizationsGroup,
    op: 'get_organization_all_connection',
    values: { id: ODD, connection_id: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/connections/x%2F1` },
    sdk: (c) => c.organizations.connections.get(ODD, 'x/1'),
  },
  {
    group: organizationsGroup,
    op: 'update_organization_all_connection',
    values: { id: ODD, connection_id: 'x/1', body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/organizations/${E}/connections/x%2F1`, body: { name: 'x' } },
    sdk: (c) => c.organizations.connections.update(ODD, 'x/1', raw({ name: 'x' })),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_all_connection',
    values: { id: ODD, connection_id: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/connections/x%2F1` },
    sdk: (c) => c.organizations.connections.delete(ODD, 'x/1'),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_discovery_domains',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/discovery-domains`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.organizations.discoveryDomains.list(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_discovery_domain',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/organizations/${E}/discovery-domains`, body: { name: 'x' } },
    sdk: (c) => c.organizations.discoveryDomains.create(ODD, raw({ name: 'x' })),
  },
  {
    group: organizationsGroup,
    op: 'get_organization_discovery_domain',
    values: { id: ODD, discovery_domain_id: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/discovery-domains/x%2F1` },
    sdk: (c) => c.organizations.discoveryDomains.get(ODD, 'x/1'),
  },
  {
    group: organizationsGroup,
    op: 'get_organization_discovery_domain_by_name',
    values: { id: ODD, discovery_domain: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/discovery-domains/name/x%2F1` },
    sdk: (c) => c.organizations.discoveryDomains.getByName(ODD, 'x/1'),
  },
  {
    group: organizationsGroup,
    op: 'update_organization_discovery_domain',
    values: { id: ODD, discovery_domain_id: 'x/1', body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/organizations/${E}/discovery-domains/x%2F1`, body: { name: 'x' } },
    sdk: (c) => c.organizations.discoveryDomains.update(ODD, 'x/1', raw({ name: 'x' })),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_discovery_domain',
    values: { id: ODD, discovery_domain_id: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/discovery-domains/x%2F1` },
    sdk: (c) => c.organizations.discoveryDomains.delete(ODD, 'x/1'),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_member_effective_roles',
    values: { id: ODD, user_id: 'x/1', from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/members/x%2F1/effective-roles`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.organizations.members.effectiveRoles.list(ODD, 'x/1', { from: 'cp_1', take: 10 }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_member_role_source_groups',
    values: { id: ODD, user_id: 'x/1', role_id: 'rol_1', from_param: 'cp_1', take: 10 },
    expect: {
      method: 'GET',
      path: `/api/v2/organizations/${E}/members/x%2F1/effective-roles/sources/groups`,
      query: { role_id: 'rol_1', from: 'cp_1', take: '10' },
    },
    sdk: (c) => c.organizations.members.effectiveRoles.sources.groups.list(ODD, 'x/1', { role_id: 'rol_1', from: 'cp_1', take: 10 }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_role_members',
    values: { id: ODD, role_id: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/roles/x%2F1/members` },
    sdk: (c) => c.organizations.roles.members.list(ODD, 'x/1', { include_fields: NONE, take: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_role_groups',
    values: { organization_id: ODD, role_id: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/roles/x%2F1/groups` },
    sdk: (c) => c.organizations.roles.groups.list(ODD, 'x/1', { take: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_groups',
    values: { organization_id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/groups`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.organizations.groups.list(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_group_roles',
    values: { organization_id: ODD, group_id: 'x/1', from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/organizations/${E}/groups/x%2F1/roles`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.organizations.groups.roles.list(ODD, 'x/1', { from: 'cp_1', take: 10 }),
  },
  {
    group: organizationsGroup,
    op: 'create_organization_group_roles',
    values: { organization_id: ODD, group_id: 'x/1', roles: 'a1, a2' },
    expect: { method: 'POST', path: `/api/v2/organizations/${E}/groups/x%2F1/roles`, body: { roles: ['a1', 'a2'] } },
    sdk: (c) => c.organizations.groups.roles.create(ODD, 'x/1', { roles: ['a1', 'a2'] }),
  },
  {
    group: organizationsGroup,
    op: 'delete_organization_group_roles',
    values: { organization_id: ODD, group_id: 'x/1', roles: 'a1, a2' },
    expect: { method: 'DELETE', path: `/api/v2/organizations/${E}/groups/x%2F1/roles`, body: { roles: ['a1', 'a2'] } },
    sdk: (c) => c.organizations.groups.roles.delete(ODD, 'x/1', { roles: ['a1', 'a2'] }),
  },
  // ── connections (today's Auth0) ──
  {
    group: connectionsGroup,
    op: 'get_status',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/status` },
    sdk: (c) => c.connections.checkStatus(ODD),
  },
  {
    group: connectionsGroup,
    op: 'get_clients',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/clients`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.connections.clients.get(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: connectionsGroup,
    op: 'update_clients',
    values: { id: ODD, body: [{ client_id: 'cl_1', status: true }] },
    expect: { method: 'PATCH', path: `/api/v2/connections/${E}/clients`, body: [{ client_id: 'cl_1', status: true }] },
    sdk: (c) => c.connections.clients.update(ODD, [{ client_id: 'cl_1', status: true }]),
  },
  {
    group: connectionsGroup,
    op: 'get_keys',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/keys` },
    sdk: (c) => c.connections.keys.get(ODD),
  },
  {
    group: connectionsGroup,
    op: 'create_keys',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/connections/${E}/keys`, body: { name: 'x' } },
    sdk: (c) => c.connections.keys.create(ODD, raw({ name: 'x' })),
  },
  {
    group: connectionsGroup,
    op: 'rotate_keys',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/connections/${E}/keys/rotate`, body: { name: 'x' } },
    sdk: (c) => c.connections.keys.rotate(ODD, raw({ name: 'x' })),
  },
  {
    group: connectionsGroup,
    op: 'get_scim_configuration',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/scim-configuration` },
    sdk: (c) => c.connections.scimConfiguration.get(ODD),
  },
  {
    group: connectionsGroup,
    op: 'create_scim_configuration',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/connections/${E}/scim-configuration`, body: { name: 'x' } },
    sdk: (c) => c.connections.scimConfiguration.create(ODD, raw({ name: 'x' })),
  },
  {
    group: connectionsGroup,
    op: 'update_scim_configuration',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/connections/${E}/scim-configuration`, body: { name: 'x' } },
    sdk: (c) => c.connections.scimConfiguration.update(ODD, raw({ name: 'x' })),
  },
  {
    group: connectionsGroup,
    op: 'delete_scim_configuration',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/connections/${E}/scim-configuration` },
    sdk: (c) => c.connections.scimConfiguration.delete(ODD),
  },
  {
    group: connectionsGroup,
    op: 'get_scim_default_mapping',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/scim-configuration/default-mapping` },
    sdk: (c) => c.connections.scimConfiguration.getDefaultMapping(ODD),
  },
  {
    group: connectionsGroup,
    op: 'get_scim_tokens',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/scim-configuration/tokens` },
    sdk: (c) => c.connections.scimConfiguration.tokens.get(ODD),
  },
  {
    group: connectionsGroup,
    op: 'create_scim_token',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/connections/${E}/scim-configuration/tokens`, body: { name: 'x' } },
    sdk: (c) => c.connections.scimConfiguration.tokens.create(ODD, raw({ name: 'x' })),
  },
  {
    group: connectionsGroup,
    op: 'delete_scim_token',
    values: { id: ODD, tokenId: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/connections/${E}/scim-configuration/tokens/x%2F1` },
    sdk: (c) => c.connections.scimConfiguration.tokens.delete(ODD, 'x/1'),
  },
  {
    group: connectionsGroup,
    op: 'get_directory_provisioning',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/directory-provisioning` },
    sdk: (c) => c.connections.directoryProvisioning.get(ODD),
  },
  {
    group: connectionsGroup,
    op: 'create_directory_provisioning',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/connections/${E}/directory-provisioning`, body: { name: 'x' } },
    sdk: (c) => c.connections.directoryProvisioning.create(ODD, raw({ name: 'x' })),
  },
  {
    group: connectionsGroup,
    op: 'update_directory_provisioning',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/connections/${E}/directory-provisioning`, body: { name: 'x' } },
    sdk: (c) => c.connections.directoryProvisioning.update(ODD, raw({ name: 'x' })),
  },
  {
    group: connectionsGroup,
    op: 'delete_directory_provisioning',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/connections/${E}/directory-provisioning` },
    sdk: (c) => c.connections.directoryProvisioning.delete(ODD),
  },
  {
    group: connectionsGroup,
    op: 'get_directory_provisioning_default_mapping',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/directory-provisioning/default-mapping` },
    sdk: (c) => c.connections.directoryProvisioning.getDefaultMapping(ODD),
  },
  {
    group: connectionsGroup,
    op: 'create_directory_synchronization',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/connections/${E}/directory-provisioning/synchronizations` },
    sdk: (c) => c.connections.directoryProvisioning.synchronizations.create(ODD),
  },
  {
    group: connectionsGroup,
    op: 'get_synchronized_groups',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/connections/${E}/directory-provisioning/synchronized-groups`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.connections.directoryProvisioning.listSynchronizedGroups(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: connectionsGroup,
    op: 'set_synchronized_groups',
    values: { id: ODD, groups: [{ id: 'g1' }] },
    expect: { method: 'PUT', path: `/api/v2/connections/${E}/directory-provisioning/synchronized-groups`, body: { groups: [{ id: 'g1' }] } },
    sdk: (c) => c.connections.directoryProvisioning.set(ODD, { groups: [{ id: 'g1' }] }),
  },
  {
    group: connectionsGroup,
    op: 'add_synchronized_groups',
    values: { id: ODD, groups: [{ id: 'g1' }] },
    expect: { method: 'POST', path: `/api/v2/connections/${E}/directory-provisioning/synchronized-groups`, body: { groups: [{ id: 'g1' }] } },
    sdk: (c) => c.connections.directoryProvisioning.addSynchronizedGroupSelections(ODD, { groups: [{ id: 'g1' }] }),
  },
  {
    group: connectionsGroup,
    op: 'delete_synchronized_groups',
    values: { id: ODD, groups: [{ id: 'g1' }] },
    expect: { method: 'DELETE', path: `/api/v2/connections/${E}/directory-provisioning/synchronized-groups`, body: { groups: [{ id: 'g1' }] } },
    sdk: (c) => c.connections.directoryProvisioning.deleteSynchronizedGroupSelections(ODD, { groups: [{ id: 'g1' }] }),
  },
  {
    group: connectionsGroup,
    op: 'all_directory_provisionings',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/connections-directory-provisionings`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.connections.directoryProvisioning.list({ from: 'cp_1', take: 10 }),
  },
  {
    group: connectionsGroup,
    op: 'all_scim_configurations',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/connections-scim-configurations`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.connections.scimConfiguration.list({ from: 'cp_1', take: 10 }),
  },
  // ── clients (today's Auth0) ──
  {
    group: clientsGroup,
    op: 'get_connections',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/clients/${E}/connections`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.clients.connections.get(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: clientsGroup,
    op: 'search',
    values: {},
    expect: { method: 'GET', path: `/api/v2/clients/search` },
    source: 'Auth0 Management API reference (a beta endpoint the SDK does not offer yet)',
  },
  {
    group: clientsGroup,
    op: 'preview_cimd',
    values: { external_client_id: 'v1' },
    expect: { method: 'POST', path: `/api/v2/clients/cimd/preview`, body: { external_client_id: 'v1' } },
    sdk: (c) => c.clients.previewCimdMetadata({ external_client_id: 'v1' }),
  },
  {
    group: clientsGroup,
    op: 'register_cimd',
    values: { external_client_id: 'v1' },
    expect: { method: 'POST', path: `/api/v2/clients/cimd/register`, body: { external_client_id: 'v1' } },
    sdk: (c) => c.clients.registerCimdClient({ external_client_id: 'v1' }),
  },
  // ── client_grants (today's Auth0) ──
  {
    group: clientGrantsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/client-grants/${E}` },
    sdk: (c) => c.clientGrants.get(ODD),
  },
  {
    group: clientGrantsGroup,
    op: 'get_organizations',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/client-grants/${E}/organizations`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.clientGrants.organizations.list(ODD, { from: 'cp_1', take: 10, include_totals: NONE }),
  },
  // ── grants (today's Auth0) ──
  {
    group: grantsGroup,
    op: 'delete_by_user_id',
    values: { user_id: 'auth0|1' },
    expect: { method: 'DELETE', path: `/api/v2/grants`, query: { user_id: 'auth0|1' } },
    sdk: (c) => c.userGrants.deleteByUserId({ user_id: 'auth0|1' }),
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
  // ── users (today's Auth0) ──
  {
    group: usersGroup,
    op: 'list_connected_accounts',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/users/${E}/connected-accounts`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.users.connectedAccounts.list(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: usersGroup,
    op: 'list_effective_permissions',
    values: { id: ODD, resource_server_identifier: 'https://api.example.com/', from_param: 'cp_1', take: 10 },
    expect: {
      method: 'GET',
      path: `/api/v2/users/${E}/effective-permissions`,
      query: { resource_server_identifier: 'https://api.example.com/', from: 'cp_1', take: '10' },
    },
    sdk: (c) => c.users.effectivePermissions.list(ODD, { resource_server_identifier: 'https://api.example.com/', from: 'cp_1', take: 10 }),
  },
  {
    group: usersGroup,
    op: 'list_effective_permission_roles',
    values: { id: ODD, resource_server_identifier: 'https://api.example.com/', permission_name: 'read:reports', from_param: 'cp_1', take: 10 },
    expect: {
      method: 'GET',
      path: `/api/v2/users/${E}/effective-permissions/sources/effective-roles`,
      query: { resource_server_identifier: 'https://api.example.com/', permission_name: 'read:reports', from: 'cp_1', take: '10' },
    },
    sdk: (c) =>
      c.users.effectivePermissions.sources.roles.list(ODD, {
        resource_server_identifier: 'https://api.example.com/',
        permission_name: 'read:reports',
        from: 'cp_1',
        take: 10,
      }),
  },
  {
    group: usersGroup,
    op: 'list_effective_roles',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/users/${E}/effective-roles`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.users.effectiveRoles.list(ODD, { from: 'cp_1', take: 10 }),
  },
  {
    group: usersGroup,
    op: 'list_effective_role_groups',
    values: { id: ODD, role_id: 'rol_1', from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/users/${E}/effective-roles/sources/groups`, query: { role_id: 'rol_1', from: 'cp_1', take: '10' } },
    sdk: (c) => c.users.effectiveRoles.sources.groups.list(ODD, { role_id: 'rol_1', from: 'cp_1', take: 10 }),
  },
  {
    group: usersGroup,
    op: 'list_groups',
    values: { id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/users/${E}/groups`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.users.groups.get(ODD, { from: 'cp_1', take: 10, include_totals: NONE }),
  },
  {
    group: usersGroup,
    op: 'clear_risk_assessments',
    values: { id: ODD, connection: 'v1', assessors: 'a1, a2' },
    expect: { method: 'POST', path: `/api/v2/users/${E}/risk-assessments/clear`, body: { connection: 'v1', assessors: ['a1', 'a2'] } },
    sdk: (c) => c.users.riskAssessments.clear(ODD, raw({ connection: 'v1', assessors: ['a1', 'a2'] })),
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
  // ── connection_profiles (today's Auth0) ──
  {
    group: connectionProfilesGroup,
    op: 'list',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/connection-profiles`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.connectionProfiles.list({ from: 'cp_1', take: 10 }),
  },
  {
    group: connectionProfilesGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/connection-profiles`, body: { name: 'x' } },
    sdk: (c) => c.connectionProfiles.create({ name: 'x' }),
  },
  {
    group: connectionProfilesGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connection-profiles/${E}` },
    sdk: (c) => c.connectionProfiles.get(ODD),
  },
  {
    group: connectionProfilesGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/connection-profiles/${E}`, body: { name: 'x' } },
    sdk: (c) => c.connectionProfiles.update(ODD, { name: 'x' }),
  },
  {
    group: connectionProfilesGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/connection-profiles/${E}` },
    sdk: (c) => c.connectionProfiles.delete(ODD),
  },
  {
    group: connectionProfilesGroup,
    op: 'list_templates',
    values: {},
    expect: { method: 'GET', path: `/api/v2/connection-profiles/templates` },
    sdk: (c) => c.connectionProfiles.listTemplates(),
  },
  {
    group: connectionProfilesGroup,
    op: 'get_template',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/connection-profiles/templates/${E}` },
    sdk: (c) => c.connectionProfiles.getTemplate(ODD),
  },
  // ── user_attribute_profiles (today's Auth0) ──
  {
    group: userAttributeProfilesGroup,
    op: 'list',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/user-attribute-profiles`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.userAttributeProfiles.list({ from: 'cp_1', take: 10 }),
  },
  {
    group: userAttributeProfilesGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/user-attribute-profiles`, body: { name: 'x' } },
    sdk: (c) => c.userAttributeProfiles.create(raw({ name: 'x' })),
  },
  {
    group: userAttributeProfilesGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/user-attribute-profiles/${E}` },
    sdk: (c) => c.userAttributeProfiles.get(ODD),
  },
  {
    group: userAttributeProfilesGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/user-attribute-profiles/${E}`, body: { name: 'x' } },
    sdk: (c) => c.userAttributeProfiles.update(ODD, { name: 'x' }),
  },
  {
    group: userAttributeProfilesGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/user-attribute-profiles/${E}` },
    sdk: (c) => c.userAttributeProfiles.delete(ODD),
  },
  {
    group: userAttributeProfilesGroup,
    op: 'list_templates',
    values: {},
    expect: { method: 'GET', path: `/api/v2/user-attribute-profiles/templates` },
    sdk: (c) => c.userAttributeProfiles.listTemplates(),
  },
  {
    group: userAttributeProfilesGroup,
    op: 'get_template',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/user-attribute-profiles/templates/${E}` },
    sdk: (c) => c.userAttributeProfiles.getTemplate(ODD),
  },
  // ── token_exchange_profiles (today's Auth0) ──
  {
    group: tokenExchangeProfilesGroup,
    op: 'list',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/token-exchange-profiles`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.tokenExchangeProfiles.list({ from: 'cp_1', take: 10 }),
  },
  {
    group: tokenExchangeProfilesGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/token-exchange-profiles`, body: { name: 'x' } },
    sdk: (c) => c.tokenExchangeProfiles.create(raw({ name: 'x' })),
  },
  {
    group: tokenExchangeProfilesGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/token-exchange-profiles/${E}` },
    sdk: (c) => c.tokenExchangeProfiles.get(ODD),
  },
  {
    group: tokenExchangeProfilesGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/token-exchange-profiles/${E}`, body: { name: 'x' } },
    sdk: (c) => c.tokenExchangeProfiles.update(ODD, { name: 'x' }),
  },
  {
    group: tokenExchangeProfilesGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/token-exchange-profiles/${E}` },
    sdk: (c) => c.tokenExchangeProfiles.delete(ODD),
  },
  // ── verifiable_credentials (today's Auth0) ──
  {
    group: verifiableCredentialsGroup,
    op: 'list_verification_templates',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/verifiable-credentials/verification/templates`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.verifiableCredentials.verification.templates.list({ from: 'cp_1', take: 10 }),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'create_verification_template',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/verifiable-credentials/verification/templates`, body: { name: 'x' } },
    sdk: (c) => c.verifiableCredentials.verification.templates.create(raw({ name: 'x' })),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'get_verification_template',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/verifiable-credentials/verification/templates/${E}` },
    sdk: (c) => c.verifiableCredentials.verification.templates.get(ODD),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'update_verification_template',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/verifiable-credentials/verification/templates/${E}`, body: { name: 'x' } },
    sdk: (c) => c.verifiableCredentials.verification.templates.update(ODD, { name: 'x' }),
  },
  {
    group: verifiableCredentialsGroup,
    op: 'delete_verification_template',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/verifiable-credentials/verification/templates/${E}` },
    sdk: (c) => c.verifiableCredentials.verification.templates.delete(ODD),
  },
  // ── agents (today's Auth0) ──
  {
    group: agentsGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: `/api/v2/agents` },
    sdk: (c) => c.agents.list({ take: NONE }),
  },
  {
    group: agentsGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/agents`, body: { name: 'x' } },
    sdk: (c) => c.agents.create({ name: 'x' }),
  },
  {
    group: agentsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/agents/${E}` },
    sdk: (c) => c.agents.read(ODD),
  },
  {
    group: agentsGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/agents/${E}`, body: { name: 'x' } },
    sdk: (c) => c.agents.update(ODD, { name: 'x' }),
  },
  {
    group: agentsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/agents/${E}` },
    sdk: (c) => c.agents.delete(ODD),
  },
  // ── forms (today's Auth0) ──
  {
    group: formsGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: `/api/v2/forms` },
    sdk: (c) => c.forms.list({ include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: formsGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/forms`, body: { name: 'x' } },
    sdk: (c) => c.forms.create({ name: 'x' }),
  },
  {
    group: formsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/forms/${E}` },
    sdk: (c) => c.forms.get(ODD),
  },
  {
    group: formsGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/forms/${E}`, body: { name: 'x' } },
    sdk: (c) => c.forms.update(ODD, { name: 'x' }),
  },
  {
    group: formsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/forms/${E}` },
    sdk: (c) => c.forms.delete(ODD),
  },
  // ── self_service_profiles (today's Auth0) ──
  {
    group: selfServiceProfilesGroup,
    op: 'all',
    values: {},
    expect: { method: 'GET', path: `/api/v2/self-service-profiles` },
    sdk: (c) => c.selfServiceProfiles.list({ include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/self-service-profiles`, body: { name: 'x' } },
    sdk: (c) => c.selfServiceProfiles.create({ name: 'x' }),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'get',
    values: { profile_id: ODD },
    expect: { method: 'GET', path: `/api/v2/self-service-profiles/${E}` },
    sdk: (c) => c.selfServiceProfiles.get(ODD),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'update',
    values: { profile_id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/self-service-profiles/${E}`, body: { name: 'x' } },
    sdk: (c) => c.selfServiceProfiles.update(ODD, { name: 'x' }),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'delete',
    values: { profile_id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/self-service-profiles/${E}` },
    sdk: (c) => c.selfServiceProfiles.delete(ODD),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'get_custom_text',
    values: { profile_id: ODD, language: 'en', page: 'get-started' },
    expect: { method: 'GET', path: `/api/v2/self-service-profiles/${E}/custom-text/en/get-started` },
    sdk: (c) => c.selfServiceProfiles.customText.list(ODD, 'en', 'get-started'),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'update_custom_text',
    values: { profile_id: ODD, language: 'en', page: 'get-started', body: { introduction: 'Hello' } },
    expect: { method: 'PUT', path: `/api/v2/self-service-profiles/${E}/custom-text/en/get-started`, body: { introduction: 'Hello' } },
    sdk: (c) => c.selfServiceProfiles.customText.set(ODD, 'en', 'get-started', { introduction: 'Hello' }),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'create_sso_ticket',
    values: { profile_id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/self-service-profiles/${E}/sso-ticket`, body: { name: 'x' } },
    sdk: (c) => c.selfServiceProfiles.ssoTicket.create(ODD, raw({ name: 'x' })),
  },
  {
    group: selfServiceProfilesGroup,
    op: 'revoke_sso_ticket',
    values: { profile_id: ODD, ticket_id: 'x/1' },
    expect: { method: 'POST', path: `/api/v2/self-service-profiles/${E}/sso-ticket/x%2F1/revoke` },
    sdk: (c) => c.selfServiceProfiles.ssoTicket.revoke(ODD, 'x/1'),
  },
  // ── flows (today's Auth0) ──
  {
    group: flowsGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: `/api/v2/flows` },
    sdk: (c) => c.flows.list({ include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: flowsGroup,
    op: 'create',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/flows`, body: { name: 'x' } },
    sdk: (c) => c.flows.create({ name: 'x' }),
  },
  {
    group: flowsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/flows/${E}` },
    sdk: (c) => c.flows.get(ODD),
  },
  {
    group: flowsGroup,
    op: 'update',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/flows/${E}`, body: { name: 'x' } },
    sdk: (c) => c.flows.update(ODD, { name: 'x' }),
  },
  {
    group: flowsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/flows/${E}` },
    sdk: (c) => c.flows.delete(ODD),
  },
  {
    group: flowsGroup,
    op: 'list_executions',
    values: { flow_id: ODD, from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/flows/${E}/executions`, query: { from: 'cp_1', take: '10' } },
    sdk: (c) => c.flows.executions.list(ODD, { from: 'cp_1', take: 10, include_totals: NONE }),
  },
  {
    group: flowsGroup,
    op: 'get_execution',
    values: { flow_id: ODD, execution_id: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/flows/${E}/executions/x%2F1` },
    sdk: (c) => c.flows.executions.get(ODD, 'x/1'),
  },
  {
    group: flowsGroup,
    op: 'delete_execution',
    values: { flow_id: ODD, execution_id: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/flows/${E}/executions/x%2F1` },
    sdk: (c) => c.flows.executions.delete(ODD, 'x/1'),
  },
  {
    group: flowsGroup,
    op: 'list_vault_connections',
    values: {},
    expect: { method: 'GET', path: `/api/v2/flows/vault/connections` },
    sdk: (c) => c.flows.vault.connections.list({ include_totals: NONE, page: NONE, per_page: NONE }),
  },
  {
    group: flowsGroup,
    op: 'create_vault_connection',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/flows/vault/connections`, body: { name: 'x' } },
    sdk: (c) => c.flows.vault.connections.create(raw({ name: 'x' })),
  },
  {
    group: flowsGroup,
    op: 'get_vault_connection',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/flows/vault/connections/${E}` },
    sdk: (c) => c.flows.vault.connections.get(ODD),
  },
  {
    group: flowsGroup,
    op: 'update_vault_connection',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/flows/vault/connections/${E}`, body: { name: 'x' } },
    sdk: (c) => c.flows.vault.connections.update(ODD, { name: 'x' }),
  },
  {
    group: flowsGroup,
    op: 'delete_vault_connection',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/flows/vault/connections/${E}` },
    sdk: (c) => c.flows.vault.connections.delete(ODD),
  },
  // ── experimentation (today's Auth0) ──
  {
    group: experimentationGroup,
    op: 'list_experiments',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/experimentation/experiments`, query: { from: 'cp_1', take: '10' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_experiment',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/experiments`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_experiment',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/experiments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_experiment',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/experiments/${E}`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_experiment',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/experiments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_experiment_status',
    values: { id: ODD, status: 'active' },
    expect: { method: 'POST', path: `/api/v2/experimentation/experiments/${E}/status`, body: { status: 'active' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'validate_experiment',
    values: { id: ODD },
    expect: { method: 'POST', path: `/api/v2/experimentation/experiments/${E}/validate` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'list_feature_flags',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags`, query: { from: 'cp_1', take: '10' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_feature_flag',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/feature-flags`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_feature_flag',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_feature_flag',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/feature-flags/${E}`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_feature_flag',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/feature-flags/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_feature_flag_status',
    values: { id: ODD, status: 'active' },
    expect: { method: 'POST', path: `/api/v2/experimentation/feature-flags/${E}/status`, body: { status: 'active' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'list_variations',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags/${E}/variations` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_variation',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/feature-flags/${E}/variations`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_variation',
    values: { id: ODD, vid: 'x/1' },
    expect: { method: 'GET', path: `/api/v2/experimentation/feature-flags/${E}/variations/x%2F1` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_variation',
    values: { id: ODD, vid: 'x/1', body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/feature-flags/${E}/variations/x%2F1`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_variation',
    values: { id: ODD, vid: 'x/1' },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/feature-flags/${E}/variations/x%2F1` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'list_segments',
    values: { from_param: 'cp_1', take: 10 },
    expect: { method: 'GET', path: `/api/v2/experimentation/segments`, query: { from: 'cp_1', take: '10' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'create_segment',
    values: { body: { name: 'x' } },
    expect: { method: 'POST', path: `/api/v2/experimentation/segments`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'get_segment',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/experimentation/segments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'update_segment',
    values: { id: ODD, body: { name: 'x' } },
    expect: { method: 'PATCH', path: `/api/v2/experimentation/segments/${E}`, body: { name: 'x' } },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  {
    group: experimentationGroup,
    op: 'delete_segment',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/experimentation/segments/${E}` },
    source: 'Auth0 Management API reference (beta; the SDK v7 offers none of these experimentation endpoints)',
  },
  // ── query inputs completed on the specification's operations ──
  {
    group: organizationsGroup,
    op: 'all_organizations',
    values: { sort: 'name:1', include_totals: false },
    expect: { method: 'GET', path: '/api/v2/organizations', query: { include_totals: 'false', sort: 'name:1' } },
    sdk: (c) => c.organizations.list({ include_totals: false, sort: 'name:1', take: NONE }),
  },
  {
    group: organizationsGroup,
    op: 'all_organization_invitations',
    values: { id: ODD, include_totals: true, fields: 'id,invitee', include_fields: true, sort: 'created_at:1' },
    expect: {
      method: 'GET',
      path: `/api/v2/organizations/${E}/invitations`,
      customDomain: true,
      query: { include_totals: 'true', fields: 'id,invitee', include_fields: 'true', sort: 'created_at:1' },
    },
    sdk: (c) =>
      c.organizations.invitations.list(ODD, {
        include_totals: true,
        fields: 'id,invitee',
        include_fields: true,
        sort: 'created_at:1',
        page: NONE,
        per_page: NONE,
      }),
  },
  {
    group: clientsGroup,
    op: 'all',
    values: { from_param: 'cp_1', take: 5, app_type: 'spa,native', is_first_party: true, q: 'name:portal', external_client_id: 'https://x.example.com/c.json' },
    expect: {
      method: 'GET',
      path: '/api/v2/clients',
      query: {
        include_fields: 'true',
        from: 'cp_1',
        take: '5',
        is_first_party: 'true',
        app_type: 'spa,native',
        external_client_id: 'https://x.example.com/c.json',
        q: 'name:portal',
      },
    },
    // v7's clients.list has no from/take yet: they go through its requestOptions.
    sdk: (c) =>
      c.clients.list(
        {
          include_fields: true,
          is_first_party: true,
          app_type: 'spa,native',
          external_client_id: 'https://x.example.com/c.json',
          q: 'name:portal',
          page: NONE,
          per_page: NONE,
          include_totals: NONE,
        },
        q({ from: 'cp_1', take: 5 }),
      ),
  },
  {
    group: connectionsGroup,
    op: 'all',
    values: { name: 'db', from_param: 'cp_1', take: 5 },
    expect: { method: 'GET', path: '/api/v2/connections', query: { include_fields: 'true', from: 'cp_1', take: '5', name: 'db' } },
    sdk: (c) => c.connections.list({ include_fields: true, from: 'cp_1', take: 5, name: 'db', include_totals: NONE }),
  },
  {
    group: clientGrantsGroup,
    op: 'all',
    values: { from_param: 'cp_1', take: 5, subject_type: 'user', allow_any_organization: true, default_for: 'third_party_clients' },
    expect: {
      method: 'GET',
      path: '/api/v2/client-grants',
      query: { include_totals: 'false', from: 'cp_1', take: '5', allow_any_organization: 'true', subject_type: 'user', default_for: 'third_party_clients' },
    },
    sdk: (c) =>
      c.clientGrants.list({
        include_totals: false,
        from: 'cp_1',
        take: 5,
        allow_any_organization: true,
        subject_type: 'user',
        default_for: 'third_party_clients',
      }),
  },
  {
    group: grantsGroup,
    op: 'all',
    values: { user_id: 'auth0|1', client_id: 'cl_1', audience: 'https://api.example.com/' },
    expect: {
      method: 'GET',
      path: '/api/v2/grants',
      query: { include_totals: 'false', user_id: 'auth0|1', client_id: 'cl_1', audience: 'https://api.example.com/' },
    },
    sdk: (c) =>
      c.userGrants.list({ include_totals: false, user_id: 'auth0|1', client_id: 'cl_1', audience: 'https://api.example.com/', page: NONE, per_page: NONE }),
  },
  {
    group: resourceServersGroup,
    op: 'get',
    values: { id: ODD, include_fields: false },
    expect: { method: 'GET', path: `/api/v2/resource-servers/${E}`, query: { include_fields: 'false' } },
    sdk: (c) => c.resourceServers.get(ODD, { include_fields: false }),
  },
  {
    group: userBlocksGroup,
    op: 'get',
    values: { id: ODD, consider_brute_force_enablement: true },
    expect: { method: 'GET', path: `/api/v2/user-blocks/${E}`, query: { consider_brute_force_enablement: 'true' } },
    sdk: (c) => c.userBlocks.list(ODD, { consider_brute_force_enablement: true }),
  },
  ...ACTIONS_OFFBOARDING_CASES,
];
