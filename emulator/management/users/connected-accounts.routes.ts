/**
 * Management API: a user's connected accounts (external accounts stored in Token Vault) and clearing
 * what the risk assessors remember about a user.
 *
 * Accounts are connected through a login flow the emulator does not run; it takes them from seed
 * data, `collections["connected-accounts"]`: `{id, user_id, connection, strategy, access_type, scopes?}`.
 */
import { notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import { checkpointBody, checkpointPage } from '../../core/paging';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone } from '../group-helpers';
import { requireUser } from './users.routes';

const ASSESSORS = ['new-device'];

export const registerConnectedAccountsRoutes: RoutesModule = (routes, tenant) => {
  const state = tenant.state;
  routes.management('GET', '/api/v2/users/:id/connected-accounts', 'read:users', (ctx) => {
    requireUser(state, ctx.params.id);
    const accounts = state
      .collection('connected-accounts')
      .list()
      .filter((account) => account.user_id === ctx.params.id)
      .map((account): JsonRecord => {
        const shown = clone(account);
        delete shown.user_id;
        const connection = typeof account.connection === 'string' ? state.connectionByName(account.connection) : undefined;
        return { connection_id: connection?.id ?? '', created_at: tenant.clock.isoNow(), ...shown };
      });
    return checkpointBody(
      checkpointPage(accounts, ctx.query, (account) => String(account.id)),
      'connected_accounts',
    );
  });

  routes.management(
    'POST',
    '/api/v2/users/:id/risk-assessments/clear',
    'update:users',
    (ctx) => {
      requireUser(state, ctx.params.id);
      const body = checkBody(bodyObject(ctx), { types: { connection: 'string', assessors: 'array' }, required: ['connection', 'assessors'] });
      if (!state.connectionByName(String(body.connection))) throw notFound('The connection does not exist.', 'inexistent_connection');
      for (const assessor of body.assessors as unknown[]) {
        if (!ASSESSORS.includes(String(assessor))) throw notFound(`Unknown assessor ${String(assessor)}`, 'inexistent_assessor');
      }
      // What the new-device assessor remembers: the devices seen for this user on this connection.
      const devices = state.collection('risk-known-devices');
      for (const device of devices.list()) {
        if (device.user_id === ctx.params.id && device.connection === body.connection) devices.delete(String(device.id));
      }
      ctx.status = 204;
      return undefined;
    },
    { description: 'Clear the risk assessments of a user' },
  );
};
