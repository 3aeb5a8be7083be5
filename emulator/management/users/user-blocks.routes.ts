/**
 * Management API: /api/v2/user-blocks, the blocks that repeated failed logins
 * create (10 from one IP: a `limit_wc` log event), by user id or identifier.
 */
import { badRequest } from '../../core/errors';
import type { LoginBlock, UserRecord } from '../../core/model';
import type { TenantState } from '../../core/state';
import type { RouteContext, RoutesModule } from '../../core/types';
import { requireUser } from './users.routes';

function blockView(block: LoginBlock): Record<string, unknown> {
  return { identifier: block.identifier, ip: block.ip, connection: block.connection };
}

/** Users an identifier (e-mail, username or phone number) names. */
function usersByIdentifier(state: TenantState, identifier: string): UserRecord[] {
  const found = new Map<string, UserRecord>();
  for (const user of state.users.findBy('email', identifier.toLowerCase())) found.set(user.user_id, user);
  for (const user of state.users.findBy('phone', identifier)) found.set(user.user_id, user);
  for (const connection of state.connections.values()) {
    for (const user of state.users.findBy('connection_username', `${connection.name}\n${identifier.toLowerCase()}`)) found.set(user.user_id, user);
  }
  return [...found.values()];
}

function identifierParam(ctx: RouteContext): string {
  const identifier = ctx.query.str('identifier');
  if (!identifier) throw badRequest(`Query validation error: 'Missing required property: identifier'`, 'invalid_query_string');
  return identifier;
}

function unblock(ctx: RouteContext, userId: string): void {
  const state = ctx.tenant.state;
  if (state.loginBlocks.delete(userId)) {
    ctx.log({ type: 'ublkdu', description: 'User login block released', user_id: userId });
  }
  for (const key of state.failedLogins.keys()) if (key.startsWith(`${userId}\n`)) state.failedLogins.delete(key);
}

export const registerUserBlocksRoutes: RoutesModule = (routes) => {
  routes.management('GET', '/api/v2/user-blocks/:id', ['read:users'], (ctx) => {
    const state = ctx.tenant.state;
    requireUser(state, ctx.params.id);
    return { blocked_for: (state.loginBlocks.get(ctx.params.id) ?? []).map(blockView) };
  });
  routes.management(
    'DELETE',
    '/api/v2/user-blocks/:id',
    ['update:users'],
    (ctx) => {
      requireUser(ctx.tenant.state, ctx.params.id);
      unblock(ctx, ctx.params.id);
      ctx.status = 204;
    },
    { description: 'Unblock a user' },
  );
  routes.management('GET', '/api/v2/user-blocks', ['read:users'], (ctx) => {
    const state = ctx.tenant.state;
    const identifier = identifierParam(ctx);
    const blocks = usersByIdentifier(state, identifier).flatMap((user) => state.loginBlocks.get(user.user_id) ?? []);
    return { blocked_for: blocks.map(blockView) };
  });
  routes.management(
    'DELETE',
    '/api/v2/user-blocks',
    ['update:users'],
    (ctx) => {
      const identifier = identifierParam(ctx);
      for (const user of usersByIdentifier(ctx.tenant.state, identifier)) unblock(ctx, user.user_id);
      ctx.status = 204;
    },
    { description: 'Unblock a user by identifier' },
  );
};
