/**
 * Connections: `/api/v2/connections` (list with offset or checkpoint paging, create, get,
 * update, delete) and `DELETE /api/v2/connections/{id}/users?email=`. Deleting a connection
 * deletes its users, as Auth0 does.
 */
import { badRequest, conflict, notFound } from '../../core/errors';
import { prefixedId } from '../../core/ids';
import { checkpointBody, checkpointPage, fieldsProjection, isCheckpointRequest, offsetBody, offsetPage } from '../../core/paging';
import type { ConnectionRecord } from '../../core/model';
import type { RoutesModule } from '../../core/types';
import { deleteUser, isEmail } from '../../core/users';
import { withOptionDefaults, withStrategyDefaults } from './strategy-defaults';
import { bodyObject, checkString, clone, payloadError } from '../group-helpers';

/** Strategies Auth0 accepts (ConnectionIdentityProviderEnum of the official SDK). */
export const CONNECTION_STRATEGIES = [
  'ad',
  'adfs',
  'amazon',
  'apple',
  'dropbox',
  'bitbucket',
  'auth0-oidc',
  'auth0',
  'baidu',
  'bitly',
  'box',
  'custom',
  'daccount',
  'dwolla',
  'email',
  'evernote-sandbox',
  'evernote',
  'exact',
  'facebook',
  'fitbit',
  'github',
  'google-apps',
  'google-oauth2',
  'instagram',
  'ip',
  'line',
  'linkedin',
  'oauth1',
  'oauth2',
  'office365',
  'oidc',
  'okta',
  'paypal',
  'paypal-sandbox',
  'pingfederate',
  'planningcenter',
  'salesforce-community',
  'salesforce-sandbox',
  'salesforce',
  'samlp',
  'sharepoint',
  'shopify',
  'shop',
  'sms',
  'soundcloud',
  'thirtysevensignals',
  'twitter',
  'untappd',
  'vkontakte',
  'waad',
  'weibo',
  'windowslive',
  'wordpress',
  'yahoo',
  'yandex',
  'gitlab',
  'slack',
  'asana',
  'atlassian',
];

// Bodies are checked against Auth0's description before a route runs (core/described-body.ts):
// types, required properties and the strategy's enum are not repeated here.

const NAME_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;

function checkEnabledClients(value: unknown): void {
  if (!Array.isArray(value)) return;
  value.forEach((id, i) => {
    if (typeof id !== 'string') throw payloadError(`Expected type string but found type ${typeof id}`, `enabled_clients[${i}]`);
  });
}

export const registerConnectionsRoutes: RoutesModule = (routes, tenant) => {
  const connections = () => tenant.state.connections;
  const requireConnection = (id: string): ConnectionRecord => {
    const connection = connections().get(id);
    if (!connection) throw notFound('The connection does not exist', 'inexistent_connection');
    return connection;
  };

  routes.management('GET', '/api/v2/connections', 'read:connections', (ctx) => {
    let list = connections().list();
    const strategies = ctx.query.list('strategy');
    if (strategies) list = list.filter((c) => strategies.includes(c.strategy));
    const name = ctx.query.str('name');
    if (name !== undefined) list = list.filter((c) => c.name === name);
    const project = fieldsProjection(ctx.query);
    const view = (c: ConnectionRecord) => project(clone(c));
    if (isCheckpointRequest(ctx.query))
      return checkpointBody(
        checkpointPage(list, ctx.query, (c) => c.id),
        'connections',
        view,
      );
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'connections', defaultPerPage: 50 }), 'connections', view);
  });

  routes.management(
    'POST',
    '/api/v2/connections',
    'create:connections',
    (ctx) => {
      const body = bodyObject(ctx);
      checkString(body.name, 'name', { min: 1, max: 128, pattern: NAME_PATTERN });
      checkEnabledClients(body.enabled_clients);
      const name = body.name as string;
      if (tenant.state.connectionByName(name)) throw conflict('A connection with the same name already exists', 'connection_conflict');
      const connection: ConnectionRecord = {
        id: prefixedId('con'),
        options: {},
        strategy: body.strategy as string,
        name,
        is_domain_connection: false,
        enabled_clients: [],
        realms: [name],
        ...withStrategyDefaults(clone(body), tenant.domain),
      };
      if (connection.options === null) connection.options = {};
      if (connection.enabled_clients === null) connection.enabled_clients = [];
      connections().insert(connection);
      ctx.status = 201;
      return clone(connection);
    },
    { description: 'Create a connection' },
  );

  routes.management('GET', '/api/v2/connections/:id', 'read:connections', (ctx) => fieldsProjection(ctx.query)(clone(requireConnection(ctx.params.id))));

  routes.management(
    'PATCH',
    '/api/v2/connections/:id',
    'update:connections',
    (ctx) => {
      const body = bodyObject(ctx);
      checkEnabledClients(body.enabled_clients);
      requireConnection(ctx.params.id);
      const updated = connections().update(ctx.params.id, (connection) => {
        // `options` is replaced whole, as Auth0 documents, and then has the strategy's option defaults;
        // a PATCH without `options` changes only what it gives.
        for (const [key, value] of Object.entries(clone(body))) connection[key] = value;
        if (body.options !== undefined) connection.options = withOptionDefaults(connection.strategy, connection.options);
        if (connection.enabled_clients === null) connection.enabled_clients = [];
      });
      return clone(updated);
    },
    { description: 'Update a connection' },
  );

  routes.management(
    'DELETE',
    '/api/v2/connections/:id',
    'delete:connections',
    (ctx) => {
      const connection = connections().get(ctx.params.id);
      if (!connection) {
        // Deleting what is gone answers 204 at Auth0, not 404 (recorded; a repeat within moments
        // of the first delete answers its 202 again about a third of the time, a race not copied).
        ctx.status = 204;
        return undefined;
      }
      for (const user of [...tenant.state.users.values()]) {
        if (user.identities[0]?.connection === connection.name) deleteUser(tenant.state, user.user_id);
      }
      connections().delete(connection.id);
      for (const links of tenant.state.orgConnections.values()) links.delete(connection.id);
      // Auth0 answers 202 with the time of deletion: the users of a large connection go on being
      // deleted after the answer.
      ctx.status = 202;
      return { deleted_at: tenant.clock.isoNow() };
    },
    { description: 'Delete a connection' },
  );

  routes.management(
    'DELETE',
    '/api/v2/connections/:id/users',
    'delete:users',
    (ctx) => {
      const email = ctx.query.str('email');
      if (email === undefined) throw badRequest("Query validation error: 'Missing required property: email' on property email.", 'invalid_query_string');
      if (!isEmail(email))
        throw badRequest(`Query validation error: 'Object didn't pass validation for format email: ${email}' on property email.`, 'invalid_query_string');
      const connection = requireConnection(ctx.params.id);
      if (connection.strategy !== 'auth0') throw badRequest('Only database connections are supported', 'operation_not_supported');
      const user = tenant.state.users.firstBy('connection_email', `${connection.name}\n${email.toLowerCase()}`);
      if (user) {
        deleteUser(tenant.state, user.user_id);
        ctx.log({
          type: 'du',
          description: 'User was deleted',
          user_id: user.user_id,
          user_name: user.email,
          connection: connection.name,
          connection_id: connection.id,
        });
      }
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a connection user' },
  );
};
