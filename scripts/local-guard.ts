/**
 * The Node-RED of `npm start` has no login (the person at the keyboard gets the editor at once),
 * so it answers only requests that come from that person's browser on this machine:
 * - the `Host` must be the loopback address or name it listens on (`127.0.0.1:<port>` or
 *   `localhost:<port>`): a page on another site that rebinds its own name to 127.0.0.1 (DNS
 *   rebinding) sends its own name, and is refused;
 * - an `Origin`, when the browser sends one (every cross-site request, every POST, every
 *   WebSocket), must be that same origin: another site's page can neither preflight nor post
 *   `/flows`, nor open the editor's WebSocket.
 * Refused before Node-RED sees the request (its admin API answers any origin's preflight).
 */
import type * as http from 'node:http';
import type { Duplex } from 'node:stream';

/** The names the server is reached by, with its port. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Why a request is refused, or undefined when it comes from this machine's own editor. */
export function refusal(headers: http.IncomingHttpHeaders, hosts: ReadonlySet<string>): string | undefined {
  const host = (headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return `the Host "${host.slice(0, 100)}" is not this Node-RED's own loopback address`;
  const origin = headers.origin;
  if (origin !== undefined && !(origin.toLowerCase().startsWith('http://') && hosts.has(origin.toLowerCase().slice('http://'.length)))) {
    return `requests from the origin "${origin.slice(0, 100)}" are refused: only the editor on this machine may use this Node-RED`;
  }
  return undefined;
}

/** Express-style middleware: refused requests get a 403 and never reach Node-RED. */
export function guardRequests(hosts: ReadonlySet<string>): (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const reason = refusal(req.headers, hosts);
    if (!reason) {
      next();
      return;
    }
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`Forbidden: ${reason}.\n`);
  };
}

/** An `upgrade` listener run before Node-RED's: a refused WebSocket gets a 403 and its socket is closed. */
export function guardUpgrades(hosts: ReadonlySet<string>): (req: http.IncomingMessage, socket: Duplex) => void {
  return (req, socket) => {
    const reason = refusal(req.headers, hosts);
    if (!reason) return;
    // Node-RED's own listener then finds the socket closed and does nothing.
    socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nForbidden: ${reason}.\r\n`);
    socket.destroy();
  };
}
