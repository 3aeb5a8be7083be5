/**
 * The login's two requests to the tenant, the code exchange at /oauth/token and the signing keys,
 * on axios (as every request of the package): no redirect followed, the answer decoded by axios and
 * capped once decoded, so a wrong or hostile tenant URL cannot make Node-RED buffer gigabytes.
 * An answer is handed back as the subset of fetch's Response the login reads. A proxy named by
 * the environment is used as the tenant client uses it (proxy-agents.ts).
 */
import type * as http from 'node:http';
import axios, { type AxiosResponse } from 'axios';
import { proxyAgentFor, proxyUrlFor } from '../nodes/tenant-client/proxy-agents';

/** Token and key answers are a few KB; this leaves room for a tenant with many keys. */
export const MAX_LOGIN_ANSWER_BYTES = 256 * 1024;

const tenant = axios.create({
  proxy: false,
  maxRedirects: 0,
  decompress: true,
  maxContentLength: MAX_LOGIN_ANSWER_BYTES,
  maxBodyLength: MAX_LOGIN_ANSWER_BYTES,
  responseType: 'arraybuffer',
  validateStatus: () => true,
  transformResponse: [(data: unknown) => data],
});

/** The agent for `url` when the environment names a proxy for it (one per proxy and protocol, no kept-alive sockets to outlive a login). */
const proxyAgents = new Map<string, Promise<http.Agent>>();
function proxyRoute(url: URL): Promise<{ httpAgent?: http.Agent; httpsAgent?: http.Agent }> | undefined {
  const proxy = proxyUrlFor(url);
  if (!proxy) return undefined;
  const secure = url.protocol === 'https:';
  const key = `${secure ? 'https' : 'http'} ${proxy.href}`;
  let agent = proxyAgents.get(key);
  if (!agent) {
    agent = proxyAgentFor(proxy, secure, { keepAlive: false, connectSignal: () => undefined });
    proxyAgents.set(key, agent);
  }
  return agent.then((a) => (secure ? { httpsAgent: a } : { httpAgent: a }));
}

export interface TenantAnswer {
  ok: boolean;
  status: number;
  /** The body as JSON; rejects when it is not. */
  json(): Promise<unknown>;
}

/** An answer over MAX_LOGIN_ANSWER_BYTES once decoded (nothing more of it was read). */
export class AnswerTooLargeError extends Error {
  constructor() {
    super(`the tenant's answer is larger than ${MAX_LOGIN_ANSWER_BYTES / 1024} KB once decoded, the most the login reads`);
    this.name = 'AnswerTooLargeError';
  }
}

/** GET `url`, or POST the form `form` to it; rejects with AnswerTooLargeError, or a bare Error naming no request, header or secret. */
export async function tenantRequest(url: string, timeoutMs: number, form?: URLSearchParams): Promise<TenantAnswer> {
  let response: AxiosResponse<Buffer>;
  try {
    const route = await proxyRoute(new URL(url));
    response = await tenant.request<Buffer>({
      ...route,
      url,
      method: form ? 'POST' : 'GET',
      headers: form ? { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' } : { Accept: 'application/json' },
      data: form?.toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    // axios's error holds the request (the code, the client secret): only its kind goes on.
    if (err instanceof Error && /^maxContentLength size of \d+ exceeded$/.test(err.message)) throw new AnswerTooLargeError();
    // eslint-disable-next-line preserve-caught-error -- the cause would carry the request
    throw new Error('the tenant could not be reached');
  }
  const body = Buffer.isBuffer(response.data) ? response.data : Buffer.from(String(response.data ?? ''));
  return {
    ok: response.status >= 200 && response.status < 300,
    status: response.status,
    json: () => Promise.resolve().then(() => JSON.parse(body.toString('utf8')) as unknown),
  };
}

/** The login's message for a request that failed: the size limit when that was it, else `unreachable`. */
export function failureText(err: unknown, unreachable: string): string {
  return err instanceof AnswerTooLargeError ? err.message : unreachable;
}
