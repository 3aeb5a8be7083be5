/**
 * Loopback servers for the tenant client's tests (127.0.0.1, port 0; never the internet).
 */
import { createHook } from 'node:async_hooks';
import * as http from 'node:http';
import type { Socket } from 'node:net';
import type { TenantClientOptions } from '../../nodes/tenant-client/client-options';

export interface Recorded {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Arrival, epoch ms. */
  at: number;
}

export type Handler = (req: Recorded, res: http.ServerResponse, raw: http.IncomingMessage) => void | Promise<void>;

export class TestServer {
  readonly requests: Recorded[] = [];
  /** Most requests being handled at once (a request counts until its response is finished or dropped). */
  maxActive = 0;
  private active = 0;
  private handler: Handler;
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  private constructor(handler: Handler) {
    this.handler = handler;
    this.server = http.createServer((raw, res) => void this.handle(raw, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(handler: Handler = (_req, res) => json(res, 200, {})): Promise<TestServer> {
    const server = new TestServer(handler);
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    server.port = (server.server.address() as { port: number }).port;
    return server;
  }

  get domain(): string {
    return `127.0.0.1:${this.port}`;
  }

  setHandler(handler: Handler): void {
    this.handler = handler;
  }

  /** Requests to `path` (without query). */
  to(path: string): Recorded[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(raw: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const url = new URL(raw.url ?? '/', 'http://x');
    const recorded: Recorded = {
      method: raw.method ?? '',
      url: raw.url ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: raw.headers,
      body: Buffer.concat(chunks),
      at: Date.now(),
    };
    this.requests.push(recorded);
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    let counted = true;
    const done = (): void => {
      if (counted) {
        counted = false;
        this.active--;
      }
    };
    res.on('finish', done);
    res.on('close', done);
    try {
      await this.handler(recorded, res, raw);
    } catch (err) {
      if (!res.headersSent) json(res, 500, { message: `test handler failed: ${String(err)}` });
    }
  }
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function text(res: http.ServerResponse, status: number, body: string, contentType = 'text/plain'): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const CLIENT_ID = 'test-client-id';
export const CLIENT_SECRET = 'S3cr3t-client-secret-value';

/** Client options for a loopback server, with client credentials. */
export function optionsFor(server: TestServer, extra: Partial<TenantClientOptions> = {}): TenantClientOptions {
  return {
    domain: server.domain,
    protocol: 'http',
    telemetry: true,
    connectTimeout: 2,
    readTimeout: 2,
    retries: 3,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    nodeRedVersion: '4.1.15',
    ...extra,
  };
}

/**
 * A handler for `POST /oauth/token` handing out `token-1`, `token-2`, … (or failing),
 * and delegating everything else.
 */
export function withTokenEndpoint(
  rest: Handler,
  options: { expiresIn?: number; delayMs?: number; fail?: (n: number) => { status: number; body: unknown } | undefined } = {},
): Handler & { issued: () => number } {
  let issued = 0;
  const handler = async (req: Recorded, res: http.ServerResponse, raw: http.IncomingMessage): Promise<void> => {
    if (req.path !== '/oauth/token') return rest(req, res, raw);
    const n = issued + 1;
    if (options.delayMs) await sleep(options.delayMs);
    const failure = options.fail?.(n);
    issued = n;
    if (failure) return json(res, failure.status, failure.body);
    json(res, 200, { access_token: `token-${n}-abcdef`, token_type: 'Bearer', expires_in: options.expiresIn ?? 86400, scope: 'read:users' });
  };
  return Object.assign(handler, { issued: () => issued });
}

/** The bearer token a recorded request carried. */
export function bearer(req: Recorded): string | undefined {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/** Stack frames that belong to the tenant client's side of a request (not the test server, not mocha). */
const CLIENT_FRAMES = /nodes[\\/]config[\\/]|node_modules[\\/]axios|_http_client|_http_agent/;

/**
 * Watches the timers the client side creates (async_hooks 'Timeout' resources, socket timeouts
 * included) until `freeze()`: `live()` counts those neither fired nor cleared yet.
 */
export function trackTimers(): { live(): number; freeze(): void; stop(): void } {
  const pending = new Set<number>();
  let frozen = false;
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout' || frozen) return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 60;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      if (CLIENT_FRAMES.test(stack)) pending.add(asyncId);
    },
    destroy(asyncId) {
      pending.delete(asyncId);
    },
  }).enable();
  return {
    live: () => pending.size,
    freeze: () => {
      frozen = true;
    },
    stop: () => hook.disable(),
  };
}

/** Awaits a rejection and returns the error (fails when the promise resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

/**
 * A TCP port whose connections never complete: a child process listens with a backlog of 1 and
 * then blocks its event loop, so it never accepts; once two connections fill the accept queue,
 * the kernel drops further SYNs and a client's connect hangs (until its connect timeout).
 */
export async function startUnconnectablePort(): Promise<{ port: number; close(): void }> {
  const { spawn } = await import('node:child_process');
  const net = await import('node:net');
  const script = `
    const net = require('net');
    const server = net.createServer();
    server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      process.stdout.write(server.address().port + '\\n');
      setTimeout(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0), 20);
    });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
  });
  await sleep(100); // the child is now blocked
  const fillers: import('node:net').Socket[] = [];
  let connected = 0;
  await new Promise<void>((resolve) => {
    for (let i = 0; i < 4; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.on('connect', () => {
        if (++connected === 2) resolve();
      });
      fillers.push(socket);
    }
  });
  return {
    port,
    close() {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}
