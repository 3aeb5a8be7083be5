/**
 * The little of Express (Node-RED's web framework, 4.x or 5.x) the login uses, typed here so the
 * package needs no Express types at run time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LoginRequest extends IncomingMessage {
  /** Path relative to the app the route is on. */
  path: string;
  /** The request's path and query as the server received it. */
  originalUrl: string;
  /** Where the app this route is on is mounted ('' for /). */
  baseUrl: string;
  query: Record<string, unknown>;
  res?: ServerResponse;
  auth0User?: Auth0User;
}

export type Next = (err?: unknown) => void;
export type RequestHandler = (req: LoginRequest, res: ServerResponse, next: Next) => void;

export interface RouteHost {
  get(path: string, handler: RequestHandler): unknown;
  post?(path: string, handler: RequestHandler): unknown;
  /** Express's boolean settings (`case sensitive routing`). */
  enabled?(setting: string): boolean;
}

/** The user a request carries after the middleware: `msg.req.auth0User` in an http-in flow. */
export interface Auth0User {
  sub: string;
  email?: string;
  name?: string;
  roles: string[];
}

export function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 302;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  // No other site may frame a login page and have the user click in it unknowingly.
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  res.end(html);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** The query of a request, whether or not Express parsed it. */
export function queryOf(req: LoginRequest): Record<string, unknown> {
  if (req.query && typeof req.query === 'object') return req.query;
  return Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
}
