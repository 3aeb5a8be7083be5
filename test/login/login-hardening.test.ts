/**
 * The login where attackers meet it (issue 32): paths decided on the path Express routes (letter
 * case, absolute-form targets, encodings, dot segments) and `publicPaths`; the callback's state
 * checked before it names a cookie or shows Auth0's error; a logout that ends the session for good
 * (in the context store, through Redis for every replica) and closes its sockets; the `__Host-`
 * cookie; a cookieSecret that is plainly not random; the editor's user name from a verified e-mail only.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../../emulator';
import { adminAuth, httpMiddleware, type HttpLoginMiddleware, type LoginOptions } from '../../login';
import { Auth0EditorStrategy, EditorUsers, type EditorStrategyOptions } from '../../login/admin-strategy';
import { ENDED_SESSIONS_KEY } from '../../login/ended-sessions';
import type { LoginRequest } from '../../login/express-types';
import type { LoginRuntime } from '../../login/login-runtime';
import { resolveOptions } from '../../login/options';
import { PathRule } from '../../login/request-path';
import { attachRuntime } from '../../login/route-registry';
import { CookieSealer } from '../../login/sealed-cookie';
import type { ContextStore } from '../../nodes/shared/node-red-types';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { useRedis } from '../helpers/redis';
import { asExpressRequest, call, nodeRedApplication } from './cookie-jar';
import { rawGet } from './raw-request';

const SECRET = 'hardening-test-cookie-secret-0123456789-abcdefgh';
const CLIENT = { id: 'login-hardening-client', secret: 'login-hardening-client-secret-0123456789' };
const ROLES_CLAIM = 'https://example.com/roles';
const BASE_OPTIONS = { domain: 'tenant.example.com', clientId: 'abc', baseUrl: 'https://nodered.example.com', cookieSecret: SECRET };

describe('login: paths decided as Express routes them', () => {
  const protect = new PathRule({ paths: ['/private', '/files/secret/', /^\/re-\d+$/] });

  it('protects a path whatever its letter case, target form, encoding, dot segments, `;` parameters or trailing slash', () => {
    for (const target of [
      '/private/who-am-i',
      '/PRIVATE/who-am-i',
      '/Private/Who-Am-I',
      'http://127.0.0.1:1880/private/who-am-i',
      'HTTP://127.0.0.1:1880/PRIVATE/who-am-i?x=1',
      'http:/private/who-am-i',
      '/private/who-am-i/',
      '/private',
      '/private/',
      '//private/who-am-i',
      '/./private/who-am-i',
      '/public/../private/who-am-i',
      '/private;jsessionid=1/who-am-i',
      '/%70rivate/who-am-i',
      '/%50RIVATE/who-am-i',
      '/private%2Fwho-am-i',
      '/private%5Cwho-am-i',
      '/private\\who-am-i#x',
      '/%E0%A4%A/../private/x',
      '/files/SECRET',
      '/files/secr%65t/x',
      '/RE-12',
      '/re-%31%32',
      '/re-12/',
    ])
      assert.equal(protect.needsLogin(target, ''), true, target);
    for (const target of ['/', '/public/ping', '/privateer', '/PUBLIC/private', '/files/secrets', '/re-12a', 'http://127.0.0.1:1880/public?x=/private'])
      assert.equal(protect.needsLogin(target, ''), false, target);
  });

  it('a RegExp with the g flag decides the same every time', () => {
    const rule = new PathRule({ paths: [/^\/g-\d+$/g] });
    for (let i = 0; i < 4; i += 1) assert.equal(rule.needsLogin('/g-1', ''), true);
  });

  it('protects what a lenient flow or backend reads as the protected name: trailing dots or spaces, a NUL, an escape decoded twice', () => {
    // A route /files/:name gives the flow "secret.", "secret ", "secret\0" or "%73ecret": a Windows file
    // name, a space-padded SQL comparison, a C string or a second decodeURIComponent make each "secret".
    for (const target of [
      '/files/secret.',
      '/files/secret%20',
      '/files/secret%20.%20',
      '/files/secret%00',
      '/files/secret%00.png',
      '/files/%2573ecret',
      '/files/%252573ecret',
      '/files/secret%252Fx',
      '/private./who-am-i',
      '/private%2520/who-am-i',
    ])
      assert.equal(protect.needsLogin(target, ''), true, target);
    for (const target of ['/files/secrets', '/files/other.', '/files/%2573ecrets']) assert.equal(protect.needsLogin(target, ''), false, target);
    const rule = new PathRule({ publicPaths: ['/public'] });
    for (const target of ['/public/%252E%252E/private/x', '/public%2500/../private', '/public./../private'])
      assert.equal(rule.needsLogin(target, ''), true, target);
    assert.equal(rule.needsLogin('/public/ping.', ''), false);
  });

  it('with publicPaths, everything under httpNodeRoot needs a login except these, read the same way', () => {
    const rule = new PathRule({ publicPaths: ['/public', /^\/health$/] });
    for (const target of ['/public', '/public/ping', '/PUBLIC/Ping', 'http://127.0.0.1:1880/public/ping', '/public/ping/', '/HEALTH', '/health/'])
      assert.equal(rule.needsLogin(target, ''), false, target);
    for (const target of [
      '/',
      '/private/x',
      '/publicity',
      '/public/../private/x',
      '/public/%2E%2E/private/x',
      '/public%2F..%2Fprivate/x',
      '/public/..\\private',
      '/health/x',
      'http://127.0.0.1:1880/private/x',
      '*',
    ])
      assert.equal(rule.needsLogin(target, ''), true, target);
    // Under an httpNodeRoot of /nr, as Node-RED mounts its node app (ignoring case).
    assert.equal(rule.needsLogin('/NR/Public/ping', '/nr'), false);
    assert.equal(rule.needsLogin('/nr/private', '/nr'), true);
  });

  it('the socket.io path needs a login unless publicPaths makes it public', () => {
    assert.equal(protect.socketNeedsLogin('/dashboard/socket.io/?EIO=4&transport=polling', ''), true);
    const pub = new PathRule({ publicPaths: ['/dashboard'] });
    assert.equal(pub.socketNeedsLogin('/dashboard/socket.io/?EIO=4&transport=polling', ''), false);
    assert.equal(pub.socketNeedsLogin('/other/socket.io/?EIO=4', ''), true);
  });

  it('refuses paths and publicPaths together, and a publicPaths that is not a list of paths', () => {
    assert.throws(() => httpMiddleware({ ...BASE_OPTIONS, paths: ['/a'], publicPaths: ['/b'] }), /either option paths .* or option publicPaths/);
    assert.throws(() => httpMiddleware({ ...BASE_OPTIONS, publicPaths: ['public'] }), /option publicPaths must be a list of path prefixes/);
  });
});

describe('login: the cookie name', () => {
  it('is refused at start when no cookie could carry it (a request would otherwise fail with a stack trace at each login)', () => {
    for (const cookieName of ['my session', 'a;Domain=ev.il', 'a=b', 'sess"ion', 'sessión']) {
      assert.throws(() => httpMiddleware({ ...BASE_OPTIONS, cookieName }), /option cookieName must be a cookie name/, cookieName);
    }
    assert.throws(() => httpMiddleware({ ...BASE_OPTIONS, baseUrl: 'http://127.0.0.1:1880', cookieName: '__Host-s' }), /only when baseUrl is https/);
    assert.equal(resolveOptions({ ...BASE_OPTIONS, cookieName: 'my_session-2' }, { cookieSecret: true, permissions: false }).cookieName, 'my_session-2');
  });
});

describe("login: the editor's users by name", () => {
  it('never hands a name held by one user id to another, even when a sign-up chose the name with the id added', () => {
    const users = new EditorUsers();
    // Mallory signs up twice, first named as Olga's name would be once taken, then with Olga's name.
    assert.equal(users.remember('auth0|mallory1', { username: 'Olga Ops (auth0|olga)', permissions: 'read' }), 'Olga Ops (auth0|olga)');
    assert.equal(users.remember('auth0|mallory2', { username: 'Olga Ops', permissions: 'read' }), 'Olga Ops');
    const olga = users.remember('auth0|olga', { username: 'Olga Ops', permissions: '*' });
    assert.notEqual(olga, 'Olga Ops');
    assert.notEqual(olga, 'Olga Ops (auth0|olga)');
    assert.equal(users.get(olga)?.permissions, '*');
    // The names Mallory's editor tokens carry still give Mallory's permissions only.
    assert.equal(users.get('Olga Ops (auth0|olga)')?.permissions, 'read');
    assert.equal(users.get('Olga Ops')?.permissions, 'read');
    // The same user logging in again keeps the same name.
    assert.equal(users.remember('auth0|olga', { username: 'Olga Ops', permissions: '*' }), olga);
  });
});

describe('login: a cookieSecret that is plainly not random', () => {
  it('is refused at start, without quoting it', () => {
    for (const secret of [
      'a'.repeat(40),
      'abcd'.repeat(10),
      `${'ab12'.repeat(8)}ab`,
      '01234567'.repeat(5),
      'abababababababababababababababababccc'.replace(/c/g, 'a'),
    ]) {
      assert.throws(
        () => resolveOptions({ ...BASE_OPTIONS, cookieSecret: secret }, { cookieSecret: true, permissions: false }),
        (err: Error) => /cookieSecret is not random/.test(err.message) && !err.message.includes(secret),
        secret,
      );
    }
    assert.throws(() => adminAuth({ ...BASE_OPTIONS, cookieSecret: 'x'.repeat(64), rolesClaim: ROLES_CLAIM, permissions: { a: '*' } }), /not random/);
    for (let i = 0; i < 20; i += 1) {
      const random = randomBytes(16 + i).toString('hex');
      assert.equal(resolveOptions({ ...BASE_OPTIONS, cookieSecret: random }, { cookieSecret: true, permissions: false }).cookieSecret, random);
    }
  });

  it('is refused when a longer pattern is repeated or the secret is a run of consecutive characters', () => {
    for (const secret of [
      '0123456789'.repeat(4),
      '0123456789abcdef'.repeat(2),
      'my-cookie-secret'.repeat(2),
      'passwordpassword1'.repeat(2),
      'abcdefghijklmnopqrstuvwxyz012345',
      '0123456789abcdefghijklmnopqrstuvwxyz',
    ]) {
      assert.throws(
        () => resolveOptions({ ...BASE_OPTIONS, cookieSecret: secret }, { cookieSecret: true, permissions: false }),
        (err: Error) => /cookieSecret is not random/.test(err.message) && !err.message.includes(secret),
        secret,
      );
    }
    // Random secrets of every usual shape still pass: hex, base64url, base64.
    for (let i = 0; i < 200; i += 1) {
      for (const random of [
        randomBytes(16 + (i % 32)).toString('hex'),
        randomBytes(24 + (i % 32)).toString('base64url'),
        randomBytes(24 + (i % 32)).toString('base64'),
      ]) {
        assert.equal(resolveOptions({ ...BASE_OPTIONS, cookieSecret: random }, { cookieSecret: true, permissions: false }).cookieSecret, random);
      }
    }
  });
});

/** A global context as Node-RED's memory store answers it (and as a persistent store keeps it across a restart). */
function memoryContext(): ContextStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key, _store, cb) => setImmediate(() => cb(null, values.get(key))),
    set: (key, value, _store, cb) => {
      values.set(key, value);
      setImmediate(() => cb(null));
    },
  };
}

describe('login: the callback, logout and the session cookie against the emulator', function () {
  this.timeout(60000);
  let emu: Emulator;
  let server: http.Server;
  let port: number;
  let base: string;
  const redis = useRedis();
  const states: SharedState[] = [];
  /** The middleware each request goes to (chosen per test). */
  let current: HttpLoginMiddleware;
  let options: LoginOptions;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    server = http.createServer((req, res) => {
      const r = asExpressRequest(req);
      current(r, res, (err?: unknown) => {
        if (err) {
          res.statusCode = 500;
          res.end(err instanceof Error ? err.stack : 'error');
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ user: r.auth0User ?? null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    emu.seed({
      universalLogin: { rolesClaim: ROLES_CLAIM },
      roles: [{ name: 'ops' }],
      users: [
        { email: 'ops@example.com', password: 'Ops-passw0rd!', roles: ['ops'], name: 'Olga Ops', email_verified: false },
        { email: 'vera@example.com', password: 'Vera-passw0rd!', roles: ['ops'], name: 'Vera Verified', email_verified: true },
        // An unverified sign-up whose name is someone else's e-mail (Auth0 fills name with the e-mail given at a sign-up).
        { email: 'mallory@example.com', password: 'Mallory-passw0rd!', roles: ['ops'], name: 'vera@example.com', email_verified: false },
      ],
      clients: [
        {
          ...nodeRedApplication(base, CLIENT, ['/auth0/callback', '/auth/strategy/callback']),
          callbacks: [`${base}/auth0/callback`, `${base}/auth/strategy/callback`, 'https://nodered.example.com/auth0/callback'],
        },
      ],
    });
    options = {
      domain: emu.domain,
      protocol: 'http',
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      baseUrl: base,
      cookieSecret: SECRET,
      rolesClaim: ROLES_CLAIM,
    };
    current = httpMiddleware({ ...options, paths: ['/private'] });
  });

  afterEach(async () => {
    attachRuntime(undefined);
    for (const s of states.splice(0)) await s.close();
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await emu.close();
  });

  /** The login through the emulator's shortcut (the callback's origin replaced by this server's). */
  async function logIn(path: string, email: string, password: string, cookies = new Map<string, string>()): Promise<Map<string, string>> {
    const start = await call(`${base}${path}`, cookies);
    assert.equal(start.status, 302);
    const authorize = new URL(String(start.headers.get('location')));
    authorize.searchParams.set('username', email);
    authorize.searchParams.set('password', password);
    const back = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')));
    const landing = await call(`${base}${back.pathname}${back.search}`, cookies);
    assert.equal(landing.status, 302, await landing.text());
    return cookies;
  }

  describe('the callback', () => {
    it('a state that could name a cookie is refused with the login-failed page, no header built from it and no stack trace', async () => {
      for (const target of [
        '/auth0/callback?state=%0d%0aX:1&code=c',
        '/auth0/callback?state=a;Domain=ev.il;&code=c',
        '/auth0/callback?state=a%3BDomain%3Dev.il%3B&code=c',
      ]) {
        const answer = await rawGet(port, target);
        assert.equal(answer.status, 401, `${target}: ${answer.headers}\n${answer.body}`);
        assert.match(answer.body, /Login failed/);
        assert.doesNotMatch(answer.body, /\bat .*\.js:\d+/, 'no stack trace');
        assert.doesNotMatch(answer.headers, /^X:/im);
        assert.doesNotMatch(answer.headers, /Domain=/i);
        assert.doesNotMatch(answer.headers, /Set-Cookie/i, 'no cookie named after the state');
      }
    });

    it("shows Auth0's error only for the pending login whose state matches; otherwise a fixed text", async () => {
      const forged = await call(
        `${base}/auth0/callback?state=${'A'.repeat(43)}&error=access_denied&error_description=${encodeURIComponent('Call +1 555 0100 to unlock your account')}`,
        new Map(),
      );
      assert.equal(forged.status, 401);
      const forgedText = await forged.text();
      assert.doesNotMatch(forgedText, /555 0100|access_denied/);
      assert.match(forgedText, /not started here/);
      const noState = await call(`${base}/auth0/callback?error=access_denied&error_description=Visit%20evil.example`, new Map());
      assert.doesNotMatch(await noState.text(), /evil\.example/);

      const cookies = new Map<string, string>();
      const start = await call(`${base}/private/x`, cookies);
      const state = String(new URL(String(start.headers.get('location'))).searchParams.get('state'));
      const other = await call(`${base}/auth0/callback?state=${'B'.repeat(43)}&error=access_denied&error_description=Nope`, new Map(cookies));
      assert.doesNotMatch(await other.text(), /Nope/, 'another state');
      const real = await call(`${base}/auth0/callback?state=${state}&error=access_denied&error_description=${encodeURIComponent('User cancelled')}`, cookies);
      assert.equal(real.status, 401);
      assert.match(await real.text(), /Auth0 refused the login: access_denied \(User cancelled\)/);
    });
  });

  describe('the pending login', () => {
    it('fits a browser cookie (4096 bytes) however long the query of the page asked for; the login then comes back to its path', async () => {
      const cookies = new Map<string, string>();
      const start = await call(`${base}/private/who-am-i?q=${'a'.repeat(6000)}`, cookies);
      assert.equal(start.status, 302);
      const pending = start.headers.getSetCookie().find((line) => line.startsWith('auth0_login_')) ?? '';
      const [pair] = pending.split(';');
      assert.ok(pair !== undefined && pair.length > 20 && pair.length <= 4096, `pending login cookie of ${pair?.length ?? 0} bytes`);
      const authorize = new URL(String(start.headers.get('location')));
      authorize.searchParams.set('username', 'vera@example.com');
      authorize.searchParams.set('password', 'Vera-passw0rd!');
      const back = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')));
      const landing = await call(`${base}${back.pathname}${back.search}`, cookies);
      assert.equal(landing.status, 302, await landing.text());
      assert.equal(landing.headers.get('location'), '/private/who-am-i');
    });
  });

  describe('logout ends the session', () => {
    it('another site cannot log the user out: a cross-site GET is shown a button, a cross-site POST is refused; a POST from this site logs out', async () => {
      current = httpMiddleware({ ...options, paths: ['/private'] });
      const cookies = await logIn('/private/a', 'ops@example.com', 'Ops-passw0rd!');
      const stillIn = async (): Promise<number> => (await call(`${base}/private/a`, new Map(cookies), { accept: 'application/json' })).status;
      for (const site of ['cross-site', 'same-site']) {
        const page = await call(`${base}/logout`, new Map(cookies), { 'sec-fetch-site': site });
        assert.equal(page.status, 200, `a ${site} GET`);
        assert.equal(page.headers.get('x-frame-options'), 'DENY', 'no other site may frame the button');
        assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
        assert.match(await page.text(), /<form method="post" action="\/logout">/);
        assert.equal(page.headers.get('set-cookie'), null, 'the session cookie is left alone');
        assert.equal(await stillIn(), 200, `still logged in after a ${site} GET`);
        assert.equal((await call(`${base}/logout`, new Map(cookies), { 'sec-fetch-site': site }, 'POST')).status, 403, `a ${site} POST`);
        assert.equal(await stillIn(), 200, `still logged in after a ${site} POST`);
      }
      // No Fetch Metadata (an older browser): judged by Origin.
      assert.equal((await call(`${base}/logout`, new Map(cookies), { origin: 'https://evil.example' }, 'POST')).status, 403);
      assert.equal(await stillIn(), 200);
      const copy = new Map(cookies);
      const out = await call(`${base}/logout`, cookies, { 'sec-fetch-site': 'same-origin', origin: base }, 'POST');
      assert.equal(out.status, 302, 'the button logs out');
      assert.equal(new URL(String(out.headers.get('location'))).pathname, '/v2/logout');
      assert.equal((await call(`${base}/private/a`, copy, { accept: 'application/json' })).status, 401, 'the session is ended');
      // A link on this site (same-origin) or a typed address ("none") still logs out at once.
      for (const site of ['same-origin', 'none']) {
        const again = await logIn('/private/a', 'ops@example.com', 'Ops-passw0rd!');
        assert.equal((await call(`${base}/logout`, again, { 'sec-fetch-site': site })).status, 302, `a ${site} GET`);
      }
    });

    it('a browser that sends no Fetch Metadata (Safari before 16.4, Firefox before 90) gets the button for a link from another site: only this site’s SameSite=Strict cookie logs out at once', async () => {
      current = httpMiddleware({ ...options, paths: ['/private'] });
      const cookies = await logIn('/private/a', 'ops@example.com', 'Ops-passw0rd!');
      const stillIn = async (): Promise<number> => (await call(`${base}/private/a`, new Map(cookies), { accept: 'application/json' })).status;
      // What such a browser sends for another site's link to the logout: the Lax session cookie only (Chromium does the same on plain
      // http to a host that is not loopback, where it sends no Sec-Fetch-Site either).
      const laxOnly = new Map([['auth0_session', String(cookies.get('auth0_session'))]]);
      const page = await call(`${base}/logout`, laxOnly, { referer: 'http://evil.example/' });
      assert.equal(page.status, 200, 'a cross-site GET without Fetch Metadata');
      assert.match(await page.text(), /<form method="post" action="\/logout">/);
      assert.equal(page.headers.get('set-cookie'), null, 'the session cookie is left alone');
      assert.equal(await stillIn(), 200, 'still logged in');
      const strict = [...cookies.keys()].filter((name) => name !== 'auth0_session');
      assert.deepEqual(strict, ['auth0_session_same_site'], 'the login sets the SameSite=Strict cookie beside the session');
      // A Strict cookie of another session, or planted with another value, is not this session's.
      const other = await logIn('/private/a', 'ops@example.com', 'Ops-passw0rd!', new Map());
      for (const planted of [String(other.get('auth0_session_same_site')), 'x']) {
        const mixed = new Map([...laxOnly, ['auth0_session_same_site', planted]]);
        assert.equal((await call(`${base}/logout`, mixed)).status, 200, `a Strict cookie ${planted}`);
      }
      // A form's POST from another site without Origin either (Firefox before 70): the same.
      assert.equal((await call(`${base}/logout`, laxOnly, {}, 'POST')).status, 200, 'a POST without Fetch Metadata or Origin');
      assert.equal(await stillIn(), 200, 'still logged in');
      // The same link on this site (or a typed address) sends the Strict cookie too: a logout.
      const out = await call(`${base}/logout`, cookies);
      assert.equal(out.status, 302);
      assert.ok(
        out.headers.getSetCookie().some((c) => c.startsWith('auth0_session_same_site=;') && /Max-Age=0/.test(c)),
        'both cookies are cleared',
      );
      assert.equal(await stillIn(), 401, 'the session is ended');
    });

    it('a copied cookie is refused after the logout, also after a restart that keeps the context store', async () => {
      const context = memoryContext();
      const runtime: LoginRuntime = { globalContext: () => context, sharedState: () => undefined };
      attachRuntime(runtime);
      current = httpMiddleware({ ...options, paths: ['/private'] });
      const cookies = await logIn('/private/a', 'ops@example.com', 'Ops-passw0rd!');
      const copy = new Map(cookies);
      assert.equal((await call(`${base}/private/a`, new Map(copy))).status, 200);
      assert.equal((await call(`${base}/logout`, cookies)).status, 302);
      assert.equal(cookies.has('auth0_session'), false);
      assert.equal((await call(`${base}/private/a`, new Map(copy), { accept: 'application/json' })).status, 401, 'the copy is refused');
      const kept = context.values.get(ENDED_SESSIONS_KEY) as Record<string, number>;
      assert.equal(Object.keys(kept).length, 1);
      const until = Object.values(kept)[0] ?? 0;
      assert.ok(until > Date.now() / 1000 + 7 * 86400 - 120 && until <= Date.now() / 1000 + 7 * 86400 + 1, 'kept until the session could have expired');
      // Node-RED restarts: a new middleware (nothing in memory) with the same persistent store.
      current = httpMiddleware({ ...options, paths: ['/private'] });
      assert.equal((await call(`${base}/private/a`, new Map(copy), { accept: 'application/json' })).status, 401, 'still refused after a restart');
      const fresh = await logIn('/private/a', 'ops@example.com', 'Ops-passw0rd!');
      assert.equal((await call(`${base}/private/a`, fresh)).status, 200, 'a new login works');
    });

    it('through the tenant’s Redis, a logout at one replica ends the session at every other', async () => {
      const prefix = `login-test-${randomBytes(4).toString('hex')}`;
      const connect = async (): Promise<SharedState> => {
        const target = parseRedisUrl(redis.url);
        assert.ok(target);
        const s = new SharedState({ target, prefix });
        states.push(s);
        assert.ok(await s.whenAvailable(5000));
        return s;
      };
      // Two replicas, each with its own connection to the tenant's Redis.
      const a = await connect();
      const b = await connect();
      let which: SharedState = a;
      attachRuntime({ globalContext: () => undefined, sharedState: (domain) => (domain === emu.domain ? which : undefined) });
      const replicaA = httpMiddleware({ ...options, paths: ['/private'] });
      const replicaB = httpMiddleware({ ...options, paths: ['/private'] });
      current = replicaA;
      const cookies = await logIn('/private/b', 'ops@example.com', 'Ops-passw0rd!');
      const copy = new Map(cookies);
      current = replicaB;
      which = b;
      assert.equal((await call(`${base}/private/b`, new Map(copy))).status, 200, 'replica B takes the session');
      current = replicaA;
      which = a;
      assert.equal((await call(`${base}/logout`, cookies)).status, 302);
      current = replicaB;
      which = b;
      assert.equal((await call(`${base}/private/b`, new Map(copy), { accept: 'application/json' })).status, 401, 'replica B refuses it now');
      const keys = await b.command<string[]>('KEYS', `${b.prefix}:login:ended:*`);
      assert.equal(keys.length, 1);
      const ttl = await b.command<number>('TTL', String(keys[0]));
      assert.ok(ttl > 7 * 86400 - 120 && ttl <= 7 * 86400, `expires with the session (${ttl} s)`);
    });

    it('closes the Dashboard 2 sockets of the ended session, and only those', async () => {
      current = httpMiddleware({ ...options, paths: ['/private'] });
      const first = await logIn('/private/c', 'ops@example.com', 'Ops-passw0rd!');
      const second = await logIn('/private/c', 'ops@example.com', 'Ops-passw0rd!');
      const socketOf = (cookies: Map<string, string>): { closed: boolean; socket: Parameters<HttpLoginMiddleware['ioMiddleware']>[0] } => {
        const listeners: Array<() => void> = [];
        const entry = {
          closed: false,
          socket: {
            request: {
              url: '/dashboard/socket.io/?EIO=4&transport=polling',
              headers: { cookie: `auth0_session=${cookies.get('auth0_session')}` },
            } as http.IncomingMessage,
            handshake: { xdomain: false },
            data: {},
            disconnect: () => {
              entry.closed = true;
              for (const l of listeners) l();
            },
            once: (_event: 'disconnect', listener: () => void) => listeners.push(listener),
          },
        };
        return entry;
      };
      const one = socketOf(first);
      const two = socketOf(second);
      for (const s of [one, two]) await new Promise<void>((resolve, reject) => current.ioMiddleware(s.socket, (err) => (err ? reject(err) : resolve())));
      assert.equal((await call(`${base}/logout`, first)).status, 302);
      assert.equal(one.closed, true, 'the socket of the ended session is closed');
      assert.equal(two.closed, false, 'another session’s socket stays');
      const again = socketOf(new Map([['auth0_session', String(one.socket.request.headers.cookie).split('=')[1] ?? '']]));
      const refused = await new Promise<Error | undefined>((resolve) => current.ioMiddleware(again.socket, resolve));
      assert.match(String(refused?.message), /login_required/);
    });

    it('a session cookie sealed before sessions had an id is refused (one new login)', async () => {
      current = httpMiddleware({ ...options, paths: ['/private'] });
      const t = Math.floor(Date.now() / 1000);
      const old = new CookieSealer(SECRET, 'session').seal('auth0_session', { user: { sub: 'auth0|x', roles: [] }, loginAt: t, expiresAt: t + 3600 });
      assert.equal((await call(`${base}/private/d`, new Map([['auth0_session', old]]), { accept: 'application/json' })).status, 401);
    });
  });

  it('on https with the cookie at `/`, the session cookie is `__Host-` prefixed, Secure, Path=/', async () => {
    current = httpMiddleware({ ...options, baseUrl: 'https://nodered.example.com', paths: ['/private'] });
    const cookies = new Map<string, string>();
    const start = await call(`${base}/private/e`, cookies);
    const authorize = new URL(String(start.headers.get('location')));
    assert.equal(authorize.searchParams.get('redirect_uri'), 'https://nodered.example.com/auth0/callback');
    authorize.searchParams.set('username', 'ops@example.com');
    authorize.searchParams.set('password', 'Ops-passw0rd!');
    const back = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')));
    const landing = await call(`${base}${back.pathname}${back.search}`, cookies);
    assert.equal(landing.status, 302);
    const set = landing.headers.getSetCookie().find((c) => c.startsWith('__Host-auth0_session='));
    assert.ok(set, landing.headers.getSetCookie().join('\n'));
    assert.match(set, /; Path=\/;/);
    assert.match(set, /; Secure/);
    assert.doesNotMatch(set, /Domain=/i);
    assert.equal((await call(`${base}/private/e`, cookies)).status, 200);
    const out = await call(`${base}/logout`, cookies);
    assert.ok(out.headers.getSetCookie().some((c) => c.startsWith('__Host-auth0_session=;') && /Max-Age=0/.test(c)));
  });

  describe("the editor's user name", () => {
    async function editorLogin(email: string, password: string): Promise<string> {
      const login = resolveOptions({ ...options, permissions: { ops: '*' } }, { cookieSecret: false, permissions: true });
      const remembered: string[] = [];
      const strategyOptions: EditorStrategyOptions = {
        login,
        remember: (_sub, user) => {
          remembered.push(user.username);
          return user.username;
        },
      };
      let username = '';
      const strategy = new Auth0EditorStrategy(strategyOptions, (profile, done) => {
        username = profile.username;
        done(null, { username });
      }) as Auth0EditorStrategy & { success(): void; fail(): void; redirect(url: string): void; error(err: unknown): void };
      const headers = new Map<string, string[]>();
      const res = {
        getHeader: (n: string) => headers.get(n.toLowerCase()),
        setHeader: (n: string, v: string[]) => headers.set(n.toLowerCase(), v),
      } as unknown as http.ServerResponse;
      let redirectTo = '';
      const finished = new Promise<void>((resolve, reject) => {
        Object.assign(strategy, {
          redirect: (url: string) => {
            redirectTo = url;
          },
          success: () => resolve(),
          fail: () => reject(new Error('fail')),
          error: (err: unknown) => reject(err instanceof Error ? err : new Error('error')),
        });
      });
      strategy.authenticate({ path: '/auth/strategy', baseUrl: '', headers: {}, res } as unknown as LoginRequest);
      const pending = (headers.get('set-cookie') ?? [])[0]?.split(';')[0] ?? '';
      const authorize = new URL(redirectTo);
      authorize.searchParams.set('username', email);
      authorize.searchParams.set('password', password);
      const back = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')));
      headers.clear();
      strategy.authenticate({
        path: '/auth/strategy/callback',
        baseUrl: '',
        headers: { cookie: pending },
        query: Object.fromEntries(back.searchParams),
        res,
      } as unknown as LoginRequest);
      await finished;
      assert.deepEqual(remembered, [username]);
      return username;
    }

    it('is the e-mail only when Auth0 says it is verified; otherwise the name', async () => {
      assert.equal(await editorLogin('vera@example.com', 'Vera-passw0rd!'), 'vera@example.com');
      assert.equal(await editorLogin('ops@example.com', 'Ops-passw0rd!'), 'Olga Ops');
    });

    it('is never an unverified e-mail taken from the name: the user id instead', async () => {
      const username = await editorLogin('mallory@example.com', 'Mallory-passw0rd!');
      assert.notEqual(username, 'vera@example.com');
      assert.ok(!username.includes('@'), username);
      assert.match(username, /^auth0\|/);
    });
  });
});
