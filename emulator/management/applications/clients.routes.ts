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
import { CLIENT_CREDENTIALS, createCredential, presentCredential } from './client-credentials.routes';
import type { JsonRecord } from '../../core/collection';
import { bodyObject, checkString, clone, hasScope, payloadError, tenantName } from '../group-helpers';
import { withCreationDefaults } from '../creation-defaults';

const CLIENTS = '/api/v2/clients';

// Bodies are checked against Auth0's description before a route runs (core/described-body.ts):
// types, required properties and enums are not repeated here.

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

/**
 * What the derived creation defaults (../creation-defaults.ts) cannot settle, because Auth0's
 * recorded answers disagree across the years (HS256 before RS256): today's values.
 */
const JWT_DEFAULTS = { alg: 'RS256', lifetime_in_seconds: 36000 };
/** The authentication methods whose credentials a new client may bring inline. */
const CREDENTIAL_METHODS = ['private_key_jwt', 'tls_client_auth', 'self_signed_tls_client_auth'];

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
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
      oidc_conformant: true,
      cross_origin_authentication: false,
      // Auth0's answers also carry the older name (recorded 2023–2025; not in its v7 SDK types).
      cross_origin_auth: false,
      callbacks: [],
      allowed_logout_urls: [],
      allowed_origins: [],
      web_origins: [],
      client_aliases: [],
      allowed_clients: [],
      callback_url_template: false,
      grant_types: defaultGrantTypes(appType),
      token_endpoint_auth_method: appType === 'spa' || appType === 'native' ? 'none' : 'client_secret_post',
      signing_keys: [signingKey(tenant)],
      ...clone(body),
      // What the body gives of these is merged into Auth0's defaults (recorded answers).
      jwt_configuration: { ...JWT_DEFAULTS, ...objectOrEmpty(body.jwt_configuration) },
      refresh_token: body.refresh_token === null ? null : objectOrEmpty(body.refresh_token),
    };
    withCreationDefaults(CLIENTS, client);
    if (client.refresh_token === null) delete client.refresh_token;
    if (client.token_endpoint_auth_method === 'none') delete client.client_secret;
    return client;
  };

  /**
   * Credentials given inline (`client_authentication_methods.<method>.credentials`,
   * `signed_request_object.credentials`) are registered as by `POST …/credentials`; the client keeps
   * their ids, as Auth0 does. Returns the new credentials by where they were given.
   */
  const registerInlineCredentials = (client: ClientRecord): Map<unknown[], JsonRecord[]> => {
    const created = new Map<unknown[], JsonRecord[]>();
    const lists: unknown[][] = [];
    const methods = objectOrEmpty(client.client_authentication_methods);
    for (const method of CREDENTIAL_METHODS) {
      const list = objectOrEmpty(methods[method]).credentials;
      if (Array.isArray(list)) lists.push(list);
    }
    const signed = objectOrEmpty(client.signed_request_object).credentials;
    if (Array.isArray(signed)) lists.push(signed);
    for (const list of lists) {
      const records = list.map((given) => {
        const item = objectOrEmpty(given);
        return typeof item.id === 'string' && Object.keys(item).length === 1 ? undefined : createCredential(tenant, client.client_id, item);
      });
      list.forEach((given, i) => {
        const record = records[i];
        if (record) list[i] = { id: record.id };
      });
      created.set(
        list,
        records.filter((r): r is JsonRecord => r !== undefined),
      );
    }
    return created;
  };
  /** The create answer shows each new credential whole where the stored client has its id. */
  const withCredentialViews = (view: Record<string, unknown>, created: Map<unknown[], JsonRecord[]>): Record<string, unknown> => {
    const byId = new Map<unknown, JsonRecord>();
    for (const records of created.values()) for (const record of records) byId.set(record.id, presentCredential(record));
    const replace = (list: unknown): void => {
      if (!Array.isArray(list)) return;
      list.forEach((item, i) => {
        const full = byId.get(objectOrEmpty(item).id);
        if (full) list[i] = full;
      });
    };
    const methods = objectOrEmpty(view.client_authentication_methods);
    for (const method of CREDENTIAL_METHODS) replace(objectOrEmpty(methods[method]).credentials);
    replace(objectOrEmpty(view.signed_request_object).credentials);
    return view;
  };

  routes.management(
    'POST',
    '/api/v2/clients',
    'create:clients',
    (ctx) => {
      const body = bodyObject(ctx);
      checkString(body.name, 'name', { min: 1, pattern: NAME_PATTERN });
      const client = newClient(body);
      const created = registerInlineCredentials(client);
      state().clients.insert(client);
      ctx.status = 201;
      return withCredentialViews(present(ctx, client, true), created);
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
      const body = bodyObject(ctx);
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
        // Auth0 keeps secret_encoded (recorded): the defaults are kept under what PATCH gives.
        if (client.jwt_configuration) client.jwt_configuration = { ...JWT_DEFAULTS, secret_encoded: false, ...client.jwt_configuration };
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
