/**
 * The Authentication API operations that are more than one plain request from the catalogue:
 * building the /authorize URL (no request at all), logging out (a request plus a redirect for
 * the browser), userinfo (the user's token as the Bearer credential) and delegation (one of two
 * tokens). Imported by the node entries for its side effect: the registrations.
 */
import { InputError } from '../shared/errors';
import type { ExecutorContext, ExecutorResult } from '../engine/executor-types';
import { registerExecutor } from '../engine/executors';
import { AUTHORIZE_URL_EXECUTOR } from './authorize.catalogue';
import { DELEGATION_EXECUTOR } from './delegated.catalogue';
import { LOGOUT_EXECUTOR } from './logout.catalogue';
import { createPkcePair, randomUrlSafe } from './pkce';
import { USERINFO_EXECUTOR } from './userinfo.catalogue';

/** The tenant URL of a path and its query, for a browser to follow. */
function tenantUrl(ctx: ExecutorContext, path: string, query: Record<string, string> | undefined, flags: string[] = []): string {
  const params = new URLSearchParams(query ?? {}).toString();
  const parts = [params, ...flags].filter((part) => part !== '');
  return `${ctx.client.baseUrl}${path}${parts.length > 0 ? `?${parts.join('&')}` : ''}`;
}

/** A redirect for an http response node; replaces msg.headers, which belong to an earlier request if set. */
function redirectTo(url: string): Record<string, unknown> {
  return { statusCode: 302, headers: { Location: url } };
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * authorize_url and authorize_url_pkce: state and nonce made when unset; for PKCE a verifier and
 * its S256 challenge. The verifier goes back in msg.payload only: the flow needs it at the callback.
 */
export async function authorizeUrl(ctx: ExecutorContext): Promise<ExecutorResult> {
  const values: Record<string, unknown> = { ...ctx.values };
  if (!isSet(values.state)) values.state = randomUrlSafe();
  if (!isSet(values.nonce)) values.nonce = randomUrlSafe();
  const payload: Record<string, unknown> = {};
  if (ctx.op.id === 'authorize_url_pkce') {
    const pkce = createPkcePair();
    values.code_challenge = pkce.code_challenge;
    values.code_challenge_method = pkce.code_challenge_method;
    Object.assign(payload, pkce);
  } else if (isSet(values.code_challenge)) {
    payload.code_challenge = values.code_challenge;
    payload.code_challenge_method = values.code_challenge_method ?? 'plain';
  }
  // The PKCE inputs are not in authorize_url_pkce's catalogue entry, so add them to the query here.
  const request = ctx.buildRequest(values);
  const query: Record<string, string> = { ...(request.query ?? {}) };
  if (ctx.op.id === 'authorize_url_pkce') {
    query.code_challenge = String(values.code_challenge);
    query.code_challenge_method = String(values.code_challenge_method);
  }
  const url = tenantUrl(ctx, request.path, query);
  return {
    payload: { url, state: values.state, nonce: values.nonce, ...payload },
    msg: redirectTo(url),
  };
}

/**
 * logout: `federated` is a flag (present or absent) in Auth0's logout URL, so it is added by
 * hand rather than serialised as `federated=false`, which Auth0 would read as present.
 */
export async function logout(ctx: ExecutorContext): Promise<ExecutorResult> {
  const federated = ctx.values.federated === true;
  const request = ctx.buildRequest({ ...ctx.values, federated: undefined });
  const url = tenantUrl(ctx, request.path, request.query, federated ? ['federated'] : []);
  const response = await ctx.client.request({
    ...request,
    query: { ...(request.query ?? {}), ...(federated ? { federated: '' } : {}) },
    followRedirects: false,
    responseType: 'text',
    signal: ctx.signal,
  });
  return {
    payload: { url, statusCode: response.statusCode },
    response,
    msg: redirectTo(url),
  };
}

/** userinfo: the user's access token is the Bearer credential of this one request. */
export async function userinfo(ctx: ExecutorContext): Promise<ExecutorResult> {
  const token = ctx.values.access_token;
  if (typeof token !== 'string' || token.trim() === '') {
    throw new InputError('access_token', 'missing required input "access_token"');
  }
  const request = ctx.buildRequest(ctx.values);
  // Authorization is the client's alone; the user's token rides in bearerToken, which it sends.
  const response = await ctx.client.request({ ...request, bearerToken: token.trim(), signal: ctx.signal });
  return { payload: response.data, response };
}

/** delegation: exactly one of id_token and refresh_token, as Auth0 (and auth0-python) require. */
export async function delegation(ctx: ExecutorContext): Promise<ExecutorResult> {
  const hasIdToken = isSet(ctx.values.id_token);
  const hasRefreshToken = isSet(ctx.values.refresh_token);
  if (hasIdToken && hasRefreshToken) {
    throw new InputError('id_token', 'give only one of the inputs "id_token" and "refresh_token"');
  }
  if (!hasIdToken && !hasRefreshToken) {
    throw new InputError('id_token', 'missing input: give "id_token" or "refresh_token"');
  }
  const response = await ctx.client.request({ ...ctx.buildRequest(ctx.values), signal: ctx.signal });
  return { payload: response.data, response };
}

registerExecutor(AUTHORIZE_URL_EXECUTOR, authorizeUrl);
registerExecutor(LOGOUT_EXECUTOR, logout);
registerExecutor(USERINFO_EXECUTOR, userinfo);
registerExecutor(DELEGATION_EXECUTOR, delegation);
