/**
 * The middleware for `httpNodeMiddleware` and Dashboard 2's `dashboard.middleware`: a browser
 * without a session goes to Auth0's login and back; the session is a sealed cookie (HttpOnly,
 * SameSite=Lax, Secure on https, `__Host-` where it can be) renewed while in use; the user rides on
 * `req.auth0User`. `ioMiddleware` does the same check for Dashboard 2's socket.io connections. The
 * paths are decided as Express routes them (request-path.ts); a logout ends the session for good
 * (ended-sessions.ts) and closes its sockets.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EndedSessions } from './ended-sessions';
import { LoginError, OidcClient, PENDING_LOGIN_SECONDS, rolesOf, safeReturnPath, type PendingLogin } from './oidc-client';
import type { ResolvedOptions } from './options';
import { logoutIntent } from './logout-request';
import { loggedOutPage, loginFailedPage, logoutConfirmPage, refusedPage } from './pages';
import { isRoute, PathRule } from './request-path';
import { caseSensitiveRouting, loginRuntime, nodeRoot, registerLoginRoutes } from './route-registry';
import { CookieSealer, readCookies, setCookie } from './sealed-cookie';
import { queryOf, redirect, sendHtml, sendJson, type Auth0User, type LoginRequest, type Next, type RequestHandler } from './express-types';

/** What the session cookie holds (encrypted). */
interface Session {
  /** This session's id: what a logout ends (every renewed cookie of the session keeps it). */
  sid: string;
  user: Auth0User;
  /** Epoch seconds: when the login happened, and when this session ends unless renewed. */
  loginAt: number;
  expiresAt: number;
}

const PENDING_PREFIX = 'auth0_login_';
/** The shape of the state this package makes (32 random bytes, base64url): nothing else reaches a cookie name. */
const STATE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** How often open sockets are checked against the ended sessions of other processes, ms. */
const SOCKET_SWEEP_MS = 15000;

/**
 * The longest path (and query) a pending login keeps to return to. Browsers drop a cookie over
 * 4096 bytes without a word, and the sealed pending login grows with it: a link with a long query
 * would make every login through it end in "not started here".
 */
const MAX_RETURN_PATH = 1024;

/** The path to come back to, without its query where the whole is too long; '' when even the path is. */
function boundedReturnPath(target: string): string {
  if (target.length <= MAX_RETURN_PATH) return target;
  const path = target.replace(/[?#].*$/s, '');
  return path.length <= MAX_RETURN_PATH ? path : '';
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function requestTarget(req: IncomingMessage): string {
  return (req as Partial<LoginRequest>).originalUrl ?? req.url ?? '/';
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
  /** socket.io's: closes the connection. */
  disconnect?(close?: boolean): unknown;
  once?(event: 'disconnect', listener: () => void): unknown;
}

export type HttpLoginMiddleware = RequestHandler & {
  /** For Dashboard 2's `dashboard.ioMiddleware`: refuses a socket.io connection without a valid session. */
  ioMiddleware: (socket: SocketLike, next: (err?: Error) => void) => void;
};

export function createHttpMiddleware(options: ResolvedOptions & { cookieSecret: string }): HttpLoginMiddleware {
  const client = new OidcClient(options);
  const sessions = new CookieSealer(options.cookieSecret, 'session');
  const pendings = new CookieSealer(options.cookieSecret, 'pending login');
  const ended = new EndedSessions(loginRuntime, options.domain, options.endedSessionsStore);
  const cookiePath = (): string => `${nodeRoot()}/`;
  // `__Host-`: the browser then keeps the cookie only as sent (Secure, Path=/, no Domain), so no
  // sibling or plain-http site can plant or shadow it.
  const cookieName = (): string =>
    options.secure && cookiePath() === '/' && !/^__(Host|Secure)-/i.test(options.cookieName) ? `__Host-${options.cookieName}` : options.cookieName;
  // Beside the session, a SameSite=Strict cookie bound to it: the browser sends it only with a
  // request from this site, which tells a logout link of another site where no Fetch Metadata does.
  const sameSiteName = (): string => `${cookieName()}_same_site`;
  const sameSiteValue = (sid: string): string => createHmac('sha256', options.cookieSecret).update(`same-site ${sid}`).digest('base64url').slice(0, 32);
  // The page the user logged out from, for the logged-out page's "Log in again": sealed, and sent
  // only to that page (SameSite=Lax: with Auth0's redirect back, a top-level navigation).
  const returns = new CookieSealer(options.cookieSecret, 'logged out');
  // Not `__Host-`: its path is the page's.
  const returnName = (): string => `${options.cookieName.replace(/^__(Host|Secure)-/i, '')}_logged_out`;
  const loggedOutPath = (): string => `${nodeRoot()}${options.loggedOutPath}`;
  const callbackPath = (): string => `${nodeRoot()}${options.callbackPath}`;
  const redirectUri = (): string => `${options.baseUrl}${callbackPath()}`;
  let rule: { caseSensitive: boolean; rule: PathRule } | undefined;
  const pathRule = (): PathRule => {
    const caseSensitive = caseSensitiveRouting();
    if (rule?.caseSensitive !== caseSensitive) rule = { caseSensitive, rule: new PathRule(options, caseSensitive) };
    return rule.rule;
  };

  function mayPass(user: Auth0User): boolean {
    return !options.roles || options.roles.some((role) => user.roles.includes(role));
  }

  /** The session the request carries, if valid and not ended; `present`: a session cookie was sent at all. */
  async function readSession(req: IncomingMessage): Promise<{ session?: Session; present: boolean }> {
    const raw = readCookies(req).get(cookieName());
    if (raw === undefined) return { present: false };
    const value = sessions.open(cookieName(), raw) as Partial<Session> | undefined;
    if (!value || typeof value.sid !== 'string' || typeof value.expiresAt !== 'number' || typeof value.loginAt !== 'number' || !value.user)
      return { present: true };
    const t = now();
    if (t >= value.expiresAt || t >= value.loginAt + options.sessionMaxAge) return { present: true };
    if (await ended.isEnded(value.sid)) return { present: true };
    return { session: value as Session, present: true };
  }

  function writeSession(res: ServerResponse, session: Session): void {
    const attributes = { path: cookiePath(), secure: options.secure, maxAge: session.expiresAt - now() };
    setCookie(res, cookieName(), sessions.seal(cookieName(), session), attributes);
    setCookie(res, sameSiteName(), sameSiteValue(session.sid), { ...attributes, strict: true });
  }

  function clearSession(res: ServerResponse): void {
    setCookie(res, cookieName(), '', { path: cookiePath(), secure: options.secure, maxAge: 0 });
    setCookie(res, sameSiteName(), '', { path: cookiePath(), secure: options.secure, maxAge: 0, strict: true });
  }

  /** Keeps the page of this site the logout was asked from (its Referer), but never the logout itself. */
  function rememberPage(req: IncomingMessage, res: ServerResponse): void {
    let from: URL;
    try {
      from = new URL(String(req.headers.referer ?? ''));
    } catch {
      return;
    }
    if (from.origin !== new URL(options.baseUrl).origin) return;
    const page = boundedReturnPath(`${from.pathname}${from.search}`);
    // The login's own routes are no page to go back to: the callback's code is used, the others end where they start.
    const root = nodeRoot();
    const caseSensitive = caseSensitiveRouting();
    if (page === '' || [options.logoutPath, options.callbackPath, options.loggedOutPath].some((route) => isRoute(page, root, route, caseSensitive))) return;
    setCookie(res, returnName(), returns.seal(returnName(), page), { path: loggedOutPath(), secure: options.secure, maxAge: PENDING_LOGIN_SECONDS });
  }

  function startLogin(req: IncomingMessage, res: ServerResponse): void {
    // An absolute-form target (`http://host/path`) comes back to its path on this site.
    const returnTo = requestTarget(req).replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '');
    const login = client.startLogin(safeReturnPath(boundedReturnPath(returnTo), `${nodeRoot()}/`));
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
    // Only a state of the shape this package makes names a cookie; any other gets the refusal below
    // (no pending login), never a header built from it.
    const state = typeof query.state === 'string' && STATE_SHAPE.test(query.state) ? query.state : undefined;
    let pending: PendingLogin | undefined;
    if (state) {
      const name = `${PENDING_PREFIX}${state.slice(0, 16)}`;
      pending = pendings.open(name, readCookies(req).get(name)) as PendingLogin | undefined;
      setCookie(res, name, '', { path: callbackPath(), secure: options.secure, maxAge: 0 });
    }
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
        writeSession(res, { sid: randomBytes(16).toString('base64url'), user, loginAt: t, expiresAt: t + options.sessionLifetime });
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

  /** Dashboard 2 sockets by session id, with when their session ends at the latest. */
  const sockets = new Map<string, Set<{ socket: SocketLike; until: number }>>();
  let sweep: NodeJS.Timeout | undefined;

  function closeSockets(sid: string): void {
    for (const { socket } of sockets.get(sid) ?? []) socket.disconnect?.(true);
    sockets.delete(sid);
  }

  function sweepSockets(): void {
    const t = now();
    for (const [sid, open] of sockets) {
      if ([...open].some((s) => s.until <= t)) closeSockets(sid);
      else void ended.isEnded(sid).then((gone) => gone && closeSockets(sid));
    }
    if (sockets.size === 0 && sweep) {
      clearInterval(sweep);
      sweep = undefined;
    }
  }

  function track(socket: SocketLike, session: Session): void {
    if (!socket.disconnect) return;
    const entry = { socket, until: session.loginAt + options.sessionMaxAge };
    const open = sockets.get(session.sid) ?? new Set();
    open.add(entry);
    sockets.set(session.sid, open);
    socket.once?.('disconnect', () => {
      open.delete(entry);
      if (open.size === 0 && sockets.get(session.sid) === open) sockets.delete(session.sid);
    });
    if (!sweep) {
      sweep = setInterval(sweepSockets, SOCKET_SWEEP_MS);
      sweep.unref();
    }
  }

  const logout: RequestHandler = (req, res, next) => {
    const intent = logoutIntent(req);
    const confirm = (): void => sendHtml(res, 200, logoutConfirmPage(`${nodeRoot()}${options.logoutPath}`));
    if (intent === 'confirm') return confirm();
    if (intent === 'refuse') return sendJson(res, 403, { error: 'forbidden', message: 'a logout must come from this site' });
    readSession(req)
      .then(async ({ session }) => {
        if (session && intent === 'unverified' && readCookies(req).get(sameSiteName()) !== sameSiteValue(session.sid)) return confirm();
        if (session) {
          // Refused from now on, until the longest any renewed cookie of it could live.
          await ended.end(session.sid, session.loginAt + options.sessionMaxAge);
          closeSockets(session.sid);
        }
        clearSession(res);
        rememberPage(req, res);
        redirect(res, client.logoutUrl(options.logoutReturnTo ?? `${options.baseUrl}${nodeRoot()}${options.loggedOutPath}`));
      })
      .catch(next);
  };

  // Public: it shows no session, and a browser whose session just ended must see it.
  // "Log in again" goes back to the page the user logged out from, else to httpNodeRoot.
  const loggedOut: RequestHandler = (req, res) => {
    const page = returns.open(returnName(), readCookies(req).get(returnName()));
    setCookie(res, returnName(), '', { path: loggedOutPath(), secure: options.secure, maxAge: 0 });
    sendHtml(res, 200, loggedOutPage(safeReturnPath(page, `${nodeRoot()}/`)));
  };

  const middleware = ((req: LoginRequest, res: ServerResponse, next: Next) => {
    const target = requestTarget(req);
    const root = nodeRoot();
    const caseSensitive = caseSensitiveRouting();
    if (req.method === 'GET' && isRoute(target, root, options.callbackPath, caseSensitive)) return callback(req, res, next);
    if ((req.method === 'GET' || req.method === 'POST') && isRoute(target, root, options.logoutPath, caseSensitive)) return logout(req, res, next);
    if (req.method === 'GET' && isRoute(target, root, options.loggedOutPath, caseSensitive)) return loggedOut(req, res, next);
    readSession(req)
      .then(({ session, present }) => {
        if (present && !session) clearSession(res);
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
        if (!pathRule().needsLogin(target, root)) return next();
        if (wantsJson(req) || (req.method !== 'GET' && req.method !== 'HEAD')) {
          return sendJson(
            res,
            401,
            { error: 'login_required', message: 'log in with Auth0 first' },
            { 'WWW-Authenticate': 'Bearer realm="auth0", error="login_required"' },
          );
        }
        startLogin(req, res);
      })
      .catch(next);
  }) as HttpLoginMiddleware;

  middleware.ioMiddleware = (socket, next) => {
    if (socket.handshake?.xdomain === true) return next(new Error('cross-origin connections are refused'));
    readSession(socket.request)
      .then(({ session }) => {
        if (!session) {
          if (!pathRule().socketNeedsLogin(requestTarget(socket.request), nodeRoot())) return next();
          return next(new Error('login_required: log in with Auth0 first'));
        }
        if (!mayPass(session.user)) return next(new Error('forbidden: none of your Auth0 roles may use this'));
        if (socket.data) socket.data.auth0User = { ...session.user };
        (socket.request as LoginRequest).auth0User = { ...session.user };
        track(socket, session);
        next();
      })
      .catch(() => next(new Error('login_required: the session could not be checked')));
  };

  registerLoginRoutes({
    routes: [
      { path: options.callbackPath, handler: callback },
      { path: options.logoutPath, handler: logout, post: true },
      { path: options.loggedOutPath, handler: loggedOut },
    ],
  });
  return middleware;
}
