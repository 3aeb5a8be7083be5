/** The passwordless OTP grant: a code sent by /passwordless/start, for the email or sms connection. */
import { OAuthError } from '../../core/errors';
import type { RouteContext } from '../../core/types';
import { authenticateClient, requireGrantType, requireStr, str, type AuthBody } from '../clients';
import { loginConnection, recordLogin } from '../login';
import { consumeOtp, findOrCreatePasswordlessUser } from '../passwordless';
import { issueLoginTokens } from '../tokens';
import { defaultAudience } from '../tenant-defaults';

export const GRANT_PASSWORDLESS_OTP = 'http://auth0.com/oauth/grant-type/passwordless/otp';

export async function passwordlessGrant(ctx: RouteContext, body: AuthBody) {
  const state = ctx.tenant.state;
  const client = authenticateClient(state, ctx.req, body);
  requireGrantType(client, GRANT_PASSWORDLESS_OTP);
  const realm = requireStr(body, 'realm');
  if (realm !== 'email' && realm !== 'sms') throw new OAuthError(400, 'invalid_request', 'realm must be email or sms');
  const username = requireStr(body, 'username');
  const otp = requireStr(body, 'otp');
  const connection = loginConnection(ctx, client, realm);
  if (!consumeOtp(ctx.tenant, client.client_id, realm, username, otp)) {
    ctx.log({
      type: 'f',
      description: 'Wrong email or verification code.',
      client_id: client.client_id,
      client_name: client.name,
      connection: realm,
      user_name: username,
    });
    throw new OAuthError(403, 'invalid_grant', realm === 'email' ? 'Wrong email or verification code.' : 'Wrong phone number or verification code.');
  }
  const user = findOrCreatePasswordlessUser(ctx, connection, username);
  const scope = str(body, 'scope');
  const audience = str(body, 'audience') ?? defaultAudience(ctx.tenant);
  const actions = await recordLogin(ctx, client, connection, user, { protocol: 'oauth2-password', scope, audience, method: realm });
  return issueLoginTokens(ctx.tenant, { client, user, scope, audience, actions });
}
