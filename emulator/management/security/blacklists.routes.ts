/**
 * Token blacklist: `GET|POST /api/v2/blacklists/tokens`. The core refuses a management token
 * whose `jti` is blacklisted (401), so blacklisting here takes effect at once.
 */
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, checkString } from '../group-helpers';

export const registerBlacklistsRoutes: RoutesModule = (routes, tenant) => {
  routes.management('GET', '/api/v2/blacklists/tokens', 'blacklist:tokens', (ctx) => {
    const aud = ctx.query.str('aud');
    return tenant.state.blacklistedTokens
      .list()
      .filter((t) => aud === undefined || t.aud === aud)
      .map((t) => (t.aud !== undefined ? { aud: t.aud, jti: t.jti } : { jti: t.jti }));
  });

  routes.management(
    'POST',
    '/api/v2/blacklists/tokens',
    'blacklist:tokens',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), { types: { aud: 'string', jti: 'string' }, required: ['jti'] });
      checkString(body.jti, 'jti', { min: 1 });
      tenant.state.blacklistedTokens.put(body.aud !== undefined ? { jti: body.jti as string, aud: body.aud as string } : { jti: body.jti as string });
      // 204, as Auth0 answers (recorded 2023; its description says 201).
      ctx.status = 204;
      return undefined;
    },
    { description: 'Blacklist a token' },
  );
};
