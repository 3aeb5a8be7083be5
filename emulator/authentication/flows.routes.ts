/**
 * Authentication API flows in steps: the device flow (POST /oauth/device/code and the
 * verification page at /activate), backchannel login (POST /bc-authorize), the MFA API,
 * pushed authorization requests (POST /oauth/par), passkeys and dynamic client registration.
 * Their grants at /oauth/token are in auth.ts; their state in auth/flow-state.ts.
 */
import { OAuthError } from '../core/errors';
import { randomAlnum, randomToken } from '../core/ids';
import type { ClientRecord } from '../core/model';
import { DEFAULT_DB_CONNECTION } from '../core/state';
import { RawReply, type RouteContext, type RoutesModule } from '../core/types';
import { checkUserPassword, findLoginUser } from '../core/users';
import { authenticateClient, bodyFields, requireStr, str, urlAllowed } from './clients';
import { answerDeviceCode, startBackchannel, startDeviceCode } from './grants/device-and-backchannel';
import { flowState } from './flow-state';
import { associate, challenge, deleteAuthenticator, listAuthenticators } from './grants/mfa';
import { startChallenge, startRegistration } from './grants/passkeys';

export const PAR_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';
const PAR_LIFETIME = 30;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, inner: string, status = 200): RawReply {
  return RawReply.text(
    `<!DOCTYPE html><html><head><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${inner}</body></html>`,
    'text/html; charset=utf-8',
    status,
  );
}

function activationForm(userCode: string, error?: string): string {
  return (
    `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}<form method="post" action="/activate">` +
    `<label>Code <input name="user_code" value="${escapeHtml(userCode)}"></label>` +
    '<label>Email <input name="username"></label><label>Password <input name="password" type="password"></label>' +
    '<button name="action" value="approve">Confirm</button><button name="action" value="deny">Cancel</button></form>'
  );
}

export const registerFlowRoutes: RoutesModule = (routes, tenant) => {
  routes.onReset(() => flowState(tenant).clear());

  // ---- device flow ----
  routes.auth('POST', '/oauth/device/code', (ctx) => startDeviceCode(ctx, bodyFields(ctx.body)));

  routes.auth('GET', '/activate', (ctx) => page('Device Activation', activationForm(ctx.query.str('user_code') ?? '')));
  routes.auth('POST', '/activate', (ctx) => {
    const body = bodyFields(ctx.body);
    const code = str(body, 'user_code') ?? '';
    const approve = str(body, 'action') !== 'deny';
    let user;
    if (approve) {
      const username = str(body, 'username') ?? '';
      user = findLoginUser(ctx.tenant.state, str(body, 'connection') ?? DEFAULT_DB_CONNECTION, username);
      if (!user || !checkUserPassword(ctx.tenant.state, user.user_id, str(body, 'password') ?? '')) {
        return page('Device Activation', activationForm(code, 'Wrong email or password.'), 401);
      }
    }
    try {
      answerDeviceCode(ctx, code, user, approve);
    } catch (err) {
      if (err instanceof OAuthError) return page('Device Activation', activationForm(code, err.message), 400);
      throw err;
    }
    return page(
      approve ? "Congratulations, you're all set!" : 'Device rejected',
      approve ? '<p>Your device is now connected.</p>' : '<p>You can close this page.</p>',
    );
  });

  // ---- backchannel login ----
  routes.auth('POST', '/bc-authorize', (ctx) => startBackchannel(ctx, bodyFields(ctx.body)));

  // ---- MFA API ----
  routes.auth('POST', '/mfa/challenge', (ctx) => challenge(ctx, bodyFields(ctx.body)));
  routes.auth('POST', '/mfa/associate', (ctx) => associate(ctx, bodyFields(ctx.body)));
  routes.auth('GET', '/mfa/authenticators', (ctx) => listAuthenticators(ctx));
  routes.auth('DELETE', '/mfa/authenticators/:id', (ctx) => deleteAuthenticator(ctx, ctx.params.id));

  // ---- pushed authorization requests ----
  routes.auth('POST', '/oauth/par', (ctx) => {
    const body = bodyFields(ctx.body);
    const client = authenticateClient(ctx.tenant.state, ctx.req, body);
    if (requireStr(body, 'response_type') !== 'code') throw new OAuthError(400, 'invalid_request', 'response_type must be code');
    const redirectUri = requireStr(body, 'redirect_uri');
    if (!urlAllowed(redirectUri, client.callbacks))
      throw new OAuthError(400, 'invalid_request', `Callback URL mismatch. ${redirectUri} is not in the list of allowed callback URLs`);
    if (body.request_uri !== undefined) throw new OAuthError(400, 'invalid_request', 'request_uri is not allowed in a pushed authorization request');
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (key === 'client_secret' || key === 'client_assertion' || key === 'client_assertion_type' || value === undefined || value === null) continue;
      params[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    params.client_id = client.client_id;
    const requestUri = `${PAR_URI_PREFIX}${randomToken(24)}`;
    const expiresIn = typeof client.par_request_expiry === 'number' ? client.par_request_expiry : PAR_LIFETIME;
    flowState(ctx.tenant).par.set(requestUri, { requestUri, clientId: client.client_id, params, expiresAt: ctx.tenant.clock.nowSeconds() + expiresIn });
    ctx.status = 201;
    return { request_uri: requestUri, expires_in: expiresIn };
  });

  // ---- passkeys ----
  routes.auth('POST', '/passkey/register', (ctx) => startRegistration(ctx, bodyFields(ctx.body)));
  routes.auth('POST', '/passkey/challenge', (ctx) => startChallenge(ctx, bodyFields(ctx.body)));

  // ---- dynamic client registration ----
  routes.auth('POST', '/oidc/register', (ctx) => {
    const body = bodyFields(ctx.body);
    const flags = (ctx.tenant.state.tenantSettings().flags ?? {}) as Record<string, unknown>;
    if (flags.enable_dynamic_client_registration !== true) {
      throw new OAuthError(403, 'access_denied', 'Dynamic client registration is not enabled for the tenant');
    }
    const uris = body.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.some((u) => typeof u !== 'string' || !/^https?:\/\//.test(u))) {
      throw new OAuthError(400, 'invalid_redirect_uri', 'redirect_uris must be a non-empty array of http(s) URLs');
    }
    const method = str(body, 'token_endpoint_auth_method') ?? 'client_secret_post';
    if (!['none', 'client_secret_post', 'client_secret_basic'].includes(method))
      throw new OAuthError(400, 'invalid_client_metadata', 'Unsupported token_endpoint_auth_method');
    const client: ClientRecord = {
      client_id: randomAlnum(32),
      name: str(body, 'client_name') ?? 'My Dynamic Application',
      app_type: method === 'none' ? 'spa' : 'regular_web',
      is_first_party: false,
      grant_types: ['authorization_code', 'implicit', 'refresh_token'],
      token_endpoint_auth_method: method as ClientRecord['token_endpoint_auth_method'],
      callbacks: uris as string[],
      allowed_logout_urls: [],
    };
    if (method !== 'none') client.client_secret = randomAlnum(64);
    ctx.tenant.state.clients.insert(client);
    ctx.log({ type: 'sapi', description: 'Dynamic client registration', client_id: client.client_id, client_name: client.name });
    ctx.status = 201;
    return {
      client_name: client.name,
      client_id: client.client_id,
      ...(client.client_secret ? { client_secret: client.client_secret } : {}),
      redirect_uris: client.callbacks,
      client_secret_expires_at: 0,
    };
  });
};

/**
 * The query of /authorize with a pushed request put in: `request_uri` replaced by the
 * parameters pushed for it (used once; client_id must match).
 */
export function pushedAuthorizeQuery(ctx: RouteContext): URLSearchParams | undefined {
  const requestUri = ctx.query.str('request_uri');
  if (!requestUri) return undefined;
  const flows = flowState(ctx.tenant);
  const record = flows.par.get(requestUri);
  if (!record || record.expiresAt < ctx.tenant.clock.nowSeconds()) throw new OAuthError(400, 'invalid_request', 'Invalid or expired request_uri');
  if (ctx.query.str('client_id') !== record.clientId) throw new OAuthError(400, 'invalid_request', 'client_id does not match the pushed request');
  flows.par.delete(requestUri);
  return new URLSearchParams(record.params);
}
