/**
 * The per-tenant HTTP client an auth0-config node owns and every node of that tenant shares:
 * the host, the Management API token, the limiter, the retries and the error normalisation.
 * It knows nothing of Node-RED. Its policies live beside it, one job each: the 429s in
 * rate-limit-policy.ts, the 401s in token-refresh.ts, the status the nodes show in client-status.ts;
 * the retries of what is transient (a dropped connection, a 5xx to a GET) in http-transport.ts, on
 * axios-retry, counted against the same `retries` as the 429s.
 */
import { setMaxListeners } from 'node:events';
import type { TenantClientOptions } from './client-options';
import { ClientAuthentication } from './client-authentication';
import { type EncodedBody, encodeBody } from './request-body';
import { buildUrl, checkHeaders } from './request-target';
import {
  type ErrorContext,
  type TransportFailureInfo,
  bodyValue,
  malformedJsonError,
  networkError,
  rateLimitError,
  responseError,
  successBody,
} from './error-mapping';
import { ClientStatusPublisher, errorStatusText } from './client-status';
import { type Exchange, HttpTransport, TransportFailure, type ExchangeResult } from './http-transport';
import { type AcquireOptions, type Lane, type Release, TenantLimiter, type WaiterErrors } from './limiter';
import { RateLimitPolicy } from './rate-limit-policy';
import { Redactor, secretValuesOf } from './redact';
import { telemetryHeader, userAgent } from './telemetry';
import { TokenRefresh } from './token-refresh';
import { plainHttpRefusal } from './plain-http';
import { ManagementTokenProvider, type FetchedToken } from './token-provider';
import { Auth0Error, ConfigError, InputError } from '../shared/errors';
import type { SharedTokenStore } from '../shared-state/shared-token';
import { sharedBudgetFor, sharedTokenFor } from './tenant-sharing';
import type { SharedBudget } from '../shared-state/shared-budget';
import { rateLimitLane } from './endpoint-class';
import { registerSharedState } from '../shared-state/client-registry';
import type { Auth0Response, ClientStatus, RequestSpec, TenantClient } from '../shared/http-types';
import type { HttpMethod } from '../shared/catalogue';

/** Test seams; a config node never passes these. */
export interface TenantClientInternals {
  /** Clock for token expiry (tests move it forward instead of waiting hours). */
  now?: () => number;
}

const DEFAULTS = { connectTimeout: 5, readTimeout: 5, retries: 3, maxConcurrent: 4, maxResponseSize: 32 };
const MAX_REDIRECTS = 5;
/** The most of a streamed request's error answer read (its message is all it is read for). */
const MAX_STREAMED_ERROR_BYTES = 64 * 1024;
const TOKEN_OPERATION = 'management token (client credentials)';
const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The rate-limit bucket a request draws from: the Authentication API, or a Management API endpoint class. */
function laneOf(method: HttpMethod, path: string): Lane {
  return rateLimitLane(method, path);
}

/** A host name or IPv4 address, or a bracketed IPv6 address, each with an optional port. */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:]+\])(?::\d{1,5})?$/i;

/** The one check of a tenant's domain: nothing but a host (and port) can become the base URL. */
function checkDomain(domain: unknown, protocol: string): { host: string; baseUrl: string; error?: ConfigError } {
  const host = typeof domain === 'string' ? domain.trim() : '';
  const baseUrl = `${protocol}://${host}`;
  let ok = HOST_PATTERN.test(host);
  if (ok) {
    try {
      ok = new URL(baseUrl).host.toLowerCase() === host.toLowerCase();
    } catch {
      ok = false;
    }
  }
  if (!ok)
    return { host, baseUrl, error: new ConfigError(`auth0-config: the domain "${host}" is not a host name (such as my-tenant.eu.auth0.com, or host:port)`) };
  const refusal = plainHttpRefusal(protocol, host);
  return refusal ? { host, baseUrl, error: new ConfigError(refusal) } : { host, baseUrl };
}

/** What a RequestSpec becomes once checked: the URL, its extra headers, the encoded body, a user's token. */
interface PreparedRequest {
  url: string;
  extraHeaders: Record<string, string>;
  body: EncodedBody;
  userToken: string | undefined;
}

/** A user's own token for an `auth: 'none'` request (GET /userinfo), checked; never with the management token. */
function checkBearerToken(spec: RequestSpec): string | undefined {
  if (spec.bearerToken === undefined) return undefined;
  if (spec.auth !== 'none') throw new InputError('bearerToken', "a user's access token can only be sent on a request with auth 'none'");
  if (typeof spec.bearerToken !== 'string' || spec.bearerToken === '') throw new InputError('bearerToken', 'the access token is missing');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(spec.bearerToken)) throw new InputError('bearerToken', 'the access token contains spaces or control characters');
  return spec.bearerToken;
}

/**
 * What errors about one request are made with. Its redactor (the client's secrets, the known
 * tokens and this request's own secrets) is built only when an error or a log line needs it:
 * most requests never do, and building it copies every secret.
 */
class RequestContext implements ErrorContext {
  private built: Redactor | undefined;

  constructor(
    readonly operation: string,
    readonly host: string,
    private readonly base: Redactor,
    private readonly tokens: ManagementTokenProvider,
    private readonly secrets: string[],
    /** The scopes the operation needs (a 403 names them). */
    readonly scopes?: readonly string[],
  ) {}

  get redactor(): Redactor {
    this.built ??= this.base.with([...this.tokens.knownTokens(), ...this.secrets]);
    return this.built;
  }

  /** One more secret of this request (the token it was sent with). */
  addSecret(secret: string): void {
    if (this.built) this.built.add(secret);
    else this.secrets.push(secret);
  }
}

/** A streamed request's own abort signal, made once it holds a slot (while queued, the limiter and close() end it). */
interface HeldAbort {
  controller?: AbortController;
  abort?: () => void;
}

class Auth0TenantClient implements TenantClient {
  readonly baseUrl: string;
  readonly domain: string;
  /** The tenant's origin, the only one a redirect is followed to. */
  private readonly origin: string;

  private readonly options: TenantClientOptions;
  private readonly configError: ConfigError | undefined;
  private readonly retries: number;
  private readonly connectTimeout: number;
  private readonly readTimeout: number;
  private readonly transport: HttpTransport;
  private readonly limiter: TenantLimiter;
  private readonly tokens: ManagementTokenProvider;
  private readonly authentication: ClientAuthentication;
  /** The token shared with the other processes of the tenant (Redis), when configured. */
  private readonly sharedToken: SharedTokenStore | undefined;
  /** The rate-limit budget shared with the other processes of the tenant (Redis), when configured. */
  private readonly budget: SharedBudget | undefined;
  private readonly redactor: Redactor;
  private readonly baseHeaders: Record<string, string>;
  /** Aborted by close(): ends the token fetch (requests end through `inFlight` and the transport). */
  private readonly lifetime = new AbortController();
  /** Each streamed request's own controller, from its first exchange to the call's end; close() aborts them. */
  private readonly inFlight = new Set<AbortController>();
  private lastBearer: { token: string; value: string } | undefined;
  private readonly status: ClientStatusPublisher;
  private closed = false;

  constructor(options: TenantClientOptions, internals: TenantClientInternals = {}) {
    this.options = options;
    const protocol = options.protocol === 'http' ? 'http' : 'https';
    const { host, baseUrl, error } = checkDomain(options.domain, protocol);
    this.domain = host;
    this.baseUrl = baseUrl;
    this.origin = error ? '' : new URL(baseUrl).origin;
    this.configError = error ?? options.sharedStateError;
    setMaxListeners(0, this.lifetime.signal);
    this.retries = Math.min(10, Math.max(0, Math.floor(Number.isFinite(options.retries) ? options.retries : DEFAULTS.retries)));
    this.connectTimeout = positive(options.connectTimeout, DEFAULTS.connectTimeout);
    this.readTimeout = positive(options.readTimeout, DEFAULTS.readTimeout);
    const maxConcurrent = Math.max(1, Math.floor(positive(options.maxConcurrent, DEFAULTS.maxConcurrent)));

    this.redactor = new Redactor([options.token, options.clientSecret, options.privateKey]);
    this.authentication = new ClientAuthentication(options, host);
    this.transport = new HttpTransport({
      connectTimeoutSeconds: this.connectTimeout,
      readTimeoutSeconds: this.readTimeout,
      maxSockets: maxConcurrent,
      maxResponseBytes: Math.round(positive(options.maxResponseSize, DEFAULTS.maxResponseSize) * 1024 * 1024),
      log: (message) => this.debug(message),
    });
    const limiterOptions: ConstructorParameters<typeof TenantLimiter>[0] = { maxConcurrent, onChange: () => this.status.refresh() };
    if (options.requestsPerSecond) limiterOptions.requestsPerSecond = options.requestsPerSecond;
    this.limiter = new TenantLimiter(limiterOptions);
    this.status = new ClientStatusPublisher((now) => this.limiter.snapshot(now));

    this.sharedToken = sharedTokenFor(options, host, (level, message) => this.log(level, message));
    this.budget = sharedBudgetFor(options, (level, message) => this.log(level, message));
    if (options.shared) registerSharedState(this, options.shared);
    const tokenOptions: ConstructorParameters<typeof ManagementTokenProvider>[0] = {
      domain: host,
      fetchToken: () => (this.sharedToken ? this.sharedToken.fetch(() => this.fetchToken()) : this.fetchToken()),
      abortError: () => networkError({ kind: 'aborted' }, false, this.context(TOKEN_OPERATION)),
      log: (level, message) => this.log(level, message),
    };
    if (options.token) tokenOptions.staticToken = options.token;
    if (options.clientId) tokenOptions.clientId = options.clientId;
    if (options.clientSecret) tokenOptions.clientSecret = options.clientSecret;
    if (options.privateKey) tokenOptions.privateKey = options.privateKey;
    if (internals.now) tokenOptions.now = internals.now;
    this.tokens = new ManagementTokenProvider(tokenOptions);

    this.baseHeaders = { Accept: 'application/json, text/plain, */*', 'User-Agent': userAgent() };
    if (options.telemetry !== false) this.baseHeaders['Auth0-Client'] = telemetryHeader(options.nodeRedVersion);
  }

  defaultCredential(name: 'clientId' | 'clientSecret'): string | undefined {
    return name === 'clientId' ? this.options.clientId : this.options.clientSecret;
  }

  clientAssertion(): string | undefined {
    return this.authentication.assertion();
  }

  async getManagementToken(signal?: AbortSignal): Promise<string> {
    if (this.closed) throw this.closedError(TOKEN_OPERATION);
    if (this.configError) throw this.configError;
    try {
      return await this.tokens.get(signal);
    } catch (err) {
      throw this.closed ? this.closedError(TOKEN_OPERATION) : err;
    }
  }

  onStatus(listener: (status: ClientStatus) => void): () => void {
    return this.status.onStatus(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.status.close();
    this.lifetime.abort();
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
    this.limiter.close();
    this.transport.destroy();
  }

  async request<T = unknown>(spec: RequestSpec): Promise<Auth0Response<T>> {
    const operation = spec.operation ?? `${spec.method} ${typeof spec.path === 'string' ? spec.path : '?'}`;
    if (this.closed) throw this.closedError(operation);
    if (this.configError) throw this.configError;
    const url = buildUrl(this.baseUrl, spec.path, spec.queryLists ? { ...spec.query, ...spec.queryLists } : spec.query);
    const extraHeaders = checkHeaders(spec.headers);
    const body = encodeBody(spec);
    if (spec.auth === 'management') {
      const missing = this.tokens.missingCredentials();
      if (missing) throw missing;
    }
    const userToken = checkBearerToken(spec);
    const bodySecrets = [
      ...secretValuesOf(spec.contentType === 'multipart' ? (spec.body as { fields?: unknown })?.fields : spec.body),
      ...(spec.secrets ?? []),
    ];
    const ctx = this.context(operation, userToken ? [...bodySecrets, userToken] : bodySecrets, spec.scopes);

    // A request is ended by the caller's signal (node closing) and by close() (config closing:
    // the token fetch is aborted, the limiter closed, the transport's requests destroyed), with no
    // signal of its own: only a streamed answer gets one (`exchangeSignal`).
    // Every queued request listens to the caller's signal: a burst of 1,000 is expected, not a leak.
    if (spec.signal) setMaxListeners(0, spec.signal);
    const held: HeldAbort = {};
    try {
      return await this.run<T>(spec, { url, extraHeaders, body, userToken }, ctx, held);
    } catch (err) {
      throw this.closed && !(err instanceof InputError) ? this.closedError(operation) : err;
    } finally {
      if (held.controller) {
        if (held.abort) spec.signal?.removeEventListener('abort', held.abort);
        this.inFlight.delete(held.controller);
      }
    }
  }

  /**
   * The signal a streamed request's exchanges run under, aborted by the caller's signal or by
   * close(). close() aborts the requests in `inFlight`, rather than each one listening to the
   * client's signal: a listener list of 1,000 requests costs a walk of it on every add and remove.
   */
  private exchangeSignal(spec: RequestSpec, held: HeldAbort): AbortSignal {
    if (!held.controller) {
      const controller = new AbortController();
      held.controller = controller;
      this.inFlight.add(controller);
      if (spec.signal) {
        held.abort = (): void => controller.abort();
        spec.signal.addEventListener('abort', held.abort, { once: true });
      }
      // Closed or aborted between the slot being given and now: the exchange fails at once, unsent.
      if (this.closed || spec.signal?.aborted) controller.abort();
    }
    return held.controller.signal;
  }

  /** Attempts until an answer that is not a 429 to retry or a 401 to refresh. */
  private async run<T>(spec: RequestSpec, prepared: PreparedRequest, ctx: RequestContext, held: HeldAbort): Promise<Auth0Response<T>> {
    const { url, extraHeaders, body, userToken } = prepared;
    const lane = laneOf(spec.method, spec.path);
    const rateLimit = new RateLimitPolicy(this.limiter, lane, this.retries, (message) => this.debug(message));
    const refresh = new TokenRefresh(this.tokens);
    for (;;) {
      let token = userToken;
      if (spec.auth === 'management') {
        // The token at hand needs no wait (most requests): no await of the provider's promise.
        token = this.tokens.ready() ?? (await this.tokenFor(ctx, spec.signal));
        ctx.addSecret(token);
      }
      // Without Redis the limiter's slot is all there is to wait for, and a free one is taken without a wait.
      const free = this.budget ? undefined : this.limiter.tryAcquire(lane, spec.signal);
      const { release, sharedPacing } = free
        ? { release: free, sharedPacing: false }
        : await this.queuedSlot(lane, spec.signal, rateLimit.retries > 0 || refresh.used, ctx);
      let result: ExchangeResult;
      try {
        const headers: Record<string, string> = { ...this.baseHeaders, ...extraHeaders };
        if (body.contentType) headers['Content-Type'] = body.contentType;
        // A streamed answer may outlive this call: it gets a signal of its own. Any other
        // exchange runs under the caller's signal; close() ends it through the transport.
        const exchangeSignal = spec.responseType === 'stream' ? this.exchangeSignal(spec, held) : spec.signal;
        if (token) headers.Authorization = this.bearer(token);
        result = await this.exchange(spec, url, headers, body.data, ctx, exchangeSignal, this.retries - rateLimit.retries);
        rateLimit.retries += result.retried;
      } catch (err) {
        if (!(err instanceof TransportFailure)) {
          release();
          throw err;
        }
        this.limiter.unanswered(lane);
        if (sharedPacing) this.budget?.unanswered(lane);
        const failure = err.info.kind === 'aborted' && this.closed ? { kind: 'closed' as const } : err.info;
        if (failure.kind !== 'aborted' && failure.kind !== 'closed') this.status.lastError = errorStatusText(failure);
        release();
        throw networkError(failure, STATE_CHANGING.has(spec.method), ctx);
      }
      // Everything the answer says about the tenant is applied before the slot is given back,
      // so no queued request slips out between a 429 and the pause it calls for.
      const applied = rateLimit.apply(ctx.operation, result.statusCode, result.headers, {
        ownLimit: spec.ownRateLimit === true,
        ...(sharedPacing && this.budget ? { shared: this.budget } : {}),
      });
      const { limits, retry, said } = applied instanceof Promise ? await applied : applied;
      if (result.statusCode >= 500) this.status.lastError = `HTTP ${result.statusCode}`;
      else if (result.statusCode !== 429) this.status.lastError = undefined;
      // A streamed body holds no slot while the caller reads it (a slow reader must not stall the tenant).
      release();

      if (result.statusCode === 429) {
        const errorBody = await this.readBody(result, ctx);
        if (retry) continue;
        this.debug(`${ctx.operation}: still rate limited after ${rateLimit.retries} retries, giving up`);
        throw rateLimitError(errorBody, rateLimit.retries, said?.resetAt, ctx);
      }

      if (refresh.shouldRetry(result.statusCode, spec.auth, token)) {
        await this.readBody(result, ctx);
        if (token !== undefined) this.sharedToken?.rejected(token);
        this.debug(`${ctx.operation}: token rejected (401), fetching a fresh one and retrying once`);
        continue;
      }

      if (result.statusCode >= 400) {
        const errorBody = await this.readBody(result, ctx);
        throw responseError(result.statusCode, errorBody, ctx);
      }
      return {
        statusCode: result.statusCode,
        headers: result.headers,
        data: this.responseData(result, spec, ctx) as T,
        rateLimit: limits,
      };
    }
  }

  /** A slot waited for in the limiter's queue (retries first), and with Redis in the shared budget. */
  private queuedSlot(lane: Lane, signal: AbortSignal | undefined, priority: boolean, ctx: ErrorContext): Promise<{ release: Release; sharedPacing: boolean }> {
    const errors = this.waiterErrors(ctx);
    const acquireOptions: AcquireOptions = { priority, errors };
    if (signal) acquireOptions.signal = signal;
    if (this.budget) return this.slot(lane, acquireOptions, errors);
    return this.limiter.acquire(lane, acquireOptions).then((release) => ({ release, sharedPacing: false }));
  }

  /**
   * A local slot, and with Redis a token of the lane's shared budget (`sharedPacing`). A request
   * whose class has no token yet gives its slot back while it waits, so it holds up no other
   * class; with Redis away the local limiter alone paces (sharedPacing false).
   */
  private async slot(lane: Lane, acquireOptions: AcquireOptions, errors: WaiterErrors): Promise<{ release: Release; sharedPacing: boolean }> {
    for (;;) {
      const release = await this.limiter.acquire(lane, acquireOptions);
      if (!this.budget) return { release, sharedPacing: false };
      let waitMs: number;
      try {
        waitMs = await this.budget.take(lane);
      } catch (err) {
        release();
        throw err;
      }
      if (waitMs <= 0) return { release, sharedPacing: waitMs === 0 };
      release();
      await this.budget.wait(waitMs, acquireOptions.signal, () => errors.aborted());
      if (this.closed) throw errors.closed();
    }
  }

  /** One request; redirects followed only when asked, and only on the tenant's own origin (a redirect elsewhere is the answer). */
  private exchange(
    spec: RequestSpec,
    url: string,
    headers: Record<string, string>,
    data: string | FormData | undefined,
    ctx: ErrorContext,
    signal: AbortSignal | undefined,
    retries: number,
  ): Promise<ExchangeResult> {
    const exchange: Exchange = {
      method: spec.method,
      url,
      headers,
      data,
      stream: spec.responseType === 'stream',
      retries,
      label: ctx.operation,
      streamError: (failure: TransportFailureInfo) => networkError(failure, false, ctx),
    };
    if (spec.streamIdleTimeout !== undefined) exchange.streamIdleTimeoutSeconds = spec.streamIdleTimeout;
    if (signal) exchange.signal = signal;
    if (spec.followRedirects === true) exchange.follow = { max: MAX_REDIRECTS, origin: this.origin };
    return this.transport.send(exchange);
  }

  private responseData(result: ExchangeResult, spec: RequestSpec, ctx: ErrorContext): unknown {
    if (!(result.body instanceof Buffer)) return result.body;
    switch (spec.responseType) {
      case 'buffer':
        return result.body;
      case 'text':
        return result.body.toString('utf8');
      default: {
        const parsed = successBody(result.body, result.headers['content-type']);
        if (parsed.malformed) throw malformedJsonError(result.statusCode, STATE_CHANGING.has(spec.method), ctx);
        return parsed.value;
      }
    }
  }

  /** An error response's body (read whole even when the caller asked for a stream). */
  private async readBody(result: ExchangeResult, ctx: ErrorContext): Promise<unknown> {
    const stream = result.body;
    if (Buffer.isBuffer(stream)) return bodyValue(stream, result.headers['content-type']);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      // Only the first MAX_STREAMED_ERROR_BYTES are kept, so only they are read: an endless (or
      // bomb-sized) error body from a hostile host must not hold the request open.
      for await (const chunk of stream) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
        chunks.push(buf.subarray(0, MAX_STREAMED_ERROR_BYTES - size));
        size += buf.length;
        if (size >= MAX_STREAMED_ERROR_BYTES) {
          this.debug(`${ctx.operation}: the error response's body is longer than ${MAX_STREAMED_ERROR_BYTES / 1024} KB; the rest was not read`);
          break;
        }
      }
    } catch {
      this.debug(`${ctx.operation}: the error response's body could not be read completely`);
    } finally {
      stream.destroy();
    }
    return bodyValue(Buffer.concat(chunks), result.headers['content-type']);
  }

  private async tokenFor(ctx: ErrorContext, signal: AbortSignal | undefined): Promise<string> {
    try {
      return await this.tokens.get(signal);
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      if (this.closed) throw this.closedError(ctx.operation);
      if (signal?.aborted) throw networkError({ kind: 'aborted' }, false, ctx);
      // The shared fetch's error, made the caller's own (fresh object, the caller's operation).
      const e = err instanceof Auth0Error ? err : new Auth0Error('unknown failure', { statusCode: 0 });
      this.status.lastError = 'token failed';
      this.status.refresh();
      const details: ConstructorParameters<typeof Auth0Error>[1] = { statusCode: e.statusCode, operation: ctx.operation };
      if (e.errorCode !== undefined) details.errorCode = e.errorCode;
      if (e.error !== undefined) details.error = e.error;
      if (e.resetAt !== undefined) details.resetAt = e.resetAt;
      const reason = e.message.startsWith(`${TOKEN_OPERATION}: `) ? e.message.slice(TOKEN_OPERATION.length + 2) : e.message;
      return Promise.reject(new Auth0Error(ctx.redactor.scrub(`could not get a Management API token: ${reason}`), details));
    }
  }

  /** The client-credentials grant, through the same limiter and error handling as any request. */
  private async fetchToken(): Promise<FetchedToken> {
    const audience = this.options.audience || `https://${this.domain}/api/v2/`;
    this.debug(`fetching a management token for ${audience}`);
    const response = await this.request<unknown>({
      method: 'POST',
      path: '/oauth/token',
      auth: 'none',
      contentType: 'json',
      body: this.authentication.clientCredentialsBody(audience),
      signal: this.lifetime.signal,
      operation: TOKEN_OPERATION,
    });
    const data = response.data as { access_token?: unknown; expires_in?: unknown } | undefined;
    const accessToken = data && typeof data === 'object' ? data.access_token : undefined;
    if (typeof accessToken !== 'string' || accessToken === '') {
      throw new Auth0Error(`${TOKEN_OPERATION}: the token endpoint answered without an access_token`, {
        statusCode: response.statusCode,
        errorCode: 'invalid_token_response',
        operation: TOKEN_OPERATION,
      });
    }
    this.redactor.add(accessToken);
    const expiresIn = Number(data?.expires_in);
    return { accessToken, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 86_400 };
  }

  /** `Bearer <token>`, joined once per token (a management token is several KB). */
  private bearer(token: string): string {
    if (this.lastBearer?.token !== token) this.lastBearer = { token, value: `Bearer ${token}` };
    return this.lastBearer.value;
  }

  /** The context errors are made in; its redactor is built only when an error or log line needs it. */
  private context(operation: string, secrets: string[] = [], scopes?: readonly string[]): RequestContext {
    return new RequestContext(operation, this.domain, this.redactor, this.tokens, secrets, scopes);
  }

  private waiterErrors(ctx: ErrorContext): WaiterErrors {
    return {
      aborted: () => (this.closed ? this.closedError(ctx.operation) : networkError({ kind: 'aborted' }, false, ctx)),
      closed: () => this.closedError(ctx.operation),
    };
  }

  private closedError(operation: string): Auth0Error {
    return networkError({ kind: 'closed' }, false, { operation, host: this.domain, redactor: this.redactor });
  }

  private debug(message: string): void {
    this.log('debug', message);
  }

  private log(level: 'debug' | 'warn', message: string): void {
    if (!this.options.log) return;
    try {
      this.options.log(level, this.redactor.with(this.tokens?.knownTokens() ?? []).scrub(message));
    } catch {
      // A failing logger must not fail requests.
    }
  }
}

/** The tenant's client. Never throws: an unusable configuration fails each request with a ConfigError instead. */
export function createTenantClient(options: TenantClientOptions, internals?: TenantClientInternals): TenantClient {
  return new Auth0TenantClient(options, internals);
}
