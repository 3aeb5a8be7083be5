/**
 * Authentication API, passwordless: POST /passwordless/start puts the code or
 * link in the outbox; GET /passwordless/verify_redirect is where a magic link
 * leads (it logs the user in and redirects with a code, like /authorize).
 */
import { OAuthError } from '../core/errors';
import { randomToken } from '../core/ids';
import { RawReply, type RoutesModule } from '../core/types';
import { authenticateClient, bodyFields, requireStr, str, urlAllowed } from './clients';
import { loginConnection, recordLogin } from './login';
import { consumeOtp, findOrCreatePasswordlessUser, issueOtp } from './passwordless';
import { toText } from '../../nodes/shared/to-text';

export const registerPasswordlessRoutes: RoutesModule = (routes) => {
  routes.auth('POST', '/passwordless/start', (ctx) => {
    const body = bodyFields(ctx.body);
    const tenant = ctx.tenant;
    const client = authenticateClient(tenant.state, ctx.req, body, { secretOptional: true });
    const connectionName = requireStr(body, 'connection');
    if (connectionName !== 'email' && connectionName !== 'sms') throw new OAuthError(400, 'bad.connection', 'connection must be email or sms');
    const connection = loginConnection(ctx, client, connectionName);
    const send = str(body, 'send') ?? 'link';
    if (send !== 'link' && send !== 'code') throw new OAuthError(400, 'bad.send', 'send must be link or code');
    const authParams = (body.authParams ?? body.auth_params ?? {}) as Record<string, unknown>;
    if (connectionName === 'email') {
      const email = requireStr(body, 'email');
      const code = issueOtp(tenant, client.client_id, 'email', email);
      let link: string | undefined;
      if (send === 'link') {
        const params = new URLSearchParams({ client_id: client.client_id, connection: 'email', email, verification_code: code });
        for (const [key, value] of Object.entries(authParams)) if (value !== undefined && value !== null) params.set(key, toText(value));
        link = `${tenant.url}/passwordless/verify_redirect?${params.toString()}`;
      }
      tenant.outbox.push({
        channel: 'email',
        to: email,
        kind: 'passwordless',
        subject: send === 'link' ? `Sign in to ${client.name}` : `Your verification code for ${client.name}`,
        body: send === 'link' ? `Click here to sign in: ${link}` : `Your verification code is: ${code}`,
        code,
        link,
      });
      ctx.log({
        type: 'cls',
        description: `Code/Link sent to ${email}`,
        client_id: client.client_id,
        client_name: client.name,
        connection: connection.name,
        connection_id: connection.id,
        user_name: email,
      });
      return { _id: randomToken(12), email, email_verified: false };
    }
    const phone = requireStr(body, 'phone_number');
    if (!/^\+?[0-9]{6,16}$/.test(phone)) throw new OAuthError(400, 'bad.phone_number', 'The phone number is invalid');
    const code = issueOtp(tenant, client.client_id, 'sms', phone);
    tenant.outbox.push({ channel: 'sms', to: phone, kind: 'passwordless', body: `Your verification code is: ${code}`, code });
    ctx.log({
      type: 'cls',
      description: `Code sent to ${phone}`,
      client_id: client.client_id,
      client_name: client.name,
      connection: connection.name,
      connection_id: connection.id,
      user_name: phone,
    });
    return { _id: randomToken(12), phone_number: phone, phone_verified: false, request_language: null };
  });

  routes.auth('GET', '/passwordless/verify_redirect', async (ctx) => {
    const tenant = ctx.tenant;
    const q = ctx.query;
    const clientId = q.str('client_id') ?? '';
    const client = tenant.state.clients.get(clientId);
    if (!client) throw new OAuthError(400, 'invalid_request', `Unknown client: ${clientId}`);
    const email = q.str('email') ?? '';
    const code = q.str('verification_code') ?? '';
    const redirectUri = q.str('redirect_uri') ?? client.callbacks?.find((c) => !c.includes('*'));
    if (!redirectUri || !urlAllowed(redirectUri, client.callbacks)) throw new OAuthError(400, 'invalid_request', 'Callback URL mismatch.');
    const connection = loginConnection(ctx, client, 'email');
    if (!consumeOtp(tenant, client.client_id, 'email', email, code)) {
      ctx.log({ type: 'f', description: 'Wrong email or verification code.', client_id: client.client_id, connection: 'email', user_name: email });
      const sep = redirectUri.includes('?') ? '&' : '?';
      return RawReply.redirect(
        `${redirectUri}${sep}${new URLSearchParams({ error: 'access_denied', error_description: 'Wrong email or verification code.' }).toString()}`,
      );
    }
    const user = findOrCreatePasswordlessUser(ctx, connection, email);
    const scope = q.str('scope') ?? 'openid';
    const stateParam = q.str('state');
    let actions;
    try {
      actions = await recordLogin(ctx, client, connection, user, {
        protocol: 'oidc-basic-profile',
        scope,
        audience: q.str('audience'),
        redirectUri,
        state: stateParam,
        responseType: 'code',
        method: 'email',
      });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      const sep = redirectUri.includes('?') ? '&' : '?';
      const denied = new URLSearchParams({ error: err.error, error_description: err.message, ...(stateParam ? { state: stateParam } : {}) });
      return RawReply.redirect(`${redirectUri}${sep}${denied.toString()}`);
    }
    const now = tenant.clock.nowSeconds();
    const authCode = randomToken(24);
    tenant.state.authCodes.set(authCode, {
      code: authCode,
      clientId: client.client_id,
      userId: user.user_id,
      redirectUri: q.str('redirect_uri'),
      scope,
      audience: q.str('audience'),
      nonce: q.str('nonce'),
      authTime: now,
      expiresAt: now + 600,
      connection: 'email',
      actions,
    });
    const params = new URLSearchParams({ code: authCode });
    if (stateParam) params.set('state', stateParam);
    const sep = redirectUri.includes('?') ? '&' : '?';
    return RawReply.redirect(`${redirectUri}${sep}${params.toString()}`);
  });
};
