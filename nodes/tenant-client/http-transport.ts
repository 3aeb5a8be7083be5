/**
 * One HTTP exchange on axios, with separate connect and read timeouts, and the tenant's
 * keep-alive agents. Nothing axios produces leaves this file: responses become plain
 * `{statusCode, headers, body}` and failures become TransportFailure (kind and code only), so
 * no axios error with its config, headers and token can ever reach a flow.
 *
 * Timeouts, on each request's socket (axios's own `timeout` is not used: with its default transport
 * it is a wall clock from the start, which would mix the two):
 * - connect: from socket creation (DNS lookup included) to `connect` (`secureConnect` for TLS);
 * - read: once connected, the longest silence while waiting for and reading the response
 *   (`ClientRequest#setTimeout`, an idle timer, so a long download that keeps flowing is not cut).
 * A reused keep-alive socket is already connected: only the read timeout applies.
 *
 * axios-retry is used where it fits: one quick retry of a GET whose connection was refused or
 * dropped (a stale keep-alive socket, a restarting proxy), inside the same limiter slot. 429s are
 * not its job: see client.ts.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { TLSSocket } from 'node:tls';
import axios, { AxiosHeaders, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';
import type { HttpMethod } from '../shared/catalogue';
import type { FailureKind, TransportFailureInfo } from './error-mapping';
import { toText } from '../shared/to-text';

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

/** What axios calls instead of http(s).request. */
interface TimedTransport {
  request(options: http.RequestOptions, callback: (res: http.IncomingMessage) => void): http.ClientRequest;
}

const TIMEOUT_MARK = Symbol('auth0.timeoutKind');

type TimedRequest = http.ClientRequest & { [TIMEOUT_MARK]?: FailureKind };

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  request?: unknown;
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

// axios's own cleaning of a header value, where it sets it and again where it sends it.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000a-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const NOT_BYTE_STRING = /[^\u0009\u0020-\u007e\u0080-\u00ff]+/g;
const EDGE_SPACES = /^[ \t]+|[ \t]+$/g;

/** A header value exactly as axios would send it (control characters dropped, spaces and tabs trimmed). */
export function headerValueAsAxiosSends(value: string): string {
  const set = value.replace(CONTROL_CHARS, '').replace(EDGE_SPACES, '');
  return set.replace(NOT_BYTE_STRING, '').replace(EDGE_SPACES, '');
}

const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_SOCKET']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);

export class HttpTransport {
  private readonly connectMs: number;
  private readonly readMs: number;
  private readonly options: TransportOptions;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly axios: AxiosInstance;
  /** The timed http(s).request axios calls, for requests with no Authorization header. */
  private readonly timed: TimedTransport;
  /** The last Authorization value and its transport: the token is the same for hours. */
  private authorized: { value: string; transport: TimedTransport } | undefined;
  /** Every request on the wire, so that `destroy()` can end them (marked closed). */
  private readonly live = new Set<TimedRequest>();
  private destroyed = false;

  constructor(options: TransportOptions) {
    this.options = options;
    this.connectMs = Math.max(1, Math.round(options.connectTimeoutSeconds * 1000));
    this.readMs = Math.max(1, Math.round(options.readTimeoutSeconds * 1000));
    this.timed = this.timedTransport();
    // Keep-alive for the tenant's many small requests; an idle socket is closed after 15 s,
    // before most servers drop it, so a reused socket is rarely a stale one. The number of
    // requests at once is the limiter's business: the agent does not cap sockets, since a
    // streamed download keeps its socket after giving back its limiter slot.
    const agentOptions = { keepAlive: true, maxFreeSockets: options.maxSockets, timeout: 15_000 };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
    this.axios = axios.create({
      validateStatus: () => true,
      maxRedirects: 0,
      transformResponse: [(data: unknown) => data],
      // Proxies from HTTP(S)_PROXY / NO_PROXY stay as axios does them.
    });
    axiosRetry(this.axios, {
      retries: 1,
      retryCondition: (err) => {
        if (this.destroyed) return false;
        if (String(err.config?.method ?? '').toUpperCase() !== 'GET') return false;
        if ((err.config?.signal as AbortSignal | undefined)?.aborted) return false;
        const kind = this.classify(err).kind;
        return kind === 'reset' || kind === 'refused';
      },
      retryDelay: () => 100 + Math.floor(Math.random() * 200),
      onRetry: (_count, err, config) => {
        const label = (config as AxiosRequestConfig & { auth0Label?: string }).auth0Label ?? 'request';
        this.options.log?.(`${label}: connection ${this.classify(err).kind === 'refused' ? 'refused' : 'dropped'}, retrying the GET once`);
      },
    });
  }

  /**
   * The Authorization header does not go through axios: axios cleans every header value with
   * regular expressions on each request, and a management token with many scopes is several KB
   * long, so that cleaning cost more than the rest of the request. The value is cleaned the same
   * way once per token, and the transport adds it to the request axios makes (same bytes sent).
   */
  private transportFor(authorization: string | undefined): TimedTransport {
    if (authorization === undefined) return this.timed;
    if (this.authorized?.value !== authorization) {
      this.authorized = { value: authorization, transport: this.timedTransport(headerValueAsAxiosSends(authorization)) };
    }
    return this.authorized.transport;
  }

  async send(exchange: Exchange): Promise<ExchangeResult> {
    if (this.destroyed) throw new TransportFailure({ kind: 'closed' });
    if (exchange.stream && !exchange.signal) throw new TypeError('a streamed exchange needs a signal');
    const config: AxiosRequestConfig & { auth0Label: string } = {
      url: exchange.url,
      method: exchange.method,
      headers: exchange.headers,
      data: exchange.data,
      responseType: exchange.stream ? 'stream' : 'arraybuffer',
      signal: exchange.signal,
      httpAgent: this.httpAgent,
      httpsAgent: this.httpsAgent,
      transport: this.transportFor(exchange.authorization),
      maxRedirects: 0,
      auth0Label: exchange.label,
    };
    let response;
    try {
      response = await this.axios.request<unknown>(config);
    } catch (err) {
      throw new TransportFailure(exchange.signal?.aborted ? { kind: 'aborted' } : this.classify(err));
    }
    const headers = lowerCaseHeaders(response.headers);
    if (!exchange.stream) {
      const data = response.data;
      const body = Buffer.isBuffer(data) ? data : data instanceof ArrayBuffer ? Buffer.from(data) : Buffer.from(toText(data ?? ''), 'utf8');
      return { statusCode: response.status, headers, body };
    }
    return { statusCode: response.status, headers, body: this.guardStream(response.data as Readable, response.request as TimedRequest, exchange) };
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
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * The transport axios calls instead of http(s).request: the same call, plus the timers.
   * axios gets no `timeout` of its own (with its default transport that is a wall clock from the
   * start, mixing connect and read).
   */
  private timedTransport(authorization?: string): TimedTransport {
    const connectMs = this.connectMs;
    const readMs = this.readMs;
    const live = this.live;
    return {
      request(options, callback) {
        if (authorization !== undefined) options.headers = { ...options.headers, Authorization: authorization };
        const module = options.protocol === 'https:' ? https : http;
        const req: TimedRequest = module.request(options, callback);
        live.add(req);
        req.once('close', () => live.delete(req));
        const fail = (kind: FailureKind): void => {
          if (req[TIMEOUT_MARK] || req.destroyed) return;
          req[TIMEOUT_MARK] = kind;
          req.destroy(Object.assign(new Error(kind), { code: kind === 'connect-timeout' ? 'ECONNTIMEOUT' : 'ETIMEDOUT' }));
        };
        // The read timer is ClientRequest#setTimeout (an idle timer on the socket), armed once
        // connected (TLS handshake included; until then the connect timer alone decides). axios,
        // given no `timeout`, resets the socket's timeout in its own 'socket'/'connect' listeners,
        // which run after these: so the timer is armed on the next tick.
        let isConnected = false;
        const armRead = (): void => {
          isConnected = true;
          if (!req.destroyed) req.setTimeout(readMs);
        };
        req.on('timeout', () => {
          if (isConnected) fail('read-timeout');
        });
        req.once('socket', (socket: Socket) => {
          if (!socket.connecting) {
            process.nextTick(armRead); // a kept-alive socket
            return;
          }
          const connectedEvent = socket instanceof TLSSocket ? 'secureConnect' : 'connect';
          const timer = setTimeout(() => fail('connect-timeout'), connectMs);
          const connected = (): void => {
            clearTimeout(timer);
            process.nextTick(armRead);
          };
          socket.once(connectedEvent, connected);
          req.once('close', () => {
            clearTimeout(timer);
            socket.removeListener(connectedEvent, connected);
          });
        });
        return req;
      },
    };
  }

  /**
   * A streamed body handed to the caller: failures after the headers (read timeout, dropped
   * connection, abort) reach the stream as the client's own errors, never Node's or axios's.
   */
  private guardStream(source: Readable, req: TimedRequest | undefined, exchange: Exchange): Readable {
    const out = new PassThrough();
    // The socket's idle timer is re-armed with the stream's own length (the 'timeout' listener stays).
    if (exchange.streamIdleTimeoutSeconds !== undefined && req && !req.destroyed)
      req.setTimeout(Math.max(1, Math.round(exchange.streamIdleTimeoutSeconds * 1000)));
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
      const marked = req?.[TIMEOUT_MARK];
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

  /** What went wrong, from an axios error (read here and dropped). */
  private classify(err: unknown): TransportFailureInfo {
    const e = (err ?? {}) as ErrorLike;
    const marked = (e.request as TimedRequest | undefined)?.[TIMEOUT_MARK];
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

function lowerCaseHeaders(headers: unknown): Record<string, string> {
  const plain = headers instanceof AxiosHeaders ? headers.toJSON() : ((headers ?? {}) as Record<string, unknown>);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(plain)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : toText(value);
  }
  return out;
}
