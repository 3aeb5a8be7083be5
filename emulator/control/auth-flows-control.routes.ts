/**
 * Controls under /__emulator/ for the flows a user answers elsewhere, so tests and examples
 * can act as the user: approve or deny a device code, a backchannel login or a push challenge,
 * read an authenticator's TOTP secret and recovery code, and set the polling intervals.
 */
import { badRequest, notFound } from '../core/errors';
import type { UserRecord } from '../core/model';
import type { RouteContext, RoutesModule } from '../core/types';
import { answerDeviceCode } from '../authentication/grants/device-and-backchannel';
import { DEFAULT_FLOW_SETTINGS, flowState, type FlowSettings } from '../authentication/flow-state';
import { authenticatorView } from '../authentication/grants/mfa';

function objectBody(ctx: RouteContext): Record<string, unknown> {
  const body = ctx.body;
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('the body must be a JSON object');
  return body as Record<string, unknown>;
}

function action(body: Record<string, unknown>): boolean {
  const value = body.action ?? 'approve';
  if (value !== 'approve' && value !== 'deny') throw badRequest('action must be approve or deny');
  return value === 'approve';
}

/** The user named by user_id or email; else the first user of the tenant. */
function userOf(ctx: RouteContext, body: Record<string, unknown>): UserRecord | undefined {
  const state = ctx.tenant.state;
  if (typeof body.user_id === 'string') {
    const user = state.users.get(body.user_id);
    if (!user) throw notFound(`no user ${body.user_id}`);
    return user;
  }
  if (typeof body.email === 'string') {
    const user = state.users.firstBy('email', body.email.toLowerCase());
    if (!user) throw notFound(`no user with e-mail ${body.email}`);
    return user;
  }
  for (const user of state.users.values()) return user;
  return undefined;
}

export const registerAuthFlowsControlRoutes: RoutesModule = (routes) => {
  routes.raw('GET', '/__emulator/device', (ctx) =>
    [...flowState(ctx.tenant).deviceCodes.values()].map((d) => ({
      user_code: d.userCode,
      client_id: d.clientId,
      status: d.status,
      interval: d.interval,
      expires_at: new Date(d.expiresAt * 1000).toISOString(),
    })),
  );
  routes.raw('POST', '/__emulator/device', (ctx) => {
    const body = objectBody(ctx);
    const flows = flowState(ctx.tenant);
    const code = typeof body.user_code === 'string' ? body.user_code : [...flows.deviceCodes.values()].reverse().find((d) => d.status === 'pending')?.userCode;
    if (!code) throw notFound('no pending device code');
    const approve = action(body);
    const record = answerDeviceCode(ctx, code, approve ? userOf(ctx, body) : undefined, approve);
    return { user_code: record.userCode, status: record.status, user_id: record.userId };
  });

  routes.raw('GET', '/__emulator/backchannel', (ctx) =>
    [...flowState(ctx.tenant).backchannel.values()].map((b) => ({
      auth_req_id: b.authReqId,
      client_id: b.clientId,
      user_id: b.userId,
      binding_message: b.bindingMessage,
      status: b.status,
    })),
  );
  routes.raw('POST', '/__emulator/backchannel', (ctx) => {
    const body = objectBody(ctx);
    const pending = [...flowState(ctx.tenant).backchannel.values()].filter((b) => b.status === 'pending');
    const record =
      typeof body.auth_req_id === 'string'
        ? pending.find((b) => b.authReqId === body.auth_req_id)
        : pending.reverse().find((b) => typeof body.user_id !== 'string' || b.userId === body.user_id);
    if (!record) throw notFound('no pending backchannel login request');
    record.status = action(body) ? 'approved' : 'denied';
    return { auth_req_id: record.authReqId, status: record.status, binding_message: record.bindingMessage };
  });

  routes.raw('POST', '/__emulator/mfa/push', (ctx) => {
    const body = objectBody(ctx);
    const pending = [...flowState(ctx.tenant).oobChallenges.values()].filter((c) => c.status === 'pending' && c.bindingCode === undefined);
    const record = typeof body.oob_code === 'string' ? pending.find((c) => c.oobCode === body.oob_code) : pending[pending.length - 1];
    if (!record) throw notFound('no pending push challenge');
    record.status = action(body) ? 'approved' : 'denied';
    return { status: record.status };
  });
  routes.raw('GET', '/__emulator/mfa/authenticators', (ctx) => {
    const userId = ctx.query.str('user_id');
    if (!userId) throw badRequest('user_id is required');
    const secrets = flowState(ctx.tenant).authenticatorSecrets;
    return ctx.tenant.state.enrollments.findBy('user', userId).map((e) => ({
      ...authenticatorView(e),
      ...(secrets.get(e.id)?.totpSecret ? { totp_secret: secrets.get(e.id)?.totpSecret } : {}),
      ...(secrets.get(e.id)?.recoveryCode ? { recovery_code: secrets.get(e.id)?.recoveryCode } : {}),
    }));
  });

  routes.raw('GET', '/__emulator/auth-flows', (ctx) => flowState(ctx.tenant).settings);
  routes.raw('PUT', '/__emulator/auth-flows', (ctx) => {
    const body = objectBody(ctx);
    const flows = flowState(ctx.tenant);
    const next: FlowSettings = { ...flows.settings };
    for (const key of Object.keys(DEFAULT_FLOW_SETTINGS) as (keyof FlowSettings)[]) {
      if (body[key] === undefined) continue;
      const value = Number(body[key]);
      if (!Number.isInteger(value) || value < 0 || value > 86400) throw badRequest(`${key} must be a whole number of seconds`);
      next[key] = value;
    }
    flows.settings = next;
    return next;
  });
};
