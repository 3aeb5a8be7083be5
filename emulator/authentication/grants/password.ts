/** The password and password-realm grants (Resource Owner Password), with MFA when the user is enrolled. */
import type { RouteContext } from '../../core/types';
import { authenticateClient, requireGrantType, requireStr, str, type AuthBody } from '../clients';
import { loginConnection, passwordLogin, recordLogin } from '../login';
import { issueLoginTokens } from '../tokens';
import { defaultAudience } from '../tenant-defaults';
import { requireMfaIfEnrolled } from './mfa';

export const GRANT_PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';

export async function passwordGrant(ctx: RouteContext, body: AuthBody, grantType: string, realm: string) {
  const state = ctx.tenant.state;
  const client = authenticateClient(state, ctx.req, body);
  requireGrantType(client, grantType);
  const username = requireStr(body, 'username');
  const password = requireStr(body, 'password');
  const connection = loginConnection(ctx, client, realm);
  const user = passwordLogin(ctx, client, connection, username, password);
  const scope = str(body, 'scope');
  const audience = str(body, 'audience') ?? defaultAudience(ctx.tenant);
  requireMfaIfEnrolled(ctx, client, user, { scope, audience, connection: connection.name });
  const actions = await recordLogin(ctx, client, connection, user, { protocol: 'oauth2-password', scope, audience, method: 'pwd' });
  return issueLoginTokens(ctx.tenant, { client, user, scope, audience, device: { ip: ctx.ip, userAgent: ctx.userAgent }, actions });
}
