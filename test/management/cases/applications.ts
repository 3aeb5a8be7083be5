/**
 * Request cases for the applications family (nodes/applications/): agents, client-grants, clients, device-credentials, grants, resource-servers, token-exchange-profiles.
 */
import type { RequestCase } from './shared';
import { NONE, raw, q, ODD, E } from './shared';
import { agentsGroup } from '../../../nodes/applications/agents.catalogue';
import { clientGrantsGroup } from '../../../nodes/applications/client-grants.catalogue';
import { clientsGroup } from '../../../nodes/applications/clients.catalogue';
import { deviceCredentialsGroup } from '../../../nodes/applications/device-credentials.catalogue';
import { grantsGroup } from '../../../nodes/applications/grants.catalogue';
import { resourceServersGroup } from '../../../nodes/applications/resource-servers.catalogue';
import { tokenExchangeProfilesGroup } from '../../../nodes/applications/token-exchange-profiles.catalogue';

export const APPLICATIONS_CASES: readonly RequestCase[] = [
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
];
