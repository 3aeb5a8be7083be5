/**
 * Applications: `/api/v2/clients` (list, create, get, update, delete) and
 * `POST /api/v2/clients/{id}/rotate-secret`. `client_secret` and `encryption_key` appear only
 * for a token with `read:client_keys` (and `signing_keys` on a single client); changing them
 * needs `update:client_keys`, as in Auth0.
 */
import { ApiError, forbidden, notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import { checkpointBody, checkpointPage, fieldsProjection, isCheckpointRequest, pagedList } from '../../core/paging';
import type { ClientRecord } from '../../core/model';
import type { RouteContext, RoutesModule, Tenant } from '../../core/types';
import { registerClientSearchAndCimd } from './client-search-and-cimd';
import { CLIENT_CREDENTIALS } from './client-credentials.routes';
import { bodyObject, checkBody, checkString, clone, hasScope, payloadError, tenantName, type BodySpec, type JsonType } from '../group-helpers';

const COMMON_TYPES: Record<string, JsonType | readonly JsonType[]> = {
  name: 'string',
  description: 'string',
  logo_uri: 'string',
  callbacks: 'array',
  oidc_logout: 'object',
  oidc_backchannel_logout: 'object',
  session_transfer: ['object', 'null'],
  allowed_origins: 'array',
  web_origins: 'array',
  client_aliases: 'array',
  allowed_clients: 'array',
  allowed_logout_urls: 'array',
  grant_types: 'array',
  token_endpoint_auth_method: 'string',
  is_token_endpoint_ip_header_trusted: 'boolean',
  app_type: 'string',
  is_first_party: 'boolean',
  oidc_conformant: 'boolean',
  jwt_configuration: 'object',
  encryption_key: ['object', 'null'],
  sso: 'boolean',
  cross_origin_authentication: 'boolean',
  cross_origin_loc: 'string',
  sso_disabled: 'boolean',
  custom_login_page_on: 'boolean',
  custom_login_page: 'string',
  custom_login_page_preview: 'string',
  form_template: 'string',
  addons: 'object',
  client_metadata: 'object',
  mobile: 'object',
  initiate_login_uri: 'string',
  native_social_login: 'object',
  fedcm_login: 'object',
  refresh_token: ['object', 'null'],
  default_organization: ['object', 'null'],
  organization_usage: 'string',
  organization_require_behavior: 'string',
  organization_discovery_methods: 'array',
  client_authentication_methods: ['object', 'null'],
  require_pushed_authorization_requests: 'boolean',
  require_proof_of_possession: 'boolean',
  signed_request_object: 'object',
  token_vault_privileged_access: 'object',
  compliance_level: ['string', 'null'],
  skip_non_verifiable_callback_uri_confirmation_prompt: 'boolean',
  token_exchange: 'object',
  par_request_expiry: ['integer', 'null'],
  token_quota: 'object',
  identity_assertion_authorization_grant: 'object',
  anonymous_sessions: 'object',
  third_party_security_mode: 'string',
  redirection_policy: 'string',
  express_configuration: 'object',
  b2b_integration_configuration: 'object',
  my_organization_configuration: 'object',
  async_approval_notification_channels: 'array',
};

const ENUMS = {
  app_type: [
    'native',
    'spa',
    'regular_web',
    'non_interactive',
    'resource_server',
    'express_configuration',
    'rms',
    'box',
    'cloudbees',
    'concur',
    'dropbox',
    'mscrm',
    'echosign',
    'egnyte',
    'newrelic',
    'office365',
    'salesforce',
    'sentry',
    'sharepoint',
    'slack',
    'springcm',
    'zendesk',
    'zoom',
    'sso_integration',
    'oag',
  ],
  token_endpoint_auth_method: ['none', 'client_secret_post', 'client_secret_basic'],
  organization_usage: ['deny', 'allow', 'require'],
};

const CREATE_SPEC: BodySpec = {
  types: { ...COMMON_TYPES, resource_server_identifier: 'string' },
  required: ['name'],
  enums: ENUMS,
};

const UPDATE_SPEC: BodySpec = {
  types: { ...COMMON_TYPES, client_secret: 'string' },
  enums: ENUMS,
};

/** Properties only `update:client_keys` may change. */
const KEY_PROPERTIES = ['client_secret', 'encryption_key'];

const NAME_PATTERN = /^[^<>]+$/;

function defaultGrantTypes(appType: unknown): string[] {
  switch (appType) {
    case 'spa':
      return ['authorization_code', 'implicit', 'refresh_token'];
    case 'native':
      return ['authorization_code', 'implicit', 'refresh_token'];
    case 'non_interactive':
      return ['client_credentials'];
    default:
      return ['authorization_code', 'implicit', 'refresh_token', 'client_credentials'];
  }
}

function signingKey(tenant: Tenant): Record<string, unknown> {
  // Auth0 returns the tenant's signing certificate; the emulator shows its public key.
  return { cert: tenant.signer.publicKeyPem(), subject: `/CN=${tenant.domain}`, pkcs7: '' };
}

function notFoundClient(): ApiError {
  return notFound('The client does not exist', 'inexistent_client');
}

export const registerClientsRoutes: RoutesModule = (routes, tenant) => {
  const state = () => tenant.state;

  /** The client as this token may see it. */
  const present = (ctx: RouteContext, client: ClientRecord, single: boolean, showKeys = hasScope(ctx, 'read:client_keys')): Record<string, unknown> => {
    const view: Record<string, unknown> = { tenant: tenantName(tenant), global: false, ...clone(client) };
    if (!showKeys) {
      delete view.client_secret;
      delete view.encryption_key;
      if (single) delete view.signing_keys;
    }
    return view;
  };

  const requireClient = (id: string): ClientRecord => {
    const client = state().clients.get(id);
    if (!client) throw notFoundClient();
    return client;
  };

  routes.management('GET', '/api/v2/clients', ['read:clients', 'read:client_summary'], (ctx) => {
    let clients = state().clients.list();
    const isGlobal = ctx.query.bool('is_global');
    if (isGlobal !== undefined) clients = clients.filter((c) => (c.global ?? false) === isGlobal);
    const firstParty = ctx.query.bool('is_first_party');
    if (firstParty !== undefined) clients = clients.filter((c) => (c.is_first_party ?? true) === firstParty);
    const appTypes = ctx.query.list('app_type');
    if (appTypes) clients = clients.filter((c) => c.app_type !== undefined && appTypes.includes(c.app_type));
    const external = ctx.query.str('external_client_id');
    if (external !== undefined) clients = clients.filter((c) => c.external_client_id === external);
    if (isCheckpointRequest(ctx.query))
      return checkpointBody(
        checkpointPage(clients, ctx.query, (c) => c.client_id),
        'clients',
        (c) => present(ctx, c, false),
      );
    return pagedList(clients, ctx.query, { itemsKey: 'clients', defaultPerPage: 50 }, (c) => present(ctx, c, false));
  });

  /** A new client with Auth0's defaults for what `body` leaves out. */
  const newClient = (body: Record<string, unknown>): ClientRecord => {
    const appType = body.app_type;
    const client: ClientRecord = {
      name: body.name as string,
      client_id: randomAlnum(32),
      client_secret: randomAlnum(64),
      is_first_party: true,
      is_token_endpoint_ip_header_trusted: false,
      oidc_conformant: true,
      sso_disabled: false,
      cross_origin_authentication: false,
      custom_login_page_on: true,
      callbacks: [],
      allowed_logout_urls: [],
      allowed_origins: [],
      web_origins: [],
      client_aliases: [],
      allowed_clients: [],
      callback_url_template: false,
      grant_types: defaultGrantTypes(appType),
      token_endpoint_auth_method: appType === 'spa' || appType === 'native' ? 'none' : 'client_secret_post',
      jwt_configuration: { alg: 'RS256', lifetime_in_seconds: 36000, secret_encoded: false },
      refresh_token: {
        rotation_type: 'non-rotating',
        expiration_type: 'non-expiring',
        leeway: 0,
        token_lifetime: 31557600,
        infinite_token_lifetime: true,
        idle_token_lifetime: 2592000,
        infinite_idle_token_lifetime: true,
      },
      signing_keys: [signingKey(tenant)],
      ...clone(body),
    };
    if (client.token_endpoint_auth_method === 'none') delete client.client_secret;
    return client;
  };

  routes.management(
    'POST',
    '/api/v2/clients',
    'create:clients',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.name, 'name', { min: 1, pattern: NAME_PATTERN });
      const client = newClient(body);
      state().clients.insert(client);
      ctx.status = 201;
      return present(ctx, client, true);
    },
    { description: 'Create a client' },
  );

  routes.management('GET', '/api/v2/clients/:id', ['read:clients', 'read:client_keys'], (ctx) => {
    return fieldsProjection(ctx.query)(present(ctx, requireClient(ctx.params.id), true));
  });

  routes.management(
    'PATCH',
    '/api/v2/clients/:id',
    ['update:clients', 'update:client_keys'],
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      checkString(body.name, 'name', { min: 1, pattern: NAME_PATTERN });
      const touchesKeys = KEY_PROPERTIES.some((key) => key in body);
      if (touchesKeys && !hasScope(ctx, 'update:client_keys')) throw forbidden('Insufficient scope, expected any of: update:client_keys', 'insufficient_scope');
      if (!touchesKeys && !hasScope(ctx, 'update:clients')) throw forbidden('Insufficient scope, expected any of: update:clients', 'insufficient_scope');
      requireClient(ctx.params.id);
      const updated = state().clients.update(ctx.params.id, (client) => {
        for (const [key, value] of Object.entries(clone(body))) {
          if (value === null) delete client[key];
          else client[key] = value;
        }
      }) as ClientRecord;
      return present(ctx, updated, true);
    },
    { description: 'Update a client' },
  );

  routes.management(
    'DELETE',
    '/api/v2/clients/:id',
    'delete:clients',
    (ctx) => {
      const id = ctx.params.id;
      // Deleting an absent client succeeds, as in Auth0 (the call is idempotent).
      state().clients.delete(id);
      for (const grant of state().clientGrants.findBy('client', id)) state().clientGrants.delete(grant.id);
      for (const credential of state().collection(CLIENT_CREDENTIALS).list()) {
        if (credential.client_id === id)
          state()
            .collection(CLIENT_CREDENTIALS)
            .delete(credential.id as string);
      }
      for (const connection of state().connections.list()) {
        if (connection.enabled_clients?.includes(id)) {
          state().connections.update(connection.id, (c) => {
            c.enabled_clients = (c.enabled_clients ?? []).filter((clientId) => clientId !== id);
          });
        }
      }
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a client' },
  );

  routes.management(
    'POST',
    '/api/v2/clients/:id/rotate-secret',
    'update:client_keys',
    (ctx) => {
      const client = requireClient(ctx.params.id);
      if (client.token_endpoint_auth_method === 'none') {
        throw payloadError('Cannot rotate the secret of a client without a client secret (token_endpoint_auth_method none)');
      }
      const updated = state().clients.update(client.client_id, (c) => {
        c.client_secret = randomAlnum(64);
      }) as ClientRecord;
      // The new secret is the point of the call, so it is shown whatever the read scopes.
      return present(ctx, updated, true, true);
    },
    { description: 'Rotate a client secret' },
  );

  registerClientSearchAndCimd(routes, tenant, present, newClient);
};
