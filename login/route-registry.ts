/**
 * Node-RED runs `httpNodeMiddleware` only on the routes of deployed `http in` nodes, so the login
 * callback and the logout path must be routes of their own. settings.js creates the middleware
 * before Node-RED loads any module; this package's plugin (auth0-login-routes) then hands over
 * Node-RED's httpNode app and root, and every middleware's routes are added to it, before any flow
 * starts. The registry lives on a global symbol so that a settings.js and a plugin that resolved
 * the package through different paths still meet.
 */
import type { RequestHandler, RouteHost } from './express-types';
import type { LoginRuntime } from './login-runtime';

export interface LoginRoutes {
  /** Paths relative to httpNodeRoot. */
  routes: Array<{ path: string; handler: RequestHandler; post?: boolean }>;
}

interface Registry {
  pending: LoginRoutes[];
  app?: RouteHost;
  /** httpNodeRoot without its trailing slash ('' for /). */
  nodeRoot: string;
  mounted: Set<string>;
  /** Whether the httpNode app routes with letter case (Express's `case sensitive routing`, off by default). */
  caseSensitive: boolean;
  /** What the plugin hands over of Node-RED's runtime: the context store and the tenants' shared state. */
  runtime?: LoginRuntime;
}

const KEY = Symbol.for('@idflow/node-red-auth0/login routes');

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  let found = holder[KEY];
  if (!found) {
    found = { pending: [], nodeRoot: '', mounted: new Set(), caseSensitive: false };
    holder[KEY] = found;
  }
  return found;
}

function mount(reg: Registry, app: RouteHost, routes: LoginRoutes): void {
  for (const { path, handler, post } of routes.routes) {
    // Two middlewares with the same paths: the first one's routes answer.
    if (reg.mounted.has(path)) continue;
    reg.mounted.add(path);
    app.get(path, handler);
    if (post) app.post?.(path, handler);
  }
}

export function registerLoginRoutes(routes: LoginRoutes): void {
  const reg = registry();
  reg.pending.push(routes);
  if (reg.app) mount(reg, reg.app, routes);
}

/** Called by the plugin with RED.httpNode and RED.settings.httpNodeRoot. */
export function attachNodeApp(app: RouteHost, httpNodeRoot: unknown): void {
  const reg = registry();
  reg.app = app;
  reg.mounted = new Set();
  reg.nodeRoot = typeof httpNodeRoot === 'string' ? httpNodeRoot.replace(/\/+$/, '') : '';
  reg.caseSensitive = typeof app.enabled === 'function' && app.enabled('case sensitive routing') === true;
  for (const routes of reg.pending) mount(reg, app, routes);
}

/** httpNodeRoot without its trailing slash, once the plugin has told it ('' before, as for /). */
export function nodeRoot(): string {
  return registry().nodeRoot;
}

/** Whether the httpNode app tells letter case apart in paths (false unless a settings.js turned it on). */
export function caseSensitiveRouting(): boolean {
  return registry().caseSensitive;
}

/** Called by the plugin: Node-RED's context and the tenants' shared state, for the ended sessions (undefined: none). */
export function attachRuntime(runtime: LoginRuntime | undefined): void {
  registry().runtime = runtime;
}

/** The runtime the plugin handed over, or undefined (outside Node-RED, or before the plugin loaded). */
export function loginRuntime(): LoginRuntime | undefined {
  return registry().runtime;
}
