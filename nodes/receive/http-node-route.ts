/**
 * A POST route on Node-RED's HTTP server for nodes (RED.httpNode, an express app mounted at
 * `httpNodeRoot`), set up the way core `http in` does it: the user's `httpNodeMiddleware` runs
 * first, and on close the route is taken out of the router again. Only the layers holding this
 * node's own handler are removed, so another node's route on the same path is left alone. Where
 * the editor's admin app is mounted over the nodes' root (Node-RED's default: both at `/`), the
 * route is let past the admin app's body parsers (editor-bypass.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeRedAPI } from '../shared/node-red-types';
import { readBodyBytes } from '../shared/request-body-reader';
import { installEditorBypass, isEditorPath, outerAdminApp } from './editor-bypass';

export type RouteHandler = (req: IncomingMessage & { body?: unknown; _body?: boolean }, res: ServerResponse) => void;

interface RouterLayer {
  route?: { path?: string; stack?: { handle?: unknown; method?: string }[] };
  match?(path: string): boolean;
}

interface ExpressLikeApp {
  post(path: string, ...handlers: unknown[]): unknown;
  /** Express 4. */
  _router?: { stack: RouterLayer[] };
  /** Express 5. */
  router?: { stack: RouterLayer[] };
}

/** Why no route could be added, for the node's warning; undefined when httpNode is usable. */
export function httpNodeUnavailable(RED: NodeRedAPI): string | undefined {
  if ((RED.settings as Record<string, unknown>).httpNodeRoot === false)
    return 'httpNodeRoot is false in the settings: Node-RED serves no HTTP routes for nodes';
  const app = RED.httpNode as unknown as ExpressLikeApp | undefined;
  if (!app || typeof app.post !== 'function') return 'Node-RED offers no HTTP server for nodes (RED.httpNode)';
  return undefined;
}

/** Path as core http in writes it: always starting with `/`. */
export function routePath(url: unknown): string {
  const text = typeof url === 'string' ? url.trim() : '';
  if (text === '') return '';
  return text.startsWith('/') ? text : `/${text}`;
}

/** The receivers' handlers on each nodes' app, for the editor bypass to recognise their routes. */
const receiverHandlers = new WeakMap<object, Set<RouteHandler>>();

/** `/` or `/red` (no trailing slash but for the root): where RED.httpNode is mounted. */
function rootOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '/';
  const withSlash = value.startsWith('/') ? value : `/${value}`;
  return withSlash.length > 1 && withSlash.endsWith('/') ? withSlash.slice(0, -1) : withSlash;
}

/** `path` below `root`, or undefined when it is not below it. */
function below(root: string, path: string): string | undefined {
  if (root === '/') return path;
  if (path === root) return '/';
  return path.startsWith(`${root}/`) ? path.slice(root.length) : undefined;
}

/** True when the full request path is a POST route of a receiver on the nodes' app. */
function isReceiverRoute(RED: NodeRedAPI, fullPath: string): boolean {
  const app = RED.httpNode as unknown as ExpressLikeApp;
  const handlers = receiverHandlers.get(app);
  const path = below(rootOf(RED.settings.httpNodeRoot), fullPath);
  if (!handlers || handlers.size === 0 || path === undefined) return false;
  return ((app._router ?? app.router)?.stack ?? []).some((layer) => {
    if (!layer.route?.stack?.some((l) => handlers.has(l.handle as RouteHandler))) return false;
    try {
      return layer.match?.(path) === true;
    } catch {
      return false;
    }
  });
}

/**
 * Whether the editor's admin app sees the route's requests first (it is mounted over the nodes'
 * root) and nothing can let them past it: then the node must warn.
 */
function editorReadsFirst(RED: NodeRedAPI, path: string): boolean {
  const settings = RED.settings as Record<string, unknown>;
  if (typeof settings.httpAdminRoot !== 'string') return false;
  const nodeRoot = rootOf(settings.httpNodeRoot);
  const full = nodeRoot === '/' ? path : `${nodeRoot}${path}`;
  return below(rootOf(settings.httpAdminRoot), full) !== undefined;
}

/**
 * Adds `POST path` and returns the function that removes it; `warn` is told when Node-RED's
 * editor API would read the requests' bodies first and nothing could prevent it.
 */
export function addPostRoute(RED: NodeRedAPI, path: string, handler: RouteHandler, warn?: (text: string) => void): () => void {
  const app = RED.httpNode as unknown as ExpressLikeApp;
  const configured = RED.settings.httpNodeMiddleware;
  const middleware = typeof configured === 'function' || Array.isArray(configured) ? [configured] : [];
  app.post(path, ...middleware, handler);
  let handlers = receiverHandlers.get(app);
  if (!handlers) {
    handlers = new Set();
    receiverHandlers.set(app, handlers);
  }
  handlers.add(handler);
  if (editorReadsFirst(RED, path)) {
    const settings = RED.settings as Record<string, unknown>;
    const nodeRoot = rootOf(settings.httpNodeRoot);
    const adminPath = below(rootOf(settings.httpAdminRoot), nodeRoot === '/' ? path : `${nodeRoot}${path}`) ?? path;
    if (isEditorPath(adminPath, [(RED as NodeRedAPI & { httpAdmin?: unknown }).httpAdmin]))
      warn?.(`${path} is a path of Node-RED's editor API, which keeps it: this route gets none of its requests; choose another URL`);
    const nodesAdmin = (RED as NodeRedAPI & { httpAdmin?: unknown }).httpAdmin;
    const admin = outerAdminApp(nodesAdmin);
    if (admin) installEditorBypass(admin, nodesAdmin, (fullPath) => isReceiverRoute(RED, fullPath));
    else
      warn?.(
        `Node-RED's editor API (httpAdminRoot) is served over this route and parses its request bodies first; set httpNodeRoot apart from httpAdminRoot (for example httpNodeRoot: '/hooks') in the settings`,
      );
  }
  return () => {
    handlers.delete(handler);
    const stack = (app._router ?? app.router)?.stack;
    if (!stack) return;
    for (let i = stack.length - 1; i >= 0; i--) {
      const route = stack[i].route;
      if (route?.stack?.some((layer) => layer.handle === handler)) stack.splice(i, 1);
    }
  };
}

/** True when a route holding `handler` is registered (tests and diagnostics). */
export function hasRoute(RED: NodeRedAPI, handler: RouteHandler): boolean {
  const app = RED.httpNode as unknown as ExpressLikeApp;
  const stack = (app._router ?? app.router)?.stack ?? [];
  return stack.some((layer) => layer.route?.stack?.some((l) => l.handle === handler) ?? false);
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `5mb`, `500kb`, `1048576` → bytes (Node-RED's `apiMaxLength` format). */
export function byteLimit(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value) : null;
  if (!match) return fallback;
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]);
}

/** The request body: already parsed by a middleware (`req._body`), or read from the stream up to `limit` bytes. */
export function readRequestBody(req: IncomingMessage & { body?: unknown; _body?: boolean }, limit: number): Promise<unknown> {
  if (req._body || req.readableEnded) return Promise.resolve(req.body);
  return readBodyBytes(req, limit);
}
