/**
 * Passkeys through the Authentication API: /passkey/register and /passkey/challenge give the
 * WebAuthn options and an auth_session; the webauthn grant completes them. The emulation checks
 * what ties the credential to the session (type, challenge and origin in clientDataJSON, the
 * credential id known for a login) but no authenticator signature: it has no real authenticator
 * to check against.
 */
import { randomBytes } from 'node:crypto';
import { OAuthError } from '../../core/errors';
import { randomToken } from '../../core/ids';
import type { ClientRecord, ConnectionRecord, UserRecord } from '../../core/model';
import { DEFAULT_DB_CONNECTION } from '../../core/state';
import type { RouteContext } from '../../core/types';
import { createUser, findLoginUser } from '../../core/users';
import { requireStr, str, type AuthBody } from '../clients';
import { flowState } from '../flow-state';
import { loginConnection, recordLogin } from '../login';
import { issueLoginTokens } from '../tokens';
import { toText } from '../../../nodes/shared/to-text';

const SESSION_LIFETIME = 300;
export const GRANT_WEBAUTHN = 'urn:okta:params:oauth:grant-type:webauthn';

function passkeyClient(ctx: RouteContext, body: AuthBody): ClientRecord {
  const client = ctx.tenant.state.clients.get(requireStr(body, 'client_id'));
  if (!client) throw new OAuthError(401, 'unauthorized_client', 'Unknown client');
  if (!(client.grant_types ?? []).includes(GRANT_WEBAUTHN))
    throw new OAuthError(403, 'unauthorized_client', `Grant type '${GRANT_WEBAUTHN}' not allowed for the client.`);
  return client;
}

function passkeyConnection(ctx: RouteContext, client: ClientRecord, realm: string | undefined): ConnectionRecord {
  const connection = loginConnection(ctx, client, realm ?? DEFAULT_DB_CONNECTION);
  if (connection.strategy !== 'auth0') throw new OAuthError(400, 'invalid_request', 'Passkeys need a database connection');
  const passkey = (connection.options?.authentication_methods as { passkey?: { enabled?: boolean } } | undefined)?.passkey;
  if (passkey?.enabled === false) throw new OAuthError(400, 'invalid_request', 'Passkeys are not enabled on the connection');
  return connection;
}

function rpId(ctx: RouteContext): string {
  return ctx.tenant.domain.split(':')[0];
}

/** POST /passkey/register. */
export function startRegistration(ctx: RouteContext, body: AuthBody): Record<string, unknown> {
  const client = passkeyClient(ctx, body);
  const connection = passkeyConnection(ctx, client, str(body, 'realm'));
  const profile = body.user_profile;
  if (!profile || typeof profile !== 'object' || Array.isArray(profile))
    throw new OAuthError(400, 'invalid_request', 'Missing required parameter: user_profile');
  const email = (profile as Record<string, unknown>).email;
  if (typeof email !== 'string' || email === '') throw new OAuthError(400, 'invalid_request', 'user_profile.email is required');
  if (findLoginUser(ctx.tenant.state, connection.name, email)) throw new OAuthError(400, 'invalid_signup', 'The user already exists.');
  const challenge = randomBytes(32).toString('base64url');
  const session = randomToken(24);
  flowState(ctx.tenant).passkeySessions.set(session, {
    session,
    clientId: client.client_id,
    realm: connection.name,
    kind: 'register',
    challenge,
    userProfile: profile as Record<string, unknown>,
    expiresAt: ctx.tenant.clock.nowSeconds() + SESSION_LIFETIME,
  });
  const name = toText((profile as Record<string, unknown>).name ?? email);
  return {
    authn_params_public_key: {
      challenge,
      timeout: SESSION_LIFETIME * 1000,
      rp: { id: rpId(ctx), name: ctx.tenant.domain },
      user: { id: randomBytes(16).toString('base64url'), name: email, displayName: name },
      pubKeyCredParams: [
        { type: 'public-key', alg: -8 },
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    },
    auth_session: session,
  };
}

/** POST /passkey/challenge. */
export function startChallenge(ctx: RouteContext, body: AuthBody): Record<string, unknown> {
  const client = passkeyClient(ctx, body);
  const connection = passkeyConnection(ctx, client, str(body, 'realm'));
  const challenge = randomBytes(32).toString('base64url');
  const session = randomToken(24);
  flowState(ctx.tenant).passkeySessions.set(session, {
    session,
    clientId: client.client_id,
    realm: connection.name,
    kind: 'challenge',
    challenge,
    expiresAt: ctx.tenant.clock.nowSeconds() + SESSION_LIFETIME,
  });
  return {
    authn_params_public_key: { challenge, timeout: SESSION_LIFETIME * 1000, rpId: rpId(ctx), userVerification: 'preferred' },
    auth_session: session,
  };
}

function clientData(response: Record<string, unknown>): Record<string, unknown> {
  const inner = response.response as Record<string, unknown> | undefined;
  const raw = inner?.clientDataJSON;
  if (typeof raw !== 'string') throw new OAuthError(400, 'invalid_request', 'authn_response.response.clientDataJSON is required');
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new OAuthError(400, 'invalid_request', 'authn_response.response.clientDataJSON is not base64url JSON');
  }
}

/** grant webauthn: completes a registration (creates the user) or a login. */
export async function webauthnGrant(ctx: RouteContext, body: AuthBody): Promise<{ response: unknown; client: ClientRecord; userId?: string }> {
  const client = passkeyClient(ctx, body);
  const flows = flowState(ctx.tenant);
  const session = flows.passkeySessions.get(requireStr(body, 'auth_session'));
  if (!session || session.clientId !== client.client_id || session.expiresAt < ctx.tenant.clock.nowSeconds()) {
    throw new OAuthError(403, 'invalid_grant', 'Invalid or expired auth_session');
  }
  let credential = body.authn_response;
  if (typeof credential === 'string') {
    try {
      credential = JSON.parse(credential);
    } catch {
      throw new OAuthError(400, 'invalid_request', 'authn_response must be a JSON object');
    }
  }
  if (!credential || typeof credential !== 'object') throw new OAuthError(400, 'invalid_request', 'Missing required parameter: authn_response');
  const cred = credential as Record<string, unknown>;
  const id = typeof cred.id === 'string' ? cred.id : undefined;
  if (!id) throw new OAuthError(400, 'invalid_request', 'authn_response.id is required');
  const data = clientData(cred);
  const expectedType = session.kind === 'register' ? 'webauthn.create' : 'webauthn.get';
  if (data.type !== expectedType || data.challenge !== session.challenge)
    throw new OAuthError(403, 'invalid_grant', 'The credential does not answer this auth_session');
  flows.passkeySessions.delete(session.session);
  const state = ctx.tenant.state;
  const connection = loginConnection(ctx, client, session.realm);
  let user: UserRecord | undefined;
  if (session.kind === 'register') {
    if (flows.passkeys.has(id)) throw new OAuthError(400, 'invalid_request', 'The credential is already registered');
    const profile = session.userProfile ?? {};
    user = createUser(
      state,
      { connection: connection.name, email: profile.email, ...(typeof profile.name === 'string' ? { name: profile.name } : {}) },
      { now: ctx.tenant.clock.isoNow(), passwordOptional: true },
    );
    flows.passkeys.set(id, user.user_id);
    ctx.log({ type: 'ss', description: 'Successful signup', client_id: client.client_id, connection: connection.name, user_id: user.user_id });
  } else {
    const userId = flows.passkeys.get(id);
    user = userId ? state.users.get(userId) : undefined;
    if (!user) throw new OAuthError(403, 'invalid_grant', 'Unknown passkey');
  }
  if (user.blocked) throw new OAuthError(401, 'unauthorized', 'user is blocked');
  const scope = str(body, 'scope');
  const audience = str(body, 'audience');
  const actions = await recordLogin(ctx, client, connection, user, { protocol: 'oauth2-password', scope, audience, method: 'passkey' });
  const response = issueLoginTokens(ctx.tenant, { client, user, scope, audience, actions });
  return { response, client, userId: user.user_id };
}
