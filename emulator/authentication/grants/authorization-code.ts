/** The authorization_code grant: a code from /authorize, with PKCE (S256, plain) or the client's secret. */
import { createHash } from 'node:crypto';
import { OAuthError } from '../../core/errors';
import type { RouteContext } from '../../core/types';
import { authenticateClient, requireGrantType, requireStr, str, type AuthBody } from '../clients';
import { issueLoginTokens } from '../tokens';

export function authorizationCodeGrant(ctx: RouteContext, body: AuthBody) {
  const state = ctx.tenant.state;
  const codeValue = requireStr(body, 'code');
  const verifier = str(body, 'code_verifier');
  const record = state.authCodes.get(codeValue);
  // With PKCE a confidential client may still authenticate; a public one never needs a secret.
  const client = authenticateClient(state, ctx.req, body, { secretOptional: verifier !== undefined });
  requireGrantType(client, 'authorization_code');
  if (!record || record.clientId !== client.client_id || record.expiresAt < ctx.tenant.clock.nowSeconds()) {
    throw new OAuthError(403, 'invalid_grant', 'Invalid authorization code');
  }
  state.authCodes.delete(codeValue);
  if (record.redirectUri !== undefined && str(body, 'redirect_uri') !== record.redirectUri) {
    throw new OAuthError(403, 'invalid_grant', 'Redirect URI is wrong.');
  }
  if (record.codeChallenge !== undefined) {
    if (!verifier) throw new OAuthError(403, 'invalid_grant', 'Missing required parameter: code_verifier');
    const derived = record.codeChallengeMethod === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
    if (derived !== record.codeChallenge) throw new OAuthError(403, 'invalid_grant', 'Failed to verify code verifier');
  } else if (!str(body, 'client_secret') && !ctx.req.headers.authorization) {
    // Without PKCE the client must authenticate.
    throw new OAuthError(401, 'access_denied', 'Unauthorized');
  }
  const user = state.users.get(record.userId);
  if (!user) throw new OAuthError(403, 'invalid_grant', 'Invalid authorization code');
  const response = issueLoginTokens(ctx.tenant, {
    client,
    user,
    scope: record.scope,
    audience: record.audience,
    nonce: record.nonce,
    authTime: record.authTime,
    organization: record.organization,
    sessionId: record.sessionId,
    device: { ip: ctx.ip, userAgent: ctx.userAgent },
    actions: record.actions,
  });
  return { client, userId: user.user_id, response };
}
