/**
 * A loopback stand-in tenant that repeats back everything it was sent (method, URL, headers with
 * the Authorization, body) in every field of its error answers: the worst a service or a proxy in
 * between could do. It answers the tenant's own client-credentials grant with a known token, so
 * the fetched token is a secret to look for too.
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type EchoMode = 'fail' | 'succeed';

/** How error answers rotate: statuses, a text and an HTML body, a 429, a dropped connection. */
const FAILURES = ['400', '401', '403', '404', '409', '429', '500', '502', 'text', 'html', 'drop'] as const;

export interface EchoServer {
  readonly domain: string;
  /** Every request: method, raw path (not normalised), raw URL, headers. */
  readonly received: EchoRequest[];
  mode: EchoMode;
  /** Prepended to echoes so that a secret straddles the 500-character clip of error messages. */
  padding: number;
  close(): Promise<void>;
}

export interface EchoRequest {
  method: string;
  path: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface EchoOptions {
  /** The tenant's client id: its client-credentials grant gets `fetchedToken`. */
  tenantClientId: string;
  fetchedToken: string;
}

export async function startEchoServer(options: EchoOptions): Promise<EchoServer> {
  const sockets = new Set<Socket>();
  let n = 0;
  const state = { mode: 'fail' as EchoMode, padding: 0 };
  const received: EchoRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0];
      received.push({ method: req.method ?? '', path, url: req.url ?? '/', headers: req.headers });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
        const text = JSON.stringify(value);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
        res.end(text);
      };
      if (path === '/oauth/token' && body.includes(options.tenantClientId) && body.includes('/api/v2/')) {
        return json(200, { access_token: options.fetchedToken, expires_in: 86400, token_type: 'Bearer' });
      }
      if (state.mode === 'succeed') {
        if (path === '/.well-known/jwks.json') return json(200, { keys: [] });
        return json(200, { ok: true, id: 'job_echo0001', status: 'pending', type: 'users_import' });
      }
      const echo = `${'.'.repeat(state.padding)}${req.method} ${req.url} headers=${JSON.stringify(req.headers)} body=${body}`;
      const failure = FAILURES[n++ % FAILURES.length];
      switch (failure) {
        case 'drop':
          req.socket.destroy();
          return;
        case 'text':
          res.writeHead(400, { 'content-type': 'text/plain' });
          res.end(echo);
          return;
        case 'html':
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end(`<html><body><h1>Bad gateway</h1><p>${echo}</p></body></html>`);
          return;
        default: {
          const status = Number(failure);
          const headers: Record<string, string> = status === 429 ? { 'retry-after': '0' } : {};
          return json(
            status,
            {
              statusCode: status,
              error: echo,
              message: echo,
              errorCode: echo,
              error_description: echo,
              description: echo,
              code: echo,
              name: echo,
            },
            headers,
          );
        }
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    domain: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    get mode() {
      return state.mode;
    },
    set mode(value: EchoMode) {
      state.mode = value;
    },
    get padding() {
      return state.padding;
    },
    set padding(value: number) {
      state.padding = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
