/**
 * Authentication API endpoints around sessions and federation: OIDC RP-initiated logout,
 * the tenant as SAML and WS-Federation identity provider (login pages and SAML logout),
 * IdP-initiated SAML sign-on (/login/callback), global token revocation (Universal Logout),
 * passwordless verify and the legacy /login/unlink.
 */
import { OAuthError, RawBodyError } from '../core/errors';
import { randomToken } from '../core/ids';
import { decodeUnverified } from '../core/jwt';
import type { ClientRecord, Identity, UserRecord } from '../core/model';
import { RawReply, type RouteContext, type RoutesModule } from '../core/types';
import { createUser } from '../core/users';
import { bodyFields, requireStr, str, urlAllowed } from './clients';
import { loginConnection, recordLogin } from './login';
import { consumeOtp } from './passwordless';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(title: string, inner: string): RawReply {
  return RawReply.text(`<!DOCTYPE html><html><head><title>${escapeHtml(title)}</title></head><body>${inner}</body></html>`, 'text/html; charset=utf-8');
}

function knownClient(ctx: RouteContext, clientId: string): ClientRecord {
  const client = ctx.tenant.state.clients.get(clientId);
  if (!client) throw new RawBodyError(400, `Invalid client_id: ${clientId}`);
  return client;
}

function withParams(url: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

export const registerFederationRoutes: RoutesModule = (routes) => {
  routes.auth('GET', '/oidc/logout', (ctx) => {
    const q = ctx.query;
    const hint = q.str('id_token_hint');
    let clientId = q.str('client_id');
    if (hint) {
      const claims = ctx.tenant.signer.decodeVerified(hint);
      if (!claims.ok) throw new OAuthError(400, 'invalid_request', 'Invalid id_token_hint');
      const aud = Array.isArray(claims.claims.aud) ? claims.claims.aud[0] : claims.claims.aud;
      if (clientId && clientId !== aud) throw new OAuthError(400, 'invalid_request', 'client_id does not match the id_token_hint');
      clientId = String(aud);
    }
    const client = clientId ? ctx.tenant.state.clients.get(clientId) : undefined;
    if (clientId && !client) throw new OAuthError(400, 'invalid_request', `Unknown client: ${clientId}`);
    const redirect = q.str('post_logout_redirect_uri');
    if (redirect) {
      if (!client) throw new OAuthError(400, 'invalid_request', 'post_logout_redirect_uri needs client_id or id_token_hint');
      if (!urlAllowed(redirect, client.allowed_logout_urls)) {
        throw new OAuthError(
          400,
          'invalid_request',
          `The "post_logout_redirect_uri" parameter "${redirect}" is not defined as a valid URL in "Allowed Logout URLs".`,
        );
      }
    }
    ctx.log({
      type: 'oidc_logout_succeeded',
      description: 'OIDC logout',
      client_id: clientId,
      client_name: client?.name,
      details: { federated: q.has('federated') },
    });
    return redirect ? RawReply.redirect(withParams(redirect, { state: q.str('state') })) : html('Logged out', '<p>You have been logged out.</p>');
  });

  routes.auth('GET', '/samlp/:client_id', (ctx) => {
    const client = knownClient(ctx, ctx.params.client_id);
    return html(
      'Log in',
      `<form method="post"><p>Log in to ${escapeHtml(client.name)}</p><input name="username"><input name="password" type="password"><button>Log in</button></form>`,
    );
  });

  routes.auth('POST', '/samlp/:client_id/logout', (ctx) => {
    const client = knownClient(ctx, ctx.params.client_id);
    const body = bodyFields(ctx.body);
    if (!str(body, 'SAMLRequest') && !str(body, 'SAMLResponse')) throw new RawBodyError(400, 'Missing SAMLRequest');
    const callback = (client.addons as Record<string, { logout?: { callback?: string } }> | undefined)?.samlp?.logout?.callback;
    ctx.log({ type: 'slo', description: 'SAML logout', client_id: client.client_id, client_name: client.name });
    if (!callback) return html('Logged out', '<p>You have been logged out.</p>');
    const response = Buffer.from(
      `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_${randomToken(12)}" Version="2.0"><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`,
    ).toString('base64');
    const relay = str(body, 'RelayState');
    return html(
      'Logging out',
      `<form method="post" action="${escapeHtml(callback)}"><input type="hidden" name="SAMLResponse" value="${response}">${relay ? `<input type="hidden" name="RelayState" value="${escapeHtml(relay)}">` : ''}</form>`,
    );
  });

  routes.auth('GET', '/wsfed/:client_id', (ctx) => {
    const client = knownClient(ctx, ctx.params.client_id);
    const wreply = ctx.query.str('wreply');
    if (wreply && !urlAllowed(wreply, client.callbacks)) throw new RawBodyError(400, `wreply ${wreply} is not an allowed callback URL of the application`);
    return html(
      'Log in',
      `<form method="post"><p>Log in to ${escapeHtml(client.name)}</p><input name="username"><input name="password" type="password"><button>Log in</button></form>`,
    );
  });

  routes.auth('POST', '/login/callback', async (ctx) => {
    const body = bodyFields(ctx.body);
    const connectionName = requireStr(body, 'connection');
    const connection = ctx.tenant.state.connectionByName(connectionName);
    if (!connection || connection.strategy !== 'samlp') throw new OAuthError(400, 'invalid_request', `${connectionName} is not a SAML connection`);
    const options = (connection.options ?? {}) as {
      idpinitiated?: { enabled?: boolean; client_id?: string; client_protocol?: string; client_authorizequery?: string };
    };
    if (!options.idpinitiated?.enabled || !options.idpinitiated.client_id)
      throw new OAuthError(400, 'invalid_request', 'IdP-initiated login is not enabled for the connection');
    const client = knownClient(ctx, options.idpinitiated.client_id);
    const xml = Buffer.from(requireStr(body, 'SAMLResponse'), 'base64').toString('utf8');
    const nameId = /<(?:\w+:)?NameID[^>]*>([^<]+)</.exec(xml)?.[1]?.trim().toLowerCase();
    if (!nameId || !nameId.includes('@')) throw new OAuthError(400, 'invalid_request', 'The SAML response has no NameID e-mail address');
    const state = ctx.tenant.state;
    let user = state.users.findBy('email', nameId).find((u) => u.identities.some((i) => i.connection === connection.name));
    if (!user) user = createUser(state, { connection: connection.name, email: nameId, email_verified: true }, { now: ctx.tenant.clock.isoNow() });
    // The connection's authorize query may name the redirect_uri; else the application's first callback.
    const query = new URLSearchParams(options.idpinitiated.client_authorizequery ?? '');
    const callback = query.get('redirect_uri') ?? client.callbacks?.find((c) => !c.includes('*'));
    if (!callback || !urlAllowed(callback, client.callbacks))
      throw new OAuthError(400, 'invalid_request', 'The application has no callback URL for IdP-initiated login');
    const scope = query.get('scope') ?? 'openid profile email';
    let actions;
    try {
      actions = await recordLogin(ctx, client, loginConnection(ctx, client, connection.name), user, {
        protocol: 'samlp',
        scope,
        redirectUri: callback,
        method: 'federated',
      });
    } catch (err) {
      if (!(err instanceof OAuthError) || err.error !== 'access_denied') throw err;
      return RawReply.redirect(withParams(callback, { error: err.error, error_description: err.message, state: str(body, 'RelayState') }));
    }
    const now = ctx.tenant.clock.nowSeconds();
    const code = randomToken(24);
    state.authCodes.set(code, {
      code,
      clientId: client.client_id,
      userId: user.user_id,
      scope,
      authTime: now,
      expiresAt: now + 600,
      connection: connection.name,
      actions,
    });
    return RawReply.redirect(withParams(callback, { code, state: str(body, 'RelayState') }));
  });

  routes.auth('POST', '/oauth/global-token-revocation/connection/:connection_name', (ctx) => {
    const m = /^Bearer\s+(\S+)$/i.exec(ctx.req.headers.authorization ?? '');
    if (!m || !decodeUnverified(m[1])) throw new OAuthError(401, 'invalid_token', 'A signed logout token is required');
    const state = ctx.tenant.state;
    const connection = state.connectionByName(ctx.params.connection_name);
    if (!connection) throw new OAuthError(400, 'invalid_request', `Unknown connection: ${ctx.params.connection_name}`);
    const claims = decodeUnverified(m[1]) ?? {};
    const issuer = (connection.options as { issuer?: string } | undefined)?.issuer;
    if (issuer && claims.iss !== issuer) throw new OAuthError(401, 'invalid_token', "The logout token is not from the connection's issuer");
    const subject = bodyFields(ctx.body).subject as Record<string, unknown> | undefined;
    if (!subject || typeof subject !== 'object') throw new OAuthError(400, 'invalid_request', 'Missing required parameter: subject');
    let user: UserRecord | undefined;
    const inConnection = (u: UserRecord) => u.identities.some((i: Identity) => i.connection === connection.name);
    if (subject.format === 'email' && typeof subject.email === 'string') user = state.users.findBy('email', subject.email.toLowerCase()).find(inConnection);
    else if (subject.format === 'iss_sub' && typeof subject.sub === 'string') {
      user = [...state.users.values()].find((u) => inConnection(u) && u.identities.some((i) => String(i.user_id) === subject.sub));
    } else throw new OAuthError(400, 'invalid_request', 'subject.format must be email or iss_sub');
    if (user) {
      for (const [value, record] of state.refreshTokens) if (record.userId === user.user_id) state.refreshTokens.delete(value);
      ctx.log({ type: 'srrt', description: 'Global token revocation', connection: connection.name, user_id: user.user_id });
    }
    ctx.status = 204;
    return undefined;
  });

  routes.auth('POST', '/passwordless/verify', (ctx) => {
    const body = bodyFields(ctx.body);
    const client = ctx.tenant.state.clients.get(requireStr(body, 'client_id'));
    if (!client) throw new OAuthError(401, 'unauthorized_client', 'Unknown client');
    const connectionName = requireStr(body, 'connection');
    if (connectionName !== 'email' && connectionName !== 'sms') throw new OAuthError(400, 'bad.connection', 'connection must be email or sms');
    loginConnection(ctx, client, connectionName);
    const redirectUri = requireStr(body, 'redirect_uri');
    if (!urlAllowed(redirectUri, client.callbacks)) throw new OAuthError(400, 'invalid_request', 'Callback URL mismatch.');
    const username = requireStr(body, 'username');
    if (!consumeOtp(ctx.tenant, client.client_id, connectionName, username, requireStr(body, 'password'))) {
      throw new OAuthError(403, 'invalid_grant', connectionName === 'email' ? 'Wrong email or verification code.' : 'Wrong phone number or verification code.');
    }
    return RawReply.text('OK');
  });

  routes.auth('POST', '/login/unlink', (ctx) => {
    const body = bodyFields(ctx.body);
    const checked = ctx.tenant.signer.check(requireStr(body, 'access_token'), ctx.tenant.clock.nowSeconds());
    if (!checked.ok || typeof checked.claims.sub !== 'string') throw new RawBodyError(401, 'Unauthorized');
    const state = ctx.tenant.state;
    const primary = state.users.get(checked.claims.sub);
    if (!primary) throw new RawBodyError(401, 'Unauthorized');
    const target = requireStr(body, 'user_id');
    const index = primary.identities.findIndex((i, n) => n > 0 && `${i.provider}|${i.user_id}` === target);
    if (index < 0) throw new OAuthError(400, 'invalid_request', `The identity ${target} is not linked to the user`);
    const identity = primary.identities[index];
    const now = ctx.tenant.clock.isoNow();
    state.users.update(primary.user_id, (u) => {
      u.identities = u.identities.filter((_, n) => n !== index);
      u.updated_at = now;
    });
    // As with the Management API's unlink, the identity becomes a user of its own again.
    const { profileData, ...plainIdentity } = identity;
    const restored: UserRecord = {
      ...((profileData ?? {}) as Partial<UserRecord>),
      created_at: (profileData?.created_at as string | undefined) ?? now,
      updated_at: now,
      user_id: target,
      identities: [plainIdentity],
    };
    if (!state.users.has(restored.user_id)) state.users.insert(restored);
    return RawReply.text('OK');
  });
};
