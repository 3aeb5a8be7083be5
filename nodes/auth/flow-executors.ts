/**
 * Executors of the Authentication API flows that take more than one request or a user's token:
 * the device flow and backchannel login (start, tell the flow, poll for the tokens) and the
 * operations whose credential is the user's own token (the MFA API, global token revocation).
 * Imported by the node entries for its side effect: the registrations.
 */
import { InputError } from '../shared/errors';
import type { Executor, ExecutorContext, ExecutorResult } from '../engine/executor-types';
import { registerExecutor } from '../engine/executors';
import type { RequestSpec } from '../shared/http-types';
import { BACKCHANNEL_LOGIN_EXECUTOR } from './backchannel.catalogue';
import { DEVICE_LOGIN_EXECUTOR } from './device-flow.catalogue';
import {
  BEARER_ACCESS_TOKEN_EXECUTOR,
  BEARER_MFA_TOKEN_EXECUTOR,
  BROWSER_URL_EXECUTOR,
  LOGOUT_TOKEN_EXECUTOR,
  PAR_EXECUTOR,
  REDIRECT_ANSWER_EXECUTOR,
} from './executor-names';
import { GRANT_CIBA, GRANT_DEVICE_CODE } from './inputs';
import { DEFAULT_INTERVAL_SECONDS, pollForTokens, secondsOf } from './polling';
import { toText } from '../shared/to-text';

/** Sends the flow's first message: a copy of the input message with what the user must see. */
function tellFlow(ctx: ExecutorContext, payload: Record<string, unknown>): void {
  ctx.sendExtra?.({ ...ctx.msg, payload, auth0: { operation: ctx.op.id, group: ctx.group.name, statusCode: 200, stage: 'started' } });
}

/** The start answer as an object, or a clear error when the service answered something else. */
function answerObject(data: unknown, what: string): Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new InputError('operation', `${what}: the service answered without the expected fields`);
  }
  return data as Record<string, unknown>;
}

/** A token request of `grant` with the given fields, its secrets named for the client's redaction. */
function tokenRequest(ctx: ExecutorContext, body: Record<string, unknown>, secrets: unknown[]): RequestSpec {
  return {
    method: 'POST',
    path: '/oauth/token',
    auth: 'none',
    contentType: 'form',
    body,
    operation: `${ctx.group.name}.${ctx.op.id}`,
    secrets: secrets.filter((s): s is string => typeof s === 'string' && s !== ''),
  };
}

/** device_flow.login: device code, the user code out, then the device_code grant until approved. */
export async function deviceLogin(ctx: ExecutorContext): Promise<ExecutorResult> {
  const start = await ctx.client.request({ ...ctx.buildRequest(ctx.values), signal: ctx.signal });
  const answer = answerObject(start.data, 'device code');
  const deviceCode = answer.device_code;
  if (typeof deviceCode !== 'string' || deviceCode === '') throw new InputError('operation', 'device code: the answer has no device_code');
  const interval = secondsOf(answer.interval, DEFAULT_INTERVAL_SECONDS);
  const expiresIn = secondsOf(answer.expires_in, 900);
  // The device_code stays in the node: with it anyone could collect the user's tokens.
  const { device_code: _held, ...shown } = answer;
  tellFlow(ctx, shown);
  const userCode = typeof answer.user_code === 'string' ? answer.user_code : '';
  const response = await pollForTokens({
    client: ctx.client,
    request: tokenRequest(ctx, { grant_type: GRANT_DEVICE_CODE, device_code: deviceCode, client_id: ctx.values.client_id }, [deviceCode]),
    intervalSeconds: interval,
    expiresInSeconds: expiresIn,
    signal: ctx.signal,
    onWait: () => ctx.progress(`waiting: ${userCode}`),
  });
  return { payload: response.data, response };
}

/** backchannel.login: /bc-authorize, the request id out, then the CIBA grant until approved. */
export async function backchannelLogin(ctx: ExecutorContext): Promise<ExecutorResult> {
  const start = await ctx.client.request({ ...ctx.buildRequest(ctx.values), signal: ctx.signal });
  const answer = answerObject(start.data, 'backchannel login');
  const authReqId = answer.auth_req_id;
  if (typeof authReqId !== 'string' || authReqId === '') throw new InputError('operation', 'backchannel login: the answer has no auth_req_id');
  tellFlow(ctx, answer);
  const body: Record<string, unknown> = { grant_type: GRANT_CIBA, auth_req_id: authReqId, client_id: ctx.values.client_id };
  if (ctx.values.client_secret !== undefined) body.client_secret = ctx.values.client_secret;
  const response = await pollForTokens({
    client: ctx.client,
    request: tokenRequest(ctx, body, [ctx.values.client_secret]),
    intervalSeconds: secondsOf(answer.interval, DEFAULT_INTERVAL_SECONDS),
    expiresInSeconds: secondsOf(answer.expires_in, 300),
    signal: ctx.signal,
    onWait: () => ctx.progress('waiting for approval'),
  });
  return { payload: response.data, response };
}

/**
 * An executor for operations whose credential is a token of the user or of another party (an
 * mfa_token, an access token, an identity provider's logout token): the input `tokenInput` is
 * sent as the Bearer credential of this one request, never in the body or the query.
 */
export function bearerExecutor(tokenInput: string): Executor {
  return async (ctx) => {
    const token = ctx.values[tokenInput];
    if (typeof token !== 'string' || token.trim() === '') {
      throw new InputError(tokenInput, `missing required input "${tokenInput}"`);
    }
    const request = ctx.buildRequest(ctx.values);
    const response = await ctx.client.request({ ...request, bearerToken: token.trim(), signal: ctx.signal });
    // A 204 (delete, revocation) has no body: the payload then says what was done.
    const payload = response.statusCode === 204 || response.data === '' || response.data === undefined ? {} : response.data;
    return { payload, response };
  };
}

/** A redirect for an http response node; replaces msg.headers, which belong to an earlier request if set. */
function redirectTo(url: string): Record<string, unknown> {
  return { statusCode: 302, headers: { Location: url } };
}

/** The tenant URL of a path and its query, for a browser to follow. */
function tenantUrl(ctx: ExecutorContext, path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${ctx.client.baseUrl}${path}${search === '' ? '' : `?${search}`}`;
}

/**
 * A browser URL of the tenant (SAML or WS-Federation login): the path and query of the operation,
 * plus the inputs marked `none` (which Auth0's reference lists as fields but the browser sends in
 * the query). The node also asks for the page itself, without following redirects, so a wrong
 * client id fails here rather than in the user's browser.
 */
export async function browserUrl(ctx: ExecutorContext): Promise<ExecutorResult> {
  const request = ctx.buildRequest(ctx.values);
  const query: Record<string, string> = {};
  for (const input of ctx.op.inputs) {
    const value = ctx.values[input.name];
    if (input.in === 'none' && value !== undefined && value !== null && value !== '') query[input.name] = toText(value);
  }
  Object.assign(query, request.query ?? {});
  const url = tenantUrl(ctx, request.path, query);
  const response = await ctx.client.request({ ...request, query, followRedirects: false, responseType: 'text', signal: ctx.signal });
  return { payload: { url, statusCode: response.statusCode }, response, msg: redirectTo(url) };
}

/** Sends the request without following a redirect, and hands the redirect on to an http response node. */
export async function redirectAnswer(ctx: ExecutorContext): Promise<ExecutorResult> {
  const response = await ctx.client.request({ ...ctx.buildRequest(ctx.values), followRedirects: false, responseType: 'text', signal: ctx.signal });
  const location = response.headers.location;
  const payload = { statusCode: response.statusCode, ...(location ? { location } : {}), body: typeof response.data === 'string' ? response.data : '' };
  return { payload, response, ...(location ? { msg: redirectTo(location) } : {}) };
}

/** par: the push, then the short /authorize URL with only client_id and request_uri. */
export async function pushedAuthorizationRequest(ctx: ExecutorContext): Promise<ExecutorResult> {
  const response = await ctx.client.request({ ...ctx.buildRequest(ctx.values), signal: ctx.signal });
  const answer = answerObject(response.data, 'pushed authorization request');
  if (typeof answer.request_uri !== 'string') throw new InputError('operation', 'pushed authorization request: the answer has no request_uri');
  const url = tenantUrl(ctx, '/authorize', { client_id: String(ctx.values.client_id), request_uri: answer.request_uri });
  return { payload: { ...answer, url }, response, msg: redirectTo(url) };
}

registerExecutor(BROWSER_URL_EXECUTOR, browserUrl);
registerExecutor(REDIRECT_ANSWER_EXECUTOR, redirectAnswer);
registerExecutor(PAR_EXECUTOR, pushedAuthorizationRequest);
registerExecutor(LOGOUT_TOKEN_EXECUTOR, bearerExecutor('logout_token'));
registerExecutor(DEVICE_LOGIN_EXECUTOR, deviceLogin);
registerExecutor(BACKCHANNEL_LOGIN_EXECUTOR, backchannelLogin);
registerExecutor(BEARER_MFA_TOKEN_EXECUTOR, bearerExecutor('mfa_token'));
registerExecutor(BEARER_ACCESS_TOKEN_EXECUTOR, bearerExecutor('access_token'));
