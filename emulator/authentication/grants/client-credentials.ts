/** The client_credentials grant: a machine-to-machine token for an API the client has a grant for. */
import { OAuthError } from '../../core/errors';
import { randomToken } from '../../core/ids';
import type { RouteContext } from '../../core/types';
import { authenticateClient, requireGrantType, str, type AuthBody } from '../clients';
import { defaultAudience } from '../tenant-defaults';
import { runCredentialsExchange } from '../../management/actions/credentials-exchange';

export async function clientCredentialsGrant(ctx: RouteContext, body: AuthBody) {
  const tenant = ctx.tenant;
  const client = authenticateClient(tenant.state, ctx.req, body);
  // A client authenticates with its secret or, verified above, its private key JWT.
  if (!client.client_secret && str(body, 'client_assertion') === undefined) throw new OAuthError(401, 'access_denied', 'Unauthorized');
  requireGrantType(client, 'client_credentials');
  const audience = str(body, 'audience') ?? defaultAudience(tenant);
  if (!audience) throw new OAuthError(403, 'access_denied', 'No audience parameter was provided, and no default audience has been configured');
  const api = tenant.state.resourceServerByIdentifier(audience);
  if (!api) throw new OAuthError(403, 'access_denied', `Service not found: ${audience}`);
  const granted = tenant.state.grantedScopes(client.client_id, audience);
  if (!granted) {
    throw new OAuthError(403, 'access_denied', `Client is not authorized to access "${audience}". You need to create a "client-grant" associated to this API.`);
  }
  const requested = str(body, 'scope')?.split(/\s+/).filter(Boolean);
  const scopes = requested ? granted.filter((s) => requested.includes(s)) : granted;
  const customClaims = await runCredentialsExchange(ctx, { client, audience, ...(requested ? { requestedScopes: requested } : {}) });
  const lifetime = api.token_lifetime ?? 86400;
  const now = tenant.clock.nowSeconds();
  // Custom claims first: an Action cannot override the standard ones.
  const token = tenant.signer.sign({
    ...customClaims,
    iss: tenant.issuer,
    sub: `${client.client_id}@clients`,
    aud: audience,
    iat: now,
    exp: now + lifetime,
    jti: randomToken(12),
    scope: scopes.join(' '),
    gty: 'client-credentials',
    azp: client.client_id,
  });
  return { client, response: { access_token: token, scope: scopes.join(' '), expires_in: lifetime, token_type: 'Bearer' } };
}
