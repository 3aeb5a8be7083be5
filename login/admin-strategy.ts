/**
 * A Passport strategy for Node-RED's `adminAuth` `type: "strategy"`: Node-RED constructs it with
 * `new strategy(options, verify)` and routes `/auth/strategy` and `/auth/strategy/callback` to its
 * `authenticate(req)`. The pending login (state, nonce, PKCE verifier) is kept in a sealed cookie
 * scoped to the callback, so neither express-session nor Node-RED's handshake session is needed.
 */
import { randomBytes } from 'node:crypto';
import { LoginError, OidcClient, PENDING_LOGIN_SECONDS, rolesOf, type PendingLogin } from './oidc-client';
import type { Permission, ResolvedOptions } from './options';
import { permissionsFor } from './permissions';
import { loginFailedPage, refusedPage } from './pages';
import { CookieSealer, readCookies, setCookie } from './sealed-cookie';
import { queryOf, sendHtml, type LoginRequest } from './express-types';

/** The user Node-RED keeps: its username, permissions and avatar. */
export interface EditorUser {
  username: string;
  permissions: Permission;
  image?: string;
}

/** The profile handed to Node-RED's verify: it looks the user up by `username` (adminAuth.users). */
interface EditorProfile {
  username: string;
  photos?: Array<{ value: string }>;
}

export interface EditorStrategyOptions {
  login: ResolvedOptions;
  /** Where the strategy records who logged in with which permissions (adminAuth.users reads it). */
  remember(sub: string, user: EditorUser): string;
}

type Verify = (profile: EditorProfile, done: (err: unknown, user?: unknown) => void) => void;

const PENDING_COOKIE = 'auth0_editor_login';

/** The methods Passport adds to the strategy object before it calls authenticate. */
interface PassportActions {
  success(user: unknown, info?: unknown): void;
  fail(challenge?: unknown, status?: number): void;
  redirect(url: string, status?: number): void;
  error(err: unknown): void;
}

export class Auth0EditorStrategy {
  readonly name = 'auth0';
  private readonly client: OidcClient;
  private readonly sealer: CookieSealer;

  constructor(
    private readonly options: EditorStrategyOptions,
    private readonly verify: Verify,
  ) {
    this.client = new OidcClient(options.login);
    // Without a cookieSecret the pending login is sealed with a key of this process (it lives 10 minutes).
    this.sealer = new CookieSealer(options.login.cookieSecret ?? randomBytes(32).toString('hex'), 'editor login');
  }

  authenticate(this: Auth0EditorStrategy & PassportActions, req: LoginRequest): void {
    const adminRoot = req.baseUrl ?? '';
    const callbackPath = `${adminRoot}/auth/strategy/callback`;
    const redirectUri = `${this.options.login.baseUrl}${callbackPath}`;
    if (!/\/callback$/.test(req.path)) {
      const login = this.client.startLogin(`${adminRoot}/`);
      const res = req.res;
      if (res)
        setCookie(res, PENDING_COOKIE, this.sealer.seal(PENDING_COOKIE, login), {
          path: callbackPath,
          secure: this.options.login.secure,
          maxAge: PENDING_LOGIN_SECONDS,
        });
      this.redirect(this.client.authorizeUrl(login, redirectUri));
      return;
    }
    void this.finish(req, redirectUri, callbackPath, adminRoot);
  }

  private async finish(
    this: Auth0EditorStrategy & PassportActions,
    req: LoginRequest,
    redirectUri: string,
    callbackPath: string,
    adminRoot: string,
  ): Promise<void> {
    const res = req.res;
    const pending = this.sealer.open(PENDING_COOKIE, readCookies(req).get(PENDING_COOKIE)) as PendingLogin | undefined;
    if (res) setCookie(res, PENDING_COOKIE, '', { path: callbackPath, secure: this.options.login.secure, maxAge: 0 });
    try {
      const { claims } = await this.client.finishLogin(queryOf(req), pending, redirectUri);
      const roles = rolesOf(claims, this.options.login.rolesClaim);
      const permissions = permissionsFor(roles, this.options.login.permissions);
      const who = editorUserName(claims);
      if (permissions === undefined) {
        if (!res) return this.fail(403);
        sendHtml(
          res,
          403,
          refusedPage({
            who,
            what: 'the Node-RED editor',
            roles: Object.keys(this.options.login.permissions),
            switchUserUrl: this.client.logoutUrl(`${this.options.login.baseUrl}${adminRoot}/`),
          }),
        );
        return;
      }
      const picture = typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) ? claims.picture : undefined;
      const username = this.options.remember(String(claims.sub), { username: who, permissions, ...(picture ? { image: picture } : {}) });
      this.verify({ username, ...(picture ? { photos: [{ value: picture }] } : {}) }, (err, user) => {
        if (err) this.error(err);
        else if (user) this.success(user);
        else this.fail(401);
      });
    } catch (err) {
      if (!(err instanceof LoginError) || !res) return this.error(err);
      sendHtml(res, 401, loginFailedPage(`The login with Auth0 did not complete: ${err.message}.`, `${adminRoot}/`));
    }
  }
}

/**
 * The editor's user name: the e-mail only once Auth0 has verified it (anyone may sign up with an
 * unverified one); else the name, unless it looks like an e-mail (Auth0 fills `name` with the
 * unverified e-mail of a database sign-up, and a sign-up may set it to anything); else the user id.
 */
export function editorUserName(claims: Record<string, unknown>): string {
  if (typeof claims.email === 'string' && claims.email_verified === true) return claims.email;
  if (typeof claims.name === 'string' && claims.name.trim() !== '' && !claims.name.includes('@')) return claims.name;
  return String(claims.sub);
}

/** Node-RED's users by username, filled at each login (a restart forgets them: the editor asks to log in again). */
export class EditorUsers {
  private readonly byName = new Map<string, EditorUser & { sub: string }>();

  /** Records the user; another Auth0 user with the same e-mail gets its `sub` added to the username. */
  remember(sub: string, user: EditorUser): string {
    // The name with the user id added may itself be held by another user (a name may be chosen at
    // sign-up): a name is never taken over from another user id, whose editor token names it.
    let username = user.username;
    for (let n = 1; this.byName.has(username) && this.byName.get(username)?.sub !== sub; n += 1)
      username = n === 1 ? `${user.username} (${sub})` : `${user.username} (${sub}, ${n})`;
    this.byName.set(username, { ...user, username, sub });
    return username;
  }

  get(username: string): EditorUser | undefined {
    const found = this.byName.get(username);
    if (!found) return undefined;
    return {
      username: found.username,
      permissions: Array.isArray(found.permissions) ? [...found.permissions] : found.permissions,
      ...(found.image ? { image: found.image } : {}),
    };
  }
}
