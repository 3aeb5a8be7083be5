/**
 * Whether a request to the logout path is the user's own. Another site must not end a session by
 * sending the browser there (a link, a redirect, an auto-submitted form): the browser's Fetch
 * Metadata (`Sec-Fetch-Site`) says where a request came from. A cross-site GET is shown a page whose
 * button logs out with a POST from this origin; a cross-site POST is refused. A POST without Fetch
 * Metadata (an older browser, curl) is judged by `Origin` when it sends one.
 * A GET without it, or a POST without Origin either, is 'unverified' (a browser before Fetch Metadata: Safari before 16.4, Firefox
 * before 90; and browsers send it only to secure origins): the middleware then asks its
 * SameSite=Strict cookie, which the browser sends only with a request from this site.
 */
import type { IncomingMessage } from 'node:http';

export type LogoutIntent = 'logout' | 'confirm' | 'refuse' | 'unverified';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The Origin header names the host the request was sent to (the port included). */
function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

export function logoutIntent(req: IncomingMessage): LogoutIntent {
  const site = header(req, 'sec-fetch-site');
  if (req.method === 'POST') {
    if (site !== undefined) return site === 'same-origin' ? 'logout' : 'refuse';
    const origin = header(req, 'origin');
    // No Origin either (Firefox before 70 sent none with a form's POST): as a GET without Fetch Metadata.
    if (origin === undefined) return 'unverified';
    return sameHost(origin, header(req, 'host')) ? 'logout' : 'refuse';
  }
  // A sibling subdomain ("same-site") is another site here: it may not be the user's either.
  if (site === undefined) return 'unverified';
  return site === 'same-origin' || site === 'none' ? 'logout' : 'confirm';
}
