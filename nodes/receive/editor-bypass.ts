/**
 * Node-RED's default layout serves the editor's admin API and the nodes' routes both at `/`, the
 * admin app mounted first (red.js: `app.use(httpAdminRoot, httpAdmin)` before `app.use(httpNodeRoot,
 * httpNode)`), and the admin app parses every JSON and form body (editor-api: `bodyParser.json`,
 * `bodyParser.urlencoded`) whatever its path. A receiver's POST would be read, and a JSON-lines
 * batch sent as `application/json` refused with a 400 page, before the receiver saw it, and an
 * unauthenticated body would be parsed before its 401.
 *
 * So the first layer of the admin app (the one mounted on the server's app: RED.httpAdmin's
 * mounted parents, as express records them in `app.parent`) lets a POST to a receiver's route
 * leave the admin app untouched (`next('router')`), unless the path is the editor's: a route of
 * the admin apps within reach (the outer one, and RED.httpAdmin where nodes add theirs) or below
 * one of the editor API's own first segments (its inner apps are mounted out of reach). A receiver
 * can never take a path of the editor's API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

interface Layer {
  name?: string;
  handle?: unknown;
  route?: unknown;
  /** Express 4: a `use` at `/`. */
  regexp?: { fast_slash?: boolean };
  /** Express 5 (router 2): a `use` at `/`. */
  slash?: boolean;
  match?(path: string): boolean;
}

interface Stacked {
  stack?: Layer[];
  _router?: { stack?: Layer[] };
  router?: { stack?: Layer[] };
}

export interface ExpressApp extends Stacked {
  parent?: ExpressApp;
  use(...handlers: unknown[]): unknown;
}

type Next = (action?: 'router') => void;
type Middleware = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: Next) => void;

/** The layers of an express app or router, undefined for anything else. */
function stackOf(handle: unknown): Layer[] | undefined {
  if (!handle || (typeof handle !== 'function' && typeof handle !== 'object')) return undefined;
  const value = handle as Stacked;
  const stack = value._router?.stack ?? value.router?.stack ?? value.stack;
  return Array.isArray(stack) ? stack : undefined;
}

function pathOf(url: string | undefined): string {
  const text = url ?? '/';
  const q = text.indexOf('?');
  return q < 0 ? text : text.slice(0, q);
}

/** True when a route, or a path mounted on its own, of these layers (and the apps mounted at their `/`) matches `path`. */
export function claimsPath(stack: Layer[], path: string, depth = 0): boolean {
  for (const layer of stack) {
    if (typeof layer.match !== 'function') continue;
    const atRoot = layer.regexp?.fast_slash === true || layer.slash === true;
    if (layer.route === undefined && atRoot) {
      const inner = stackOf(layer.handle);
      if (inner && depth < 8 && claimsPath(inner, path, depth + 1)) return true;
      continue;
    }
    try {
      if (layer.match(path)) return true;
    } catch {
      // A path express cannot decode is no route of the editor's.
    }
  }
  return false;
}

/** The admin app mounted on the server's app, or undefined when RED.httpAdmin is not mounted (test harnesses). */
export function outerAdminApp(httpAdmin: unknown): ExpressApp | undefined {
  let app = httpAdmin as ExpressApp | undefined;
  if (!app?.parent) return undefined;
  while (app.parent?.parent) app = app.parent;
  return stackOf(app) ? app : undefined;
}

/** The first path segments of Node-RED's editor and admin API (editor-api's apps, core nodes' admin routes). */
const EDITOR_SEGMENTS = new Set([
  'auth',
  'context',
  'credentials',
  'debug',
  'diagnostics',
  'flow',
  'flows',
  'icons',
  'inject',
  'library',
  'locales',
  'nodes',
  'plugins',
  'projects',
  'settings',
  'theme',
]);

/** True when `path` (relative to the admin root) is, or may be, a path of the editor's API. */
export function isEditorPath(path: string, adminApps: unknown[]): boolean {
  const first = path.split('/')[1] ?? '';
  if (EDITOR_SEGMENTS.has(first.toLowerCase())) return true;
  return adminApps.some((app) => {
    const stack = stackOf(app);
    return stack !== undefined && claimsPath(stack, path);
  });
}

const installed = new WeakSet<object>();

/**
 * Puts the bypass first in `admin`, once. `isReceiverPost(req)` says whether the request's full
 * path is a receiver's route; `nodesAdmin` is RED.httpAdmin, where nodes add their admin routes.
 */
export function installEditorBypass(admin: ExpressApp, nodesAdmin: unknown, isReceiverPost: (fullPath: string) => boolean): void {
  if (installed.has(admin)) return;
  const stack = stackOf(admin);
  if (!stack) return;
  const bypass: Middleware = (req, _res, next) => {
    if (req.method !== 'POST' || !isReceiverPost(pathOf(req.originalUrl ?? req.url))) return next();
    // The path relative to the admin app: is it the editor's own?
    if (isEditorPath(pathOf(req.url), [admin, nodesAdmin])) return next();
    next('router');
  };
  admin.use(bypass);
  const layer = stack.findIndex((l) => l.handle === bypass);
  if (layer < 0) return;
  const [moved] = stack.splice(layer, 1);
  // After express's own first layers (query parsing, request set-up), before everything the admin app adds.
  const init = stack.findIndex((l) => l.name === 'expressInit');
  stack.splice(init + 1, 0, moved);
  installed.add(admin);
}
