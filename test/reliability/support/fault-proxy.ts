/**
 * A loopback HTTP proxy in front of the emulator that counts every request it is sent (also the
 * ones whose connection it then drops) and can fail them the ways a real network and a real
 * service do. Unlike the emulator's own faults (which strike before the request is applied),
 * `dropAfter` and `stall` let the service apply the request and lose only the answer: the case
 * where repeating a POST, PATCH or DELETE would apply it twice.
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ProxyAction =
  /** Pass the request on and its answer back. */
  | { kind: 'forward' }
  /** Answer 429 without passing the request on (the service refused it). */
  | { kind: 'rateLimit'; retryAfterSeconds: number }
  /** Answer a 5xx without passing the request on. */
  | { kind: 'error'; status: number }
  /** Close the connection without passing the request on. */
  | { kind: 'dropBefore' }
  /** Pass the request on (the service applies it), then close the connection instead of answering. */
  | { kind: 'dropAfter' }
  /** Pass the request on, then never answer (the client's read timeout ends it). */
  | { kind: 'stall' }
  /** Pass the request on, then answer 200 with a body that is not JSON. */
  | { kind: 'malformed' };

export interface ProxiedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  action: ProxyAction['kind'];
}

export type ProxyRule = (req: ProxiedRequest) => ProxyAction;

export const FORWARD: ProxyAction = { kind: 'forward' };

export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  /** Requests by what was done to them (kept also when `record` is off). */
  readonly counts: Partial<Record<ProxyAction['kind'], number>> = {};
  /** Keep every request in `requests` (off for long runs, where only `counts` is kept). */
  record = true;
  /** Requests passed on whose upstream answer has not come back yet (the service may still apply them). */
  upstreamInFlight = 0;
  private rule: ProxyRule = () => FORWARD;
  private readonly sockets = new Set<Socket>();
  private readonly agent = new http.Agent({ keepAlive: false });

  private constructor(
    private readonly server: http.Server,
    private readonly upstream: URL,
  ) {}

  static async start(upstreamUrl: string): Promise<FaultProxy> {
    let proxy: FaultProxy | undefined;
    const server = http.createServer((req, res) => void proxy?.handle(req, res));
    proxy = new FaultProxy(server, new URL(upstreamUrl));
    server.on('connection', (socket: Socket) => {
      proxy?.sockets.add(socket);
      socket.on('close', () => proxy?.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get domain(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Decides each request's fate from now on. */
  setRule(rule: ProxyRule): void {
    this.rule = rule;
  }

  /** Applies `action` to the next `count` requests matching `match`, then forwards again. */
  failNext(count: number, action: ProxyAction, match: (req: ProxiedRequest) => boolean = () => true): void {
    let left = count;
    this.setRule((req) => {
      if (left > 0 && match(req)) {
        left -= 1;
        return action;
      }
      return FORWARD;
    });
  }

  /** Requests with this method whose path starts with `prefix`. */
  count(method: string, prefix: string): number {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(prefix)).length;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '/';
    const seen: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: url.split('?')[0],
      url,
      headers: req.headers,
      body: body.toString('utf8'),
      action: 'forward',
    };
    const action = this.rule(seen);
    seen.action = action.kind;
    this.counts[action.kind] = (this.counts[action.kind] ?? 0) + 1;
    if (this.record) this.requests.push(seen);
    switch (action.kind) {
      case 'dropBefore':
        req.socket.destroy();
        return;
      case 'rateLimit': {
        const text = JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Global limit has been reached', errorCode: 'too_many_requests' });
        res.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': String(action.retryAfterSeconds),
          'x-ratelimit-limit': '10',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000 + action.retryAfterSeconds)),
        });
        res.end(text);
        return;
      }
      case 'error': {
        const text = JSON.stringify({ statusCode: action.status, error: http.STATUS_CODES[action.status] ?? 'Error', message: 'injected by the test proxy' });
        res.writeHead(action.status, { 'content-type': 'application/json' });
        res.end(text);
        return;
      }
      default:
        break;
    }
    let answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
    this.upstreamInFlight += 1;
    try {
      answer = await this.forward(req, body);
    } catch {
      req.socket.destroy();
      return;
    } finally {
      this.upstreamInFlight -= 1;
    }
    if (action.kind === 'dropAfter') {
      req.socket.destroy();
      return;
    }
    if (action.kind === 'stall') return; // the client's read timeout (or its close) ends it
    if (action.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"statusCode":200,"malformed": [tru');
      return;
    }
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    delete headers['keep-alive'];
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  }

  private forward(req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: this.upstream.host, 'content-length': String(body.length) };
      delete headers.connection;
      const out = http.request(
        {
          host: this.upstream.hostname,
          port: this.upstream.port,
          method: req.method,
          path: req.url,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }
}
