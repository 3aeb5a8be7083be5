/**
 * Authentication API: /oauth/token (every grant), /authorize, /oauth/revoke,
 * /v2/logout, /userinfo and the discovery documents.
 */
import { OAuthError, RawBodyError } from '../core/errors';
import { randomToken } from '../core/ids';
import type { ClientRecord, UserRecord } from '../core/model';
import { DEFAULT_DB_CONNECTION, type AuthCode } from '../core/state';
import { RawReply, type RouteContext, type RoutesModule, type Tenant } from '../core/types';
import { findLoginUser } from '../core/users';
import { authenticateClient, bodyFields, requireStr, str, urlAllowed } from './clients';
import { passwordLogin, recordLogin } from './login';
import { issueLoginTokens, profileClaims } from './tokens';
import { backchannelGrant, deviceCodeGrant, GRANT_CIBA, GRANT_DEVICE_CODE } from './grants/device-and-backchannel';
import {
  federatedConnectionTokenGrant,
  GRANT_FEDERATED_CONNECTION_TOKEN,
  GRANT_JWT_BEARER,
  GRANT_TOKEN_EXCHANGE,
  jwtBearerGrant,
  tokenExchangeGrant,
} from './grants/exchange';
import { mfaOobGrant, mfaOtpGrant, mfaRecoveryGrant } from './grants/mfa';
import { GRANT_WEBAUTHN, webauthnGrant } from './grants/passkeys';
import { QueryReader } from '../core/query';
import { pushedAuthorizeQuery } from './flows.routes';
import { defaultAudience, defaultDirectory } from './tenant-defaults';
import { clientCredentialsGrant } from './grants/client-credentials';
import { GRANT_PASSWORD_REALM, passwordGrant } from './grants/password';
import { GRANT_PASSWORDLESS_OTP, passwordlessGrant } from './grants/passwordless-otp';
import { authorizationCodeGrant } from './grants/authorization-code';
import { refreshTokenGrant } from './grants/refresh-token';
import { consumeLoginTicket, loginPage, universalLoginSettings } from './universal-login';

export const GRANT_MFA_OTP = 'http://auth0.com/oauth/grant-type/mfa-otp';
export const GRANT_MFA_OOB = 'http://auth0.com/oauth/grant-type/mfa-oob';
export const GRANT_MFA_RECOVERY_CODE = 'http://auth0.com/oauth/grant-type/mfa-recovery-code';
import { startSession } from './sessions';

const CODE_LIFETIME_SECONDS = 600;

export const registerOAuthRoutes: RoutesModule = (routes) => {
  routes.auth('POST', '/oauth/token', async (ctx) => {
    ctx.setHeader('Cache-Control', 'no-store');
    ctx.setHeader('Pragma', 'no-cache');
    const body = bodyFields(ctx.body);
    const grantType = requireStr(body, 'grant_type');
    switch (grantType) {
      case 'client_credentials':
        return exchangeLogged(ctx, 'seccft', 'feccft', () => clientCredentialsGrant(ctx, body));
      case GRANT_PASSWORD_REALM:
        return passwordGrant(ctx, body, GRANT_PASSWORD_REALM, requireStr(body, 'realm'));
      case 'password':
        return passwordGrant(ctx, body, 'password', defaultDirectory(ctx.tenant));
      case 'authorization_code':
        return exchangeLogged(ctx, 'seacft', 'feacft', () => authorizationCodeGrant(ctx, body));
      case 'refresh_token':
        return exchangeLogged(ctx, 'sertft', 'fertft', () => refreshTokenGrant(ctx, body));
      case GRANT_PASSWORDLESS_OTP:
        return passwordlessGrant(ctx, body);
      case GRANT_DEVICE_CODE:
        return exchangeLogged(ctx, 'sede', 'fede', () => deviceCodeGrant(ctx, body));
      case GRANT_CIBA:
        return exchangeLogged(ctx, 'seciba', 'feciba', () => backchannelGrant(ctx, body));
      case GRANT_MFA_OTP:
        return mfaOtpGrant(ctx, body);
      case GRANT_MFA_OOB:
        return mfaOobGrant(ctx, body);
      case GRANT_MFA_RECOVERY_CODE:
        return mfaRecoveryGrant(ctx, body);
      case GRANT_TOKEN_EXCHANGE:
        return exchangeLogged(ctx, 'secte', 'fecte', () => tokenExchangeGrant(ctx, body));
      case GRANT_JWT_BEARER:
        return exchangeLogged(ctx, 'sertft', 'fertft', () => jwtBearerGrant(ctx, body));
      case GRANT_FEDERATED_CONNECTION_TOKEN:
        return exchangeLogged(ctx, 'secte', 'fecte', () => federatedConnectionTokenGrant(ctx, body));
      case GRANT_WEBAUTHN:
        return (await webauthnGrant(ctx, body)).response;
      default:
        throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
    }
  });

  routes.auth('GET', '/authorize', (ctx) => authorize(ctx));

  routes.auth('POST', '/oauth/revoke', (ctx) => {
    const body = bodyFields(ctx.body);
    const client = authenticateClient(ctx.tenant.state, ctx.req, body);
    const token = requireStr(body, 'token');
    const state = ctx.tenant.state;
    const record = state.refreshTokens.get(token);
    if (record) {
      if (record.clientId !== client.client_id) throw new OAuthError(403, 'invalid_request', 'The refresh token was not issued to this client');
      // Revokes every refresh token of the same grant: same user, application and audience.
      for (const [value, other] of state.refreshTokens) {
        if (other.userId === record.userId && other.clientId === record.clientId && other.audience === record.audience) {
          state.refreshTokens.delete(value);
        }
      }
      ctx.log({ type: 'srrt', description: 'Refresh token revoked', client_id: client.client_id, client_name: client.name, user_id: record.userId });
    }
    return undefined;
  });

  routes.auth('GET', '/v2/logout', (ctx) => {
    const clientId = ctx.query.str('client_id');
    const returnTo = ctx.query.str('returnTo');
    const federated = ctx.query.has('federated');
    const state = ctx.tenant.state;
    let client: ClientRecord | undefined;
    if (clientId) {
      client = state.clients.get(clientId);
      if (!client) throw new OAuthError(400, 'invalid_request', `Unknown client: ${clientId}`);
    }
    if (returnTo) {
      const allowed = client ? client.allowed_logout_urls : (state.tenantSettings().allowed_logout_urls as string[] | undefined);
      if (!urlAllowed(returnTo, allowed)) {
        ctx.log({ type: 'flo', description: 'Invalid returnTo URL', client_id: clientId, details: { returnTo } });
        throw new OAuthError(
          400,
          'invalid_request',
          `The "returnTo" querystring parameter "${returnTo}" is not defined as a valid URL in "Allowed Logout URLs".`,
        );
      }
    }
    ctx.log({ type: 'slo', description: 'User successfully logged out', client_id: clientId, client_name: client?.name, details: { returnTo, federated } });
    return returnTo ? RawReply.redirect(returnTo) : RawReply.text('OK');
  });

  const userinfo = (ctx: RouteContext) => {
    const header = ctx.req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    const unauthorized = () => new RawBodyError(401, 'Unauthorized');
    if (!m) throw unauthorized();
    const checked = ctx.tenant.signer.check(m[1], ctx.tenant.clock.nowSeconds());
    if (!checked.ok || typeof checked.claims.sub !== 'string') throw unauthorized();
    const user = ctx.tenant.state.users.get(checked.claims.sub);
    if (!user) throw unauthorized();
    const scopes = new Set(
      String(checked.claims.scope ?? '')
        .split(' ')
        .filter(Boolean),
    );
    return { sub: user.user_id, ...profileClaims(user, scopes) };
  };
  routes.auth('GET', '/userinfo', userinfo);
  routes.auth('POST', '/userinfo', userinfo);

  routes.auth('GET', '/.well-known/jwks.json', (ctx) => ctx.tenant.signer.jwks());
  routes.auth('GET', '/.well-known/openid-configuration', (ctx) => openidConfiguration(ctx.tenant));
};

/** Runs a token exchange and writes its success/failure log event. */
async function exchangeLogged(ctx: RouteContext, success: string, failure: string, exchange: () => ExchangeResult | Promise<ExchangeResult>): Promise<unknown> {
  try {
    const { response, client, userId } = await exchange();
    ctx.log({ type: success, client_id: client.client_id, client_name: client.name, user_id: userId });
    return response;
  } catch (err) {
    if (err instanceof OAuthError) {
      ctx.log({ type: failure, description: err.message, client_id: str(bodyFields(ctx.body), 'client_id') });
    }
    throw err;
  }
}

interface ExchangeResult {
  response: unknown;
  client: ClientRecord;
  userId?: string;
}

function redirectWith(redirectUri: string, params: Record<string, string | undefined>, mode: string): RawReply {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  if (mode === 'form_post') {
    const inputs = [...search].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}"/>`).join('');
    return RawReply.text(
      `<!DOCTYPE html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(redirectUri)}">${inputs}</form></body></html>`,
      'text/html; charset=utf-8',
    );
  }
  const separator = mode === 'fragment' ? '#' : redirectUri.includes('?') ? '&' : '?';
  return RawReply.redirect(`${redirectUri}${separator}${search.toString()}`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * GET /authorize. No login page: the user is the one named by `username` +
 * `password` (checked), else by `login_hint` (e-mail or username), else the
 * first user of the connection (or of the tenant). Consent is automatic.
 */
async function authorize(ctx: RouteContext): Promise<RawReply> {
  const tenant = ctx.tenant;
  const state = tenant.state;
  const pushed = pushedAuthorizeQuery(ctx);
  const q = pushed ? new QueryReader(pushed) : ctx.query;
  const clientId = q.str('client_id');
  if (!clientId) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: client_id');
  const client = state.clients.get(clientId);
  if (!client) throw new OAuthError(400, 'invalid_request', `Unknown client: ${clientId}`);
  const redirectUri = q.str('redirect_uri') ?? client.callbacks?.find((c) => !c.includes('*'));
  if (!redirectUri) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  if (!urlAllowed(redirectUri, client.callbacks)) {
    throw new OAuthError(400, 'invalid_request', `Callback URL mismatch. ${redirectUri} is not in the list of allowed callback URLs`);
  }
  const responseType = q.str('response_type') ?? 'code';
  const types = new Set(responseType.split(' '));
  const implicit = types.has('token') || types.has('id_token');
  const mode = q.str('response_mode') ?? (implicit ? 'fragment' : 'query');
  const stateParam = q.str('state');
  const fail = (error: string, description: string) => redirectWith(redirectUri, { error, error_description: description, state: stateParam }, mode);

  if (!types.has('code') && !implicit) return fail('unsupported_response_type', `Unsupported response type: ${responseType}`);
  if (implicit && !(client.grant_types ?? []).includes('implicit')) return fail('unauthorized_client', "Grant type 'implicit' not allowed for the client.");
  if (types.has('code') && !(client.grant_types ?? []).includes('authorization_code')) {
    return fail('unauthorized_client', "Grant type 'authorization_code' not allowed for the client.");
  }
  const challenge = q.str('code_challenge');
  const challengeMethod = q.str('code_challenge_method') ?? (challenge ? 'plain' : undefined);
  if (challengeMethod && challengeMethod !== 'S256' && challengeMethod !== 'plain') return fail('invalid_request', 'Unsupported code_challenge_method');

  const connectionName = q.str('connection') ?? q.str('realm') ?? DEFAULT_DB_CONNECTION;
  const connection = state.connectionByName(connectionName);
  if (!connection) return fail('invalid_request', `the connection ${connectionName} does not exist`);
  // Signed in on the login page (universal-login.ts), else a test shortcut, else the page.
  let user: UserRecord | undefined = consumeLoginTicket(ctx, q);
  const username = q.str('username');
  const password = q.str('password');
  try {
    if (user) {
      if (user.blocked) return fail('unauthorized', 'user is blocked');
    } else if (username !== undefined && password !== undefined) {
      user = passwordLogin(ctx, client, connection, username, password);
    } else {
      const hint = q.str('login_hint');
      user = hint ? (findLoginUser(state, connection.name, hint) ?? state.users.firstBy('email', hint.toLowerCase())) : undefined;
      if (!user && !hint) {
        if (universalLoginSettings(tenant).page) return loginPage(ctx.query.params.toString(), client, connection);
        user = firstUserOf(tenant, connection.name);
      }
      if (!user) return fail('login_required', hint ? `No user matches login_hint ${hint}` : 'The tenant has no user to log in');
      if (user.blocked) return fail('unauthorized', 'user is blocked');
    }
  } catch (err) {
    if (err instanceof OAuthError) return fail(err.error === 'invalid_grant' ? 'access_denied' : err.error, err.message);
    throw err;
  }
  const organization = q.str('organization');
  let orgId: string | undefined;
  if (organization) {
    const org = state.organizations.get(organization) ?? state.organizations.firstBy('name', organization);
    if (!org) return fail('invalid_request', `no organization found by that name or identifier: ${organization}`);
    if (!state.orgMembers.has(org.id, user.user_id)) return fail('access_denied', `user ${user.user_id} is not part of the ${org.id} organization`);
    orgId = org.id;
  }
  const userConnection = state.connectionByName(user.identities[0]?.connection ?? '') ?? connection;
  const method = username !== undefined || q.has('login_ticket') ? 'pwd' : 'federated';
  const scope = q.str('scope') ?? 'openid';
  const audience = q.str('audience') ?? defaultAudience(tenant);
  let actions;
  try {
    actions = await recordLogin(ctx, client, userConnection, user, {
      protocol: types.has('code') && !implicit ? 'oidc-basic-profile' : types.has('code') ? 'oidc-hybrid-profile' : 'oidc-implicit-profile',
      scope,
      audience,
      organization: orgId,
      redirectUri,
      state: stateParam,
      responseType,
      method,
    });
  } catch (err) {
    if (err instanceof OAuthError) return fail(err.error, err.message);
    throw err;
  }
  const sessionId = startSession(ctx, client, user, method);
  const now = tenant.clock.nowSeconds();
  const params: Record<string, string | undefined> = { state: stateParam };
  if (types.has('code')) {
    const code: AuthCode = {
      code: randomToken(24),
      clientId: client.client_id,
      userId: user.user_id,
      redirectUri: q.str('redirect_uri'),
      scope,
      audience,
      nonce: q.str('nonce'),
      codeChallenge: challenge,
      codeChallengeMethod: challengeMethod as 'S256' | 'plain' | undefined,
      organization: orgId,
      authTime: now,
      expiresAt: now + CODE_LIFETIME_SECONDS,
      connection: userConnection.name,
      sessionId,
      actions,
    };
    state.authCodes.set(code.code, code);
    params.code = code.code;
  }
  if (implicit) {
    const tokens = issueLoginTokens(tenant, {
      client,
      user,
      scope: types.has('id_token') && !scope.split(' ').includes('openid') ? `openid ${scope}` : scope,
      audience,
      nonce: q.str('nonce'),
      authTime: now,
      organization: orgId,
      allowRefresh: false,
      actions,
    });
    if (types.has('token')) {
      params.access_token = tokens.access_token;
      params.token_type = 'Bearer';
      params.expires_in = String(tokens.expires_in);
      params.scope = tokens.scope;
    }
    if (types.has('id_token')) params.id_token = tokens.id_token;
  }
  return redirectWith(redirectUri, params, mode);
}

function firstUserOf(tenant: Tenant, connectionName: string): UserRecord | undefined {
  let first: UserRecord | undefined;
  for (const user of tenant.state.users.values()) {
    if (user.identities[0]?.connection === connectionName) return user;
    first ??= user;
  }
  return first;
}

function openidConfiguration(tenant: Tenant): Record<string, unknown> {
  const base = tenant.url;
  return {
    issuer: tenant.issuer,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/oauth/token`,
    device_authorization_endpoint: `${base}/oauth/device/code`,
    userinfo_endpoint: `${base}/userinfo`,
    mfa_challenge_endpoint: `${base}/mfa/challenge`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    registration_endpoint: `${base}/oidc/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    end_session_endpoint: `${base}/oidc/logout`,
    scopes_supported: [
      'openid',
      'profile',
      'offline_access',
      'name',
      'given_name',
      'family_name',
      'nickname',
      'email',
      'email_verified',
      'picture',
      'created_at',
      'identities',
      'phone',
      'address',
    ],
    response_types_supported: ['code', 'token', 'id_token', 'code token', 'code id_token', 'token id_token', 'code token id_token'],
    code_challenge_methods_supported: ['S256', 'plain'],
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
    claims_supported: [
      'aud',
      'auth_time',
      'created_at',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'identities',
      'iss',
      'name',
      'nickname',
      'phone_number',
      'picture',
      'sub',
    ],
    request_uri_parameter_supported: false,
    pushed_authorization_request_endpoint: `${base}/oauth/par`,
    backchannel_authentication_endpoint: `${base}/bc-authorize`,
    backchannel_token_delivery_modes_supported: ['poll'],
    grant_types_supported: [
      'authorization_code',
      'client_credentials',
      'refresh_token',
      'password',
      GRANT_PASSWORD_REALM,
      GRANT_PASSWORDLESS_OTP,
      'implicit',
      GRANT_DEVICE_CODE,
      GRANT_CIBA,
      GRANT_MFA_OTP,
      GRANT_MFA_OOB,
      GRANT_MFA_RECOVERY_CODE,
      GRANT_TOKEN_EXCHANGE,
      GRANT_JWT_BEARER,
      GRANT_WEBAUTHN,
    ],
  };
}
