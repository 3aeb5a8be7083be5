/**
 * The HTTP server: matches a route, applies faults, rate limiting and the
 * management token check, parses the body, runs the handler, writes the
 * answer in Auth0's shapes and the management log events.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { parseBody } from './body';
import { checkBodyAgainstDescription, prepareBodyChecks } from './described-body';
import { Clock } from './clock';
import { ApiError, OAuthError, RATE_LIMIT_MESSAGE, isEmulatorError } from './errors';
import { Faults } from './faults';
import { checkClaims, JwtSigner, type JwtClaims } from './jwt';
import { LogStore, type LogInput } from './logs';
import { Outbox } from './outbox';
import { QueryReader } from './query';
import { RateLimiter, type RateLimitConfig, type RateLimitDecision } from './rate-limit';
import { BadPathError, Router } from './router';
import { applyCoreSeed, type SeedData } from './seed';
import { TenantState, makeDefaultClients } from './state';
import {
  RawReply,
  type Handler,
  type ManagementToken,
  type RouteContext,
  type RouteKind,
  type RouteOptions,
  type RouteRegistry,
  type RoutesModule,
  type Tenant,
} from './types';

interface Route {
  kind: RouteKind;
  method: string;
  pattern: string;
  scopes: readonly string[] | null;
  handler: Handler;
  options: RouteOptions;
}

export interface ServerOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  webClient?: { clientId: string; clientSecret: string };
  domain?: string;
  rateLimit?: RateLimitConfig | null;
  seed?: SeedData;
  maxLogs?: number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_CACHE_SIZE = 1000;

export class EmulatorServer implements Tenant {
  url = '';
  domain = '';
  readonly clock = new Clock();
  readonly faults = new Faults();
  readonly rateLimiter: RateLimiter;
  readonly signer = new JwtSigner();
  readonly outbox = new Outbox(() => this.clock.isoNow());
  readonly logs: LogStore;
  private stateRef?: TenantState;
  private started = false;
  private readonly router = new Router<Route>();
  private readonly resetHooks: Array<(tenant: Tenant) => void> = [];
  private tokenCacheRevision = 0;
  private readonly seedHooks: Array<(data: SeedData, tenant: Tenant) => void> = [];
  private readonly closeHooks: Array<() => void | Promise<void>> = [];
  /** Verified management tokens by their signature (see checkToken). */
  private readonly tokenCache = new Map<string, ManagementToken>();
  private readonly server: Server;
  private readonly sockets = new Set<import('node:net').Socket>();

  constructor(private readonly options: ServerOptions) {
    this.rateLimiter = new RateLimiter(options.rateLimit ?? null);
    this.logs = new LogStore(this.clock, () => this.domain, options.maxLogs);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => this.fail(res, err));
    });
    this.server.keepAliveTimeout = 5000;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  get state(): TenantState {
    if (!this.stateRef) throw new Error('emulator not started');
    return this.stateRef;
  }

  get issuer(): string {
    return `${this.url}/`;
  }

  get managementAudience(): string {
    return `https://${this.domain}/api/v2/`;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Listens, builds the tenant, registers the routes modules, seeds. */
  async start(modules: readonly RoutesModule[]): Promise<void> {
    // Read Auth0's descriptions now, not inside the first write (it would hold that answer up).
    prepareBodyChecks();
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const host = this.options.host ?? '127.0.0.1';
    this.url = `http://${host}:${this.port}`;
    this.domain = this.options.domain ?? `${host}:${this.port}`;
    try {
      this.stateRef = new TenantState(this.domain, makeDefaultClients(this.options.clientId, this.options.clientSecret, this.options.webClient));
      const registry = this.registry();
      modules.forEach((register, index) => {
        if (typeof register !== 'function') throw new Error(`routes module #${index} of emulator/routes.ts is not a function`);
        register(registry, this);
      });
      this.started = true;
      this.reset();
    } catch (err) {
      // A failed start must not leave the port open (and the process alive).
      await this.close();
      throw err;
    }
  }

  /** Back to the start state: the defaults, every group's onReset, then the `seed` option given at start. */
  reset(): void {
    this.clock.cancelAll();
    this.state.reset();
    this.logs.clear();
    this.outbox.clear();
    this.tokenCache.clear();
    for (const hook of this.resetHooks) hook(this);
    if (this.started && this.options.seed) this.seed(this.options.seed);
  }

  seed(data: SeedData): void {
    applyCoreSeed(this.state, this.logs, data, this.clock.isoNow());
    for (const hook of this.seedHooks) hook(data, this);
  }

  async close(): Promise<void> {
    this.clock.cancelAll();
    for (const hook of this.closeHooks) await hook();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  /** Signs a management token for `clientId` (used by client_credentials and by tests). */
  issueManagementToken(
    clientId: string,
    scopes: readonly string[],
    lifetimeSeconds = 86400,
    audience = this.managementAudience,
  ): { token: string; expiresIn: number; claims: JwtClaims } {
    const now = this.clock.nowSeconds();
    const claims: JwtClaims = {
      iss: this.issuer,
      sub: `${clientId}@clients`,
      aud: audience,
      iat: now,
      exp: now + lifetimeSeconds,
      jti: `${now.toString(36)}${Math.random().toString(36).slice(2, 12)}`,
      scope: scopes.join(' '),
      gty: 'client-credentials',
      azp: clientId,
    };
    return { token: this.signer.sign(claims), expiresIn: lifetimeSeconds, claims };
  }

  private registry(): RouteRegistry {
    const add =
      (kind: RouteKind) =>
      (method: string, path: string, ...rest: unknown[]) => {
        let scopes: readonly string[] | null = null;
        if (kind === 'management') {
          const given = rest.shift() as string | readonly string[] | null;
          scopes = given === null ? null : typeof given === 'string' ? [given] : given;
        }
        const [handler, options] = rest as [Handler, RouteOptions | undefined];
        this.router.add(method, path, { kind, method: method.toUpperCase(), pattern: path, scopes, handler, options: options ?? {} });
      };
    return {
      management: add('management'),
      auth: add('auth'),
      raw: add('raw'),
      onReset: (fn) => this.resetHooks.push(fn),
      onSeed: (fn) => this.seedHooks.push(fn),
      onClose: (fn) => this.closeHooks.push(fn),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const search = q < 0 ? '' : rawUrl.slice(q + 1);
    const method = (req.method ?? 'GET').toUpperCase();

    let match;
    try {
      match = this.router.match(method === 'HEAD' ? 'GET' : method, path);
    } catch (err) {
      if (err instanceof BadPathError) return this.sendJson(res, 400, new ApiError(400, err.message, 'invalid_uri').toBody());
      throw err;
    }
    const kind: RouteKind = match?.route.kind ?? (path.startsWith('/api/v2/') ? 'management' : 'auth');
    const isControl = path.startsWith('/__emulator/');

    if (!isControl && this.faults.active && this.faults.appliesTo(path)) {
      if (await this.injectFault(req, res, kind)) return;
    }

    let rate: RateLimitDecision | undefined;
    if (kind === 'management' && !isControl) {
      rate = this.rateLimiter.take(Date.now(), method, path);
      setRateHeaders(res, rate);
      if (!rate.allowed) return this.rateLimited(req, res, kind, rate);
    }

    if (!match) {
      return this.sendJson(
        res,
        404,
        kind === 'auth' ? { error: 'not_found', error_description: 'Not Found' } : { statusCode: 404, error: 'Not Found', message: 'Not Found' },
      );
    }
    const route = match.route;
    const ctx = this.context(req, res, method, path, route, match.params, search);

    try {
      if (route.kind === 'management') {
        (ctx as { token?: ManagementToken }).token = this.checkToken(req, route.scopes);
      }
      const parsed = await parseBody(req, { body: route.options.bodyLimit, multipart: route.options.multipartLimit });
      ctx.body = parsed.body;
      ctx.files = parsed.files;
      if (route.kind === 'management' && WRITE_METHODS.has(method) && parsed.files.length === 0 && route.options.describedBody !== false && isJson(req)) {
        checkBodyAgainstDescription(method, path, ctx.body);
      }
      const result = await route.handler(ctx);
      if (route.kind === 'management' && WRITE_METHODS.has(method)) this.logManagement(ctx, route, ctx.status);
      this.reply(res, ctx.status, result);
    } catch (err) {
      const status = errorStatus(err);
      if (route.kind === 'management' && WRITE_METHODS.has(method) && status !== 401) this.logManagement(ctx, route, status);
      if (!res.headersSent) this.sendError(res, route.kind, err);
      else res.destroy();
    }
  }

  private context(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    route: Route,
    params: Record<string, string>,
    search: string,
  ): RouteContext {
    const ip = normalizeIp(req.socket.remoteAddress);
    const userAgent = req.headers['user-agent'] ?? '';
    const tenant = this;
    const ctx: RouteContext = {
      req,
      res,
      method,
      path,
      pattern: route.pattern,
      params,
      query: new QueryReader(new URLSearchParams(search)),
      body: undefined,
      files: [],
      tenant,
      token: undefined,
      ip,
      userAgent,
      status: 200,
      setHeader: (name, value) => res.setHeader(name, value),
      log: (input: LogInput) =>
        tenant.logs.write({
          ip,
          user_agent: userAgent,
          ...(ctx.token?.clientId ? { client_id: ctx.token.clientId, client_name: tenant.clientName(ctx.token.clientId) } : {}),
          ...input,
        }),
    };
    return ctx;
  }

  clientName(clientId: string): string {
    return this.stateRef?.clients.get(clientId)?.name ?? '';
  }

  /** Verifies the bearer token (cached after the first signature check) and the scopes. */
  private checkToken(req: IncomingMessage, scopes: readonly string[] | null): ManagementToken {
    const header = req.headers.authorization;
    if (!header) throw new ApiError(401, 'Missing authentication');
    // No regex over the whole header: management tokens with every scope are several KB long.
    const space = header.indexOf(' ');
    const raw = space > 0 && header.slice(0, space).toLowerCase() === 'bearer' ? header.slice(space + 1).trim() : '';
    if (raw === '' || raw.includes(' ')) throw new ApiError(401, 'Bad HTTP authentication header format', 'Bearer');
    const now = this.clock.nowSeconds();
    // Cached by the signature part, then compared whole: a Map lookup by the whole token would
    // hash its several KB on every request (the parser hands each one over as a new string).
    const signature = raw.slice(raw.lastIndexOf('.') + 1);
    // A revoked signing key invalidates the tokens it signed, cached ones too.
    if (this.tokenCacheRevision !== this.signer.revision) {
      this.tokenCache.clear();
      this.tokenCacheRevision = this.signer.revision;
    }
    let token = this.tokenCache.get(signature);
    if (token && token.raw !== raw) token = undefined;
    if (!token) {
      const decoded = this.signer.decodeVerified(raw);
      if (!decoded.ok) throw new ApiError(401, 'Invalid token', 'invalid_token');
      const claims = decoded.claims;
      const scope = typeof claims.scope === 'string' ? claims.scope : '';
      token = {
        raw,
        claims,
        scopes: new Set(scope.split(' ').filter(Boolean)),
        clientId: typeof claims.azp === 'string' ? claims.azp : undefined,
      };
      if (this.tokenCache.size >= TOKEN_CACHE_SIZE) this.tokenCache.clear();
      this.tokenCache.set(signature, token);
    }
    const checked = checkClaims(token.claims, now, { audience: this.managementAudience });
    if (!checked.ok) {
      if (checked.reason === 'expired') throw new ApiError(401, 'Expired token received for JSON Web Token validation', 'invalid_token');
      const aud = Array.isArray(token.claims.aud) ? token.claims.aud.join(' ') : String(token.claims.aud);
      throw new ApiError(401, `Bad audience: ${aud}`, 'invalid_token');
    }
    const jti = token.claims.jti;
    if (typeof jti === 'string' && this.state.blacklistedTokens.has(jti)) throw new ApiError(401, 'Token is blacklisted', 'invalid_token');
    if (scopes && scopes.length && !scopes.some((s) => token.scopes.has(s))) {
      throw new ApiError(403, `Insufficient scope, expected any of: ${scopes.join(',')}`, 'insufficient_scope');
    }
    return token;
  }

  private logManagement(ctx: RouteContext, route: Route, status: number): void {
    const ok = status < 400;
    ctx.log({
      type: ok ? 'sapi' : 'fapi',
      description: route.options.description ?? `${route.method} ${route.pattern}`,
      details: {
        // The request as Auth0's sapi/fapi events describe it (recorded): the caller's address and
        // agent, the query, the body with secret-looking values masked, and the token's scopes.
        request: {
          method: route.method.toLowerCase(),
          path: ctx.path,
          query: Object.fromEntries(ctx.query.params),
          body: maskSecrets(ctx.body),
          channel: 'api',
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          auth: ctx.token ? { user: {}, strategy: 'jwt', credentials: { jti: ctx.token.claims.jti, scopes: scopeList(ctx.token.scopes) } } : undefined,
        },
        response: { statusCode: status },
      },
    });
  }

  private async injectFault(req: IncomingMessage, res: ServerResponse, kind: RouteKind): Promise<boolean> {
    const latency = this.faults.latencyMs;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if (this.faults.roll('drop')) {
      req.socket.destroy();
      return true;
    }
    if (this.faults.roll('rateLimit')) {
      const rate = this.rateLimiter.forcedDenial();
      if (kind === 'management') setRateHeaders(res, rate);
      this.rateLimited(req, res, kind, rate);
      return true;
    }
    if (this.faults.roll('error')) {
      const status = this.faults.errorStatus;
      req.resume();
      const message = STATUS_CODES[status] ?? 'Server Error';
      this.sendJson(res, status, kind === 'auth' ? { error: 'server_error', error_description: message } : { statusCode: status, error: message, message });
      return true;
    }
    if (this.faults.roll('malformed')) {
      req.resume();
      const body = '{"statusCode":200,"malformed": [tru';
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return true;
    }
    return false;
  }

  private rateLimited(req: IncomingMessage, res: ServerResponse, kind: RouteKind, _rate: RateLimitDecision): void {
    req.resume();
    this.logs.write({
      type: 'api_limit',
      description: 'Rate limit exceeded',
      ip: normalizeIp(req.socket.remoteAddress),
      user_agent: req.headers['user-agent'] ?? '',
      details: { path: (req.url ?? '').split('?')[0] },
    });
    // Like Auth0's Management API, only the X-RateLimit-* headers say when to come back (no Retry-After).
    this.sendJson(
      res,
      429,
      kind === 'auth'
        ? { error: 'too_many_requests', error_description: 'Too Many Requests' }
        : { statusCode: 429, error: 'Too Many Requests', message: RATE_LIMIT_MESSAGE, errorCode: 'too_many_requests' },
    );
  }

  private reply(res: ServerResponse, status: number, result: unknown): void {
    if (result instanceof RawReply) {
      if (result.body instanceof Readable) {
        const stream = result.body;
        res.writeHead(result.status, result.headers);
        stream.on('error', () => res.destroy());
        stream.pipe(res);
        return;
      }
      const body = typeof result.body === 'string' ? Buffer.from(result.body, 'utf8') : result.body;
      res.writeHead(result.status, { ...result.headers, 'Content-Length': body.length });
      res.end(body);
      return;
    }
    if (result === undefined || status === 204) {
      res.writeHead(status, { 'Content-Length': 0 });
      res.end();
      return;
    }
    this.sendJson(res, status, result);
  }

  private sendJson(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  private sendError(res: ServerResponse, kind: RouteKind, err: unknown): void {
    if (err instanceof ApiError && err.headers) for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
    if (kind === 'auth' && err instanceof ApiError) {
      // Errors raised before an auth handler runs (body parsing) keep the OAuth shape.
      const oauth = new OAuthError(err.statusCode, err.statusCode === 413 ? 'payload_too_large' : 'invalid_request', err.message);
      return this.sendJson(res, oauth.statusCode, oauth.toBody());
    }
    if (isEmulatorError(err)) return this.sendJson(res, err.statusCode, err.toBody());
    this.fail(res, err);
  }

  private fail(res: ServerResponse, err: unknown): void {
    process.stderr.write(`[emulator] internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    this.sendJson(res, 500, { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
  }
}

function setRateHeaders(res: ServerResponse, rate: RateLimitDecision): void {
  res.setHeader('X-RateLimit-Limit', String(rate.limit));
  res.setHeader('X-RateLimit-Remaining', String(rate.remaining));
  res.setHeader('X-RateLimit-Reset', String(rate.reset));
}

function errorStatus(err: unknown): number {
  return isEmulatorError(err) ? err.statusCode : 500;
}

function normalizeIp(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** A JSON request body (an absent content type is read as JSON too, as the body parser does). */
function isJson(req: IncomingMessage): boolean {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  return type === '' || type.includes('json');
}

const SECRET_KEY = /secret|password|token|key|authorization|credential|pem/i;

/** A copy of a logged request body with the values of secret-looking properties masked. */
function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_KEY.test(key) && inner !== null ? '*****' : maskSecrets(inner, depth + 1);
  return out;
}

/** One frozen array per token's scope set, shared by every log event the token writes. */
const scopeLists = new WeakMap<ReadonlySet<string>, readonly string[]>();
function scopeList(scopes: ReadonlySet<string>): readonly string[] {
  let list = scopeLists.get(scopes);
  if (!list) scopeLists.set(scopes, (list = Object.freeze([...scopes])));
  return list;
}
