/**
 * The MFA API of the Authentication API: mfa_required for users with a confirmed authenticator,
 * challenges, enrolment (associate), the mfa-otp, mfa-oob and mfa-recovery-code grants, and the
 * authenticators list. Authenticators are the tenant's Guardian enrollments (the Management API
 * sees the same ones); TOTP secrets and recovery codes are kept beside them, never in their view.
 */
import { OAuthError, RawBodyError } from '../../core/errors';
import { numericCode, randomAlnum, randomToken } from '../../core/ids';
import type { ClientRecord, EnrollmentRecord, UserRecord } from '../../core/model';
import type { RouteContext } from '../../core/types';
import { authenticateClient, requireGrantType, requireStr, str, type AuthBody } from '../clients';
import { flowState, type MfaTokenRecord } from '../flow-state';
import { issueLoginTokens, type TokenResponse } from '../tokens';
import { runPostLogin } from '../../management/actions/post-login';
import { newTotpSecret, totpMatches } from '../totp';

export const MFA_TOKEN_LIFETIME = 600;
const CHALLENGE_LIFETIME = 300;

/** The MFA API's authenticator types and id prefixes by enrollment type. */
function describeEnrollment(e: EnrollmentRecord): { prefix: string; authenticator_type: string; oob_channel?: string } {
  switch (e.type) {
    case 'authenticator':
    case 'otp':
    case 'totp':
      return { prefix: 'totp', authenticator_type: 'otp' };
    case 'sms':
    case 'voice':
      return { prefix: e.type, authenticator_type: 'oob', oob_channel: e.type };
    case 'email':
      return { prefix: 'email', authenticator_type: 'oob', oob_channel: 'email' };
    case 'recovery-code':
      return { prefix: 'recovery-code', authenticator_type: 'recovery-code' };
    default:
      return { prefix: 'push', authenticator_type: 'oob', oob_channel: 'auth0' };
  }
}

export function authenticatorView(e: EnrollmentRecord): Record<string, unknown> {
  const { prefix, authenticator_type, oob_channel } = describeEnrollment(e);
  const view: Record<string, unknown> = { id: `${prefix}|${e.id}`, authenticator_type, active: e.status === 'confirmed' };
  if (oob_channel) view.oob_channel = oob_channel;
  if (e.phone_number) view.name = `XXXXXXXX${String(e.phone_number).slice(-4)}`;
  else if (e.identifier) view.name = e.identifier;
  if (e.enrolled_at) view.created_at = e.enrolled_at;
  return view;
}

/** Stores a new enrollment and returns it. */
function addEnrollment(ctx: RouteContext, record: EnrollmentRecord): EnrollmentRecord {
  ctx.tenant.state.enrollments.insert(record);
  return record;
}

function enrollmentsOf(ctx: RouteContext, userId: string): EnrollmentRecord[] {
  return ctx.tenant.state.enrollments.findBy('user', userId);
}

/** Throws mfa_required (with a new mfa_token) when the user has a confirmed authenticator. */
export function requireMfaIfEnrolled(
  ctx: RouteContext,
  client: ClientRecord,
  user: UserRecord,
  grant: { scope?: string; audience?: string; connection?: string },
): void {
  const enrolled = enrollmentsOf(ctx, user.user_id).some((e) => e.status === 'confirmed' && e.type !== 'recovery-code');
  if (!enrolled && !mfaPolicyAlways(ctx)) return;
  const token = randomToken(32);
  flowState(ctx.tenant).mfaTokens.set(token, {
    token,
    userId: user.user_id,
    clientId: client.client_id,
    scope: grant.scope,
    audience: grant.audience,
    connection: grant.connection,
    expiresAt: ctx.tenant.clock.nowSeconds() + MFA_TOKEN_LIFETIME,
  });
  ctx.log({ type: 'gd_start_auth', description: 'Second factor required', client_id: client.client_id, client_name: client.name, user_id: user.user_id });
  throw new RawBodyError(403, { error: 'mfa_required', error_description: 'Multifactor authentication required', mfa_token: token });
}

/** Whether the tenant's MFA policy (PUT /api/v2/guardian/policies) asks every login for a second factor. */
function mfaPolicyAlways(ctx: RouteContext): boolean {
  const state = ctx.tenant.state;
  if (!state.hasDoc('guardian')) return false;
  const guardian = state.doc<{ policies?: string[] }>('guardian', () => ({}));
  return Array.isArray(guardian.policies) && guardian.policies.includes('all-applications');
}

/** The live record of an mfa_token, or Auth0's invalid_grant. */
export function liveMfaToken(ctx: RouteContext, token: string | undefined): MfaTokenRecord {
  const record = token ? flowState(ctx.tenant).mfaTokens.get(token) : undefined;
  if (!record) throw new OAuthError(403, 'invalid_grant', 'Malformed mfa_token');
  if (record.expiresAt < ctx.tenant.clock.nowSeconds()) throw new OAuthError(403, 'expired_token', 'mfa_token is expired');
  return record;
}

/** The mfa_token sent as `Authorization: Bearer` (associate, list, delete). */
export function bearerMfaToken(ctx: RouteContext): MfaTokenRecord {
  const m = /^Bearer\s+(\S+)$/i.exec(ctx.req.headers.authorization ?? '');
  if (!m) throw new OAuthError(401, 'unauthorized', 'Missing authorization header');
  const record = flowState(ctx.tenant).mfaTokens.get(m[1]);
  if (!record || record.expiresAt < ctx.tenant.clock.nowSeconds()) throw new OAuthError(401, 'invalid_token', 'Invalid or expired token');
  return record;
}

function sendBindingCode(ctx: RouteContext, user: UserRecord, enrollment: EnrollmentRecord, channel: string): string | undefined {
  if (channel === 'auth0') return undefined;
  const code = numericCode(6);
  const text = `Your verification code is: ${code}`;
  if (channel === 'email') {
    ctx.tenant.outbox.push({ channel: 'email', to: String(enrollment.identifier ?? user.email), kind: 'mfa', subject: 'Verification code', body: text, code });
  } else {
    ctx.tenant.outbox.push({ channel: 'sms', to: String(enrollment.phone_number), kind: 'mfa', body: text, code, voice: channel === 'voice' });
  }
  return code;
}

function newChallenge(
  ctx: RouteContext,
  mfaToken: string,
  user: UserRecord,
  enrollment: EnrollmentRecord,
  channel: string,
): { oob_code: string; binding_method?: string } {
  const oobCode = `Fe26.${randomToken(24)}`;
  const bindingCode = sendBindingCode(ctx, user, enrollment, channel);
  flowState(ctx.tenant).oobChallenges.set(oobCode, {
    oobCode,
    mfaToken,
    enrollmentId: enrollment.id,
    channel,
    bindingCode,
    status: 'pending',
    expiresAt: ctx.tenant.clock.nowSeconds() + CHALLENGE_LIFETIME,
  });
  return bindingCode ? { oob_code: oobCode, binding_method: 'prompt' } : { oob_code: oobCode };
}

/** POST /mfa/challenge. */
export function challenge(ctx: RouteContext, body: AuthBody): Record<string, unknown> {
  const record = liveMfaToken(ctx, requireStr(body, 'mfa_token'));
  const client = authenticateClient(ctx.tenant.state, ctx.req, body, { secretOptional: true });
  if (client.client_id !== record.clientId) throw new OAuthError(403, 'invalid_grant', 'The mfa_token was not issued to this client');
  const user = ctx.tenant.state.users.get(record.userId);
  if (!user) throw new OAuthError(403, 'invalid_grant', 'Malformed mfa_token');
  const types = (str(body, 'challenge_type') ?? 'otp oob').split(/\s+/).filter(Boolean);
  const wantedId = str(body, 'authenticator_id');
  const channel = str(body, 'oob_channel');
  const candidates = enrollmentsOf(ctx, user.user_id)
    .filter((e) => e.status === 'confirmed' && e.type !== 'recovery-code')
    .filter((e) => {
      const d = describeEnrollment(e);
      if (wantedId) return `${d.prefix}|${e.id}` === wantedId;
      return types.includes(d.authenticator_type) && (!channel || d.oob_channel === undefined || d.oob_channel === channel);
    });
  const chosen = candidates[0];
  if (!chosen) {
    if (wantedId) throw new OAuthError(404, 'authenticator_not_found', 'Authenticator not found');
    throw new OAuthError(400, 'unsupported_challenge_type', 'User is not enrolled with a factor of the requested type.');
  }
  const d = describeEnrollment(chosen);
  if (d.authenticator_type === 'otp') return { challenge_type: 'otp' };
  return { challenge_type: 'oob', ...newChallenge(ctx, record.token, user, chosen, d.oob_channel ?? 'auth0') };
}

/** POST /mfa/associate: a pending enrollment (and, on the first, a recovery code). */
export function associate(ctx: RouteContext, body: AuthBody): Record<string, unknown> {
  const record = bearerMfaToken(ctx);
  const user = ctx.tenant.state.users.get(record.userId);
  if (!user) throw new OAuthError(401, 'invalid_token', 'Invalid or expired token');
  const types = Array.isArray(body.authenticator_types) ? body.authenticator_types.map(String) : (str(body, 'authenticator_types')?.split(/[\s,]+/) ?? []);
  const type = types[0];
  if (type !== 'otp' && type !== 'oob') throw new OAuthError(400, 'invalid_request', 'authenticator_types must be ["otp"] or ["oob"]');
  const now = ctx.tenant.clock.isoNow();
  const answer: Record<string, unknown> = { authenticator_type: type };
  let enrollment: EnrollmentRecord;
  if (type === 'otp') {
    const secret = newTotpSecret();
    enrollment = addEnrollment(ctx, {
      id: `dev_${randomAlnum(16)}`,
      user_id: user.user_id,
      status: 'pending',
      type: 'authenticator',
      auth_method: 'authenticator',
      enrolled_at: now,
    });
    flowState(ctx.tenant).authenticatorSecrets.set(enrollment.id, { totpSecret: secret });
    const label = encodeURIComponent(`${ctx.tenant.domain}:${user.email ?? user.user_id}`);
    answer.secret = secret;
    answer.barcode_uri = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(ctx.tenant.domain)}`;
  } else {
    const channels = Array.isArray(body.oob_channels) ? body.oob_channels.map(String) : (str(body, 'oob_channels')?.split(/[\s,]+/) ?? []);
    const channel = channels[0];
    if (!channel || !['sms', 'voice', 'email', 'auth0'].includes(channel))
      throw new OAuthError(400, 'invalid_request', 'oob_channels must be one of sms, voice, email, auth0');
    const phone = str(body, 'phone_number');
    if ((channel === 'sms' || channel === 'voice') && !phone) throw new OAuthError(400, 'invalid_request', 'phone_number is required for sms and voice');
    const email = str(body, 'email') ?? user.email;
    const type = channel === 'auth0' ? 'push' : channel;
    enrollment = addEnrollment(ctx, {
      id: `dev_${randomAlnum(16)}`,
      user_id: user.user_id,
      status: 'pending',
      type,
      auth_method: type,
      enrolled_at: now,
      ...(phone && (channel === 'sms' || channel === 'voice') ? { phone_number: phone } : {}),
      ...(channel === 'email' ? { identifier: email } : {}),
    });
    Object.assign(answer, { oob_channel: channel, ...newChallenge(ctx, record.token, user, enrollment, channel) });
  }
  const hasRecovery = enrollmentsOf(ctx, user.user_id).some((e) => e.type === 'recovery-code');
  if (!hasRecovery) {
    const code = randomAlnum(24).toUpperCase();
    const recovery = addEnrollment(ctx, {
      id: `dev_${randomAlnum(16)}`,
      user_id: user.user_id,
      status: 'pending',
      type: 'recovery-code',
      auth_method: 'recovery-code',
      enrolled_at: now,
    });
    flowState(ctx.tenant).authenticatorSecrets.set(recovery.id, { recoveryCode: code });
    answer.recovery_codes = [code];
  }
  ctx.log({ type: 'gd_enrollment_started', description: `${type} enrollment started`, user_id: user.user_id });
  return answer;
}

/** Confirms every pending enrollment of the user (the one just proven, and the recovery code). */
function confirmPending(ctx: RouteContext, userId: string): void {
  const state = ctx.tenant.state;
  for (const e of enrollmentsOf(ctx, userId)) {
    if (e.status === 'pending')
      state.enrollments.update(e.id, (rec) => {
        rec.status = 'confirmed';
      });
  }
}

async function finish(
  ctx: RouteContext,
  record: MfaTokenRecord,
  client: ClientRecord,
  extra: Record<string, unknown> = {},
): Promise<TokenResponse & Record<string, unknown>> {
  const user = ctx.tenant.state.users.get(record.userId);
  if (!user) throw new OAuthError(403, 'invalid_grant', 'Malformed mfa_token');
  flowState(ctx.tenant).mfaTokens.delete(record.token);
  ctx.log({ type: 'gd_auth_succeed', description: 'Second factor passed', client_id: client.client_id, client_name: client.name, user_id: user.user_id });
  const connection = record.connection ? ctx.tenant.state.connectionByName(record.connection) : undefined;
  const transaction = { protocol: 'oauth2-password', scope: record.scope, audience: record.audience };
  const actions = await runPostLogin(ctx, { client, user, ...(connection ? { connection } : {}), transaction });
  return { ...issueLoginTokens(ctx.tenant, { client, user, scope: record.scope, audience: record.audience, actions }), ...extra };
}

function grantClient(ctx: RouteContext, body: AuthBody, record: MfaTokenRecord): ClientRecord {
  const client = authenticateClient(ctx.tenant.state, ctx.req, body, { secretOptional: true });
  requireGrantType(client, requireStr(body, 'grant_type'));
  if (client.client_id !== record.clientId) throw new OAuthError(403, 'invalid_grant', 'The mfa_token was not issued to this client');
  return client;
}

/** grant mfa-otp: the code of a (confirmed or just enrolled) otp authenticator. */
export function mfaOtpGrant(ctx: RouteContext, body: AuthBody): unknown {
  const record = liveMfaToken(ctx, requireStr(body, 'mfa_token'));
  const client = grantClient(ctx, body, record);
  const otp = requireStr(body, 'otp');
  const now = ctx.tenant.clock.nowSeconds();
  const secrets = flowState(ctx.tenant).authenticatorSecrets;
  const match = enrollmentsOf(ctx, record.userId).find(
    (e) =>
      describeEnrollment(e).authenticator_type === 'otp' &&
      secrets.get(e.id)?.totpSecret !== undefined &&
      totpMatches(secrets.get(e.id)!.totpSecret!, otp, now),
  );
  if (!match) {
    ctx.log({ type: 'gd_otp_rate_limit_exceed', description: 'Invalid otp_code', user_id: record.userId });
    throw new OAuthError(403, 'invalid_grant', 'Invalid otp_code.');
  }
  confirmPending(ctx, record.userId);
  return finish(ctx, record, client);
}

/** grant mfa-oob: a challenge's oob_code with its binding code, or an approved push. */
export function mfaOobGrant(ctx: RouteContext, body: AuthBody): unknown {
  const record = liveMfaToken(ctx, requireStr(body, 'mfa_token'));
  const client = grantClient(ctx, body, record);
  const challenges = flowState(ctx.tenant).oobChallenges;
  const oobCode = requireStr(body, 'oob_code');
  const challengeRecord = challenges.get(oobCode);
  if (!challengeRecord || challengeRecord.mfaToken !== record.token) throw new OAuthError(403, 'invalid_grant', 'Invalid oob_code.');
  if (challengeRecord.expiresAt < ctx.tenant.clock.nowSeconds()) throw new OAuthError(400, 'expired_token', 'The oob_code has expired.');
  if (challengeRecord.bindingCode !== undefined) {
    if (str(body, 'binding_code') !== challengeRecord.bindingCode) throw new OAuthError(403, 'invalid_grant', 'Invalid binding_code.');
  } else if (challengeRecord.status === 'pending') {
    throw new OAuthError(400, 'authorization_pending', 'Authorization pending: please repeat the request in a few seconds.');
  } else if (challengeRecord.status === 'denied') {
    challenges.delete(oobCode);
    throw new OAuthError(403, 'access_denied', 'The user rejected the push notification.');
  }
  challenges.delete(oobCode);
  confirmPending(ctx, record.userId);
  return finish(ctx, record, client);
}

/** grant mfa-recovery-code: the user's recovery code, replaced by a new one in the answer. */
export function mfaRecoveryGrant(ctx: RouteContext, body: AuthBody): unknown {
  const record = liveMfaToken(ctx, requireStr(body, 'mfa_token'));
  const client = grantClient(ctx, body, record);
  const given = requireStr(body, 'recovery_code').replace(/\s+/g, '').toUpperCase();
  const secrets = flowState(ctx.tenant).authenticatorSecrets;
  const enrollment = enrollmentsOf(ctx, record.userId).find(
    (e) => e.type === 'recovery-code' && e.status === 'confirmed' && secrets.get(e.id)?.recoveryCode === given,
  );
  if (!enrollment) throw new OAuthError(403, 'invalid_grant', 'Invalid recovery_code.');
  const next = randomAlnum(24).toUpperCase();
  secrets.set(enrollment.id, { recoveryCode: next });
  return finish(ctx, record, client, { recovery_code: next });
}

/** GET /mfa/authenticators. */
export function listAuthenticators(ctx: RouteContext): unknown[] {
  const record = bearerMfaToken(ctx);
  return enrollmentsOf(ctx, record.userId).map(authenticatorView);
}

/** DELETE /mfa/authenticators/{id}. */
export function deleteAuthenticator(ctx: RouteContext, id: string): void {
  const record = bearerMfaToken(ctx);
  const enrollmentId = id.includes('|') ? id.slice(id.indexOf('|') + 1) : id;
  const enrollment = ctx.tenant.state.enrollments.get(enrollmentId);
  if (!enrollment || enrollment.user_id !== record.userId) throw new OAuthError(404, 'authenticator_not_found', 'Authenticator not found');
  ctx.tenant.state.enrollments.delete(enrollment.id);
  flowState(ctx.tenant).authenticatorSecrets.delete(enrollment.id);
  ctx.status = 204;
}
