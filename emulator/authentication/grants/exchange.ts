/**
 * The exchange grants: token exchange (native social login with Apple, and Custom Token
 * Exchange) and the JWT bearer grant (RFC 7523). What the emulator accepts as a token of
 * another party, since it has no Apple and runs no Actions:
 * - Apple (`…/apple-authz-code`, `…/apple-id-token`): `emulator-social:<email>`, as for the
 *   other social logins; the user is found or created in an `apple` connection;
 * - Custom Token Exchange: any other subject_token_type outside Auth0's reserved namespaces,
 *   with a subject_token signed by the tenant (a stand-in for the profile's Action validating it),
 *   whose `sub` is a user of the tenant; the client needs `token_exchange.allow_any_profile_of_type`
 *   or the grant type enabled;
 * - jwt-bearer: an assertion signed with the client's secret (HS256) or by the tenant (RS256),
 *   `iss` the client id, `sub` a user, `aud` the tenant, not expired.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { OAuthError } from '../../core/errors';
import { decodeUnverified, type JwtClaims } from '../../core/jwt';
import type { ClientRecord, UserRecord } from '../../core/model';
import type { RouteContext } from '../../core/types';
import { createUser } from '../../core/users';
import { authenticateClient, requireGrantType, requireStr, str, type AuthBody } from '../clients';
import { recordLogin } from '../login';
import { runPostLogin } from '../../management/actions/post-login';
import type { TokenAdditions } from '../../core/state';
import { issueLoginTokens } from '../tokens';

export const GRANT_TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const GRANT_JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const APPLE_TYPES = new Set(['http://auth0.com/oauth/token-type/apple-authz-code', 'http://auth0.com/oauth/token-type/apple-id-token']);
const SOCIAL_TOKEN_PREFIX = 'emulator-social:';
/** Namespaces Auth0 keeps for itself: no Custom Token Exchange profile may use them. */
const RESERVED_TYPE_PREFIXES = ['urn:ietf:', 'urn:auth0:', 'http://auth0.com/', 'https://auth0.com/', 'urn:okta:', 'http://okta.com/', 'https://okta.com/'];

type GrantResult = { response: unknown; client: ClientRecord; userId?: string };

function appleUser(ctx: RouteContext, token: string): { user: UserRecord; connectionName: string } {
  const state = ctx.tenant.state;
  const connection = state.connections.findBy('strategy', 'apple')[0];
  if (!connection) throw new OAuthError(400, 'invalid_request', 'No Apple connection is configured');
  if (!token.startsWith(SOCIAL_TOKEN_PREFIX)) throw new OAuthError(400, 'invalid_grant', 'Invalid subject_token');
  const email = token.slice(SOCIAL_TOKEN_PREFIX.length).toLowerCase();
  let user = state.users.findBy('email', email).find((u) => u.identities.some((i) => i.connection === connection.name));
  if (!user) user = createUser(state, { connection: connection.name, email, email_verified: true }, { now: ctx.tenant.clock.isoNow() });
  return { user, connectionName: connection.name };
}

/** grant token-exchange. */
export async function tokenExchangeGrant(ctx: RouteContext, body: AuthBody): Promise<GrantResult> {
  const state = ctx.tenant.state;
  const client = authenticateClient(state, ctx.req, body, { secretOptional: true });
  const type = requireStr(body, 'subject_token_type');
  const token = requireStr(body, 'subject_token');
  const transaction = { protocol: 'oauth2-token-exchange', scope: str(body, 'scope'), audience: str(body, 'audience') };
  let user: UserRecord;
  let actions: TokenAdditions | undefined;
  if (APPLE_TYPES.has(type)) {
    const found = appleUser(ctx, token);
    user = found.user;
    const connection = state.connectionByName(found.connectionName);
    if (connection) actions = await recordLogin(ctx, client, connection, user, { ...transaction, method: 'federated' });
  } else {
    if (RESERVED_TYPE_PREFIXES.some((prefix) => type.startsWith(prefix))) {
      throw new OAuthError(400, 'invalid_request', `Unsupported subject_token_type: ${type}`);
    }
    const allowed = (client.token_exchange as { allow_any_profile_of_type?: string[] } | undefined)?.allow_any_profile_of_type ?? [];
    if (!allowed.includes('custom_authentication') && !(client.grant_types ?? []).includes(GRANT_TOKEN_EXCHANGE)) {
      throw new OAuthError(403, 'unauthorized_client', 'The client is not allowed to use Custom Token Exchange');
    }
    const checked = ctx.tenant.signer.check(token, ctx.tenant.clock.nowSeconds());
    if (!checked.ok || typeof checked.claims.sub !== 'string') throw new OAuthError(401, 'invalid_request', 'The subject_token could not be validated');
    const found = state.users.get(checked.claims.sub);
    if (!found) throw new OAuthError(401, 'invalid_request', 'The subject_token names no user of the tenant');
    user = found;
  }
  if (user.blocked) throw new OAuthError(401, 'unauthorized', 'user is blocked');
  actions ??= await runPostLogin(ctx, { client, user, transaction });
  const response = issueLoginTokens(ctx.tenant, { client, user, scope: transaction.scope, audience: transaction.audience, actions });
  return { response, client, userId: user.user_id };
}

function hs256Valid(token: string, secret: string): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function algOf(token: string): string | undefined {
  try {
    return (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: string }).alg;
  } catch {
    return undefined;
  }
}

/** grant jwt-bearer. */
export async function jwtBearerGrant(ctx: RouteContext, body: AuthBody): Promise<GrantResult> {
  const state = ctx.tenant.state;
  const client = authenticateClient(state, ctx.req, body, { secretOptional: true });
  requireGrantType(client, GRANT_JWT_BEARER);
  const assertion = requireStr(body, 'assertion');
  const alg = algOf(assertion);
  let claims: JwtClaims | undefined;
  if (alg === 'HS256' && client.client_secret && hs256Valid(assertion, client.client_secret)) claims = decodeUnverified(assertion);
  else if (alg === 'RS256') {
    const checked = ctx.tenant.signer.check(assertion, ctx.tenant.clock.nowSeconds());
    if (checked.ok) claims = checked.claims;
  }
  if (!claims) throw new OAuthError(403, 'invalid_grant', 'Invalid assertion: bad signature');
  const now = ctx.tenant.clock.nowSeconds();
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new OAuthError(403, 'invalid_grant', 'Invalid assertion: expired');
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.some((a) => a === ctx.tenant.issuer || a === `${ctx.tenant.url}/oauth/token`))
    throw new OAuthError(403, 'invalid_grant', 'Invalid assertion: audience');
  if (claims.iss !== client.client_id) throw new OAuthError(403, 'invalid_grant', 'Invalid assertion: issuer must be the client_id');
  const user = typeof claims.sub === 'string' ? state.users.get(claims.sub) : undefined;
  if (!user) throw new OAuthError(403, 'invalid_grant', 'Invalid assertion: unknown subject');
  if (user.blocked) throw new OAuthError(401, 'unauthorized', 'user is blocked');
  const transaction = { protocol: 'oauth2-resource-owner-jwt-bearer', scope: str(body, 'scope'), audience: str(body, 'audience') };
  const actions = await runPostLogin(ctx, { client, user, transaction });
  const response = issueLoginTokens(ctx.tenant, { client, user, scope: transaction.scope, audience: transaction.audience, actions });
  return { response, client, userId: user.user_id };
}

export const GRANT_FEDERATED_CONNECTION_TOKEN = 'urn:auth0:params:oauth:grant-type:token-exchange:federated-connection-access-token';

/**
 * grant federated-connection-access-token (Token Vault): the user's Auth0 refresh token for the
 * access token the identity provider of `connection` gave at login. The emulator has no provider:
 * it returns the `access_token` stored on the user's identity of that connection (seed one).
 */
export function federatedConnectionTokenGrant(ctx: RouteContext, body: AuthBody): GrantResult {
  const state = ctx.tenant.state;
  const client = authenticateClient(state, ctx.req, body);
  requireGrantType(client, GRANT_FEDERATED_CONNECTION_TOKEN);
  if (requireStr(body, 'subject_token_type') !== 'urn:ietf:params:oauth:token-type:refresh_token') {
    throw new OAuthError(400, 'invalid_request', 'subject_token_type must be urn:ietf:params:oauth:token-type:refresh_token');
  }
  const record = state.refreshTokens.get(requireStr(body, 'subject_token'));
  if (!record || record.clientId !== client.client_id) throw new OAuthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
  const user = state.users.get(record.userId);
  const connection = requireStr(body, 'connection');
  const identity = user?.identities.find((i) => i.connection === connection);
  if (!user || !identity) throw new OAuthError(400, 'invalid_request', `The user has no identity in the connection ${connection}`);
  if (typeof identity.access_token !== 'string')
    throw new OAuthError(401, 'federated_connection_refresh_token_not_found', 'Federated connection refresh token not found.');
  const response = {
    access_token: identity.access_token,
    expires_in: 3600,
    scope: typeof identity.scope === 'string' ? identity.scope : '',
    issued_token_type: 'http://auth0.com/oauth/token-type/federated-connection-access-token',
    token_type: 'Bearer',
  };
  return { response, client, userId: user.user_id };
}
