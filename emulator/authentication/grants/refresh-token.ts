/** The refresh_token grant (rotation off: the same refresh token stays valid). */
import { OAuthError } from '../../core/errors';
import type { RouteContext } from '../../core/types';
import { authenticateClient, requireGrantType, requireStr, str, type AuthBody } from '../clients';
import { issueLoginTokens } from '../tokens';
import { runPostLogin } from '../../management/actions/post-login';

export async function refreshTokenGrant(ctx: RouteContext, body: AuthBody) {
  const state = ctx.tenant.state;
  const value = requireStr(body, 'refresh_token');
  const record = state.refreshTokens.get(value);
  const client = authenticateClient(state, ctx.req, body);
  requireGrantType(client, 'refresh_token');
  if (!record || record.clientId !== client.client_id) throw new OAuthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
  const user = state.users.get(record.userId);
  if (!user) throw new OAuthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
  if (user.blocked) throw new OAuthError(401, 'unauthorized', 'user is blocked');
  const original = record.scope.split(' ').filter(Boolean);
  const asked = str(body, 'scope')?.split(/\s+/).filter(Boolean);
  if (asked && asked.some((s) => !original.includes(s))) throw new OAuthError(403, 'invalid_scope', 'Scope must be a subset of the original grant');
  record.lastExchangedAt = ctx.tenant.clock.isoNow();
  if (record.device) Object.assign(record.device, { last_ip: ctx.ip, last_user_agent: ctx.userAgent });
  const scope = (asked ?? original).join(' ');
  // The post-login trigger runs at a refresh token exchange too (Auth0's Login flow).
  const actions = await runPostLogin(ctx, {
    client,
    user,
    transaction: { protocol: 'oauth2-refresh-token', scope, audience: record.audience, organization: record.organization },
  });
  const response = issueLoginTokens(ctx.tenant, {
    client,
    user,
    scope,
    actions,
    audience: record.audience,
    authTime: record.authTime,
    organization: record.organization,
    allowRefresh: false, // rotation is off: the same refresh token stays valid
  });
  return { client, userId: user.user_id, response };
}
