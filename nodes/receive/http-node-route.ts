/**
 * A POST route on Node-RED's HTTP server for nodes (RED.httpNode, an express app mounted at
 * `httpNodeRoot`), set up the way core `http in` does it: the user's `httpNodeMiddleware` runs
 * first, and on close the route is taken out of the router again. Only the layers holding this
 * node's own handler are removed, so another node's route on the same path is left alone.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeRedAPI } from '../shared/node-red-types';
import { readBodyBytes } from '../shared/request-body-reader';

export type RouteHandler = (req: IncomingMessage & { body?: unknown; _body?: boolean }, res: ServerResponse) => void;

interface RouterLayer {
  route?: { path?: string; stack?: { handle?: unknown }[] };
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

/** Adds `POST path` and returns the function that removes it. */
export function addPostRoute(RED: NodeRedAPI, path: string, handler: RouteHandler): () => void {
  const app = RED.httpNode as unknown as ExpressLikeApp;
  const configured = RED.settings.httpNodeMiddleware;
  const middleware = typeof configured === 'function' || Array.isArray(configured) ? [configured] : [];
  app.post(path, ...middleware, handler);
  return () => {
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
