/**
 * Refresh tokens by id: `/api/v2/refresh-tokens/{id}` (get, update metadata, delete), the
 * early-access list (`GET /api/v2/refresh-tokens?user_id=`) and bulk revoke, and a user's tokens
 * (`/api/v2/users/{id}/refresh-tokens`: list, delete all). A deleted or revoked token fails the
 * next refresh_token grant, since the grant reads the same store (auth/tokens.ts).
 */
import { badRequest, notFound } from '../../core/errors';
import { checkpointBody, checkpointPage, fieldsProjection } from '../../core/paging';
import type { RefreshTokenRecord } from '../../core/state';
import type { RoutesModule } from '../../core/types';
import { findRefreshToken, refreshTokenView, revokeRefreshTokens, userRefreshTokens } from '../../authentication/sessions';
import { bodyObject, checkBody, payloadError } from '../group-helpers';

const MAX_METADATA_KEYS = 25;

export const registerRefreshTokensRoutes: RoutesModule = (routes, tenant) => {
  const state = tenant.state;
  const requireToken = (id: string): RefreshTokenRecord => {
    const record = findRefreshToken(state, id);
    if (!record) throw notFound('The refresh token does not exist.', 'refresh_token_not_found');
    return record;
  };
  const requireUser = (id: string): void => {
    if (!state.users.get(id)) throw notFound('User not found', 'inexistent_user');
  };

  routes.management('GET', '/api/v2/refresh-tokens', 'read:refresh_tokens', (ctx) => {
    const userId = ctx.query.str('user_id');
    if (!userId) throw badRequest("Missing required 'user_id' parameter.", 'invalid_query_string');
    requireUser(userId);
    let list = userRefreshTokens(state, userId);
    const clientId = ctx.query.str('client_id');
    if (clientId) list = list.filter((r) => r.clientId === clientId);
    const project = fieldsProjection(ctx.query);
    return checkpointBody(
      checkpointPage(list, ctx.query, (r) => String(r.id)),
      'refresh_tokens',
      (r) => project(refreshTokenView(r)),
    );
  });

  routes.management('POST', '/api/v2/refresh-tokens/revoke', 'delete:refresh_tokens', (ctx) => {
    const body = checkBody(bodyObject(ctx), { types: { ids: 'array', user_id: 'string', client_id: 'string', audience: 'string' } });
    const ids = body.ids as unknown[] | undefined;
    if (ids !== undefined && (ids.length === 0 || ids.some((id) => typeof id !== 'string' || id === '')))
      throw payloadError('Array items must be non-empty strings, at least 1', 'ids');
    if (ids === undefined && body.user_id === undefined) throw payloadError('Either ids or user_id is required');
    const wanted = ids ? new Set(ids as string[]) : undefined;
    revokeRefreshTokens(state, (r) => {
      if (wanted) return r.id !== undefined && wanted.has(r.id);
      return (
        r.userId === body.user_id &&
        (body.client_id === undefined || r.clientId === body.client_id) &&
        (body.audience === undefined || r.audience === body.audience)
      );
    });
    ctx.status = 202;
    return undefined;
  });

  routes.management('GET', '/api/v2/refresh-tokens/:id', 'read:refresh_tokens', (ctx) => refreshTokenView(requireToken(ctx.params.id)));

  routes.management('PATCH', '/api/v2/refresh-tokens/:id', 'update:refresh_tokens', (ctx) => {
    const body = checkBody(bodyObject(ctx), { types: { refresh_token_metadata: ['object', 'null'] } });
    if (Object.keys(body).length === 0) throw payloadError('Too few properties defined (0), minimum 1');
    const metadata = body.refresh_token_metadata as Record<string, unknown> | null;
    if (metadata && Object.keys(metadata).length > MAX_METADATA_KEYS)
      throw payloadError(`Too many properties defined, maximum ${MAX_METADATA_KEYS}`, 'refresh_token_metadata');
    const record = requireToken(ctx.params.id);
    record.metadata = metadata === null ? null : (JSON.parse(JSON.stringify(metadata)) as Record<string, unknown>);
    return refreshTokenView(record);
  });

  routes.management('DELETE', '/api/v2/refresh-tokens/:id', 'delete:refresh_tokens', (ctx) => {
    revokeRefreshTokens(state, (r) => r.id === ctx.params.id);
    ctx.status = 202;
    return undefined;
  });

  routes.management('GET', '/api/v2/users/:id/refresh-tokens', 'read:refresh_tokens', (ctx) => {
    requireUser(ctx.params.id);
    // As Auth0 answers (recorded): `next` (the last token's id) on every page that has tokens, and
    // `total` with include_totals.
    const all = userRefreshTokens(state, ctx.params.id);
    const page = checkpointPage(all, ctx.query, (r) => String(r.id), { nextOn: 'any-page', rawCursor: true });
    const body = checkpointBody(page, 'tokens', refreshTokenView) as Record<string, unknown>;
    if (ctx.query.bool('include_totals') === true) body.total = all.length;
    return body;
  });

  routes.management('DELETE', '/api/v2/users/:id/refresh-tokens', 'delete:refresh_tokens', (ctx) => {
    requireUser(ctx.params.id);
    revokeRefreshTokens(state, (r) => r.userId === ctx.params.id);
    ctx.status = 202;
    return undefined;
  });
};
