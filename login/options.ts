/**
 * The options of adminAuth() and httpMiddleware(), checked once when settings.js is read, so a
 * mistake stops Node-RED at start with a message naming the option (never quoting a secret).
 */
export type Permission = string | string[];

export interface LoginOptions {
  /** Tenant domain (`my-tenant.eu.auth0.com`, or `host:port`); default env AUTH0_DOMAIN. */
  domain?: string;
  /** Application's client id; default env AUTH0_CLIENT_ID. */
  clientId?: string;
  /** Application's client secret; default env AUTH0_CLIENT_SECRET. Optional for a public client (PKCE only). */
  clientSecret?: string;
  /** Where browsers reach Node-RED, e.g. `https://nodered.example.com`; default env AUTH0_BASE_URL. */
  baseUrl?: string;
  /** Default `openid profile email`. */
  scope?: string;
  /** An API audience to ask an access token for (optional). */
  audience?: string;
  /** The ID token claim with the user's role names (a namespaced claim set by a post-login Action). */
  rolesClaim?: string;
  /** adminAuth: role name → Node-RED permission (`*`, `read` or a list). */
  permissions?: Record<string, Permission>;
  /** httpMiddleware: the paths that need a login (prefixes or regular expressions); default all. */
  paths?: Array<string | RegExp>;
  /** httpMiddleware: every path under httpNodeRoot needs a login except these (prefixes or regular expressions); not with `paths`. */
  publicPaths?: Array<string | RegExp>;
  /** httpMiddleware: the Node-RED context store the ended sessions are kept in; default the default store. */
  endedSessionsStore?: string;
  /** httpMiddleware: the roles that may pass (any one of them); default any logged-in user. */
  roles?: string[];
  /** Encrypts the cookies; random, at least 32 characters (e.g. `openssl rand -hex 32`); default env AUTH0_COOKIE_SECRET. */
  cookieSecret?: string;
  /** `https` (default); `http` only for an emulator on a loopback address. */
  protocol?: 'https' | 'http';
  /** httpMiddleware: logout path, default `/logout`. */
  logoutPath?: string;
  /** httpMiddleware: the path Auth0 sends the browser back to, default `/auth0/callback`. */
  callbackPath?: string;
  /**
   * Where Auth0 sends the browser after a logout. Default: for httpMiddleware, its "You are logged
   * out" page (`loggedOutPath` under httpNodeRoot); for logoutUrl() (the editor), `baseUrl` + `/`.
   */
  logoutReturnTo?: string;
  /** httpMiddleware: the page saying the logout worked, with a link to log in again; default `/logged-out`. */
  loggedOutPath?: string;
  /** httpMiddleware: session lifetime in seconds, renewed while in use (sliding); default 8 hours. */
  sessionLifetime?: number;
  /** httpMiddleware: the longest a session lives however much it is used, seconds; default 7 days. */
  sessionMaxAge?: number;
  /** httpMiddleware: cookie name, default `auth0_session`. */
  cookieName?: string;
  /** adminAuth: the label of the editor's login button. */
  label?: string;
}

export interface ResolvedOptions {
  domain: string;
  protocol: 'https' | 'http';
  /** `${protocol}://${domain}` */
  tenantUrl: string;
  /** `${tenantUrl}/`: the ID token's iss. */
  issuer: string;
  clientId: string;
  clientSecret?: string;
  baseUrl: string;
  secure: boolean;
  scope: string;
  audience?: string;
  rolesClaim?: string;
  permissions: Record<string, Permission>;
  paths?: Array<string | RegExp>;
  publicPaths?: Array<string | RegExp>;
  endedSessionsStore?: string;
  roles?: string[];
  cookieSecret?: string;
  logoutPath: string;
  callbackPath: string;
  /** As given; undefined: each function's default (see LoginOptions). */
  logoutReturnTo?: string;
  loggedOutPath: string;
  sessionLifetime: number;
  sessionMaxAge: number;
  cookieName: string;
  label: string;
}

export const MIN_COOKIE_SECRET = 32;

function fail(what: string): never {
  throw new Error(`@idflow/node-red-auth0/login: ${what}`);
}

function text(value: unknown, name: string, env?: string): string | undefined {
  const given = value ?? (env ? process.env[env] : undefined);
  if (given === undefined || given === null || given === '') return undefined;
  if (typeof given !== 'string') fail(`option ${name} must be a string`);
  return given.trim();
}

function isLoopback(host: string): boolean {
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

function path(value: unknown, name: string, fallback: string): string {
  const given = text(value, name) ?? fallback;
  if (!given.startsWith('/') || given.startsWith('//')) fail(`option ${name} must be a path starting with "/"`);
  return given;
}

function seconds(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail(`option ${name} must be a positive number of seconds`);
  return value;
}

/**
 * A secret that is one character or any shorter pattern repeated (at least twice), mostly a run of
 * consecutive characters (`0123…`, `abcd…`), or made of a handful of characters. A random secret
 * of 32 or more characters is none of these: its halves differ, and a step of +1 between
 * neighbours is as rare as any other.
 */
export function plainlyNotRandom(secret: string): boolean {
  for (let period = 1; period * 2 <= secret.length; period += 1) {
    const unit = secret.slice(0, period);
    if (unit.repeat(Math.ceil(secret.length / period)).startsWith(secret)) return true;
  }
  let steps = 0;
  for (let i = 1; i < secret.length; i += 1) if (secret.charCodeAt(i) - secret.charCodeAt(i - 1) === 1) steps += 1;
  if (steps * 2 >= secret.length) return true;
  return new Set(secret).size < 6;
}

function pathList(value: unknown, name: string): Array<string | RegExp> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((p) => p instanceof RegExp || (typeof p === 'string' && p.startsWith('/'))))
    fail(`option ${name} must be a list of path prefixes (starting with "/") or regular expressions`);
  return value as Array<string | RegExp>;
}

/** A cookie name the session cookie can carry: an HTTP token (no space, `;`, `=` or quote), `__Host-`/`__Secure-` only on https. */
function cookieName(value: unknown, secure: boolean): string {
  const name = text(value, 'cookieName') ?? 'auth0_session';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) fail("option cookieName must be a cookie name: letters, digits and !#$%&'*+.^_`|~- only");
  if (!secure && /^__(host|secure)-/i.test(name)) fail('option cookieName may start with __Host- or __Secure- only when baseUrl is https');
  return name;
}

function checkPermission(role: string, permission: unknown): Permission {
  if (typeof permission === 'string' && permission !== '') return permission;
  if (Array.isArray(permission) && permission.length > 0 && permission.every((p) => typeof p === 'string' && p !== '')) return permission as string[];
  return fail(`permissions["${role}"] must be "*", "read" or a list of Node-RED permissions`);
}

/** What both functions need; `need` names which secret-bearing options are required. */
export function resolveOptions(options: LoginOptions, need: { cookieSecret: boolean; permissions: boolean }): ResolvedOptions {
  if (typeof options !== 'object' || options === null) fail('the options must be an object');
  const domainText = text(options.domain, 'domain', 'AUTH0_DOMAIN');
  if (!domainText) fail('option domain (or the environment variable AUTH0_DOMAIN) is required, e.g. "my-tenant.eu.auth0.com"');
  const domain = domainText.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(domain) && !/^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(domain))
    fail('option domain must be a host name (with an optional :port)');
  const protocol = options.protocol ?? 'https';
  if (protocol !== 'https' && protocol !== 'http') fail('option protocol must be "https" or "http"');
  if (protocol === 'http' && !isLoopback(domain))
    fail('option protocol "http" is only for an emulator on a loopback address (127.0.0.1, localhost); Auth0 tenants need https');
  const clientId = text(options.clientId, 'clientId', 'AUTH0_CLIENT_ID');
  if (!clientId) fail('option clientId (or the environment variable AUTH0_CLIENT_ID) is required');
  const clientSecret = text(options.clientSecret, 'clientSecret', 'AUTH0_CLIENT_SECRET');
  const baseText = text(options.baseUrl, 'baseUrl', 'AUTH0_BASE_URL');
  if (!baseText) fail('option baseUrl (or AUTH0_BASE_URL) is required: where browsers reach Node-RED, e.g. "https://nodered.example.com"');
  let base: URL;
  try {
    base = new URL(baseText);
  } catch {
    return fail('option baseUrl must be an absolute URL, e.g. "https://nodered.example.com"');
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') fail('option baseUrl must be an http or https URL');
  if (base.protocol === 'http:' && !isLoopback(base.host)) fail('option baseUrl must be https unless Node-RED is reached on a loopback address');
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const cookieSecret = text(options.cookieSecret, 'cookieSecret', 'AUTH0_COOKIE_SECRET');
  if (cookieSecret !== undefined && cookieSecret.length < MIN_COOKIE_SECRET) {
    fail(`option cookieSecret is ${cookieSecret.length} characters long; it must be at least ${MIN_COOKIE_SECRET} (use e.g. \`openssl rand -hex 32\`)`);
  }
  if (cookieSecret !== undefined && plainlyNotRandom(cookieSecret)) {
    fail('option cookieSecret is not random (one character or a short pattern repeated, or only a few different characters); use e.g. `openssl rand -hex 32`');
  }
  if (need.cookieSecret && cookieSecret === undefined) {
    fail(`option cookieSecret (or AUTH0_COOKIE_SECRET) is required: a random string of at least ${MIN_COOKIE_SECRET} characters`);
  }
  const rolesClaim = text(options.rolesClaim, 'rolesClaim');
  const permissions: Record<string, Permission> = {};
  if (options.permissions !== undefined) {
    if (typeof options.permissions !== 'object' || options.permissions === null || Array.isArray(options.permissions))
      fail('option permissions must map role names to permissions');
    for (const [role, permission] of Object.entries(options.permissions)) permissions[role] = checkPermission(role, permission);
  }
  if (need.permissions) {
    if (Object.keys(permissions).length === 0)
      fail('option permissions is required: it maps Auth0 role names to Node-RED permissions, e.g. { "node-red-admin": "*", "node-red-viewer": "read" }');
    if (!rolesClaim) fail('option rolesClaim is required: the ID token claim with the roles, e.g. "https://nodered.example.com/roles"');
  }
  if (options.roles !== undefined && (!Array.isArray(options.roles) || !options.roles.every((r) => typeof r === 'string' && r !== '')))
    fail('option roles must be a list of role names');
  if (options.roles !== undefined && options.roles.length > 0 && !rolesClaim) fail('option roles needs rolesClaim: the ID token claim with the roles');
  const paths = pathList(options.paths, 'paths');
  const publicPaths = pathList(options.publicPaths, 'publicPaths');
  if (paths && publicPaths) fail('give either option paths (only these need a login) or option publicPaths (everything needs a login except these), not both');
  const endedSessionsStore = text(options.endedSessionsStore, 'endedSessionsStore');
  const sessionLifetime = seconds(options.sessionLifetime, 'sessionLifetime', 8 * 3600);
  const tenantUrl = `${protocol}://${domain}`;
  return {
    domain,
    protocol,
    tenantUrl,
    issuer: `${tenantUrl}/`,
    clientId,
    ...(clientSecret ? { clientSecret } : {}),
    baseUrl,
    secure: base.protocol === 'https:',
    scope: text(options.scope, 'scope') ?? 'openid profile email',
    ...(text(options.audience, 'audience') ? { audience: text(options.audience, 'audience') } : {}),
    ...(rolesClaim ? { rolesClaim } : {}),
    permissions,
    ...(paths ? { paths } : {}),
    ...(publicPaths ? { publicPaths } : {}),
    ...(endedSessionsStore ? { endedSessionsStore } : {}),
    ...(options.roles && options.roles.length > 0 ? { roles: options.roles } : {}),
    ...(cookieSecret ? { cookieSecret } : {}),
    logoutPath: path(options.logoutPath, 'logoutPath', '/logout'),
    callbackPath: path(options.callbackPath, 'callbackPath', '/auth0/callback'),
    ...(text(options.logoutReturnTo, 'logoutReturnTo') ? { logoutReturnTo: text(options.logoutReturnTo, 'logoutReturnTo') } : {}),
    loggedOutPath: path(options.loggedOutPath, 'loggedOutPath', '/logged-out'),
    sessionLifetime,
    sessionMaxAge: Math.max(seconds(options.sessionMaxAge, 'sessionMaxAge', 7 * 86400), sessionLifetime),
    cookieName: cookieName(options.cookieName, base.protocol === 'https:'),
    label: text(options.label, 'label') ?? 'Log in with Auth0',
  };
}
