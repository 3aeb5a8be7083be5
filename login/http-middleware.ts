/**
 * The middleware for `httpNodeMiddleware` and Dashboard 2's `dashboard.middleware`: a browser
 * without a session goes to Auth0's login and back; the session is a sealed cookie (HttpOnly,
 * SameSite=Lax, Secure on https) renewed while in use; the user rides on `req.auth0User`.
 * `ioMiddleware` does the same check for Dashboard 2's socket.io connections.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoginError, OidcClient, PENDING_LOGIN_SECONDS, rolesOf, safeReturnPath, type PendingLogin } from './oidc-client';
import type { ResolvedOptions } from './options';
import { loginFailedPage, refusedPage } from './pages';
import { nodeRoot, registerLoginRoutes } from './route-registry';
import { CookieSealer, readCookies, setCookie } from './sealed-cookie';
import { queryOf, redirect, sendHtml, sendJson, type Auth0User, type LoginRequest, type Next, type RequestHandler } from './express-types';

/** What the session cookie holds (encrypted). */
interface Session {
  user: Auth0User;
  /** Epoch seconds: when the login happened, and when this session ends unless renewed. */
  loginAt: number;
  expiresAt: number;
}

const PENDING_PREFIX = 'auth0_login_';

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function requestPath(req: IncomingMessage): string {
  const original = (req as Partial<LoginRequest>).originalUrl ?? req.url ?? '/';
  return original.split('?')[0] ?? '/';
}

/** Whether the request is from a program rather than a page: it gets a 401, never a redirect. */
function wantsJson(req: IncomingMessage): boolean {
  const accept = String(req.headers.accept ?? '');
  if (/^\s*bearer\s/i.test(String(req.headers.authorization ?? ''))) return true;
  if (String(req.headers['x-requested-with'] ?? '').toLowerCase() === 'xmlhttprequest') return true;
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

export interface SocketLike {
  request: IncomingMessage;
  handshake?: { xdomain?: boolean };
  data?: Record<string, unknown>;
}

export type HttpLoginMiddleware = RequestHandler & {
  /** For Dashboard 2's `dashboard.ioMiddleware`: refuses a socket.io connection without a valid session. */
  ioMiddleware: (socket: SocketLike, next: (err?: Error) => void) => void;
};

export function createHttpMiddleware(options: ResolvedOptions & { cookieSecret: string }): HttpLoginMiddleware {
  const client = new OidcClient(options);
  const sessions = new CookieSealer(options.cookieSecret, 'session');
  const pendings = new CookieSealer(options.cookieSecret, 'pending login');
  const cookiePath = (): string => `${nodeRoot()}/`;
  const callbackPath = (): string => `${nodeRoot()}${options.callbackPath}`;
  const redirectUri = (): string => `${options.baseUrl}${callbackPath()}`;

  function needsLogin(path: string): boolean {
    if (!options.paths) return true;
    const relative = path.slice(nodeRoot().length) || '/';
    return options.paths.some((p) => (typeof p === 'string' ? relative === p || relative.startsWith(p.endsWith('/') ? p : `${p}/`) : p.test(relative)));
  }

  function mayPass(user: Auth0User): boolean {
    return !options.roles || options.roles.some((role) => user.roles.includes(role));
  }

  function readSession(req: IncomingMessage): { session?: Session; tampered: boolean } {
    const raw = readCookies(req).get(options.cookieName);
    if (raw === undefined) return { tampered: false };
    const value = sessions.open(options.cookieName, raw) as Session | undefined;
    if (!value || typeof value.expiresAt !== 'number' || typeof value.loginAt !== 'number' || !value.user) return { tampered: true };
    const t = now();
    if (t >= value.expiresAt || t >= value.loginAt + options.sessionMaxAge) return { tampered: false };
    return { session: value, tampered: false };
  }

  function writeSession(res: ServerResponse, session: Session): void {
    setCookie(res, options.cookieName, sessions.seal(options.cookieName, session), {
      path: cookiePath(),
      secure: options.secure,
      maxAge: session.expiresAt - now(),
    });
  }

  function clearSession(res: ServerResponse): void {
    setCookie(res, options.cookieName, '', { path: cookiePath(), secure: options.secure, maxAge: 0 });
  }

  function startLogin(req: IncomingMessage, res: ServerResponse): void {
    const login = client.startLogin(safeReturnPath((req as Partial<LoginRequest>).originalUrl ?? req.url, `${nodeRoot()}/`));
    // One cookie per pending login (named by its state), so logins in several tabs do not collide.
    const name = `${PENDING_PREFIX}${login.state.slice(0, 16)}`;
    setCookie(res, name, pendings.seal(name, login), { path: callbackPath(), secure: options.secure, maxAge: PENDING_LOGIN_SECONDS });
    redirect(res, client.authorizeUrl(login, redirectUri()));
  }

  function refuse(req: IncomingMessage, res: ServerResponse, user: Auth0User): void {
    if (wantsJson(req)) return sendJson(res, 403, { error: 'forbidden', message: 'none of your Auth0 roles may use this' });
    sendHtml(
      res,
      403,
      refusedPage({
        who: user.email ?? user.name ?? user.sub,
        what: 'this page',
        roles: options.roles ?? [],
        switchUserUrl: `${nodeRoot()}${options.logoutPath}`,
      }),
    );
  }

  const callback: RequestHandler = (req, res) => {
    const query = queryOf(req);
    const state = typeof query.state === 'string' ? query.state : '';
    const name = `${PENDING_PREFIX}${state.slice(0, 16)}`;
    const pending = pendings.open(name, readCookies(req).get(name)) as PendingLogin | undefined;
    setCookie(res, name, '', { path: callbackPath(), secure: options.secure, maxAge: 0 });
    client
      .finishLogin(query, pending, redirectUri())
      .then(({ claims }) => {
        const user: Auth0User = {
          sub: String(claims.sub),
          ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
          ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
          roles: rolesOf(claims, options.rolesClaim),
        };
        if (!mayPass(user)) return refuse(req, res, user);
        const t = now();
        writeSession(res, { user, loginAt: t, expiresAt: t + options.sessionLifetime });
        redirect(res, safeReturnPath(pending?.returnTo, `${nodeRoot()}/`));
      })
      .catch((err: unknown) => {
        const reason = err instanceof LoginError ? err.message : 'an unexpected error';
        sendHtml(
          res,
          err instanceof LoginError ? 401 : 500,
          loginFailedPage(`The login with Auth0 did not complete: ${reason}.`, safeReturnPath(pending?.returnTo, `${nodeRoot()}/`)),
        );
      });
  };

  const logout: RequestHandler = (_req, res) => {
    clearSession(res);
    redirect(res, client.logoutUrl(options.logoutReturnTo));
  };

  const middleware = ((req: LoginRequest, res: ServerResponse, next: Next) => {
    const path = requestPath(req);
    if (req.method === 'GET' && path === callbackPath()) return callback(req, res, next);
    if (req.method === 'GET' && path === `${nodeRoot()}${options.logoutPath}`) return logout(req, res, next);
    const { session, tampered } = readSession(req);
    if (tampered || (readCookies(req).has(options.cookieName) && !session)) clearSession(res);
    if (session) {
      if (!mayPass(session.user)) return refuse(req, res, session.user);
      // Sliding renewal: past half its lifetime, a used session gets a fresh one (never past sessionMaxAge).
      const t = now();
      if (session.expiresAt - t < options.sessionLifetime / 2) {
        writeSession(res, { ...session, expiresAt: Math.min(t + options.sessionLifetime, session.loginAt + options.sessionMaxAge) });
      }
      req.auth0User = { ...session.user, roles: [...session.user.roles] };
      return next();
    }
    if (!needsLogin(path)) return next();
    if (wantsJson(req) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendJson(
        res,
        401,
        { error: 'login_required', message: 'log in with Auth0 first' },
        { 'WWW-Authenticate': 'Bearer realm="auth0", error="login_required"' },
      );
    }
    startLogin(req, res);
  }) as HttpLoginMiddleware;

  middleware.ioMiddleware = (socket, next) => {
    if (socket.handshake?.xdomain === true) return next(new Error('cross-origin connections are refused'));
    const { session } = readSession(socket.request);
    if (!session) return next(new Error('login_required: log in with Auth0 first'));
    if (!mayPass(session.user)) return next(new Error('forbidden: none of your Auth0 roles may use this'));
    if (socket.data) socket.data.auth0User = { ...session.user };
    (socket.request as LoginRequest).auth0User = { ...session.user };
    next();
  };

  registerLoginRoutes({
    routes: [
      { path: options.callbackPath, handler: callback },
      { path: options.logoutPath, handler: logout },
    ],
  });
  return middleware;
}
