/**
 * User grants: `GET /api/v2/grants`, `DELETE /api/v2/grants/{id}`, `DELETE /api/v2/grants?user_id=`.
 * A grant is what a user allowed an application for an API (user, client, audience). The
 * emulator derives grants from the refresh tokens `/oauth/token` issued (and from seeded
 * `grants`); deleting a grant revokes its refresh tokens, as Auth0 does.
 */
import { createHash } from 'node:crypto';
import { badRequest } from '../../core/errors';
import { offsetBody, offsetPage } from '../../core/paging';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { clone } from '../group-helpers';
import { toText } from '../../../nodes/shared/to-text';

function grantId(userId: string, clientId: string, audience: string): string {
  return createHash('sha256').update(`${userId}\n${clientId}\n${audience}`).digest('base64url').replace(/[-_]/g, '').slice(0, 24);
}

export const registerGrantsRoutes: RoutesModule = (routes, tenant) => {
  const stored = () => tenant.state.collection('grants');

  /** Every grant: seeded ones, then one per (user, client, audience) of the refresh tokens. */
  const all = (): JsonRecord[] => {
    const grants = new Map<string, JsonRecord>();
    for (const grant of stored().values()) grants.set(String(grant.id), clone(grant));
    for (const token of tenant.state.refreshTokens.values()) {
      const audience = token.audience ?? `${tenant.url}/userinfo`;
      const id = grantId(token.userId, token.clientId, audience);
      const existing = grants.get(id);
      const scope = token.scope.split(' ').filter(Boolean);
      if (existing) {
        existing.scope = [...new Set([...(existing.scope as string[]), ...scope])];
      } else {
        grants.set(id, { id, clientID: token.clientId, user_id: token.userId, audience, scope });
      }
    }
    return [...grants.values()];
  };

  /** Deletes a grant and the refresh tokens issued under it. */
  const remove = (grant: JsonRecord): void => {
    stored().delete(String(grant.id));
    for (const [token, record] of tenant.state.refreshTokens) {
      const audience = record.audience ?? `${tenant.url}/userinfo`;
      if (record.userId === grant.user_id && record.clientId === grant.clientID && audience === grant.audience) {
        tenant.state.refreshTokens.delete(token);
      }
    }
  };

  routes.management('GET', '/api/v2/grants', 'read:grants', (ctx) => {
    let list = all();
    const userId = ctx.query.str('user_id');
    if (userId !== undefined) list = list.filter((g) => g.user_id === userId);
    const clientId = ctx.query.str('client_id');
    if (clientId !== undefined) list = list.filter((g) => g.clientID === clientId);
    const audience = ctx.query.str('audience');
    if (audience !== undefined) list = list.filter((g) => g.audience === audience);
    return offsetBody(offsetPage(list, ctx.query, { itemsKey: 'grants', defaultPerPage: 50 }), 'grants');
  });

  routes.management(
    'DELETE',
    '/api/v2/grants/:id',
    'delete:grants',
    (ctx) => {
      // Idempotent, as in Auth0: an absent grant is not an error.
      const grant = all().find((g) => g.id === ctx.params.id);
      if (grant) remove(grant);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a grant' },
  );

  routes.management(
    'DELETE',
    '/api/v2/grants',
    'delete:grants',
    (ctx) => {
      const userId = ctx.query.str('user_id');
      if (userId === undefined) throw badRequest("Query validation error: 'Missing required property: user_id'.", 'invalid_query_string');
      for (const grant of all()) if (grant.user_id === userId) remove(grant);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete grants of a user' },
  );

  routes.onSeed((data) => {
    const seeded = data.grants;
    if (!Array.isArray(seeded)) return;
    for (const item of seeded as JsonRecord[]) {
      const id = toText(item.id ?? grantId(String(item.user_id), String(item.clientID), String(item.audience)));
      stored().put({ scope: [], ...item, id });
    }
  });
};
