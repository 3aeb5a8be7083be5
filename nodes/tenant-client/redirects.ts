/**
 * Redirects: not followed unless the request asks (logout answers 302 and the caller wants the
 * Location), and then only on the tenant's own origin, so a redirect never carries the token to
 * another host; a redirect elsewhere is handed back as the answer.
 */
import type { HttpMethod } from '../shared/catalogue';
import type { Exchange, ExchangeResult, HttpTransport } from './http-transport';

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Sends `exchange`, and with `follow` the same-origin redirects it meets (at most five). */
export async function sendFollowingRedirects(
  transport: HttpTransport,
  exchange: Exchange,
  follow: boolean,
  tenantOrigin: string,
  onFollow: (statusCode: number) => void,
): Promise<ExchangeResult> {
  let method: HttpMethod = exchange.method;
  let target = exchange.url;
  let payload = exchange.data;
  const headers = { ...exchange.headers };
  for (let hop = 0; ; hop++) {
    const result = await transport.send({ ...exchange, method, url: target, headers, data: payload });
    const location = result.headers['location'];
    if (!follow || hop >= MAX_REDIRECTS || !REDIRECT_STATUSES.has(result.statusCode) || !location) return result;
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      return result;
    }
    if (next.origin !== tenantOrigin) return result; // another host: handed back, not followed
    if (!Buffer.isBuffer(result.body)) result.body.destroy();
    if (result.statusCode === 303 || ((result.statusCode === 301 || result.statusCode === 302) && method !== 'GET')) {
      method = 'GET';
      payload = undefined;
      delete headers['Content-Type'];
    }
    target = next.toString();
    onFollow(result.statusCode);
  }
}
