/**
 * The login's paths in real Node-RED 4 (Express 4) and 5 (Express 5), requests written byte for byte
 * on a socket: an `http in` flow under `paths` is never reached without a session, whatever the
 * letter case, an absolute-form target, encodings or a trailing slash; Dashboard 2 under
 * `publicPaths` serves its public page and asks for a login everywhere else, its socket.io connection
 * included; a logout ends the session (a copied cookie is refused; kept in the global context and
 * in the Redis of the tenant's auth0-config node) and closes the session's sockets.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { freePort, get, startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { useRedis } from '../helpers/redis';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { cachedInstall, nodeRedRuntime, type RuntimeName } from '../package/node-red-runtimes';
import { root } from '../package/package-files';
import { userDirWithPackage } from '../browser/editor-session';
import { call, nodeRedApplication } from './cookie-jar';
import { DASHBOARD_FLOW, deployWithDashboard, type SocketIoClient } from './dashboard-flow';
import { rawGet } from './raw-request';

const CLIENT = { id: 'node-red-paths-login', secret: 'node-red-paths-login-secret-0123456789' };

/** An `http in` route answering with the user the request carries (null without a session). */
function whoAmI(id: string, url: string): Array<Record<string, unknown>> {
  return [
    { id: `${id}-in`, type: 'http in', z: 'paths-tab', url, method: 'get', upload: false, wires: [[`${id}-fn`]] },
    {
      id: `${id}-fn`,
      type: 'function',
      z: 'paths-tab',
      func: `msg.payload = { route: ${JSON.stringify(url)}, user: msg.req.auth0User || null };\nreturn msg;`,
      outputs: 1,
      wires: [['paths-out']],
    },
  ];
}

const HTTP_FLOW = [
  { id: 'paths-tab', type: 'tab', label: 'Paths' },
  ...whoAmI('private', '/private/who-am-i'),
  ...whoAmI('public', '/public/ping'),
  ...whoAmI('files', '/files/:name'),
  ...whoAmI('numbered', '/re-:n'),
  { id: 'paths-out', type: 'http response', z: 'paths-tab', statusCode: '', headers: {}, wires: [] },
];

for (const runtimeName of ['4', '5'] as RuntimeName[]) {
  describe(`login: paths as Express routes them, with Dashboard 2 (Node-RED ${runtimeName})`, function () {
    this.timeout(300000);
    let emu: Emulator;
    let nodeRed: NodeRedProcess | undefined;
    let userDir: string;
    let port: number;
    let base: string;
    let io: SocketIoClient;

    // Declared before useRedis(), so it runs first: Node-RED stops while Redis still runs.
    after(async () => {
      await nodeRed?.stop();
      await emu?.close();
      if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
    });
    const redis = useRedis();
    before(async () => {
      const runtime = await nodeRedRuntime(runtimeName);
      const client = await cachedInstall('socket-io-client', 'socket.io-client@4', 'socket.io-client', '4.');
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- installed into the test cache at run time
      io = (require(path.join(client, 'node_modules', 'socket.io-client')) as { io: SocketIoClient }).io;
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
      emu = await startEmulator({ port: 0, seed });
      emu.seed({
        universalLogin: { rolesClaim: 'https://example.com/roles' },
        clients: [nodeRedApplication(base, CLIENT, ['/auth0/callback', '/dash/callback'])],
      });
      userDir = userDirWithPackage();
      const link = path.join(userDir, 'node_modules', '@flowfuse', 'node-red-dashboard');
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(path.join(root, 'node_modules', '@flowfuse', 'node-red-dashboard'), link, 'dir');
      const settings = `
    ...(() => {
      const login = require('@idflow/node-red-auth0/login');
      const auth0 = { domain: '${emu.domain}', protocol: 'http', clientId: '${CLIENT.id}', baseUrl: '${base}', rolesClaim: 'https://example.com/roles' };
      const dash = login.httpMiddleware({
        ...auth0, publicPaths: ['/dashboard/open'], cookieName: 'dash_session', callbackPath: '/dash/callback', logoutPath: '/dash/logout',
      });
      return {
        httpNodeMiddleware: login.httpMiddleware({ ...auth0, paths: ['/private', '/files/secret', /^\\/re-\\d+$/] }),
        dashboard: { middleware: dash, ioMiddleware: dash.ioMiddleware },
      };
    })(),`;
      nodeRed = await startNodeRed(runtime.redJs, userDir, 120000, runtime.node, settings, port, {
        AUTH0_CLIENT_SECRET: CLIENT.secret,
        AUTH0_COOKIE_SECRET: 'paths-test-cookie-secret-0123456789-abcdefghij',
      });
      // The tenant's config node, with a Redis URL: the login keeps ended sessions there too.
      const tenant = {
        id: 'paths-tenant',
        type: 'auth0-config',
        name: 'emulator',
        domain: emu.domain,
        protocol: 'http',
        keyPrefix: 'paths-login',
        credentials: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url },
      };
      await deployWithDashboard(nodeRed, base, [...HTTP_FLOW, ...DASHBOARD_FLOW, tenant]);
    });

    /** A login through the emulator's shortcut, starting at `path`; the cookies of the session. */
    async function logIn(start: string, email: string): Promise<Map<string, string>> {
      const cookies = new Map<string, string>();
      const first = await call(`${base}${start}`, cookies, { accept: 'text/html' });
      assert.equal(first.status, 302);
      const authorize = new URL(String(first.headers.get('location')));
      authorize.searchParams.set('username', email);
      authorize.searchParams.set('password', 'Demo-passw0rd!');
      const back = await call(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')), cookies);
      assert.equal(back.status, 302);
      return cookies;
    }

    function cookieHeader(cookies: Map<string, string>): string {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }

    it('an http in flow under paths is never reached without a session, however the target is written', async () => {
      const toLogin = [
        '/private/who-am-i',
        '/PRIVATE/who-am-i',
        '/Private/Who-Am-I',
        `http://127.0.0.1:${port}/private/who-am-i`,
        `HTTP://127.0.0.1:${port}/PRIVATE/WHO-AM-I`,
        '/private/who-am-i/',
        '/files/secret',
        '/files/SECRET',
        '/files/secr%65t',
        '/RE-12',
        '/re-%31%32',
      ];
      for (const target of toLogin) {
        const answer = await rawGet(port, target, { Accept: 'text/html' });
        assert.equal(answer.status, 302, `${target}: ${answer.status} ${answer.body.slice(0, 200)}`);
        assert.match(answer.headers, new RegExp(`Location: ${emu.url.replace(/[.]/g, '\\.')}/authorize\\?`, 'i'), target);
        const api = await rawGet(port, target, { Accept: 'application/json' });
        assert.equal(api.status, 401, `${target} (JSON)`);
      }
      // Whatever Express makes of these, the flow never answers them without a session.
      for (const target of [
        '//private/who-am-i',
        '/./private/who-am-i',
        '/private;x/who-am-i',
        '/private%2Fwho-am-i',
        '/%70rivate/who-am-i',
        '/private\\who-am-i#x',
      ]) {
        const answer = await rawGet(port, target, { Accept: 'application/json' });
        assert.ok(!/"route"/.test(answer.body), `${target} reached a flow: ${answer.status} ${answer.body}`);
      }
      for (const target of ['/public/ping', '/PUBLIC/Ping', `http://127.0.0.1:${port}/public/ping`, '/files/other', '/re-12a']) {
        const answer = await rawGet(port, target, { Accept: 'application/json' });
        assert.equal(answer.status, 200, `${target}: ${answer.body}`);
        assert.match(answer.body, /"user":null/);
      }
    });

    it('the callback refuses a state it did not make with the login-failed page: no 500, no stack trace, no cookie built from it', async () => {
      for (const target of ['/auth0/callback?state=%0d%0aX:1&code=c', '/auth0/callback?state=a;Domain=ev.il;&code=c', '/AUTH0/Callback?state=%0d%0aX:1']) {
        const answer = await rawGet(port, target);
        assert.equal(answer.status, 401, `${target}: ${answer.headers}\n${answer.body.slice(0, 300)}`);
        assert.match(answer.body, /Login failed/);
        assert.doesNotMatch(answer.body, /node_modules|\.js:\d+/, 'no stack trace or install path');
        assert.doesNotMatch(answer.headers, /Set-Cookie/i);
      }
    });

    it('with a session the odd-case path carries the user; after /logout a copy of the cookie is refused', async () => {
      const cookies = await logIn('/private/who-am-i', 'viewer@example.com');
      const copy = cookieHeader(cookies);
      const answer = await rawGet(port, '/PRIVATE/Who-Am-I', { Accept: 'application/json', Cookie: copy });
      assert.equal(answer.status, 200);
      assert.match(answer.body, /viewer@example\.com/);
      // Another site sends the browser to the logout: a button, not a logout; its POST is refused.
      const page = await call(`${base}/logout`, new Map(cookies), { 'sec-fetch-site': 'cross-site' });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<form method="post" action="\/logout">/);
      assert.equal((await call(`${base}/logout`, new Map(cookies), { 'sec-fetch-site': 'cross-site' }, 'POST')).status, 403);
      assert.equal((await rawGet(port, '/private/who-am-i', { Accept: 'application/json', Cookie: copy })).status, 200, 'still logged in');
      assert.equal((await call(`${base}/logout`, cookies, { 'sec-fetch-site': 'same-origin' }, 'POST')).status, 302, 'the button logs out');
      const after = await rawGet(port, '/private/who-am-i', { Accept: 'application/json', Cookie: copy });
      assert.equal(after.status, 401, 'the ended session is refused');
      const context = await get(`${base}/context/global/auth0_login_ended_sessions`);
      assert.equal(context.status, 200);
      assert.match(context.text, /[A-Za-z0-9_-]{22}/, `the global context keeps the ended session: ${context.text}`);
      const target = parseRedisUrl(redis.url);
      assert.ok(target);
      const shared = new SharedState({ target, prefix: 'paths-login' });
      try {
        assert.ok(await shared.whenAvailable(5000));
        const keys = await shared.command<string[]>('KEYS', 'paths-login:login:ended:*');
        assert.ok(keys.length >= 1, 'the tenant’s Redis keeps the ended session');
      } finally {
        await shared.close();
      }
    });

    it('Dashboard 2 under publicPaths: its public page opens, every other page and the socket need a login', async () => {
      for (const target of ['/dashboard/open', '/Dashboard/OPEN']) {
        const answer = await rawGet(port, target, { Accept: 'text/html' });
        assert.equal(answer.status, 200, `${target}: ${answer.headers}`);
        assert.match(answer.body, /<html/i);
      }
      for (const target of [
        '/dashboard/page1',
        '/DASHBOARD/page1',
        `http://127.0.0.1:${port}/dashboard/page1`,
        '/dashboard/open/../page1',
        '/dashboard/_setup',
      ]) {
        const answer = await rawGet(port, target, { Accept: 'text/html' });
        assert.equal(answer.status, 302, `${target}: ${answer.headers}`);
      }
      const refused = await new Promise<string>((resolve) => {
        const socket = io(base, { path: '/dashboard/socket.io', transports: ['polling'], reconnection: false });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', (err) => {
          socket.close();
          resolve(err.message);
        });
      });
      assert.match(refused, /login_required/);
    });

    it('a Dashboard 2 socket is closed when its session logs out, and the copied cookie opens no other', async () => {
      const cookies = await logIn('/dashboard/page1', 'admin@example.com');
      const cookie = cookieHeader(cookies);
      assert.ok(cookies.has('dash_session'));
      const connect = (): Promise<{ connected: boolean; error?: string; disconnected: Promise<string> }> =>
        new Promise((resolve) => {
          let gone: (reason: string) => void = () => undefined;
          const disconnected = new Promise<string>((r) => {
            gone = r;
          });
          const socket = io(base, { path: '/dashboard/socket.io', transports: ['polling'], reconnection: false, extraHeaders: { cookie } });
          socket.on('connect', () => resolve({ connected: true, disconnected }));
          socket.on('disconnect', (reason) => gone(reason));
          socket.on('connect_error', (err) => {
            socket.close();
            resolve({ connected: false, error: err.message, disconnected });
          });
        });
      const open = await connect();
      assert.equal(open.connected, true, open.error);
      assert.equal((await call(`${base}/dash/logout`, cookies)).status, 302);
      const closed = await Promise.race([open.disconnected, new Promise<string>((resolve) => setTimeout(() => resolve('still open after 20 s'), 20000))]);
      assert.equal(closed, 'io server disconnect', 'the server closed the socket');
      const again = await connect();
      assert.equal(again.connected, false);
      assert.match(String(again.error), /login_required/);
      const page = await rawGet(port, '/dashboard/page1', { Accept: 'text/html', Cookie: cookie });
      assert.equal(page.status, 302, 'the copied cookie opens no page');
    });
  });
}
