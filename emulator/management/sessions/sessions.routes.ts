/**
 * Sessions: `/api/v2/sessions/{id}` (get, update metadata, revoke, delete), a user's sessions
 * (`/api/v2/users/{id}/sessions`: list, delete all) and `POST /api/v2/users/{id}/revoke-access`.
 * Sessions come from browser logins (auth/sessions.ts). Deletes and revokes answer 202, as Auth0's do.
 */
import { notFound } from '../../core/errors';
import type { JsonRecord } from '../../core/collection';
import { checkpointBody, checkpointPage } from '../../core/paging';
import type { RoutesModule } from '../../core/types';
import { endSessions, revokeRefreshTokens, sessions, userSessions } from '../../authentication/sessions';
import { bodyObject, checkBody, clone, payloadError } from '../group-helpers';

const MAX_METADATA_KEYS = 25;

export const registerSessionsRoutes: RoutesModule = (routes, tenant) => {
  const state = tenant.state;
  const requireSession = (id: string): JsonRecord => {
    const session = sessions(state).get(id);
    if (!session) throw notFound('The session does not exist.', 'session_not_found');
    return session;
  };
  const requireUser = (id: string): void => {
    if (!state.users.get(id)) throw notFound('The user does not exist.', 'inexistent_user');
  };

  routes.management('GET', '/api/v2/sessions/:id', 'read:sessions', (ctx) => clone(requireSession(ctx.params.id)));

  routes.management('PATCH', '/api/v2/sessions/:id', 'update:sessions', (ctx) => {
    const body = checkBody(bodyObject(ctx), { types: { session_metadata: ['object', 'null'] } });
    if (Object.keys(body).length === 0) throw payloadError('Too few properties defined (0), minimum 1');
    const metadata = body.session_metadata as Record<string, unknown> | null;
    if (metadata && Object.keys(metadata).length > MAX_METADATA_KEYS)
      throw payloadError(`Too many properties defined, maximum ${MAX_METADATA_KEYS}`, 'session_metadata');
    requireSession(ctx.params.id);
    return clone(
      sessions(state).update(ctx.params.id, (s) => {
        s.session_metadata = clone(metadata);
        s.updated_at = tenant.clock.isoNow();
      }),
    );
  });

  routes.management('POST', '/api/v2/sessions/:id/revoke', ['delete:sessions'], (ctx) => {
    requireSession(ctx.params.id);
    endSessions(tenant, [ctx.params.id], { refreshTokens: true });
    ctx.status = 202;
    return undefined;
  });

  routes.management('DELETE', '/api/v2/sessions/:id', 'delete:sessions', (ctx) => {
    endSessions(tenant, [ctx.params.id], { refreshTokens: false });
    ctx.status = 202;
    return {}; // Auth0 answers an empty object (recorded)
  });

  routes.management('GET', '/api/v2/users/:id/sessions', 'read:sessions', (ctx) => {
    requireUser(ctx.params.id);
    const page = checkpointPage(userSessions(state, ctx.params.id), ctx.query, (s) => String(s.id));
    return checkpointBody(page, 'sessions', (s) => clone(s));
  });

  routes.management('DELETE', '/api/v2/users/:id/sessions', 'delete:sessions', (ctx) => {
    requireUser(ctx.params.id);
    endSessions(
      tenant,
      userSessions(state, ctx.params.id).map((s) => String(s.id)),
      { refreshTokens: false },
    );
    ctx.status = 202;
    return {}; // Auth0 answers an empty object (recorded)
  });

  routes.management('POST', '/api/v2/users/:id/revoke-access', ['delete:sessions'], (ctx) => {
    const body = checkBody(bodyObject(ctx, true), { types: { session_id: 'string', preserve_refresh_tokens: 'boolean' } });
    requireUser(ctx.params.id);
    const keepTokens = body.preserve_refresh_tokens === true;
    const userId = ctx.params.id;
    if (typeof body.session_id === 'string') {
      const session = sessions(state).get(body.session_id);
      if (session && session.user_id === userId) endSessions(tenant, [body.session_id], { refreshTokens: !keepTokens });
    } else {
      endSessions(
        tenant,
        userSessions(state, userId).map((s) => String(s.id)),
        { refreshTokens: false },
      );
      if (!keepTokens) revokeRefreshTokens(state, (r) => r.userId === userId);
    }
    ctx.status = 202;
    return undefined;
  });
};
