/**
 * httpMiddleware() as FlowFuse Dashboard 2's `dashboard.middleware` and `ioMiddleware`, in Node-RED 4
 * with the real Dashboard 2 (installed from the npm registry once into the test cache): its pages
 * send a browser without a session to the login, and its socket.io connection is refused without a
 * session and accepted with one.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { freePort, startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { cachedInstall } from '../package/node-red-runtimes';
import { root } from '../package/package-files';
import { userDirWithPackage } from '../browser/editor-session';
import { call, nodeRedApplication } from './cookie-jar';
import { DASHBOARD_FLOW, deployWithDashboard, type SocketIoClient } from './dashboard-flow';

const CLIENT = { id: 'node-red-dashboard-login', secret: 'node-red-dashboard-login-secret-0123456789' };

describe('login: Dashboard 2 pages and its socket.io connection (Node-RED 4)', function () {
  this.timeout(300000);
  let emu: Emulator;
  let nodeRed: NodeRedProcess | undefined;
  let userDir: string;
  let base: string;
  let io: SocketIoClient;

  before(async () => {
    const dashboard = await cachedInstall('dashboard-2', '@flowfuse/node-red-dashboard@1', '@flowfuse/node-red-dashboard', '1.');
    const client = await cachedInstall('socket-io-client', 'socket.io-client@4', 'socket.io-client', '4.');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- installed into the test cache at run time
    io = (require(path.join(client, 'node_modules', 'socket.io-client')) as { io: SocketIoClient }).io;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
    emu = await startEmulator({ port: 0, seed });
    emu.seed({ universalLogin: { rolesClaim: 'https://example.com/roles' }, clients: [nodeRedApplication(base, CLIENT, ['/auth0/callback'])] });
    userDir = userDirWithPackage();
    const link = path.join(userDir, 'node_modules', '@flowfuse', 'node-red-dashboard');
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(dashboard, 'node_modules', '@flowfuse', 'node-red-dashboard'), link, 'dir');
    const settings = `
    dashboard: (() => {
      const pages = require('@idflow/node-red-auth0/login').httpMiddleware({
        domain: '${emu.domain}', protocol: 'http', clientId: '${CLIENT.id}', baseUrl: '${base}',
        rolesClaim: 'https://example.com/roles', roles: ['node-red-admin', 'node-red-viewer'], paths: ['/dashboard'],
      });
      return { middleware: pages, ioMiddleware: pages.ioMiddleware };
    })(),`;
    nodeRed = await startNodeRed(require.resolve('node-red/red.js'), userDir, 120000, process.execPath, settings, port, {
      AUTH0_CLIENT_SECRET: CLIENT.secret,
      AUTH0_COOKIE_SECRET: 'dashboard-test-cookie-secret-0123456789-abcdef',
    });
    await deployWithDashboard(nodeRed, base, DASHBOARD_FLOW);
  });

  after(async () => {
    await nodeRed?.stop();
    await emu?.close();
    if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
  });

  function connect(cookie?: string): Promise<{ connected: boolean; error?: string }> {
    return new Promise((resolve) => {
      const socket = io(base, { path: '/dashboard/socket.io', transports: ['polling'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
      socket.on('connect', () => {
        socket.close();
        resolve({ connected: true });
      });
      socket.on('connect_error', (err) => {
        socket.close();
        resolve({ connected: false, error: err.message });
      });
    });
  }

  async function sessionOf(email: string): Promise<Map<string, string>> {
    const cookies = new Map<string, string>();
    const start = await call(`${base}/dashboard/page1`, cookies, { accept: 'text/html' });
    assert.equal(start.status, 302, 'a dashboard page without a session goes to the login');
    const authorize = new URL(String(start.headers.get('location')));
    assert.equal(`${authorize.origin}${authorize.pathname}`, `${emu.url}/authorize`);
    authorize.searchParams.set('username', email);
    authorize.searchParams.set('password', 'Demo-passw0rd!');
    const back = await call(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')), cookies);
    assert.equal(back.status, 302);
    assert.equal(back.headers.get('location'), '/dashboard/page1');
    return cookies;
  }

  it('a dashboard page needs a login and then serves the dashboard', async () => {
    const cookies = await sessionOf('viewer@example.com');
    const page = await call(`${base}/dashboard/page1`, cookies, { accept: 'text/html' });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/i);
    assert.equal((await call(`${base}/dashboard/_setup`, new Map(), { accept: 'application/json' })).status, 401);
  });

  it('its socket.io connection is refused without a session, with a changed cookie and for a user without the roles; accepted with a session', async () => {
    const none = await connect();
    assert.equal(none.connected, false);
    assert.match(String(none.error), /login_required/);
    const cookies = await sessionOf('admin@example.com');
    const session = `auth0_session=${cookies.get('auth0_session')}`;
    assert.deepEqual(await connect(session), { connected: true });
    const changed = await connect(`${session.slice(0, -4)}AAAA`);
    assert.equal(changed.connected, false);
    const refusedCookies = new Map<string, string>();
    const start = await call(`${base}/dashboard/page1`, refusedCookies, { accept: 'text/html' });
    const authorize = new URL(String(start.headers.get('location')));
    authorize.searchParams.set('username', 'norole@example.com');
    authorize.searchParams.set('password', 'Demo-passw0rd!');
    const refused = await call(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')), refusedCookies);
    assert.equal(refused.status, 403, 'no session for a user without the roles');
    assert.equal(refusedCookies.has('auth0_session'), false);
  });
});
