/**
 * The login module's parts without a browser: option checks (secrets never quoted), the sealed
 * cookie (every changed byte refused), permissions from roles, and the HTTP middleware against the
 * emulator: redirect, callback, session, sliding renewal, roles, 401s, logout, the socket.io check.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../../emulator';
import { adminAuth, httpMiddleware, logoutUrl, type HttpLoginMiddleware } from '../../login';
import { resolveOptions } from '../../login/options';
import { permissionsFor } from '../../login/permissions';
import { CookieSealer } from '../../login/sealed-cookie';
import { safeReturnPath } from '../../login/oidc-client';
import { asExpressRequest, call, nodeRedApplication } from './cookie-jar';

const SECRET = 'core-test-cookie-secret-0123456789-abcdefgh';
const CLIENT = { id: 'login-core-client', secret: 'login-core-client-secret-0123456789' };
const ROLES_CLAIM = 'https://example.com/roles';
const BASE_OPTIONS = { domain: 'tenant.example.com', clientId: 'abc', baseUrl: 'https://nodered.example.com', cookieSecret: SECRET };

function throwsNaming(fn: () => unknown, pattern: RegExp, secret?: string): void {
  assert.throws(fn, (err: Error) => {
    assert.match(err.message, pattern);
    if (secret) assert.ok(!err.message.includes(secret), 'the message quotes the secret');
    return true;
  });
}

describe('login: options', () => {
  it('refuses a cookieSecret shorter than 32 characters at start, without quoting it', () => {
    const short = 'short-secret-0123456789-abcdefg';
    assert.equal(short.length, 31);
    throwsNaming(() => httpMiddleware({ ...BASE_OPTIONS, cookieSecret: short }), /cookieSecret is 31 characters long; it must be at least 32/, short);
    throwsNaming(() => adminAuth({ ...BASE_OPTIONS, cookieSecret: short, rolesClaim: ROLES_CLAIM, permissions: { a: '*' } }), /at least 32/, short);
  });

  it('needs a cookieSecret for the HTTP middleware, from the options or AUTH0_COOKIE_SECRET', () => {
    throwsNaming(() => httpMiddleware({ ...BASE_OPTIONS, cookieSecret: undefined }), /cookieSecret \(or AUTH0_COOKIE_SECRET\) is required/);
    process.env.AUTH0_COOKIE_SECRET = SECRET;
    try {
      assert.equal(resolveOptions({ ...BASE_OPTIONS, cookieSecret: undefined }, { cookieSecret: true, permissions: false }).cookieSecret, SECRET);
    } finally {
      delete process.env.AUTH0_COOKIE_SECRET;
    }
  });

  it('takes domain, client id and secret from the environment', () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      AUTH0_DOMAIN: 'env.example.com',
      AUTH0_CLIENT_ID: 'env-id',
      AUTH0_CLIENT_SECRET: 'env-secret',
      AUTH0_BASE_URL: 'https://nr.example.com/',
    });
    try {
      const o = resolveOptions({}, { cookieSecret: false, permissions: false });
      assert.equal(o.domain, 'env.example.com');
      assert.equal(o.clientId, 'env-id');
      assert.equal(o.clientSecret, 'env-secret');
      assert.equal(o.baseUrl, 'https://nr.example.com');
      assert.equal(o.issuer, 'https://env.example.com/');
    } finally {
      for (const key of ['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'AUTH0_CLIENT_SECRET', 'AUTH0_BASE_URL']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });

  it('allows http only for a loopback emulator and a loopback Node-RED', () => {
    throwsNaming(
      () => resolveOptions({ ...BASE_OPTIONS, protocol: 'http' }, { cookieSecret: false, permissions: false }),
      /only for an emulator on a loopback address/,
    );
    assert.equal(
      resolveOptions({ ...BASE_OPTIONS, domain: '127.0.0.1:4010', protocol: 'http' }, { cookieSecret: false, permissions: false }).tenantUrl,
      'http://127.0.0.1:4010',
    );
    assert.equal(
      resolveOptions({ ...BASE_OPTIONS, domain: 'localhost:4010', protocol: 'http' }, { cookieSecret: false, permissions: false }).issuer,
      'http://localhost:4010/',
    );
    throwsNaming(
      () => resolveOptions({ ...BASE_OPTIONS, baseUrl: 'http://nodered.example.com' }, { cookieSecret: false, permissions: false }),
      /baseUrl must be https/,
    );
  });

  it('adminAuth needs permissions and the roles claim; each permission is *, read or a list', () => {
    throwsNaming(() => adminAuth({ ...BASE_OPTIONS, rolesClaim: ROLES_CLAIM }), /permissions is required/);
    throwsNaming(() => adminAuth({ ...BASE_OPTIONS, permissions: { admin: '*' } }), /rolesClaim is required/);
    throwsNaming(() => adminAuth({ ...BASE_OPTIONS, rolesClaim: ROLES_CLAIM, permissions: { admin: 3 as unknown as string } }), /permissions\["admin"\]/);
    const setting = adminAuth({ ...BASE_OPTIONS, rolesClaim: ROLES_CLAIM, permissions: { admin: '*' } });
    assert.equal(setting.type, 'strategy');
    assert.equal(setting.strategy.name, 'auth0');
    assert.equal(typeof setting.strategy.strategy, 'function');
  });

  it('the editor logout URL ends the Auth0 session with the client id, never a token', () => {
    const url = new URL(logoutUrl({ ...BASE_OPTIONS }));
    assert.equal(`${url.origin}${url.pathname}`, 'https://tenant.example.com/v2/logout');
    assert.equal(url.searchParams.get('client_id'), 'abc');
    assert.equal(url.searchParams.get('returnTo'), 'https://nodered.example.com/');
    assert.equal(url.searchParams.get('id_token_hint'), null);
  });

  it('returns after a login only to a path of this site', () => {
    assert.equal(safeReturnPath('/private/x?y=1', '/'), '/private/x?y=1');
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', undefined, 42]) assert.equal(safeReturnPath(bad, '/'), '/');
  });
});

describe('login: sealed cookie', () => {
  const sealer = new CookieSealer(SECRET, 'session');

  it('reads back what it sealed, and the sealed text shows nothing of it', () => {
    const sealed = sealer.seal('auth0_session', { email: 'ann@example.com' });
    assert.ok(!sealed.includes('ann'));
    assert.ok(!Buffer.from(sealed, 'base64url').toString('latin1').includes('ann'));
    assert.deepEqual(sealer.open('auth0_session', sealed), { email: 'ann@example.com' });
  });

  it('refuses any changed byte, another cookie name, another secret or purpose', () => {
    const sealed = sealer.seal('auth0_session', { sub: 'auth0|1' });
    const raw = Buffer.from(sealed, 'base64url');
    for (let i = 0; i < raw.length; i += 1) {
      const changed = Buffer.from(raw);
      changed[i] = (changed[i] ?? 0) ^ 0x01;
      assert.equal(sealer.open('auth0_session', changed.toString('base64url')), undefined, `byte ${i} changed`);
    }
    assert.equal(sealer.open('other_cookie', sealed), undefined);
    assert.equal(new CookieSealer(`${SECRET}x`, 'session').open('auth0_session', sealed), undefined);
    assert.equal(new CookieSealer(SECRET, 'pending login').open('auth0_session', sealed), undefined);
    assert.equal(sealer.open('auth0_session', `${sealed}!`), undefined);
    assert.equal(sealer.open('auth0_session', ''), undefined);
  });
});

describe('login: permissions from roles', () => {
  const map = { 'node-red-admin': '*', 'node-red-viewer': 'read', ops: ['flows.read', 'inject.write'] };
  it('maps roles to Node-RED permissions; * wins; unmapped roles give nothing', () => {
    assert.equal(permissionsFor(['node-red-viewer'], map), 'read');
    assert.equal(permissionsFor(['node-red-viewer', 'node-red-admin'], map), '*');
    assert.deepEqual(permissionsFor(['node-red-viewer', 'ops'], map), ['read', 'flows.read', 'inject.write']);
    assert.equal(permissionsFor(['member', 'toString'], map), undefined);
    assert.equal(permissionsFor([], map), undefined);
  });
});

describe('login: the HTTP middleware against the emulator', function () {
  this.timeout(30000);
  let emu: Emulator;
  let server: http.Server;
  let base: string;
  let mw: HttpLoginMiddleware;
  let adminsOnly: HttpLoginMiddleware;
  const realNow = Date.now;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    server = http.createServer((req, res) => {
      const r = asExpressRequest(req);
      const chosen = r.path.startsWith('/admins') ? adminsOnly : mw;
      chosen(r, res, () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ user: r.auth0User ?? null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    emu.seed({
      universalLogin: { rolesClaim: ROLES_CLAIM },
      roles: [{ name: 'ops' }],
      users: [
        { email: 'ops@example.com', password: 'Ops-passw0rd!', roles: ['ops'] },
        { email: 'plain@example.com', password: 'Plain-passw0rd!' },
      ],
      clients: [nodeRedApplication(base, CLIENT, ['/auth0/callback', '/admins/callback'])],
    });
    const options = {
      domain: emu.domain,
      protocol: 'http' as const,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      baseUrl: base,
      cookieSecret: SECRET,
      rolesClaim: ROLES_CLAIM,
    };
    mw = httpMiddleware({ ...options, paths: ['/private', /^\/re-\d+$/], sessionLifetime: 3600 });
    // A second middleware has callback and logout paths of its own.
    adminsOnly = httpMiddleware({ ...options, roles: ['ops'], cookieName: 'admins_session', callbackPath: '/admins/callback', logoutPath: '/admins/logout' });
  });

  after(async () => {
    Date.now = realNow;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await emu.close();
  });

  /** Follows the login: the page, Auth0 (its test shortcut logs the user in), the callback. */
  async function logIn(
    path: string,
    email: string,
    password: string,
    cookies = new Map<string, string>(),
  ): Promise<{ cookies: Map<string, string>; landing: Response }> {
    const start = await call(`${base}${path}`, cookies);
    assert.equal(start.status, 302);
    const authorize = new URL(String(start.headers.get('location')));
    assert.equal(`${authorize.origin}${authorize.pathname}`, `${emu.url}/authorize`);
    for (const p of ['state', 'nonce', 'code_challenge']) assert.ok(authorize.searchParams.get(p), p);
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(authorize.searchParams.get('redirect_uri'), `${base}${path.startsWith('/admins') ? '/admins' : '/auth0'}/callback`);
    authorize.searchParams.set('username', email);
    authorize.searchParams.set('password', password);
    const atTenant = await fetch(authorize, { redirect: 'manual' });
    assert.equal(atTenant.status, 302);
    const landing = await call(String(atTenant.headers.get('location')), cookies);
    return { cookies, landing };
  }

  it('sends a browser to Auth0 and back, then carries the user; the cookie is HttpOnly and SameSite=Lax', async () => {
    const { cookies, landing } = await logIn('/private/page?x=1', 'ops@example.com', 'Ops-passw0rd!');
    assert.equal(landing.status, 302);
    assert.equal(landing.headers.get('location'), '/private/page?x=1');
    const setCookie = landing.headers.getSetCookie().find((c) => c.startsWith('auth0_session='));
    assert.ok(setCookie);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    assert.doesNotMatch(setCookie, /Secure/);
    const page = await call(`${base}/private/page?x=1`, cookies);
    const body = (await page.json()) as { user: Record<string, unknown> };
    assert.equal(body.user.email, 'ops@example.com');
    assert.deepEqual(body.user.roles, ['ops']);
  });

  it('refuses a replayed callback and a callback with another state', async () => {
    const cookies = new Map<string, string>();
    const start = await call(`${base}/private/x`, cookies);
    const authorize = new URL(String(start.headers.get('location')));
    authorize.searchParams.set('username', 'ops@example.com');
    authorize.searchParams.set('password', 'Ops-passw0rd!');
    const callback = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')));
    const forged = new URL(callback);
    forged.searchParams.set('state', 'another-state');
    assert.equal((await call(forged.toString(), new Map(cookies))).status, 401);
    assert.equal((await call(callback.toString(), cookies)).status, 302);
    const replay = await call(callback.toString(), cookies);
    assert.equal(replay.status, 401, 'the pending login is used up');
    assert.ok(!(await replay.text()).includes(String(callback.searchParams.get('code'))), 'the page does not echo the code');
  });

  it('answers API-style requests with 401, lets public paths through, and matches regular expressions', async () => {
    const none = new Map<string, string>();
    assert.equal((await call(`${base}/private/api`, none, { accept: 'application/json' })).status, 401);
    assert.equal((await call(`${base}/private/api`, none, { authorization: 'Bearer abc' })).status, 401);
    assert.equal((await call(`${base}/private/api`, none, {}, 'POST')).status, 401);
    assert.equal((await call(`${base}/re-12`, none)).status, 302);
    const pub = await call(`${base}/public`, none);
    assert.equal(pub.status, 200);
    assert.deepEqual(await pub.json(), { user: null });
    assert.equal((await call(`${base}/privateer`, none)).status, 200, 'a prefix matches whole path segments');
  });

  it('renews a session past half its lifetime, and ends it after the lifetime', async () => {
    const { cookies } = await logIn('/private/r', 'ops@example.com', 'Ops-passw0rd!');
    const first = cookies.get('auth0_session');
    const fresh = await call(`${base}/private/r`, cookies);
    assert.equal(fresh.headers.getSetCookie().length, 0, 'no renewal while fresh');
    Date.now = () => realNow() + 2000 * 1000;
    const renewed = await call(`${base}/private/r`, cookies);
    assert.equal(renewed.status, 200);
    assert.ok(cookies.get('auth0_session') !== first, 'a renewed cookie');
    Date.now = () => realNow() + 5000 * 1000;
    assert.equal((await call(`${base}/private/r`, new Map([['auth0_session', String(first)]]))).status, 302, 'the first cookie expired');
    assert.equal((await call(`${base}/private/r`, cookies)).status, 200, 'the renewed one lives on');
    Date.now = realNow;
  });

  it('refuses a user without one of the roles, with a page naming them', async () => {
    const { landing } = await logIn('/admins/x', 'plain@example.com', 'Plain-passw0rd!');
    assert.equal(landing.status, 403);
    const text = await landing.text();
    assert.match(text, /Access refused/);
    assert.match(text, /plain@example\.com/);
    assert.match(text, /<code>ops<\/code>/);
    assert.equal(
      landing.headers.getSetCookie().some((c) => c.startsWith('admins_session=') && !/Max-Age=0/.test(c)),
      false,
      'no session',
    );
  });

  it('logs out of the session and of Auth0', async () => {
    const { cookies } = await logIn('/private/y', 'ops@example.com', 'Ops-passw0rd!');
    const out = await call(`${base}/logout`, cookies);
    assert.equal(out.status, 302);
    const location = new URL(String(out.headers.get('location')));
    assert.equal(`${location.origin}${location.pathname}`, `${emu.url}/v2/logout`);
    assert.equal(location.searchParams.get('returnTo'), `${base}/logged-out`);
    assert.equal(cookies.has('auth0_session'), false);
    const back = await fetch(location, { redirect: 'manual' });
    assert.equal(back.status, 302, 'the emulator accepts the returnTo');
    // Back from Auth0: a page that says the logout worked, and offers the login again.
    const landing = await call(String(back.headers.get('location')), cookies);
    assert.equal(landing.status, 200);
    const html = await landing.text();
    assert.match(html, /You are logged out/);
    assert.match(html, /<a class="button" href="\/">Log in again<\/a>/);
    assert.equal((await call(`${base}/private/y`, cookies)).status, 302);
  });

  it('the logged-out page\'s "Log in again" goes back to the page the logout was asked from, on this site only', async () => {
    const loggedOutLink = async (referer: string | undefined): Promise<string> => {
      const { cookies } = await logIn('/private/y', 'ops@example.com', 'Ops-passw0rd!');
      const out = await call(`${base}/logout`, cookies, referer === undefined ? {} : { referer });
      assert.equal(out.status, 302);
      const html = await (await call(`${base}/logged-out`, cookies)).text();
      // Once: the page shown again links to httpNodeRoot.
      assert.match(await (await call(`${base}/logged-out`, cookies)).text(), /href="\/">Log in again/);
      return /href="([^"]*)">Log in again/.exec(html)?.[1] ?? '';
    };
    assert.equal(await loggedOutLink(`${base}/private/y?tab=2`), '/private/y?tab=2');
    assert.equal(await loggedOutLink('https://other.example/private/y'), '/', 'another site is not a page of this one');
    assert.equal(await loggedOutLink(`${base}/logout`), '/', 'the confirmation page is not where to go back to');
    // "Log in as someone else" on the refused page, shown at the callback: a used code is no page to go back to.
    assert.equal(await loggedOutLink(`${base}/auth0/callback?code=used&state=old`), '/', 'the callback is not where to go back to');
    assert.equal(await loggedOutLink(`${base}/logged-out`), '/', 'the logged-out page is not where to go back to');
    assert.equal(await loggedOutLink(undefined), '/');
  });

  it('refuses a socket.io connection without a valid session (Dashboard 2 ioMiddleware)', async () => {
    const { cookies } = await logIn('/private/z', 'ops@example.com', 'Ops-passw0rd!');
    const attempt = (cookie: string | undefined, xdomain = false): Promise<{ err?: Error; data: Record<string, unknown> }> =>
      new Promise((resolve) => {
        const data: Record<string, unknown> = {};
        const request = { headers: cookie ? { cookie } : {} } as http.IncomingMessage;
        mw.ioMiddleware({ request, handshake: { xdomain }, data }, (err) => resolve({ err, data }));
      });
    const session = `auth0_session=${cookies.get('auth0_session')}`;
    const ok = await attempt(session);
    assert.equal(ok.err, undefined);
    assert.equal((ok.data.auth0User as { email: string }).email, 'ops@example.com');
    assert.match(String((await attempt(undefined)).err?.message), /login_required/);
    assert.match(String((await attempt(`${session.slice(0, -3)}AAA`)).err?.message), /login_required/);
    assert.match(String((await attempt(session, true)).err?.message), /cross-origin/);
  });
});
