/** Requests with a minimal cookie jar (redirects left to the caller, as a browser's first hop), and the emulator application the login suites register. */
import type { IncomingMessage } from 'node:http';
import type { ClientRecord } from '../../emulator/core/model';
import type { LoginRequest } from '../../login/express-types';

export async function call(url: string, cookies: Map<string, string>, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(url, { method, redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = (pair ?? '').indexOf('=');
    const name = (pair ?? '').slice(0, eq);
    const value = (pair ?? '').slice(eq + 1);
    if (/Max-Age=0/.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
  return res;
}

/** An emulator application for a Node-RED at `base`, as a user registers it in the tenant: its callbacks and logout URL. */
export function nodeRedApplication(base: string, client: { id: string; secret: string }, callbackPaths: string[]): Partial<ClientRecord> & { name: string } {
  return {
    name: 'Node-RED',
    client_id: client.id,
    client_secret: client.secret,
    app_type: 'regular_web' as const,
    grant_types: ['authorization_code'],
    callbacks: callbackPaths.map((p) => `${base}${p}`),
    allowed_logout_urls: [`${base}/`, `${base}/logged-out`],
  };
}

/** A plain Node request with the fields Express adds that the login reads (an app mounted at `/`). */
export function asExpressRequest(req: IncomingMessage): LoginRequest {
  const r = req as LoginRequest;
  const url = new URL(req.url ?? '/', 'http://x');
  r.originalUrl = req.url ?? '/';
  r.path = url.pathname;
  r.baseUrl = '';
  r.query = Object.fromEntries(url.searchParams);
  return r;
}
