/**
 * Management API: what hangs off one connection: its status, the applications it is enabled for,
 * its signing keys, its SCIM configuration and tokens (a token's value is shown once, at creation),
 * its directory provisioning with synchronizations and synchronized groups, the tenant-wide lists
 * of SCIM and directory provisioning configurations, and the connections of one application.
 */
import { createHash, randomBytes } from 'node:crypto';
import { conflict, notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import type { ConnectionRecord } from '../../core/model';
import { checkpointBody, checkpointPage, fieldsProjection } from '../../core/paging';
import type { RouteContext, RoutesModule, Tenant } from '../../core/types';
import { bodyObject, checkBody, clone, payloadError as apiPayloadError, tenantName } from '../group-helpers';

const CONNECTION_MISSING = 'The connection does not exist';
const SCIM = 'scim-configurations';
const SCIM_TOKENS = 'scim-tokens';
const DIRECTORY = 'directory-provisionings';
const KEYS = 'connection-keys';

const SCIM_DEFAULT_MAPPING = [
  { auth0: 'preferred_username', scim: 'userName' },
  { auth0: 'email', scim: 'emails[primary eq true].value' },
  { auth0: 'given_name', scim: 'name.givenName' },
  { auth0: 'family_name', scim: 'name.familyName' },
  { auth0: 'app_metadata.external_id', scim: 'externalId' },
  { auth0: 'blocked', scim: 'active' },
];
const DIRECTORY_DEFAULT_MAPPING = [
  { auth0: 'email', idp: 'primaryEmail' },
  { auth0: 'given_name', idp: 'name.givenName' },
  { auth0: 'family_name', idp: 'name.familyName' },
  { auth0: 'external_id', idp: 'id' },
];

function checkpointList(ctx: RouteContext, items: readonly JsonRecord[], itemsKey: string, idOf: (item: JsonRecord) => string): unknown {
  return checkpointBody(checkpointPage(items, ctx.query, idOf), itemsKey, fieldsProjection(ctx.query));
}

function newKey(tenant: Tenant, algorithm: string): JsonRecord {
  const material = randomBytes(32);
  const kid = createHash('sha256').update(material).digest('base64url').slice(0, 32);
  const body = material.toString('base64');
  return {
    kid,
    algorithm,
    key_use: 'signing',
    cert: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`,
    fingerprint: createHash('sha1')
      .update(material)
      .digest('hex')
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1:'),
    thumbprint: createHash('sha1').update(material).digest('hex'),
    subject_dn: `CN=${tenant.domain}`,
    current: true,
    next: false,
    previous: false,
    current_since: tenant.clock.isoNow(),
  };
}

export const registerConnectionSettingsRoutes: RoutesModule = (routes, tenant) => {
  const state = tenant.state;
  const requireConnection = (id: string): ConnectionRecord => {
    const connection = state.connections.get(id);
    if (!connection) throw notFound(CONNECTION_MISSING, 'inexistent_connection');
    return connection;
  };
  const base = '/api/v2/connections/:id';

  routes.management('GET', `${base}/status`, 'read:connections', (ctx) => {
    requireConnection(ctx.params.id);
    return undefined;
  });

  // Enabled applications.
  routes.management('GET', `${base}/clients`, 'read:connections', (ctx) => {
    const clients = (requireConnection(ctx.params.id).enabled_clients ?? []).map((client_id) => ({ client_id }));
    return checkpointList(ctx, clients, 'clients', (item) => String(item.client_id));
  });
  routes.management(
    'PATCH',
    `${base}/clients`,
    'update:connections',
    (ctx) => {
      const connection = requireConnection(ctx.params.id);
      const changes = ctx.body;
      if (!Array.isArray(changes) || changes.length === 0) throw apiPayloadError('Expected a non-empty array of {client_id, status}');
      if (changes.length > 50) throw apiPayloadError('Array is too long (more than 50 clients)');
      const enabled = new Set(connection.enabled_clients ?? []);
      for (const change of changes) {
        const { client_id: clientId, status } = checkBody(change as JsonRecord, {
          types: { client_id: 'string', status: 'boolean' },
          required: ['client_id', 'status'],
        });
        if (!state.clients.has(clientId as string)) throw notFound(`The client ${String(clientId)} does not exist`, 'inexistent_client');
        if (status) enabled.add(clientId as string);
        else enabled.delete(clientId as string);
      }
      connection.enabled_clients = [...enabled];
      state.connections.put(connection);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Update the clients of a connection' },
  );

  // Signing keys.
  const keysOf = (id: string): JsonRecord[] => (state.collection(KEYS, 'connection_id').get(id)?.keys as JsonRecord[] | undefined) ?? [];
  const setKeys = (id: string, keys: JsonRecord[]) => state.collection(KEYS, 'connection_id').put({ connection_id: id, keys });
  const algorithmOf = (ctx: RouteContext): string => {
    const body = checkBody(bodyObject(ctx, true), {
      types: { signing_alg: 'string' },
      enums: { signing_alg: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384'] },
    });
    return (body.signing_alg as string | undefined) ?? 'RS256';
  };
  routes.management('GET', `${base}/keys`, 'read:connections_keys', (ctx) => {
    requireConnection(ctx.params.id);
    return clone(keysOf(ctx.params.id));
  });
  routes.management(
    'POST',
    `${base}/keys`,
    'create:connections_keys',
    (ctx) => {
      requireConnection(ctx.params.id);
      if (keysOf(ctx.params.id).length) throw conflict('The connection already has keys; rotate them instead', 'connection_keys_exist');
      const keys = [newKey(tenant, algorithmOf(ctx))];
      setKeys(ctx.params.id, keys);
      ctx.status = 201;
      return clone(keys);
    },
    { description: 'Create the keys of a connection' },
  );
  routes.management(
    'POST',
    `${base}/keys/rotate`,
    ['create:connections_keys', 'update:connections_keys'],
    (ctx) => {
      requireConnection(ctx.params.id);
      const algorithm = algorithmOf(ctx);
      const keys = keysOf(ctx.params.id);
      if (!keys.length) throw notFound('The connection has no keys to rotate', 'inexistent_connection_keys');
      // The current key becomes the previous one; an older previous key is dropped.
      const kept = keys.filter((k) => k.current).map((k) => ({ ...k, current: false, previous: true }));
      const next = newKey(tenant, algorithm);
      setKeys(ctx.params.id, [next, ...kept]);
      ctx.status = 201;
      return clone(next);
    },
    { description: 'Rotate the keys of a connection' },
  );

  // SCIM configuration and tokens.
  const scim = () => state.collection(SCIM, 'connection_id');
  const requireScim = (id: string): JsonRecord => {
    requireConnection(id);
    const config = scim().get(id);
    if (!config) throw notFound('SCIM is not configured for this connection', 'inexistent_scim_configuration');
    return config;
  };
  const scimBody = { types: { user_id_attribute: 'string', mapping: 'array' } } as const;
  routes.management('GET', `${base}/scim-configuration`, 'read:scim_config', (ctx) => clone(requireScim(ctx.params.id)));
  routes.management(
    'POST',
    `${base}/scim-configuration`,
    'create:scim_config',
    (ctx) => {
      const connection = requireConnection(ctx.params.id);
      if (scim().has(connection.id)) throw conflict('SCIM is already configured for this connection', 'scim_configuration_exists');
      const body = checkBody(bodyObject(ctx, true), scimBody);
      const now = tenant.clock.isoNow();
      const config: JsonRecord = {
        connection_id: connection.id,
        connection_name: connection.name,
        strategy: connection.strategy,
        tenant_name: tenantName(tenant),
        user_id_attribute: body.user_id_attribute ?? 'externalId',
        mapping: clone(body.mapping ?? SCIM_DEFAULT_MAPPING),
        created_at: now,
        updated_on: now,
      };
      scim().insert(config);
      ctx.status = 201;
      return clone(config);
    },
    { description: 'Create the SCIM configuration of a connection' },
  );
  routes.management(
    'PATCH',
    `${base}/scim-configuration`,
    'update:scim_config',
    (ctx) => {
      const config = requireScim(ctx.params.id);
      const body = checkBody(bodyObject(ctx), { ...scimBody, required: ['user_id_attribute', 'mapping'] });
      Object.assign(config, clone(body), { updated_on: tenant.clock.isoNow() });
      scim().put(config);
      return clone(config);
    },
    { description: 'Update the SCIM configuration of a connection' },
  );
  routes.management(
    'DELETE',
    `${base}/scim-configuration`,
    'delete:scim_config',
    (ctx) => {
      // Deleting an absent SCIM configuration answers 204 too (recorded).
      scim().delete(ctx.params.id);
      for (const token of state.collection(SCIM_TOKENS, 'token_id').list()) {
        if (token.connection_id === ctx.params.id) state.collection(SCIM_TOKENS, 'token_id').delete(String(token.token_id));
      }
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete the SCIM configuration of a connection' },
  );
  routes.management('GET', `${base}/scim-configuration/default-mapping`, 'read:scim_config', (ctx) => {
    requireConnection(ctx.params.id);
    return { mapping: clone(SCIM_DEFAULT_MAPPING) };
  });
  const tokens = () => state.collection(SCIM_TOKENS, 'token_id');
  const tokenView = (token: JsonRecord): JsonRecord => {
    const { connection_id: _connection, token_hash: _hash, ...shown } = token;
    return clone(shown);
  };
  routes.management('GET', `${base}/scim-configuration/tokens`, 'read:scim_token', (ctx) => {
    requireScim(ctx.params.id);
    return tokens()
      .list()
      .filter((t) => t.connection_id === ctx.params.id)
      .map(tokenView);
  });
  routes.management(
    'POST',
    `${base}/scim-configuration/tokens`,
    'create:scim_token',
    (ctx) => {
      requireScim(ctx.params.id);
      const body = checkBody(bodyObject(ctx, true), { types: { scopes: 'array', token_lifetime: ['integer', 'null'] } });
      const value = randomBytes(32).toString('base64url');
      const now = tenant.clock.now();
      const lifetime = typeof body.token_lifetime === 'number' ? body.token_lifetime : undefined;
      const token: JsonRecord = {
        token_id: `tok_${randomBytes(8).toString('hex')}`,
        connection_id: ctx.params.id,
        scopes: clone(body.scopes ?? ['get:users', 'post:users', 'put:users', 'patch:users', 'delete:users']),
        created_at: new Date(now).toISOString(),
        ...(lifetime ? { valid_until: new Date(now + lifetime * 1000).toISOString() } : {}),
        // Only a hash is kept: the value is shown once, in this answer.
        token_hash: createHash('sha256').update(value).digest('hex'),
      };
      tokens().insert(token);
      ctx.status = 201;
      return { ...tokenView(token), token: value };
    },
    { description: 'Create a SCIM token' },
  );
  routes.management(
    'DELETE',
    `${base}/scim-configuration/tokens/:tokenId`,
    'delete:scim_token',
    (ctx) => {
      requireScim(ctx.params.id);
      const token = tokens().get(ctx.params.tokenId);
      if (!token || token.connection_id !== ctx.params.id) throw notFound('The SCIM token does not exist', 'inexistent_scim_token');
      tokens().delete(ctx.params.tokenId);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a SCIM token' },
  );

  // Directory provisioning.
  const directory = () => state.collection(DIRECTORY, 'connection_id');
  const directoryView = (config: JsonRecord): JsonRecord => {
    const { synchronized_groups: _groups, ...shown } = config;
    return clone(shown);
  };
  const requireDirectory = (id: string): JsonRecord => {
    requireConnection(id);
    const config = directory().get(id);
    if (!config) throw notFound('Directory provisioning is not configured for this connection', 'inexistent_directory_provisioning');
    return config;
  };
  const directoryBody = {
    types: { mapping: 'array', synchronize_automatically: 'boolean', synchronize_groups: 'string' },
    enums: { synchronize_groups: ['all', 'off', 'selected'] },
  } as const;
  routes.management('GET', `${base}/directory-provisioning`, 'read:directory_provisionings', (ctx) => directoryView(requireDirectory(ctx.params.id)));
  routes.management(
    'POST',
    `${base}/directory-provisioning`,
    'create:directory_provisionings',
    (ctx) => {
      const connection = requireConnection(ctx.params.id);
      if (directory().has(connection.id)) throw conflict('Directory provisioning is already configured for this connection', 'directory_provisioning_exists');
      const body = checkBody(bodyObject(ctx, true), directoryBody);
      const now = tenant.clock.isoNow();
      const config: JsonRecord = {
        connection_id: connection.id,
        connection_name: connection.name,
        strategy: connection.strategy,
        mapping: clone(body.mapping ?? DIRECTORY_DEFAULT_MAPPING),
        synchronize_automatically: body.synchronize_automatically ?? false,
        synchronize_groups: body.synchronize_groups ?? 'off',
        created_at: now,
        updated_at: now,
        synchronized_groups: [],
      };
      directory().insert(config);
      ctx.status = 201;
      return directoryView(config);
    },
    { description: 'Create the directory provisioning of a connection' },
  );
  routes.management(
    'PATCH',
    `${base}/directory-provisioning`,
    'update:directory_provisionings',
    (ctx) => {
      const config = requireDirectory(ctx.params.id);
      Object.assign(config, clone(checkBody(bodyObject(ctx), directoryBody)), { updated_at: tenant.clock.isoNow() });
      directory().put(config);
      return directoryView(config);
    },
    { description: 'Update the directory provisioning of a connection' },
  );
  routes.management(
    'DELETE',
    `${base}/directory-provisioning`,
    'delete:directory_provisionings',
    (ctx) => {
      requireDirectory(ctx.params.id);
      directory().delete(ctx.params.id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete the directory provisioning of a connection' },
  );
  routes.management('GET', `${base}/directory-provisioning/default-mapping`, 'read:directory_provisionings', (ctx) => {
    requireConnection(ctx.params.id);
    return { mapping: clone(DIRECTORY_DEFAULT_MAPPING) };
  });
  routes.management(
    'POST',
    `${base}/directory-provisioning/synchronizations`,
    'create:directory_provisionings',
    (ctx) => {
      const config = requireDirectory(ctx.params.id);
      const synchronizationId = `dsync_${randomBytes(8).toString('hex')}`;
      Object.assign(config, { last_synchronization_at: tenant.clock.isoNow(), last_synchronization_status: 'pending' });
      directory().put(config);
      ctx.status = 201;
      return { connection_id: ctx.params.id, synchronization_id: synchronizationId, status: 'pending' };
    },
    { description: 'Start a directory synchronization' },
  );
  const groupsPath = `${base}/directory-provisioning/synchronized-groups`;
  const groupIds = (ctx: RouteContext): string[] => {
    const body = checkBody(bodyObject(ctx), { types: { groups: 'array' }, required: ['groups'] });
    return (body.groups as unknown[]).map((group) => {
      const id = typeof group === 'string' ? group : (group as JsonRecord | null)?.id;
      if (typeof id !== 'string' || id === '') throw apiPayloadError('Each group needs an id', 'groups');
      return id;
    });
  };
  const setGroups = (ctx: RouteContext, change: (current: string[], given: string[]) => string[]): undefined => {
    const config = requireDirectory(ctx.params.id);
    config.synchronized_groups = change((config.synchronized_groups as string[] | undefined) ?? [], groupIds(ctx));
    directory().put(config);
    ctx.status = 204;
    return undefined;
  };
  routes.management('GET', groupsPath, 'read:directory_provisionings', (ctx) => {
    const ids = (requireDirectory(ctx.params.id).synchronized_groups as string[] | undefined) ?? [];
    return checkpointList(
      ctx,
      ids.map((id) => ({ id })),
      'groups',
      (item) => String(item.id),
    );
  });
  routes.management('PUT', groupsPath, 'update:directory_provisionings', (ctx) => setGroups(ctx, (_current, given) => [...new Set(given)]), {
    description: 'Replace the synchronized groups',
  });
  routes.management('POST', groupsPath, 'update:directory_provisionings', (ctx) => setGroups(ctx, (current, given) => [...new Set([...current, ...given])]), {
    description: 'Add synchronized groups',
  });
  routes.management(
    'DELETE',
    groupsPath,
    'update:directory_provisionings',
    (ctx) => setGroups(ctx, (current, given) => current.filter((id) => !given.includes(id))),
    { description: 'Remove synchronized groups' },
  );

  // Tenant-wide lists.
  routes.management('GET', '/api/v2/connections-directory-provisionings', 'read:directory_provisionings', (ctx) =>
    checkpointList(ctx, directory().list().map(directoryView), 'directory_provisionings', (item) => String(item.connection_id)),
  );
  routes.management('GET', '/api/v2/connections-scim-configurations', 'read:scim_config', (ctx) =>
    checkpointList(
      ctx,
      scim()
        .list()
        .map((c) => clone(c)),
      'scim_configurations',
      (item) => String(item.connection_id),
    ),
  );

  // The connections of one application.
  routes.management('GET', '/api/v2/clients/:id/connections', ['read:connections', 'read:clients', 'read:client_summary'], (ctx) => {
    if (!state.clients.has(ctx.params.id)) throw notFound('The client does not exist', 'inexistent_client');
    const strategies = ctx.query.list('strategy');
    const connections = state.connections
      .list()
      .filter((c) => (c.enabled_clients ?? []).includes(ctx.params.id))
      .filter((c) => !strategies || strategies.includes(c.strategy));
    return checkpointList(
      ctx,
      connections.map((c) => clone(c) as JsonRecord),
      'connections',
      (item) => String(item.id),
    );
  });
};
