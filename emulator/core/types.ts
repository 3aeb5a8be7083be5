/**
 * The types a routes file works with: the tenant it serves, the request
 * context a handler receives, and the registry it adds its routes to.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Clock } from './clock';
import type { Faults } from './faults';
import type { JwtClaims, JwtSigner } from './jwt';
import type { LogEvent, LogInput, LogStore } from './logs';
import type { Outbox } from './outbox';
import type { QueryReader } from './query';
import type { RateLimiter } from './rate-limit';
import type { SeedData } from './seed';
import type { TenantState } from './state';
import type { UploadedFile } from './body';

/** Everything a routes file can reach: the tenant's state and services. */
export interface Tenant {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  readonly url: string;
  /** `127.0.0.1:PORT` unless the `domain` option set another. */
  readonly domain: string;
  /** Token issuer: `${url}/`. */
  readonly issuer: string;
  /** `https://${domain}/api/v2/`. */
  readonly managementAudience: string;
  readonly state: TenantState;
  readonly logs: LogStore;
  readonly clock: Clock;
  readonly outbox: Outbox;
  readonly faults: Faults;
  readonly rateLimiter: RateLimiter;
  readonly signer: JwtSigner;
  /** Back to the start state: defaults, every group's onReset, then the start seed. */
  reset(): void;
  /** Loads seed data (core keys, then every group's onSeed). */
  seed(data: SeedData): void;
}

/** The verified management token of a request. */
export interface ManagementToken {
  raw: string;
  claims: JwtClaims;
  scopes: ReadonlySet<string>;
  /** `azp` (client id of the M2M application), when present. */
  clientId?: string;
}

export interface RouteContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  /** Raw path without the query string. */
  readonly path: string;
  /** The route's pattern, e.g. `/api/v2/users/:id`. */
  readonly pattern: string;
  /** Path parameters, URL-decoded. */
  readonly params: Record<string, string>;
  readonly query: QueryReader;
  /** Parsed body: JSON value, or form fields (object of strings); undefined when none. */
  body: unknown;
  /** Files of a multipart body. */
  files: UploadedFile[];
  readonly tenant: Tenant;
  /** Set on management routes (after the token check). */
  readonly token?: ManagementToken;
  /** Client address. */
  readonly ip: string;
  readonly userAgent: string;
  /** Response status; default 200 (204 is sent without a body). */
  status: number;
  setHeader(name: string, value: string): void;
  /** Writes a log event with this request's ip, user agent and (management) client id filled in. */
  log(input: LogInput): LogEvent;
}

/** A non-JSON answer: redirects, XML, files (a stream is piped, without Content-Length). Return it from a handler. */
export class RawReply {
  constructor(
    readonly status: number,
    readonly body: string | Buffer | Readable,
    readonly headers: Record<string, string> = {},
  ) {}

  static redirect(location: string, status = 302): RawReply {
    return new RawReply(status, `Found. Redirecting to ${location}`, { Location: location, 'Content-Type': 'text/plain; charset=utf-8' });
  }

  static text(body: string, contentType = 'text/plain; charset=utf-8', status = 200): RawReply {
    return new RawReply(status, body, { 'Content-Type': contentType });
  }
}

/**
 * A handler's return value: a JSON-able value (sent as JSON with ctx.status),
 * undefined (empty body), or a RawReply; or a promise of one of these.
 */
export type Handler = (ctx: RouteContext) => unknown;

export interface RouteOptions {
  /** Text of the `sapi`/`fapi` log event of a management write (default `METHOD pattern`). */
  description?: string;
  /** Largest JSON/form body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Largest multipart body in bytes (default 10 MiB). */
  multipartLimit?: number;
  /**
   * A management write's JSON body is first held against Auth0's API description
   * (core/described-body.ts); false leaves it to the route alone.
   */
  describedBody?: boolean;
}

export type RouteKind = 'management' | 'auth' | 'raw';

export interface RouteRegistry {
  /**
   * A Management API route: rate limited, token checked (signature, audience,
   * expiry, blacklist), scopes checked (any one of `scopes`; null = token only),
   * writes `sapi`/`fapi` for POST/PUT/PATCH/DELETE. Errors as `{statusCode, error, message, errorCode}`.
   */
  management(method: string, path: string, scopes: string | readonly string[] | null, handler: Handler, options?: RouteOptions): void;
  /** An Authentication API route (no management token); errors as thrown (OAuthError → `{error, error_description}`). */
  auth(method: string, path: string, handler: Handler, options?: RouteOptions): void;
  /** A route with no token and no rate limit (control endpoint, export files). */
  raw(method: string, path: string, handler: Handler, options?: RouteOptions): void;
  /** Runs at start and after every reset, after the core defaults are seeded. */
  onReset(fn: (tenant: Tenant) => void): void;
  /** Runs for every seed() after the core keys are loaded (read your own keys from `data`). */
  onSeed(fn: (data: SeedData, tenant: Tenant) => void): void;
  /** Runs when the emulator closes (end your timers here; clock timers are ended for you). */
  onClose(fn: () => void | Promise<void>): void;
}

/** What a routes file exports: a function adding its routes. */
export type RoutesModule = (routes: RouteRegistry, tenant: Tenant) => void;
