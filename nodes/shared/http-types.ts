/**
 * What the request engine hands to a tenant's client, and what comes back.
 * The client (nodes/tenant-client/client.ts) owns the host, the token, the limiter and the retries;
 * a request only ever names a path, so no message can change where it goes.
 */
import type { HttpMethod } from './catalogue';

export interface MultipartFile {
  /** Form field name (`users` for an import). */
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export interface RequestSpec {
  method: HttpMethod;
  /** Starts with `/`, every path input already URL-encoded. Never a full URL. */
  path: string;
  /** Serialised query values (booleans `true`/`false`, lists comma-joined); unset ones absent. */
  query?: Record<string, string>;
  /** Query parameters sent once per value (`event_type=a&event_type=b`), for the APIs that want lists that way. */
  queryLists?: Record<string, readonly string[]>;
  /** JSON value for `json`, flat record for `form`, MultipartBody for `multipart`. */
  body?: unknown;
  contentType?: 'json' | 'form' | 'multipart';
  /** Extra headers (e.g. `Auth0-Custom-Domain`). Authorization is the client's alone. */
  headers?: Record<string, string>;
  /** `management`: the client adds the management token. `none`: no token. */
  auth: 'management' | 'none';
  /**
   * With auth `none` only: a user's own access token, which the client sends as
   * `Authorization: Bearer <token>` (GET /userinfo needs it). Handled like the client's own
   * token: never logged, never in an error. The `headers` field cannot carry Authorization.
   */
  bearerToken?: string;
  /**
   * Values of the operation's secret inputs (a rules-config value, a hook's secrets, provider
   * credentials): the client keeps them out of every error, status and log line, as it does the
   * body values it recognises by key (password, client_secret, …).
   */
  secrets?: readonly string[];
  /** `json` (default: parsed when the body is JSON, else text), `text`, `buffer` or `stream`. */
  responseType?: 'json' | 'text' | 'buffer' | 'stream';
  /**
   * With responseType `stream`: the longest silence allowed once the answer has begun, in
   * seconds, instead of the config node's read timeout (a Server-Sent Events stream is quiet
   * between heartbeats). Connecting and the wait for the headers keep the usual timeouts.
   */
  streamIdleTimeout?: number;
  /**
   * A 429 to this request speaks of the request alone (the Events API's cap on open connections),
   * not of the tenant's rate-limit bucket: the client neither retries it nor holds the tenant's
   * other requests for it, and hands the RateLimitError (with the service's wait) to the caller.
   */
  ownRateLimit?: boolean;
  /** Aborts the request (and any wait for the limiter or a retry) when the node closes. */
  signal?: AbortSignal;
  /** Redirects are not followed unless said (logout answers 302). */
  followRedirects?: boolean;
  /** Operation name for errors and status, e.g. `users.get`. */
  operation?: string;
  /** Scopes the management token needs for it (from the catalogue): a 403 names them. */
  scopes?: readonly string[];
}

export interface RateLimitState {
  limit?: number;
  remaining?: number;
  /** UNIX epoch seconds. */
  reset?: number;
}

export interface Auth0Response<T = unknown> {
  statusCode: number;
  /** Response headers, lower-case names. Never includes anything we sent. */
  headers: Record<string, string>;
  data: T;
  rateLimit: RateLimitState;
}

/** A client status a config node fans out to the nodes registered with it. */
export interface ClientStatus {
  state: 'idle' | 'requesting' | 'rate-limited' | 'error';
  /** Short text for `node.status` (under 20 characters where possible). */
  text: string;
  /** For `rate-limited`: when requests resume, epoch ms. */
  resumeAt?: number;
}

/** The per-tenant client that the config node owns and every node of that tenant shares. */
export interface TenantClient {
  /** `https://tenant.eu.auth0.com` (protocol + domain), no trailing slash. */
  readonly baseUrl: string;
  readonly domain: string;
  request<T = unknown>(spec: RequestSpec): Promise<Auth0Response<T>>;
  /** The config node's credential used as a default for an Authentication API input. */
  defaultCredential(name: 'clientId' | 'clientSecret'): string | undefined;
  /**
   * A fresh private key JWT for the tenant's own application, when it has a private key and no
   * client secret; undefined otherwise.
   */
  clientAssertion?(): string | undefined;
  /** A valid management token (cached; renewed before expiry; one fetch at a time). */
  getManagementToken(signal?: AbortSignal): Promise<string>;
  /** Subscribe to status changes; returns the unsubscribe function. */
  onStatus(listener: (status: ClientStatus) => void): () => void;
  /** Ends every timer and aborts every request; the client is unusable afterwards. */
  close(): void;
}
