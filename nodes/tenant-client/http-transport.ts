/**
 * One tenant's HTTP, on axios and axios-retry: one axios instance with the tenant's keep-alive
 * agents, the Authorization header carried as any header, answers decoded by axios (`decompress`)
 * and capped in size once decoded (`maxContentLength`, `maxBodyLength`), redirects followed only
 * where a request asks, never with the Authorization header to another origin. Nothing axios
 * produces leaves this file: answers become plain `{statusCode, headers, body}` and failures a
 * TransportFailure (kind and code only), so no request, header or token can reach a flow.
 *
 * Retries (axios-retry): what is transient, for a request that changes nothing (GET, HEAD): a
 * connection refused, dropped or unresolved (once: a second in a row means the tenant or a proxy
 * is down, not a stale keep-alive socket) and a 5xx answer, with exponential backoff and jitter,
 * `Retry-After` honoured, as many as the exchange's `retries` (what is left of the request's
 * retries in the config node). 429s are not this file's job: they pause the tenant's lane in the
 * limiter (rate-limit-policy.ts).
 *
 * Timeouts: request-timers.ts, on the agents. Proxies: proxy-agents.ts.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { Readable } from 'node:stream';
import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import axiosRetry, { exponentialDelay, retryAfter } from 'axios-retry';
import type { HttpMethod } from '../shared/catalogue';
import { toText } from '../shared/to-text';
import type { FailureKind, TransportFailureInfo } from './error-mapping';
import { proxyAgentFor, proxyUrlFor } from './proxy-agents';
import { ANSWER_READ_TIMEOUTS, RequestTimers } from './request-timers';

export interface TransportOptions {
  connectTimeoutSeconds: number;
  readTimeoutSeconds: number;
  /** Idle keep-alive sockets kept (the tenant's concurrency cap). */
  maxSockets: number;
  /** The largest answer read whole, in bytes once decoded (and the largest request body). */
  maxResponseBytes: number;
  log?: (message: string) => void;
}

export interface Exchange {
  method: HttpMethod;
  /** Absolute URL, already checked to be on the tenant. */
  url: string;
  /** Authorization included. */
  headers: Record<string, string>;
  data?: string | FormData;
  /** Resolve at the response headers with the body as a stream. */
  stream: boolean;
  /** For a stream: the read (idle) timeout once the headers have arrived, instead of the transport's. */
  streamIdleTimeoutSeconds?: number;
  /** For a stream: the most bytes it may bring (default: no limit here; its reader keeps its own). */
  maxStreamBytes?: number;
  /** The caller's abort (required for a stream, which may outlive the call). `destroy()` ends every exchange either way. */
  signal?: AbortSignal;
  /** For a streamed body: turns a failure after the headers into the error the stream emits. */
  streamError?: (failure: TransportFailureInfo) => Error;
  /** Retries of a transient failure this exchange may use (GET and HEAD only); none when unset. */
  retries?: number;
  /** Redirects followed, at most `max`; with `origin`, only on that origin (a redirect elsewhere is the answer). */
  follow?: { max: number; origin?: string };
  /** Label for log lines (the operation). */
  label: string;
}

export interface ExchangeResult {
  statusCode: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer | Readable;
  /** Transient failures retried on the way. */
  retried: number;
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

/** A redirect to another origin, handed back as the answer instead of followed. */
class RedirectElsewhere extends Error {
  constructor(
    readonly statusCode: number,
    readonly headers: http.IncomingHttpHeaders,
  ) {
    super('redirect to another origin');
  }
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  request?: unknown;
  response?: unknown;
  config?: unknown;
}

/** The agents a request to one origin goes through. */
interface Route {
  httpAgent: http.Agent;
  httpsAgent: https.Agent | http.Agent;
}

/** What this file adds to axios's config (read back in its hooks). */
interface ExchangeConfig extends AxiosRequestConfig {
  auth0Label?: string;
}

const RETRY_STATE = 'axios-retry';
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_SOCKET']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
/** Requests that change nothing, so a repeat is harmless. PUT and DELETE are not: a DELETE whose answer was lost answers 404 when repeated. */
const REPEATABLE: ReadonlySet<string> = new Set(['get', 'head']);
/** 5xx answers that say "later", not "never" (501 Not Implemented and 505 do not get better). */
const TRANSIENT_STATUS = (status: number): boolean => status >= 500 && status <= 599 && status !== 501 && status !== 505;
/** A `Retry-After` longer than this is not waited for inside a request: the flow gets the 5xx. */
const MAX_RETRY_AFTER_MS = 30_000;
/**
 * Backoff steps before jitter (+0-20 %): 200 ms, 400 ms, 800 ms, …, or as long as `Retry-After`
 * says. Short, since the wait holds one of the tenant's concurrent slots.
 */
const DELAY_FACTOR_MS = 100;

function codeOf(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as ErrorLike;
  const cause = e.cause as ErrorLike | undefined;
  // Happy-eyeballs failures are an AggregateError whose codes sit on its members.
  const members = Array.isArray(cause?.errors) ? (cause.errors as ErrorLike[]) : Array.isArray(e.errors) ? (e.errors as ErrorLike[]) : [];
  for (const candidate of [cause?.code, e.code, ...members.map((m) => m.code)]) {
    if (typeof candidate === 'string' && candidate !== 'ERR_BAD_RESPONSE' && candidate !== 'ERR_NETWORK' && candidate !== 'ERR_BAD_REQUEST') return candidate;
  }
  return typeof e.code === 'string' ? e.code : undefined;
}

/** The first error along `err`'s causes that `test` accepts. */
function findCause<T>(err: unknown, test: (candidate: unknown) => candidate is T): T | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (test(current)) return current;
    current = (current as ErrorLike).cause;
  }
  return undefined;
}

/**
 * An answer's headers as a plain object, names in lower case, several values joined. Read straight
 * off the AxiosHeaders (each header is an own property of it, its methods are on the prototype)
 * or Node's headers, without the copy `toJSON` makes first: every answer of the tenant passes here.
 */
function lowerCaseHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === null || typeof headers !== 'object') return out;
  const source = headers as Record<string, unknown>;
  for (const name of Object.keys(source)) {
    const value = source[name];
    if (value === undefined || value === null || value === false) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : toText(value);
  }
  return out;
}

/** The answer an axios error carries, when it is one (a 5xx); not an answer cut short (axios attaches those too, without data). */
function answerOf(err: unknown): AxiosResponse | undefined {
  if (err instanceof TransportFailure) return undefined;
  const response = (err as ErrorLike | undefined)?.response as AxiosResponse | undefined;
  return response && response.data !== undefined ? response : undefined;
}

function retriedOf(config: unknown): number {
  const state = (config as Record<string, { retryCount?: number } | undefined> | undefined)?.[RETRY_STATE];
  return state?.retryCount ?? 0;
}

export class HttpTransport {
  private readonly options: TransportOptions;
  private readonly timers: RequestTimers;
  private readonly direct: Route;
  private readonly axios: AxiosInstance;
  /** By origin, decided at the first request (the environment's proxy variables are read then). */
  private readonly routes = new Map<string, Promise<Route>>();
  /** The last route decided, by its origin followed by `/`: a tenant's requests all go to one origin, found without a URL parse. */
  private lastRoute: { prefix: string; route: Route } | undefined;
  /** Proxy agents made, ended by destroy(). */
  private readonly proxyAgents = new Set<http.Agent>();
  /** Retry waits in progress, ended by destroy(). */
  private readonly waits = new Set<() => void>();
  private destroyed = false;

  constructor(options: TransportOptions) {
    this.options = options;
    this.timers = new RequestTimers(Math.max(1, Math.round(options.connectTimeoutSeconds * 1000)), Math.max(1, Math.round(options.readTimeoutSeconds * 1000)));
    // Keep-alive for the tenant's many small requests; an idle socket is closed after 15 s,
    // before most servers drop it, so a reused socket is rarely a stale one. The number of
    // requests at once is the limiter's business: the agent does not cap sockets, since a
    // streamed download keeps its socket after giving back its limiter slot.
    this.direct = {
      httpAgent: this.timers.attach(new http.Agent(this.agentOptions()), false),
      httpsAgent: this.timers.attach(new https.Agent(this.agentOptions()), false),
    };
    this.axios = axios.create({
      proxy: false,
      maxRedirects: 0,
      decompress: true,
      maxContentLength: options.maxResponseBytes,
      maxBodyLength: options.maxResponseBytes,
      // Below 500 every answer is the caller's to read; a 5xx goes through axios-retry first.
      validateStatus: (status) => status < 500,
      transformRequest: [(data: unknown) => data],
      transformResponse: [(data: unknown) => data],
    });
    const { requestInterceptorId } = axiosRetry(this.axios, {
      retries: 0,
      retryCondition: (err) => this.retryable(err),
      // The wait runs in onRetry, where destroy() and the caller's abort can end it.
      retryDelay: () => 0,
      onRetry: async (count, err, config) => {
        const response = answerOf(err);
        if (response?.data instanceof Readable) response.data.destroy();
        const label = (config as ExchangeConfig).auth0Label ?? 'request';
        const reason = response ? `HTTP ${response.status}` : `connection ${this.classify(err).kind === 'refused' ? 'refused' : 'failed'}`;
        const delay = exponentialDelay(count, err, DELAY_FACTOR_MS);
        this.options.log?.(`${label}: ${reason}, retrying in ${(delay / 1000).toFixed(1)} s (retry ${count})`);
        await this.pause(delay, config.signal as AbortSignal | undefined);
        if (this.destroyed) throw new TransportFailure({ kind: 'closed' });
      },
    });
    // axios-retry's request step only notes the attempt's start on the config and returns it: it
    // is synchronous, and marked so, axios sends at once instead of behind a chain of promises.
    const retryStep = this.axios.interceptors.request.handlers?.[requestInterceptorId];
    if (retryStep) retryStep.synchronous = true;
  }

  async send(exchange: Exchange): Promise<ExchangeResult> {
    if (this.destroyed) throw new TransportFailure({ kind: 'closed' });
    if (exchange.stream && !exchange.signal) throw new TypeError('a streamed exchange needs a signal');
    const known = this.lastRoute;
    const route = known && exchange.url.startsWith(known.prefix) ? known.route : await this.routeFor(new URL(exchange.url));
    const config: ExchangeConfig = {
      url: exchange.url,
      method: exchange.method,
      headers: exchange.headers,
      data: exchange.data,
      responseType: exchange.stream ? 'stream' : 'arraybuffer',
      httpAgent: route.httpAgent,
      httpsAgent: route.httpsAgent,
      [RETRY_STATE]: { retries: REPEATABLE.has(exchange.method.toLowerCase()) ? Math.max(0, exchange.retries ?? 0) : 0 },
      auth0Label: exchange.label,
    };
    if (exchange.signal) config.signal = exchange.signal;
    if (exchange.stream) config.maxContentLength = exchange.maxStreamBytes ?? -1;
    if (exchange.follow) this.following(config, exchange.follow);
    let response: AxiosResponse;
    try {
      response = await this.axios.request<unknown>(config);
    } catch (err) {
      const handedBack = findCause(err, (c): c is RedirectElsewhere => c instanceof RedirectElsewhere);
      if (handedBack)
        return { statusCode: handedBack.statusCode, headers: lowerCaseHeaders(handedBack.headers), body: Buffer.alloc(0), retried: retriedOf(config) };
      const answered = answerOf(err);
      // A 5xx not retried (any more) is an answer like any other.
      if (answered && !this.timers.markOf((err as ErrorLike).request)) response = answered;
      else throw new TransportFailure(exchange.signal?.aborted ? { kind: 'aborted' } : this.classify(err));
    }
    const headers = lowerCaseHeaders(response.headers);
    const retried = retriedOf(response.config);
    if (!exchange.stream) {
      const data: unknown = response.data;
      const body = Buffer.isBuffer(data) ? data : data instanceof ArrayBuffer ? Buffer.from(data) : Buffer.from(toText(data ?? ''), 'utf8');
      return { statusCode: response.status, headers, body, retried };
    }
    return { statusCode: response.status, headers, body: this.guardStream(response.data as Readable, response.request, exchange), retried };
  }

  /**
   * Ends every request on the wire (each fails as `closed`, and is not retried), every retry wait
   * and every socket of the tenant; later exchanges fail at once, unsent.
   */
  destroy(): void {
    this.destroyed = true;
    this.timers.destroyAll();
    for (const end of this.waits) end();
    this.waits.clear();
    this.direct.httpAgent.destroy();
    this.direct.httpsAgent.destroy();
    for (const agent of this.proxyAgents) agent.destroy();
  }

  private agentOptions(): http.AgentOptions {
    return { keepAlive: true, maxFreeSockets: this.options.maxSockets, timeout: 15_000 };
  }

  /** Redirects as `follow` says; the Authorization header never goes to another origin (axios drops it too). */
  private following(config: ExchangeConfig, follow: NonNullable<Exchange['follow']>): void {
    config.maxRedirects = follow.max;
    config.beforeRedirect = (options: Record<string, unknown>, responseDetails: { headers: http.IncomingHttpHeaders; statusCode: number }) => {
      const next = new URL(String(options.href));
      if (follow.origin !== undefined && next.origin !== follow.origin) throw new RedirectElsewhere(responseDetails.statusCode, responseDetails.headers);
      const headers = options.headers as Record<string, unknown> | undefined;
      if (headers && next.origin !== new URL(String(config.url)).origin) {
        for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
      }
    };
  }

  /** Whether axios-retry sends `err`'s request again (its count against `retries` is axios-retry's). */
  private retryable(err: AxiosError): boolean {
    if (this.destroyed) return false;
    const config = err.config;
    if (!config || !REPEATABLE.has(String(config.method ?? '').toLowerCase())) return false;
    if ((config.signal as AbortSignal | undefined)?.aborted) return false;
    if (this.timers.markOf(err.request)) return false; // a timeout: the service may be working on it still
    const answered = answerOf(err);
    if (answered) return TRANSIENT_STATUS(answered.status) && retryAfter(err) <= MAX_RETRY_AFTER_MS;
    const { kind } = this.classify(err);
    return (kind === 'reset' || kind === 'refused' || kind === 'dns') && retriedOf(config) === 0;
  }

  /** The wait before a retry; ended early by the caller's abort or by destroy(). */
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

  /** The agents for `url`'s origin (see proxy-agents.ts); a proxy variable that is not a URL fails the request, naming the variable. */
  private routeFor(url: URL): Promise<Route> {
    let route = this.routes.get(url.origin);
    if (!route) {
      route = this.decideRoute(url);
      this.routes.set(url.origin, route);
      const prefix = `${url.origin}/`;
      route.then(
        (decided) => {
          this.lastRoute = { prefix, route: decided };
        },
        () => undefined, // the request that asked gets the failure
      );
    }
    return route;
  }

  private async decideRoute(url: URL): Promise<Route> {
    let proxy: URL | undefined;
    try {
      proxy = proxyUrlFor(url);
    } catch (err) {
      throw new TransportFailure({ kind: 'network', code: 'EPROXY', detail: err instanceof Error ? err.message : 'invalid proxy' });
    }
    if (!proxy) return this.direct;
    const secure = url.protocol === 'https:';
    const agent = await proxyAgentFor(proxy, secure, { ...this.agentOptions(), connectSignal: (req) => this.timers.signalOf(req) });
    this.timers.attach(agent, secure);
    this.proxyAgents.add(agent);
    if (this.destroyed) agent.destroy();
    return secure ? { httpAgent: this.direct.httpAgent, httpsAgent: agent } : { httpAgent: agent, httpsAgent: this.direct.httpsAgent };
  }

  /**
   * A streamed body handed to the caller: axios's own stream, with no stream between it and the
   * reader (a pass-through cost a write, a transform and a push per chunk). Failures after the
   * headers (read timeout, dropped connection, abort, the size limit) reach it as the client's own
   * errors, never Node's or axios's: the stream's `destroy` and `emit('error')` are wrapped on this
   * one instance, so the error it emits and the one it holds (`errored`, what `finished` reports)
   * are the client's. The first failure is the one that counts.
   */
  private guardStream(source: Readable, req: unknown, exchange: Exchange): Readable {
    this.timers.streamed(req);
    // The socket's idle timer is re-armed with the stream's own length.
    if (exchange.streamIdleTimeoutSeconds !== undefined) this.timers.setReadTimeout(req, Math.max(1, Math.round(exchange.streamIdleTimeoutSeconds * 1000)));
    let finished = false;
    let failure: Error | undefined;
    const signal = exchange.signal as AbortSignal; // checked in send()
    const onAbort = (): void => {
      if (!finished) source.destroy();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      finished = true;
      signal.removeEventListener('abort', onAbort);
    };
    const clientError = (err: unknown): Error => {
      if (failure === undefined) {
        done();
        const marked = this.timers.markOf(req);
        const info: TransportFailureInfo = signal.aborted ? { kind: 'aborted' } : marked ? this.markedFailure(marked, req) : this.classify(err);
        failure = exchange.streamError ? exchange.streamError(info) : new TransportFailure(info);
      }
      return failure;
    };
    const destroy = source.destroy.bind(source) as (...args: unknown[]) => Readable;
    // Whatever else Node passes along (a callback) goes with it.
    source.destroy = (err?: Error, ...rest: unknown[]): Readable => destroy(err ? clientError(err) : err, ...rest);
    const emit = source.emit.bind(source);
    source.emit = (event: string | symbol, ...args: unknown[]): boolean => {
      if (event !== 'error') return emit(event, ...args);
      // axios emits an abort on the stream itself before destroying it: destroyed with the
      // client's error instead, so the stream holds that one too (emitted on the next tick).
      if (!source.destroyed) {
        source.destroy(clientError(args[0]));
        return true;
      }
      return emit('error', clientError(args[0]));
    };
    // Listened to until the caller listens: an early failure is never an unhandled 'error'.
    source.on('error', done);
    source.on('end', done);
    // The caller stopping early (destroying the stream) frees the socket with it.
    source.on('close', done);
    return source;
  }

  /** A request this transport ended itself: a timeout (with its length), or `destroy()`. */
  private markedFailure(kind: FailureKind, req: unknown): TransportFailureInfo {
    if (kind === 'read-timeout' && this.timers.wholeAnswerExpired(req))
      return { kind, timeoutSeconds: this.options.readTimeoutSeconds * ANSWER_READ_TIMEOUTS, wholeAnswer: true };
    if (kind === 'read-timeout') return { kind, timeoutSeconds: this.options.readTimeoutSeconds };
    if (kind === 'connect-timeout') return { kind, timeoutSeconds: this.options.connectTimeoutSeconds };
    return { kind };
  }

  /** What went wrong, from an axios error (read here and dropped). */
  private classify(err: unknown): TransportFailureInfo {
    if (err instanceof TransportFailure) return err.info;
    const e = (err ?? {}) as ErrorLike;
    const marked = this.timers.markOf(e.request);
    if (marked) return this.markedFailure(marked, e.request);
    const code = codeOf(err);
    const message = typeof e.message === 'string' ? e.message : '';
    if (/^maxContentLength size of \d+ exceeded$/.test(message)) return { kind: 'too-large', limitBytes: this.limitOf(e.config) };
    if (/maxBodyLength/.test(message))
      return { kind: 'network', code: 'EBODYTOOLARGE', detail: `the request body is larger than ${this.options.maxResponseBytes} bytes` };
    if (code === 'ERR_CANCELED') return { kind: 'aborted' };
    if (code === 'ECONNREFUSED') return { kind: 'refused', code };
    if ((code && DROPPED.has(code)) || /aborted|socket hang up/i.test(message)) return { kind: 'reset', code: code ?? 'ECONNRESET' };
    if (code && UNRESOLVED.has(code)) return { kind: 'dns', code };
    const info: TransportFailureInfo = { kind: 'network' };
    if (code) info.code = code;
    if (message) info.detail = message;
    return info;
  }

  private limitOf(config: unknown): number {
    const limit = (config as AxiosRequestConfig | undefined)?.maxContentLength;
    return typeof limit === 'number' && limit > 0 ? limit : this.options.maxResponseBytes;
  }
}
