/**
 * "Check connection" for a tenant: fetch a Management API token with the settings given, and say
 * what came back (the granted scopes, the token's lifetime, the rate limit the tenant reported) or
 * which setting is wrong (domain, client id, client secret, private key, token, grant). The answer
 * never holds a secret or the token: every text in it is scrubbed of them. The host checked may be
 * anything typed in the dialog, so what it said is bounded before it is shown: plain text (no
 * markup, no control characters), a few hundred characters, a bounded list of scopes.
 */
import { readPrivateKey } from '../tenant-client/client-assertion';
import { ClientAuthentication } from '../tenant-client/client-authentication';
import { createTenantClient } from '../tenant-client/client';
import type { TenantClientOptions } from '../tenant-client/client-options';
import { Redactor } from '../tenant-client/redact';
import { plainHttpRefusal } from '../tenant-client/plain-http';
import { Auth0Error, ConfigError, toError } from '../shared/errors';
import type { RateLimitState, TenantClient } from '../shared/http-types';

/** The setting a failed check names. */
export type CheckProblem = 'domain' | 'protocol' | 'clientId' | 'clientSecret' | 'privateKey' | 'token' | 'grant';

export interface CheckSuccess {
  ok: true;
  domain: string;
  /** How the application authenticated. */
  authentication: 'client secret' | 'private key JWT' | 'static token';
  scopes: string[];
  /** Seconds the token is valid for, as the tenant said (or as the static token says). */
  expiresIn?: number;
  /** The Management API's rate limit headers on a request made with the token, when one could be made. */
  rateLimit?: RateLimitState;
  /** The application's name, when the token may read it. */
  application?: string;
}

export interface CheckFailure {
  ok: false;
  problem: CheckProblem;
  message: string;
}

export type CheckResult = CheckSuccess | CheckFailure;

const OPERATION = 'connection check';
/** Longest message, application name and scope shown; most scopes listed (Auth0's Management API has about 200). */
const MAX_MESSAGE = 400;
const MAX_NAME = 100;
const MAX_SCOPE = 100;
const MAX_SCOPES = 500;

/** Text from the host as it may be shown: markup and control characters removed, spaces collapsed, cut to `max`. */
export function shownText(value: string, max: number): string {
  const plain = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/[<>]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** The result with everything the host said bounded (see shownText). */
function bounded(result: CheckResult): CheckResult {
  if (!result.ok) return { ...result, message: shownText(result.message, MAX_MESSAGE) };
  const out: CheckSuccess = {
    ...result,
    domain: shownText(result.domain, MAX_NAME),
    scopes: result.scopes
      .slice(0, MAX_SCOPES)
      .map((scope) => shownText(scope, MAX_SCOPE))
      .filter(Boolean),
  };
  if (result.application !== undefined) out.application = shownText(result.application, MAX_NAME);
  if (out.expiresIn !== undefined && !Number.isFinite(out.expiresIn)) delete out.expiresIn;
  if (result.rateLimit) out.rateLimit = boundedRateLimit(result.rateLimit);
  return out;
}

/** Only finite numbers of the rate limit the host reported. */
function boundedRateLimit(rateLimit: RateLimitState): RateLimitState {
  const out: RateLimitState = {};
  for (const key of ['limit', 'remaining', 'reset'] as const) {
    const value = rateLimit[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

function fail(problem: CheckProblem, message: string): CheckFailure {
  return { ok: false, problem, message };
}

/** The claims of a JWT, unverified (only to show a static token's scopes and expiry). */
function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function scopeList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((s): s is string => typeof s === 'string');
  return typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether the client id is unknown to the tenant: /authorize names an unknown client (and logs no one in). */
async function clientIdUnknown(client: TenantClient, clientId: string): Promise<boolean> {
  const unknown = /unknown client/i;
  try {
    // An error page may come as a redirect that names the error in its query, or as a page.
    const response = await client.request<string>({
      method: 'GET',
      path: '/authorize',
      auth: 'none',
      operation: OPERATION,
      responseType: 'text',
      query: { client_id: clientId, response_type: 'code', redirect_uri: 'urn:auth0-config:connection-check' },
    });
    return unknown.test(safeDecode(response.headers.location ?? '')) || unknown.test(typeof response.data === 'string' ? response.data : '');
  } catch (err) {
    return err instanceof Auth0Error && /unknown client/i.test(err.message);
  }
}

/** Why the token request failed, as the setting to fix. */
async function explain(err: unknown, client: TenantClient, options: TenantClientOptions, viaKey: boolean): Promise<CheckFailure> {
  if (err instanceof ConfigError) return fail(/private key/i.test(err.message) ? 'privateKey' : 'domain', err.message);
  if (!(err instanceof Auth0Error)) return fail('domain', `the check failed: ${toError(err).message}`);
  const host = client.domain;
  if (err.statusCode === 0)
    return fail('domain', `${host} could not be reached: ${err.message.replace(`${OPERATION}: `, '')}. Check the domain (and the protocol).`);
  if (
    err.statusCode === 404 ||
    err.statusCode === 405 ||
    (err.errorCode === undefined && err.statusCode >= 400 && err.statusCode !== 401 && err.statusCode !== 403)
  ) {
    return fail('domain', `${host} answered HTTP ${err.statusCode}, not as an Auth0 tenant's token endpoint. Check the domain.`);
  }
  if (err.statusCode === 401 || err.errorCode === 'invalid_client') {
    if (options.clientId && (await clientIdUnknown(client, options.clientId))) {
      return fail('clientId', `the tenant ${host} has no application with the client id ${options.clientId}. Check the client id.`);
    }
    return viaKey
      ? fail(
          'privateKey',
          `the tenant refused the private key JWT (${err.message}). Check that the key's public half is registered and enabled for the application, and the algorithm (and key id) match.`,
        )
      : fail('clientSecret', `the tenant refused the client secret for ${options.clientId ?? 'the application'} (${err.message}). Check the client secret.`);
  }
  if (err.statusCode === 403 && err.errorCode === 'unauthorized_client') {
    return fail(
      'clientId',
      `the application ${options.clientId ?? ''} may not use the client-credentials grant (${err.message}): it must be a machine-to-machine application.`,
    );
  }
  if (err.statusCode === 403) {
    return fail(
      'grant',
      `the application is not authorized for the Management API (${err.message}). Authorize it in the Auth0 dashboard: Applications > APIs > Auth0 Management API > Machine to Machine Applications.`,
    );
  }
  return fail('domain', `the token request failed: HTTP ${err.statusCode} ${err.message}`);
}

/**
 * Cheap reads that show the Management API's rate limit headers, by the scope each needs; the
 * first the token may make is made (with read:clients it also names the application).
 */
const PROBES: { scope: string; path: (clientId: string | undefined) => string | undefined; query: Record<string, string> }[] = [
  { scope: 'read:clients', path: (id) => (id ? `/api/v2/clients/${encodeURIComponent(id)}` : undefined), query: { fields: 'name', include_fields: 'true' } },
  { scope: 'read:tenant_settings', path: () => '/api/v2/tenants/settings', query: { fields: 'friendly_name', include_fields: 'true' } },
  { scope: 'read:users', path: () => '/api/v2/users', query: { per_page: '1', fields: 'user_id', include_fields: 'true', include_totals: 'false' } },
  { scope: 'read:roles', path: () => '/api/v2/roles', query: { per_page: '1' } },
  { scope: 'read:logs', path: () => '/api/v2/logs', query: { per_page: '1', fields: 'log_id', include_fields: 'true' } },
];

/** The Management API's rate limit (and the application's name), read with the new token. */
async function probeManagement(
  client: TenantClient,
  token: string,
  clientId: string | undefined,
  scopes: readonly string[],
): Promise<{ rateLimit?: RateLimitState; application?: string; refused?: string }> {
  const granted = new Set(scopes);
  const probe = PROBES.find((p) => granted.has(p.scope) && p.path(clientId) !== undefined) ?? PROBES[1];
  try {
    const response = await client.request<{ name?: unknown }>({
      method: 'GET',
      path: probe.path(clientId) as string,
      auth: 'none',
      bearerToken: token,
      operation: OPERATION,
      query: probe.query,
    });
    const name = probe.scope === 'read:clients' ? response.data?.name : undefined;
    return { rateLimit: response.rateLimit, ...(typeof name === 'string' ? { application: name } : {}) };
  } catch (err) {
    // An unusable domain or an unreachable host is the answer; a 403 (no read scope at all) still
    // leaves the scopes to show, and a 401 means the token itself is refused.
    if (err instanceof ConfigError || (err instanceof Auth0Error && err.statusCode === 0)) throw err;
    return err instanceof Auth0Error && err.statusCode === 401 ? { refused: err.message } : {};
  }
}

/** Runs the check with these settings, on a client of its own (never the deployed one's cache). */
export async function checkConnection(options: TenantClientOptions): Promise<CheckResult> {
  // Refused before any client exists: nothing is sent in clear to Auth0's own domain.
  const refusal = plainHttpRefusal(options.protocol, options.domain);
  if (refusal) return fail('protocol', refusal);
  const redactor = new Redactor([options.clientSecret, options.privateKey, options.token]);
  const client = createTenantClient({
    ...options,
    retries: 0,
    connectTimeout: Math.min(options.connectTimeout, 10),
    readTimeout: Math.min(options.readTimeout, 15),
  });
  try {
    const result = await run(client, options);
    if (!result.ok) result.message = redactor.scrub(result.message);
    return bounded(result);
  } finally {
    client.close();
  }
}

async function run(client: TenantClient, options: TenantClientOptions): Promise<CheckResult> {
  if (options.token) {
    const claims = jwtClaims(options.token);
    if (!claims) return fail('token', 'the static token is not a JWT (an Auth0 Management API token is one)');
    const exp = typeof claims.exp === 'number' ? claims.exp - Math.floor(Date.now() / 1000) : undefined;
    if (exp !== undefined && exp <= 0) return fail('token', 'the static token has expired');
    let probe: Awaited<ReturnType<typeof probeManagement>>;
    try {
      probe = await probeManagement(client, options.token, undefined, scopeList(claims.scope ?? claims.permissions));
    } catch (err) {
      return explain(err, client, options, false);
    }
    if (probe.refused) return fail('token', `the tenant refused the static token (${probe.refused})`);
    delete probe.refused;
    return {
      ok: true,
      domain: client.domain,
      authentication: 'static token',
      scopes: scopeList(claims.scope ?? claims.permissions),
      ...(exp !== undefined ? { expiresIn: exp } : {}),
      ...probe,
    };
  }
  if (!options.clientId) return fail('clientId', 'no client id: set the client id of a machine-to-machine application (or a static token)');
  if (!options.clientSecret && !options.privateKey) return fail('clientSecret', 'no client secret and no private key: set one of them (or a static token)');
  const viaKey = !options.clientSecret;
  if (viaKey) {
    try {
      readPrivateKey(options.privateKey as string);
    } catch (err) {
      return fail('privateKey', toError(err).message);
    }
  }
  const audience = options.audience || `https://${client.domain}/api/v2/`;
  let data: { access_token?: unknown; scope?: unknown; expires_in?: unknown } | undefined;
  try {
    const body = new ClientAuthentication(options, client.domain).clientCredentialsBody(audience);
    const response = await client.request<typeof data>({ method: 'POST', path: '/oauth/token', auth: 'none', contentType: 'json', body, operation: OPERATION });
    data = response.data;
  } catch (err) {
    return explain(err, client, options, viaKey);
  }
  const token = data && typeof data.access_token === 'string' ? data.access_token : undefined;
  if (!token) return fail('domain', `${client.domain} answered the token request without an access token: is it an Auth0 tenant?`);
  const expiresIn = Number(data?.expires_in);
  const scopes = data?.scope !== undefined ? scopeList(data.scope) : scopeList(jwtClaims(token)?.scope);
  const { refused: _refused, ...probe } = await probeManagement(client, token, options.clientId, scopes).catch((): { refused?: string } => ({}));
  return {
    ok: true,
    domain: client.domain,
    authentication: viaKey ? 'private key JWT' : 'client secret',
    scopes,
    ...(Number.isFinite(expiresIn) ? { expiresIn } : {}),
    ...probe,
  };
}
