/**
 * APIs: `/api/v2/resource-servers` (list, create, get, update, delete). A resource server is
 * addressed by its id or by its identifier (URL-encoded), as in Auth0. The Management API
 * itself is a system resource server: it can be read, not changed or deleted.
 */
import { withCreationDefaults } from '../creation-defaults';
import { ApiError, conflict, notFound } from '../../core/errors';
import { randomAlnum, randomToken } from '../../core/ids';
import { offsetBody, offsetPage } from '../../core/paging';
import type { ResourceServerRecord } from '../../core/model';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkString, clone, payloadError } from '../group-helpers';

// Bodies are checked against Auth0's description before a route runs (core/described-body.ts):
// types, required properties and enums are not repeated here.

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
      const body = bodyObject(ctx);
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
        skip_consent_for_verifiable_first_party_clients: false,
        token_lifetime: 86400,
        token_lifetime_for_web: 7200,
        scopes: [],
        token_dialect: 'access_token',
        enforce_policies: false,
        is_system: false,
        ...clone(body),
      };
      withCreationDefaults('/api/v2/resource-servers', server);
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
      const body = bodyObject(ctx);
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
