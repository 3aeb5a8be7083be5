/**
 * `@idflow/node-red-auth0/login`: Auth0's login in front of what Node-RED serves, for settings.js.
 *
 *   const login = require('@idflow/node-red-auth0/login');
 *   module.exports = {
 *     adminAuth: login.adminAuth({ ...auth0, permissions: { 'node-red-admin': '*', 'node-red-viewer': 'read' } }),
 *     editorTheme: { logout: { redirect: login.logoutUrl(auth0) } },
 *     httpNodeMiddleware: login.httpMiddleware({ ...auth0, paths: ['/private'] }),
 *     // or: everything needs a login except these
 *     // httpNodeMiddleware: login.httpMiddleware({ ...auth0, publicPaths: ['/public'] }),
 *   };
 */
import { Auth0EditorStrategy, EditorUsers, type EditorStrategyOptions, type EditorUser } from './admin-strategy';
import { createHttpMiddleware, type HttpLoginMiddleware } from './http-middleware';
import { OidcClient } from './oidc-client';
import { resolveOptions, type LoginOptions } from './options';

export type { LoginOptions } from './options';
export type { Auth0User } from './express-types';
export type { HttpLoginMiddleware } from './http-middleware';

export interface AdminAuthSetting {
  type: 'strategy';
  strategy: {
    name: string;
    label: string;
    icon: string;
    autoLogin: boolean;
    strategy: typeof Auth0EditorStrategy;
    options: EditorStrategyOptions;
  };
  users(username: string): Promise<EditorUser | undefined>;
}

/** A value for Node-RED's `adminAuth`: the editor's login at Auth0, permissions from Auth0 roles. */
export function adminAuth(options: LoginOptions): AdminAuthSetting {
  const login = resolveOptions(options, { cookieSecret: false, permissions: true });
  const users = new EditorUsers();
  return {
    type: 'strategy',
    strategy: {
      name: 'auth0',
      label: login.label,
      icon: 'fa-lock',
      // Node-RED 4 and later go to the login at once; 3.1 shows the button.
      autoLogin: true,
      strategy: Auth0EditorStrategy,
      options: { login, remember: (sub, user) => users.remember(sub, user) },
    },
    users: (username) => Promise.resolve(users.get(username)),
  };
}

/** A value for `httpNodeMiddleware` and Dashboard 2's `dashboard.middleware` (its `.ioMiddleware` for `dashboard.ioMiddleware`). */
export function httpMiddleware(options: LoginOptions): HttpLoginMiddleware {
  const login = resolveOptions(options, { cookieSecret: true, permissions: false });
  if (login.cookieSecret === undefined) throw new Error('@idflow/node-red-auth0/login: option cookieSecret is required');
  return createHttpMiddleware({ ...login, cookieSecret: login.cookieSecret });
}

/**
 * Auth0's logout URL for `editorTheme.logout.redirect`: after the editor's own logout the browser
 * also ends its Auth0 session, then comes back to `logoutReturnTo` (default baseUrl + `/`).
 */
export function logoutUrl(options: LoginOptions): string {
  const login = resolveOptions(options, { cookieSecret: false, permissions: false });
  return new OidcClient(login).logoutUrl(login.logoutReturnTo ?? `${login.baseUrl}/`);
}
