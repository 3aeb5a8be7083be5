/**
 * The flows a user approves on another device: the device authorization flow (RFC 8628) and
 * client-initiated backchannel authentication (CIBA). Start requests, polls of the token
 * endpoint (authorization_pending, slow_down, expired_token, access_denied) and the user's
 * answer (the verification page, or the /__emulator/ controls).
 */
import { randomBytes } from 'node:crypto';
import { OAuthError } from '../../core/errors';
import { randomToken } from '../../core/ids';
import type { ClientRecord, UserRecord } from '../../core/model';
import type { RouteContext } from '../../core/types';
import { authenticateClient, requireGrantType, requireStr, str, type AuthBody } from '../clients';
import { flowState, type Answer, type BackchannelRecord, type DeviceCodeRecord } from '../flow-state';
import { issueLoginTokens } from '../tokens';
import { runPostLogin } from '../../management/actions/post-login';

export const GRANT_DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';
export const GRANT_CIBA = 'urn:openid:params:grant-type:ciba';
/** Polls this much earlier than the interval are still accepted (timers and the network are not exact). */
const POLL_TOLERANCE_MS = 250;
/** The letters of Auth0's user codes: no vowels, no look-alikes. */
const USER_CODE_LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';

function userCode(): string {
  const bytes = randomBytes(8);
  const letters = [...bytes].map((b) => USER_CODE_LETTERS[b % USER_CODE_LETTERS.length]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** POST /oauth/device/code. */
export function startDeviceCode(ctx: RouteContext, body: AuthBody): Record<string, unknown> {
  const state = ctx.tenant.state;
  const clientId = requireStr(body, 'client_id');
  const client = state.clients.get(clientId);
  if (!client) throw new OAuthError(401, 'unauthorized_client', 'Unknown client');
  requireGrantType(client, GRANT_DEVICE_CODE);
  const audience = str(body, 'audience');
  if (audience && !state.resourceServerByIdentifier(audience)) throw new OAuthError(403, 'access_denied', `Service not found: ${audience}`);
  const flows = flowState(ctx.tenant);
  const { deviceInterval, deviceExpiresIn } = flows.settings;
  const record: DeviceCodeRecord = {
    deviceCode: randomToken(24),
    userCode: userCode(),
    clientId,
    scope: str(body, 'scope'),
    audience,
    expiresAt: ctx.tenant.clock.nowSeconds() + deviceExpiresIn,
    interval: deviceInterval,
    status: 'pending',
  };
  flows.deviceCodes.set(record.deviceCode, record);
  const verificationUri = `${ctx.tenant.url}/activate`;
  return {
    device_code: record.deviceCode,
    user_code: record.userCode,
    verification_uri: verificationUri,
    expires_in: deviceExpiresIn,
    interval: deviceInterval,
    verification_uri_complete: `${verificationUri}?user_code=${record.userCode}`,
  };
}

/** slow_down when a poll comes before the interval is over; records the poll either way. */
function checkPollRate(ctx: RouteContext, record: { lastPollMs?: number; interval: number }): void {
  const now = ctx.tenant.clock.now();
  const last = record.lastPollMs;
  record.lastPollMs = now;
  if (last !== undefined && now - last < record.interval * 1000 - POLL_TOLERANCE_MS) {
    record.interval += 5;
    throw new OAuthError(429, 'slow_down', 'You are polling faster than allowed. Try again in ' + record.interval + ' seconds.');
  }
}

function pollAnswer(status: Answer, expired: boolean, deniedText: string): void {
  if (expired) throw new OAuthError(403, 'expired_token', 'Expired token');
  if (status === 'denied') throw new OAuthError(403, 'access_denied', deniedText);
  if (status === 'pending') throw new OAuthError(403, 'authorization_pending', 'User has yet to authorize device code.');
}

/** grant device_code. */
export async function deviceCodeGrant(ctx: RouteContext, body: AuthBody): Promise<{ response: unknown; client: ClientRecord; userId?: string }> {
  const state = ctx.tenant.state;
  const flows = flowState(ctx.tenant);
  const clientId = requireStr(body, 'client_id');
  const client = state.clients.get(clientId);
  if (!client) throw new OAuthError(401, 'unauthorized_client', 'Unknown client');
  requireGrantType(client, GRANT_DEVICE_CODE);
  const record = flows.deviceCodes.get(requireStr(body, 'device_code'));
  if (!record || record.clientId !== clientId) throw new OAuthError(403, 'invalid_grant', 'Invalid or expired device code.');
  const expired = record.expiresAt < ctx.tenant.clock.nowSeconds();
  if (!expired && record.status === 'pending') checkPollRate(ctx, record);
  pollAnswer(record.status, expired, 'User cancelled the confirmation prompt or consent page; the code is no longer valid.');
  flows.deviceCodes.delete(record.deviceCode);
  const user = state.users.get(record.userId ?? '');
  if (!user) throw new OAuthError(403, 'invalid_grant', 'Invalid or expired device code.');
  const transaction = { protocol: 'oauth2-device-code', scope: record.scope, audience: record.audience };
  const actions = await runPostLogin(ctx, { client, user, transaction });
  const response = issueLoginTokens(ctx.tenant, { client, user, scope: record.scope, audience: record.audience, actions });
  return { response, client, userId: user.user_id };
}

/** The user's answer to a device code (verification page or control). */
export function answerDeviceCode(ctx: RouteContext, code: string, user: UserRecord | undefined, approve: boolean): DeviceCodeRecord {
  const record = flowState(ctx.tenant).deviceByUserCode(code);
  if (!record || record.status !== 'pending' || record.expiresAt < ctx.tenant.clock.nowSeconds()) {
    throw new OAuthError(400, 'invalid_request', 'Invalid or expired user code');
  }
  if (approve) {
    if (!user) throw new OAuthError(400, 'invalid_request', 'No user to approve as');
    record.userId = user.user_id;
  }
  record.status = approve ? 'approved' : 'denied';
  ctx.log({ type: approve ? 'sdv' : 'fdu', description: approve ? 'Device confirmed' : 'Device rejected', client_id: record.clientId, user_id: user?.user_id });
  return record;
}

/** The user a login_hint names: {"format":"iss_sub","iss":…,"sub":…} (object or JSON text). */
function hintedUser(ctx: RouteContext, raw: unknown): UserRecord {
  let hint: unknown = raw;
  if (typeof raw === 'string') {
    try {
      hint = JSON.parse(raw);
    } catch {
      throw new OAuthError(400, 'invalid_request', 'login_hint must be a JSON object in iss_sub format');
    }
  }
  const h = (hint ?? {}) as Record<string, unknown>;
  if (h.format !== 'iss_sub' || typeof h.sub !== 'string') throw new OAuthError(400, 'invalid_request', 'login_hint must use the iss_sub format');
  if (h.iss !== undefined && h.iss !== ctx.tenant.issuer) throw new OAuthError(400, 'invalid_request', 'login_hint iss does not match the tenant');
  const user = ctx.tenant.state.users.get(h.sub);
  if (!user) throw new OAuthError(400, 'unknown_user_id', 'The login_hint does not name a user of the tenant');
  return user;
}

/** POST /bc-authorize. */
export function startBackchannel(ctx: RouteContext, body: AuthBody): Record<string, unknown> {
  const client = authenticateClient(ctx.tenant.state, ctx.req, body);
  requireGrantType(client, GRANT_CIBA);
  const scope = requireStr(body, 'scope');
  if (!scope.split(/\s+/).includes('openid')) throw new OAuthError(400, 'invalid_request', 'scope must contain openid');
  const bindingMessage = requireStr(body, 'binding_message');
  if (!/^[\w\s+\-_.,:#]{1,64}$/.test(bindingMessage))
    throw new OAuthError(400, 'invalid_binding_message', 'binding_message may hold letters, digits, spaces and +-_.,:# (at most 64)');
  const user = hintedUser(ctx, body.login_hint ?? requireStr(body, 'login_hint'));
  const audience = str(body, 'audience');
  if (audience && !ctx.tenant.state.resourceServerByIdentifier(audience)) throw new OAuthError(400, 'invalid_request', `Service not found: ${audience}`);
  const flows = flowState(ctx.tenant);
  const requested = str(body, 'requested_expiry');
  const expiresIn = requested !== undefined ? Number(requested) : flows.settings.backchannelExpiresIn;
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > 300)
    throw new OAuthError(400, 'invalid_request', 'requested_expiry must be between 1 and 300');
  const record: BackchannelRecord = {
    authReqId: randomToken(24),
    clientId: client.client_id,
    userId: user.user_id,
    scope,
    audience,
    bindingMessage,
    expiresAt: ctx.tenant.clock.nowSeconds() + expiresIn,
    interval: flows.settings.backchannelInterval,
    status: 'pending',
  };
  flows.backchannel.set(record.authReqId, record);
  ctx.log({ type: 'gd_send_notification', description: 'Backchannel login request sent', client_id: client.client_id, user_id: user.user_id });
  return { auth_req_id: record.authReqId, expires_in: expiresIn, interval: record.interval };
}

/** grant ciba. */
export async function backchannelGrant(ctx: RouteContext, body: AuthBody): Promise<{ response: unknown; client: ClientRecord; userId?: string }> {
  const flows = flowState(ctx.tenant);
  const client = authenticateClient(ctx.tenant.state, ctx.req, body);
  requireGrantType(client, GRANT_CIBA);
  const record = flows.backchannel.get(requireStr(body, 'auth_req_id'));
  if (!record || record.clientId !== client.client_id) throw new OAuthError(400, 'invalid_grant', 'Invalid auth_req_id');
  const expired = record.expiresAt < ctx.tenant.clock.nowSeconds();
  if (!expired && record.status === 'pending') checkPollRate(ctx, record);
  pollAnswer(record.status, expired, 'The end-user denied the authorization request or it has been expired');
  flows.backchannel.delete(record.authReqId);
  const user = ctx.tenant.state.users.get(record.userId);
  if (!user) throw new OAuthError(400, 'invalid_grant', 'Invalid auth_req_id');
  const actions = await runPostLogin(ctx, { client, user, transaction: { protocol: 'oauth2-ciba', scope: record.scope, audience: record.audience } });
  const response = issueLoginTokens(ctx.tenant, { client, user, scope: record.scope, audience: record.audience, actions });
  return { response, client, userId: user.user_id };
}
