/**
 * One HTTP exchange on Node's own http/https, with separate connect and read timeouts, and the
 * tenant's keep-alive agents. Responses become plain `{statusCode, headers, body}` (the body
 * decoded from gzip, deflate or br) and failures become TransportFailure (kind and code only),
 * so no request, header or token can ever reach a flow through an error.
 *
 * Timeouts, on each request's socket:
 * - connect: from socket creation (DNS lookup included) to `connect` (`secureConnect` for TLS);
 *   through a proxy's tunnel, from the request's start to TLS up inside the tunnel;
 * - read: once connected, the longest silence while waiting for and reading the response
 *   (`ClientRequest#setTimeout`, an idle timer, so a long download that keeps flowing is not cut).
 * A reused keep-alive socket is already connected: only the read timeout applies. Neither counts
 * the time this process's event loop was blocked (see `arm` and loop-lag.ts).
 *
 * Proxies come from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) as with axios: see proxy.ts.
 *
 * A GET whose connection was refused or dropped (a stale keep-alive socket, a restarting proxy) is
 * tried once more after 100 to 300 ms, inside the same limiter slot. 429s are not this file's job:
 * see client.ts. (axios and axios-retry did this until 0.2: axios had to be handed the
 * Authorization header behind its back, since cleaning a several-KB token on every request cost
 * more than the rest of the request; see the CHANGELOG for the figures.)
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { TLSSocket } from 'node:tls';
import * as zlib from 'node:zlib';
import type { HttpMethod } from '../shared/catalogue';
import type { FailureKind, TransportFailureInfo } from './error-mapping';
import { blockedMs, watchLoopLag } from './loop-lag';
import { proxyFor, TunnelAgent } from './proxy';

export interface TransportOptions {
  connectTimeoutSeconds: number;
  readTimeoutSeconds: number;
  /** Idle keep-alive sockets kept (the tenant's concurrency cap). */
  maxSockets: number;
  log?: (message: string) => void;
}

export interface Exchange {
  method: HttpMethod;
  /** Absolute URL, already checked to be on the tenant. */
  url: string;
  headers: Record<string, string>;
  /** The `Authorization` header's value (`Bearer …`), added as the request is made (see `send`). */
  authorization?: string;
  data?: string | FormData;
  /** Resolve at the response headers with the body as a stream. */
  stream: boolean;
  /** For a stream: the read (idle) timeout once the headers have arrived, instead of the transport's. */
  streamIdleTimeoutSeconds?: number;
  /** The caller's abort (required for a stream, which may outlive the call). `destroy()` ends every exchange either way. */
  signal?: AbortSignal;
  /** For a streamed body: turns a failure after the headers into the error the stream emits. */
  streamError?: (failure: TransportFailureInfo) => Error;
  /** Label for log lines (the operation). */
  label: string;
}

export interface ExchangeResult {
  statusCode: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer | Readable;
}

/** A request that got no complete answer. Carries only the kind and Node's code: no config, no request. */
export class TransportFailure extends Error {
  readonly info: TransportFailureInfo;

  constructor(info: TransportFailureInfo) {
    super(info.kind);
    this.name = 'TransportFailure';
    this.info = info;
  }
}

const TIMEOUT_MARK = Symbol('auth0.timeoutKind');

/** Time the event loop was blocked during a timer's wait below which the wait counts in full (timer jitter). */
const BLOCKED_ENOUGH_MS = 20;

/** Where the requests to one origin go: straight there, to a proxy (http), or through a proxy's tunnel (https). */
interface Route {
  module: typeof http | typeof https;
  agent: http.Agent;
  /** Host, port and path to ask for, from the tenant's URL. */
  target(url: URL): { protocol: string; hostname: string; port: string | number; path: string };
  /** Added to the request's headers (the proxy's): Host and Proxy-Authorization. */
  headers?: Record<string, string>;
  /** The socket comes only once the tunnel and TLS are up: the connect timer starts with the request. */
  tunnelled: boolean;
}

/** The tenant's URL as Node's request options want it. */
function direct(url: URL): { protocol: string; hostname: string; port: string; path: string } {
  return { protocol: url.protocol, hostname: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, path: url.pathname + url.search };
}

/** What may change on a request's timers once it is under way. */
interface RequestTimers {
  /** The read (idle) timeout from now on, in ms: a stream's own. */
  setReadTimeout(ms: number): void;
}

type TimedRequest = http.ClientRequest & { [TIMEOUT_MARK]?: FailureKind };

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function codeOf(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as ErrorLike;
  const cause = e.cause as ErrorLike | undefined;
  // Happy-eyeballs failures are an AggregateError whose codes sit on its members.
  const members = Array.isArray(cause?.errors) ? (cause.errors as ErrorLike[]) : Array.isArray(e.errors) ? (e.errors as ErrorLike[]) : [];
  for (const candidate of [cause?.code, e.code, ...members.map((m) => m.code)]) {
    if (typeof candidate === 'string' && candidate !== 'ERR_BAD_RESPONSE' && candidate !== 'ERR_NETWORK') return candidate;
  }
  return typeof e.code === 'string' ? e.code : undefined;
}

// Header values are cleaned as plain axios cleans them (and as the test of the hot path checks),
// so a pasted token with a stray line break or a non-Latin-1 character is sent, not refused by Node.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000a-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const NOT_BYTE_STRING = /[^\u0009\u0020-\u007e\u0080-\u00ff]+/g;
const EDGE_SPACES = /^[ \t]+|[ \t]+$/g;

/** A header value as sent: control characters and non-Latin-1 characters dropped, spaces and tabs trimmed. */
export function headerValueAsSent(value: string): string {
  const set = value.replace(CONTROL_CHARS, '').replace(EDGE_SPACES, '');
  return set.replace(NOT_BYTE_STRING, '').replace(EDGE_SPACES, '');
}

const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_SOCKET']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);

/** The delay before the one retry of a GET whose connection was refused or dropped. */
function retryDelayMs(): number {
  return 100 + Math.floor(Math.random() * 200);
}

/** A request body as bytes, with the Content-Type a FormData brings (its boundary). */
async function bodyBytes(data: string | FormData | undefined): Promise<{ bytes?: Buffer; contentType?: string }> {
  if (data === undefined) return {};
  if (typeof data === 'string') return { bytes: Buffer.from(data, 'utf8') };
  // The platform's own multipart encoding, whole: Auth0's import endpoint wants a Content-Length.
  const encoded = new Response(data);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
}

/** The response body decoded as its Content-Encoding says (gzip, deflate, br); other encodings pass as they are. */
function decoded(res: http.IncomingMessage): { body: Readable; decodedFrom?: string } {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (res.statusCode === 204 || res.statusCode === 304) return { body: res };
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
      : encoding === 'deflate'
        ? zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : encoding === 'br'
          ? zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
          : undefined;
  if (!decoder) return { body: res };
  res.on('error', (err) => decoder.destroy(err));
  return { body: res.pipe(decoder), decodedFrom: encoding };
}

function readAll(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
    // A response cut short ends with 'aborted' on some Node versions instead of an error.
    stream.once('aborted', () => reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
  });
}

export class HttpTransport {
  private readonly connectMs: number;
  private readonly readMs: number;
  private readonly options: TransportOptions;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  /** The last Authorization value, cleaned once: the token is the same for hours and several KB long. */
  private authorized: { value: string; sent: string } | undefined;
  /** Every request on the wire, so that `destroy()` can end them (marked closed). */
  private readonly live = new Set<TimedRequest>();
  /** By origin, decided at the first request (the environment's proxy variables are read then). */
  private readonly routes = new Map<string, Route>();
  /** Retry waits in progress, ended by `destroy()`. */
  private readonly waits = new Set<() => void>();
  private destroyed = false;

  constructor(options: TransportOptions) {
    this.options = options;
    this.connectMs = Math.max(1, Math.round(options.connectTimeoutSeconds * 1000));
    this.readMs = Math.max(1, Math.round(options.readTimeoutSeconds * 1000));
    // Keep-alive for the tenant's many small requests; an idle socket is closed after 15 s,
    // before most servers drop it, so a reused socket is rarely a stale one. The number of
    // requests at once is the limiter's business: the agent does not cap sockets, since a
    // streamed download keeps its socket after giving back its limiter slot.
    const agentOptions = { keepAlive: true, maxFreeSockets: options.maxSockets, timeout: 15_000 };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  async send(exchange: Exchange): Promise<ExchangeResult> {
    if (this.destroyed) throw new TransportFailure({ kind: 'closed' });
    if (exchange.stream && !exchange.signal) throw new TypeError('a streamed exchange needs a signal');
    const { bytes, contentType } = await bodyBytes(exchange.data);
    const headers = this.headersFor(exchange, bytes, contentType);
    for (let attempt = 0; ; attempt += 1) {
      if (this.destroyed) throw new TransportFailure({ kind: 'closed' });
      if (exchange.signal?.aborted) throw new TransportFailure({ kind: 'aborted' });
      try {
        return await this.once(exchange, headers, bytes);
      } catch (err) {
        if (!(err instanceof TransportFailure)) throw err;
        // One quick retry of a GET whose connection was refused or dropped (a stale keep-alive
        // socket, a restarting proxy), inside the same limiter slot. 429s are not its job: see client.ts.
        const { kind } = err.info;
        if (attempt > 0 || exchange.method !== 'GET' || this.destroyed || exchange.signal?.aborted || (kind !== 'reset' && kind !== 'refused')) throw err;
        this.options.log?.(`${exchange.label}: connection ${kind === 'refused' ? 'refused' : 'dropped'}, retrying the GET once`);
        await this.pause(retryDelayMs(), exchange.signal);
      }
    }
  }

  /**
   * Ends every request on the wire (each fails as `closed`, and is not retried) and every socket
   * of the tenant; later exchanges fail at once, unsent.
   */
  destroy(): void {
    this.destroyed = true;
    for (const req of this.live) {
      req[TIMEOUT_MARK] ??= 'closed';
      req.destroy(Object.assign(new Error('closed'), { code: 'ERR_CLIENT_CLOSED' }));
    }
    this.live.clear();
    for (const end of this.waits) end();
    this.waits.clear();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
    for (const route of this.routes.values()) if (route.agent instanceof TunnelAgent) route.agent.destroy();
  }

  /** The headers as sent: values cleaned as Node requires (see headerValueAsSent), a body's length and type. */
  private headersFor(exchange: Exchange, bytes: Buffer | undefined, contentType: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br' };
    for (const [name, value] of Object.entries(exchange.headers)) headers[name] = headerValueAsSent(value);
    if (exchange.authorization !== undefined) {
      if (this.authorized?.value !== exchange.authorization) {
        this.authorized = { value: exchange.authorization, sent: headerValueAsSent(exchange.authorization) };
      }
      headers.Authorization = this.authorized.sent;
    }
    if (contentType !== undefined) headers['Content-Type'] = contentType;
    if (bytes !== undefined) headers['Content-Length'] = String(bytes.length);
    return headers;
  }

  /** The wait before the retry; ended early by the caller's abort or by destroy(). */
  private pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const end = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', end);
        this.waits.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      signal?.addEventListener('abort', end, { once: true });
      this.waits.add(end);
    });
  }

  /** Where requests to `url`'s origin go (see proxy.ts); a proxy variable that is not a URL fails the request, naming the variable. */
  private routeFor(url: URL): Route {
    const known = this.routes.get(url.origin);
    if (known) return known;
    const secure = url.protocol === 'https:';
    let proxy;
    try {
      proxy = proxyFor(url);
    } catch (err) {
      throw new TransportFailure({ kind: 'network', code: 'EPROXY', detail: err instanceof Error ? err.message : 'invalid proxy' });
    }
    let route: Route;
    if (!proxy) {
      route = { module: secure ? https : http, agent: secure ? this.httpsAgent : this.httpAgent, target: direct, tunnelled: false };
    } else if (secure) {
      const agent = new TunnelAgent(proxy, this.connectMs, { keepAlive: true, maxFreeSockets: this.options.maxSockets, timeout: 15_000 });
      route = { module: https, agent, target: direct, tunnelled: true };
    } else {
      // Plain http through the proxy: the request in absolute form, the proxy's credentials beside it.
      const via = proxy;
      const headers: Record<string, string> = { Host: url.host };
      if (via.authorization) headers['Proxy-Authorization'] = via.authorization;
      const target = (to: URL): ReturnType<Route['target']> => ({ protocol: via.protocol, hostname: via.hostname, port: via.port, path: to.href });
      route = {
        module: via.protocol === 'https:' ? https : http,
        agent: via.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        target,
        headers,
        tunnelled: false,
      };
    }
    this.routes.set(url.origin, route);
    return route;
  }

  /** One request on the wire, with its connect and read timers; resolves at the whole body, or at the headers for a stream. */
  private once(exchange: Exchange, headers: Record<string, string>, bytes: Buffer | undefined): Promise<ExchangeResult> {
    const url = new URL(exchange.url);
    const route = this.routeFor(url);
    return new Promise<ExchangeResult>((resolve, reject) => {
      let settled = false;
      const fail = (err: unknown): void => {
        if (settled) return;
        settled = true;
        cleanup();
        reject(new TransportFailure(exchange.signal?.aborted ? { kind: 'aborted' } : this.classify(err, req)));
      };
      // Set once the request exists (just below); read in its callbacks, which come later.
      let timers: RequestTimers;
      const req: TimedRequest = route.module.request(
        {
          ...route.target(url),
          method: exchange.method,
          headers: route.headers ? { ...headers, ...route.headers } : headers,
          agent: route.agent,
        },
        (res) => {
          const headersOut = lowerCaseHeaders(res.headers);
          const { body, decodedFrom } = decoded(res);
          // The body is handed on decoded: its length and encoding no longer describe it.
          if (decodedFrom !== undefined) {
            delete headersOut['content-encoding'];
            delete headersOut['content-length'];
          }
          if (exchange.stream) {
            if (settled) return;
            settled = true;
            cleanup();
            resolve({ statusCode: res.statusCode ?? 0, headers: headersOut, body: this.guardStream(body, req, timers, exchange) });
            return;
          }
          readAll(body).then((buffer) => {
            if (settled) return;
            settled = true;
            cleanup();
            resolve({ statusCode: res.statusCode ?? 0, headers: headersOut, body: buffer });
          }, fail);
        },
      );
      const onAbort = (): void => {
        req.destroy(Object.assign(new Error('aborted'), { code: 'ERR_CANCELED' }));
      };
      const cleanup = (): void => exchange.signal?.removeEventListener('abort', onAbort);
      exchange.signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', fail);
      timers = this.arm(req, route.tunnelled);
      req.end(bytes);
    });
  }

  /**
   * The timers of one request: connect, from socket creation (DNS lookup included) to `connect`
   * (`secureConnect` for TLS); read, once connected, the longest silence (ClientRequest#setTimeout,
   * an idle timer on the socket, so a long download that keeps flowing is not cut).
   *
   * Neither counts time this process's event loop was blocked (see loop-lag.ts): a timer that
   * expires after such a block waits that long again (at most its own length in all, so an answer
   * that never comes is still reported within twice the timeout), and the read timer gives up only
   * if no byte arrived meanwhile. Otherwise a busy Node-RED would report as the service's silence an
   * answer already waiting in the socket.
   */
  private arm(req: TimedRequest, tunnelled: boolean): RequestTimers {
    const live = this.live;
    live.add(req);
    const releaseLag = watchLoopLag();
    let grace: NodeJS.Timeout | undefined;
    req.once('close', () => {
      live.delete(req);
      clearTimeout(grace);
      releaseLag();
    });
    const fail = (kind: FailureKind): void => {
      if (req[TIMEOUT_MARK] || req.destroyed) return;
      req[TIMEOUT_MARK] = kind;
      req.destroy(Object.assign(new Error(kind), { code: kind === 'connect-timeout' ? 'ECONNTIMEOUT' : 'ETIMEDOUT' }));
    };
    /** The time a timer started at `mark` (a blockedMs() reading) may wait again, within what is left of `budget`. */
    const owed = (mark: number, budget: { left: number }): number => {
      const blocked = Math.min(blockedMs() - mark, budget.left);
      if (blocked < BLOCKED_ENOUGH_MS) return 0;
      budget.left -= blocked;
      return Math.ceil(blocked);
    };

    let readMs = this.readMs;
    const readBudget = { left: this.readMs };
    let readMark = 0;
    let isConnected = false;
    const armRead = (): void => {
      isConnected = true;
      readMark = blockedMs();
      if (!req.destroyed) req.setTimeout(readMs);
    };
    const readExpired = (): void => {
      clearTimeout(grace);
      const socket = req.socket;
      const wait = owed(readMark, readBudget);
      readMark = blockedMs();
      if (wait === 0 || !socket) {
        fail('read-timeout');
        return;
      }
      // Bytes arriving in the meantime re-arm the socket's idle timer by themselves.
      const bytesRead = socket.bytesRead;
      grace = setTimeout(() => {
        if (socket.bytesRead === bytesRead) readExpired();
      }, wait);
    };
    req.on('timeout', () => {
      if (isConnected) readExpired();
    });
    /** The connect timer, lag-aware as the read timer; returns its stop. */
    const startConnectTimer = (): (() => void) => {
      const connectBudget = { left: this.connectMs };
      let connectMark = blockedMs();
      const connectExpired = (): void => {
        const wait = owed(connectMark, connectBudget);
        connectMark = blockedMs();
        if (wait === 0) fail('connect-timeout');
        else timer = setTimeout(connectExpired, wait);
      };
      let timer = setTimeout(connectExpired, this.connectMs);
      const stop = (): void => clearTimeout(timer);
      req.once('close', stop);
      return stop;
    };
    // Through a tunnel the socket comes connected (TLS included): the whole setup is the connect timer's.
    const stopTunnelTimer = tunnelled ? startConnectTimer() : undefined;
    req.once('socket', (socket: Socket) => {
      if (!socket.connecting) {
        stopTunnelTimer?.();
        armRead(); // a kept-alive socket, or a tunnel's
        return;
      }
      const connectedEvent = socket instanceof TLSSocket ? 'secureConnect' : 'connect';
      const stop = startConnectTimer();
      const connected = (): void => {
        stop();
        armRead();
      };
      socket.once(connectedEvent, connected);
      req.once('close', () => socket.removeListener(connectedEvent, connected));
    });
    return {
      setReadTimeout: (ms) => {
        readMs = ms;
        if (!req.destroyed) req.setTimeout(ms);
      },
    };
  }

  /**
   * A streamed body handed to the caller: failures after the headers (read timeout, dropped
   * connection, abort) reach the stream as the client's own errors, never Node's or axios's.
   */
  private guardStream(source: Readable, req: TimedRequest, timers: RequestTimers, exchange: Exchange): Readable {
    const out = new PassThrough();
    // The socket's idle timer is re-armed with the stream's own length.
    if (exchange.streamIdleTimeoutSeconds !== undefined) timers.setReadTimeout(Math.max(1, Math.round(exchange.streamIdleTimeoutSeconds * 1000)));
    let finished = false;
    const signal = exchange.signal as AbortSignal; // checked in send()
    const onAbort = (): void => {
      if (!finished) source.destroy();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      finished = true;
      signal.removeEventListener('abort', onAbort);
    };
    source.on('error', (err: unknown) => {
      done();
      const marked = req[TIMEOUT_MARK];
      const info: TransportFailureInfo = signal.aborted ? { kind: 'aborted' } : marked ? this.markedFailure(marked) : this.classify(err);
      out.destroy(exchange.streamError ? exchange.streamError(info) : new TransportFailure(info));
    });
    source.on('end', done);
    // The caller stopping early frees the socket.
    out.on('close', () => {
      if (!source.readableEnded) source.destroy();
      done();
    });
    source.pipe(out);
    return out;
  }

  /** A request this transport ended itself: a timeout (with its length), or `destroy()`. */
  private markedFailure(kind: FailureKind): TransportFailureInfo {
    if (kind === 'read-timeout') return { kind, timeoutSeconds: this.options.readTimeoutSeconds };
    if (kind === 'connect-timeout') return { kind, timeoutSeconds: this.options.connectTimeoutSeconds };
    return { kind };
  }

  /** What went wrong, from Node's error (read here and dropped). */
  private classify(err: unknown, req?: TimedRequest): TransportFailureInfo {
    const e = (err ?? {}) as ErrorLike;
    const marked = req?.[TIMEOUT_MARK];
    if (marked) return this.markedFailure(marked);
    const code = codeOf(err);
    if (code === 'ERR_CANCELED') return { kind: 'aborted' };
    if (code === 'ECONNREFUSED') return { kind: 'refused', code };
    if ((code && DROPPED.has(code)) || (typeof e.message === 'string' && /aborted|socket hang up/i.test(e.message))) {
      return { kind: 'reset', code: code ?? 'ECONNRESET' };
    }
    if (code && UNRESOLVED.has(code)) return { kind: 'dns', code };
    const info: TransportFailureInfo = { kind: 'network' };
    if (code) info.code = code;
    if (typeof e.message === 'string') info.detail = e.message;
    return info;
  }
}

function lowerCaseHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
