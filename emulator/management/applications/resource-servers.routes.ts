/**
 * APIs: `/api/v2/resource-servers` (list, create, get, update, delete). A resource server is
 * addressed by its id or by its identifier (URL-encoded), as in Auth0. The Management API
 * itself is a system resource server: it can be read, not changed or deleted.
 */
import { ApiError, conflict, notFound } from '../../core/errors';
import { randomAlnum, randomToken } from '../../core/ids';
import { offsetBody, offsetPage } from '../../core/paging';
import type { ResourceServerRecord } from '../../core/model';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, checkString, clone, payloadError, type BodySpec } from '../group-helpers';

const COMMON_TYPES = {
  name: 'string',
  scopes: 'array',
  signing_alg: 'string',
  signing_secret: 'string',
  allow_offline_access: 'boolean',
  allow_online_access: 'boolean',
  allow_online_access_with_ephemeral_sessions: 'boolean',
  token_lifetime: 'integer',
  token_lifetime_for_anonymous_access_tokens: 'integer',
  token_dialect: 'string',
  skip_consent_for_verifiable_first_party_clients: 'boolean',
  enforce_policies: 'boolean',
  token_encryption: ['object', 'null'],
  consent_policy: ['string', 'null'],
  authorization_details: ['array', 'null'],
  proof_of_possession: ['object', 'null'],
  subject_type_authorization: 'object',
  authorization_policy: ['object', 'null'],
} as const;

const ENUMS = {
  signing_alg: ['HS256', 'RS256', 'RS512', 'PS256'],
  token_dialect: ['access_token', 'access_token_authz', 'rfc9068_profile', 'rfc9068_profile_authz'],
};

const CREATE_SPEC: BodySpec = { types: { identifier: 'string', ...COMMON_TYPES }, required: ['identifier'], enums: ENUMS };
const UPDATE_SPEC: BodySpec = { types: { ...COMMON_TYPES }, enums: ENUMS };

function checkScopes(scopes: unknown): void {
  if (!Array.isArray(scopes)) return;
  scopes.forEach((scope, i) => {
    const s = scope as Record<string, unknown>;
    if (!s || typeof s !== 'object' || typeof s.value !== 'string') throw payloadError('Missing required property: value', `scopes[${i}]`);
    if (s.description !== undefined && typeof s.description !== 'string') throw payloadError('Expected type string', `scopes[${i}].description`);
  });
}

export const registerResourceServersRoutes: RoutesModule = (routes, tenant) => {
  const servers = () => tenant.state.resourceServers;
  const find = (idOrIdentifier: string): ResourceServerRecord => {
    const server = servers().get(idOrIdentifier) ?? tenant.state.resourceServerByIdentifier(idOrIdentifier);
    if (!server) throw notFound('The resource server does not exist', 'inexistent_resource_server');
    return server;
  };
  const view = (server: ResourceServerRecord): Record<string, unknown> => {
    const shown = clone(server) as Record<string, unknown>;
    if (server.signing_alg !== 'HS256') delete shown.signing_secret;
    return shown;
  };

  routes.management('GET', '/api/v2/resource-servers', 'read:resource_servers', (ctx) => {
    let list = servers().list();
    const identifiers = ctx.query.params.getAll('identifiers');
    if (identifiers.length) list = list.filter((s) => identifiers.includes(s.identifier));
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'resource_servers', defaultPerPage: 50 }), 'resource_servers', view);
  });

  routes.management(
    'POST',
    '/api/v2/resource-servers',
    'create:resource_servers',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.identifier, 'identifier', { min: 1, max: 600 });
      checkString(body.name, 'name', { min: 1, max: 200, pattern: /^[^<>]+$/ });
      checkScopes(body.scopes);
      const identifier = body.identifier as string;
      if (tenant.state.resourceServerByIdentifier(identifier)) {
        throw conflict('A resource server with the same identifier already exists', 'resource_server_conflict');
      }
      const server: ResourceServerRecord = {
        id: randomAlnum(24).toLowerCase(),
        name: (body.name as string | undefined) ?? identifier,
        identifier,
        allow_offline_access: false,
        skip_consent_for_verifiable_first_party_clients: true,
        token_lifetime: 86400,
        token_lifetime_for_web: 7200,
        signing_alg: 'RS256',
        scopes: [],
        token_dialect: 'access_token',
        enforce_policies: false,
        is_system: false,
        ...clone(body),
      };
      if (server.signing_alg === 'HS256' && server.signing_secret === undefined) server.signing_secret = randomToken(32);
      servers().insert(server);
      ctx.status = 201;
      return view(server);
    },
    { description: 'Create a resource server' },
  );

  routes.management('GET', '/api/v2/resource-servers/:id', 'read:resource_servers', (ctx) => view(find(ctx.params.id)));

  routes.management(
    'PATCH',
    '/api/v2/resource-servers/:id',
    'update:resource_servers',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      checkString(body.name, 'name', { min: 1, max: 200, pattern: /^[^<>]+$/ });
      checkScopes(body.scopes);
      const server = find(ctx.params.id);
      if (server.is_system) throw new ApiError(400, 'You cannot update a system resource server', 'operation_not_supported');
      const updated = servers().update(server.id, (s) => {
        for (const [key, value] of Object.entries(clone(body))) {
          if (value === null) delete s[key];
          else s[key] = value;
        }
      }) as ResourceServerRecord;
      return view(updated);
    },
    { description: 'Update a resource server' },
  );

  routes.management(
    'DELETE',
    '/api/v2/resource-servers/:id',
    'delete:resource_servers',
    (ctx) => {
      const server = servers().get(ctx.params.id) ?? tenant.state.resourceServerByIdentifier(ctx.params.id);
      ctx.status = 204;
      // Idempotent, as in Auth0: an absent resource server is not an error.
      if (!server) return undefined;
      if (server.is_system) throw new ApiError(400, 'You cannot delete a system resource server', 'operation_not_supported');
      servers().delete(server.id);
      for (const grant of tenant.state.clientGrants.findBy('audience', server.identifier)) tenant.state.clientGrants.delete(grant.id);
      return undefined;
    },
    { description: 'Delete a resource server' },
  );
};
