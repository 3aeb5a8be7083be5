/**
 * @idflow/node-red-auth0/login in Chromium against the emulator, on Node-RED 4 and 5: the editor
 * sends an unknown browser to the login page; the admin deploys; the viewer reads but cannot
 * deploy; a user with no role is refused; an `http in` page under a protected path redirects, then
 * answers with the user; a tampered cookie is refused; logout ends both sessions; and neither
 * Node-RED's output nor the emulator's log holds a secret, a code or a token.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { freePort, startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { nodeRedRuntime, type RuntimeName } from '../package/node-red-runtimes';
import { root } from '../package/package-files';
import { launchChromium, requireChromium, userDirWithPackage } from './editor-session';
import { nodeRedApplication } from '../login/cookie-jar';

const CLIENT = { id: 'node-red-login-test', secret: 'login-test-client-secret-0123456789-abcdef' };
const COOKIE_SECRET = 'login-test-cookie-secret-0123456789-abcdefghij';
const PASSWORD = 'Demo-passw0rd!';
const ROLES_CLAIM = 'https://example.com/roles';

/** The post-login Action of the deploy-an-action example, as a user deploys it to the tenant. */
function rolesActionCode(): string {
  const flow = JSON.parse(fs.readFileSync(path.join(root, 'examples', 'management', 'deploy-an-action.json'), 'utf8')) as Array<Record<string, unknown>>;
  const template = flow.find((n) => n.type === 'template');
  assert.ok(template && typeof template.template === 'string', 'the example has the action code');
  return template.template;
}

async function management(emu: Emulator, method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.url}/api/v2${url}`, {
    method,
    headers: { authorization: `Bearer ${emu.managementToken()}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

/** Deploys and binds the roles Action through the Management API, as the example flow does. */
async function bindRolesAction(emu: Emulator): Promise<void> {
  const action = await management(emu, 'POST', '/actions/actions', {
    name: 'add-roles-to-tokens',
    supported_triggers: [{ id: 'post-login', version: 'v3' }],
    code: rolesActionCode(),
    runtime: 'node22',
  });
  const id = String(action.id);
  for (let i = 0; i < 50; i += 1) {
    if ((await management(emu, 'GET', `/actions/actions/${id}`)).status === 'built') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await management(emu, 'POST', `/actions/actions/${id}/deploy`);
  await management(emu, 'PATCH', '/actions/triggers/post-login/bindings', {
    bindings: [{ ref: { type: 'action_id', value: id }, display_name: 'add-roles-to-tokens' }],
  });
}

const HTTP_FLOW = [
  { id: 'login-test-tab', type: 'tab', label: 'Login test' },
  {
    id: 'login-test-in',
    type: 'http in',
    z: 'login-test-tab',
    name: '',
    url: '/private/hello',
    method: 'get',
    upload: false,
    x: 150,
    y: 80,
    wires: [['login-test-fn']],
  },
  {
    id: 'login-test-fn',
    type: 'function',
    z: 'login-test-tab',
    name: 'who',
    func: 'msg.payload = { user: msg.req.auth0User || null };\nreturn msg;',
    outputs: 1,
    x: 350,
    y: 80,
    wires: [['login-test-out']],
  },
  { id: 'login-test-out', type: 'http response', z: 'login-test-tab', name: '', statusCode: '', headers: {}, x: 550, y: 80, wires: [] },
  {
    id: 'login-test-pub',
    type: 'http in',
    z: 'login-test-tab',
    name: '',
    url: '/public/ping',
    method: 'get',
    upload: false,
    x: 150,
    y: 160,
    wires: [['login-test-pub-fn']],
  },
  {
    id: 'login-test-pub-fn',
    type: 'function',
    z: 'login-test-tab',
    name: 'pong',
    func: 'msg.payload = { pong: true, user: msg.req.auth0User || null };\nreturn msg;',
    outputs: 1,
    x: 350,
    y: 160,
    wires: [['login-test-out']],
  },
];

/** Logs in on the emulator's login page the browser is on (or is about to reach). */
async function logInAtEmulator(page: Page, emu: Emulator, email: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${emu.url}/authorize`), { timeout: 60000 });
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
}

async function waitForEditor(page: Page): Promise<void> {
  await page.locator('#red-ui-palette-container .red-ui-palette-node').first().waitFor({ state: 'visible', timeout: 90000 });
}

/** What the tests read of the editor page's globals (the page's, not this process's). */
interface EditorGlobals {
  RED: { user: { hasPermission(p: string): boolean }; view: { importNodes(flow: unknown): void } };
  localStorage: { getItem(key: string): string | null };
}

function canDeploy(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as unknown as EditorGlobals).RED.user.hasPermission('flows.write'));
}

function editorToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse((globalThis as unknown as EditorGlobals).localStorage.getItem('auth-tokens') ?? '{}') as { access_token?: string }).access_token ?? '',
  );
}

/** The admin API from inside the editor page, with the token the editor holds. */
async function adminApi(page: Page, method: string, url: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const tokens = JSON.parse((globalThis as unknown as EditorGlobals).localStorage.getItem('auth-tokens') ?? '{}') as { access_token?: string };
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${tokens.access_token ?? ''}`, 'content-type': 'application/json', 'Node-RED-Deployment-Type': 'full' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, url, body },
  );
}

for (const runtimeName of ['4', '5'] as RuntimeName[]) {
  describe(`login with Auth0 (@idflow/node-red-auth0/login) in Chromium, Node-RED ${runtimeName}`, function () {
    this.timeout(300000);
    let emu: Emulator;
    let nodeRed: NodeRedProcess | undefined;
    let userDir: string;
    let browser: Browser;
    let base: string;
    const contexts: BrowserContext[] = [];
    /** Codes and cookie values the browser saw: none may appear in a log. */
    const seen: string[] = [];

    async function newPage(): Promise<Page> {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      page.on('request', (req) => {
        const url = new URL(req.url());
        const code = url.searchParams.get('code');
        if (code) seen.push(code);
        const token = url.searchParams.get('access_token');
        if (token) seen.push(token);
      });
      return page;
    }

    before(async function () {
      requireChromium(this);
      const runtime = await nodeRedRuntime(runtimeName);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
      emu = await startEmulator({ port: 0, seed });
      emu.seed({
        universalLogin: { page: true },
        clients: [nodeRedApplication(base, CLIENT, ['/auth/strategy/callback', '/auth0/callback'])],
      });
      await bindRolesAction(emu);
      userDir = userDirWithPackage();
      const login = "require('@idflow/node-red-auth0/login')";
      const settings = `
    adminAuth: ${login}.adminAuth({ protocol: 'http', rolesClaim: '${ROLES_CLAIM}', permissions: { 'node-red-admin': '*', 'node-red-viewer': 'read' } }),
    editorTheme: { tours: false, projects: { enabled: false }, logout: { redirect: ${login}.logoutUrl({ protocol: 'http' }) } },
    httpNodeMiddleware: ${login}.httpMiddleware({ protocol: 'http', rolesClaim: '${ROLES_CLAIM}', paths: ['/private'] }),
    logging: { console: { level: 'debug', metrics: false, audit: true } },`;
      nodeRed = await startNodeRed(runtime.redJs, userDir, 120000, runtime.node, settings, port, {
        AUTH0_DOMAIN: emu.domain,
        AUTH0_CLIENT_ID: CLIENT.id,
        AUTH0_CLIENT_SECRET: CLIENT.secret,
        AUTH0_COOKIE_SECRET: COOKIE_SECRET,
        AUTH0_BASE_URL: base,
      });
      browser = await launchChromium();
    });

    after(async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser?.close();
      await nodeRed?.stop();
      await emu?.close();
      if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
    });

    it('the login callback and /logout exist before any flow is deployed', async () => {
      const callback = await fetch(`${base}/auth0/callback?state=nope&code=nope`, { redirect: 'manual' });
      assert.equal(callback.status, 401, 'an unknown login is refused by the callback route, not a 404');
      assert.match(await callback.text(), /Login failed/);
      const logout = await fetch(`${base}/logout`, { redirect: 'manual' });
      assert.equal(logout.status, 302);
      assert.ok(String(logout.headers.get('location')).startsWith(`${emu.url}/v2/logout?`));
      const loggedOut = await fetch(`${base}/logged-out`, { redirect: 'manual' });
      assert.equal(loggedOut.status, 200, 'the logged-out page is a route of its own too');
    });

    it('the editor sends an unknown browser to the login page; the admin logs in and deploys', async () => {
      const page = await newPage();
      await page.goto(base);
      await logInAtEmulator(page, emu, 'admin@example.com');
      await waitForEditor(page);
      assert.equal(await canDeploy(page), true);
      // The admin imports a flow and presses Deploy.
      await page.evaluate((flow) => (globalThis as unknown as EditorGlobals).RED.view.importNodes(flow), HTTP_FLOW);
      await page.locator('#red-ui-header-button-deploy').click();
      await page
        .locator('.red-ui-notification', { hasText: /deployed/i })
        .first()
        .waitFor({ timeout: 30000 });
      assert.equal(await adminApi(page, 'GET', '/flows'), 200);
      const flows = JSON.parse(fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8')) as Array<{ id: string }>;
      assert.ok(
        flows.some((n) => n.id === 'login-test-in'),
        'the deployed flow is in flows.json',
      );
    });

    it('the viewer reads the flows but cannot deploy', async () => {
      const page = await newPage();
      await page.goto(base);
      await logInAtEmulator(page, emu, 'viewer@example.com');
      await waitForEditor(page);
      assert.equal(await canDeploy(page), false);
      assert.equal(await adminApi(page, 'GET', '/flows'), 200, 'reads');
      assert.equal(await adminApi(page, 'POST', '/flows', []), 401, 'cannot deploy');
      const flows = JSON.parse(fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8')) as unknown[];
      assert.ok(flows.length > 0, 'the flows are still there');
    });

    it('a user with no mapped role is refused with a clear page', async () => {
      const page = await newPage();
      await page.goto(base);
      await logInAtEmulator(page, emu, 'norole@example.com');
      await page.getByRole('heading', { name: 'Access refused' }).waitFor({ timeout: 30000 });
      const text = await page.locator('main').innerText();
      assert.match(text, /norole@example\.com/);
      assert.match(text, /node-red-admin/);
      assert.equal(await page.locator('#red-ui-palette-container').count(), 0, 'no editor');
    });

    it('an http in page under a protected path redirects to the login, then answers with the user; a public one does not ask', async () => {
      const page = await newPage();
      const pub = await page.request.get(`${base}/public/ping`);
      assert.equal(pub.status(), 200);
      assert.deepEqual(await pub.json(), { pong: true, user: null });
      const api = await page.request.get(`${base}/private/hello`, { headers: { accept: 'application/json' }, maxRedirects: 0 });
      assert.equal(api.status(), 401, 'an API request gets a 401, not a redirect');
      await page.goto(`${base}/private/hello`);
      await logInAtEmulator(page, emu, 'viewer@example.com');
      await page.waitForURL(`${base}/private/hello`);
      const body = JSON.parse(await page.locator('body').innerText()) as { user: Record<string, unknown> };
      assert.equal(body.user.email, 'viewer@example.com');
      assert.equal(body.user.name, 'Victor Viewer');
      assert.deepEqual(body.user.roles, ['node-red-viewer']);
      assert.match(String(body.user.sub), /^auth0\|/);
      const cookie = (await page.context().cookies(base)).find((c) => c.name === 'auth0_session');
      assert.ok(cookie, 'a session cookie');
      seen.push(cookie.value);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.secure, false, 'no Secure flag on plain http (loopback)');
      assert.ok(!cookie.value.includes('viewer'), 'the cookie is not readable');
    });

    it('a tampered session cookie is refused', async () => {
      const page = await newPage();
      await page.goto(`${base}/private/hello`);
      await logInAtEmulator(page, emu, 'admin@example.com');
      await page.waitForURL(`${base}/private/hello`);
      const cookies = await page.context().cookies(base);
      const cookie = cookies.find((c) => c.name === 'auth0_session');
      assert.ok(cookie);
      seen.push(cookie.value);
      const ok = await page.request.get(`${base}/private/hello`, { headers: { accept: 'application/json' } });
      assert.equal(ok.status(), 200);
      // One character changed in the middle of the sealed value.
      const middle = Math.floor(cookie.value.length / 2);
      const changed = cookie.value.slice(0, middle) + (cookie.value[middle] === 'A' ? 'B' : 'A') + cookie.value.slice(middle + 1);
      await page.context().addCookies([{ ...cookie, value: changed }]);
      const refused = await page.request.get(`${base}/private/hello`, { headers: { accept: 'application/json' }, maxRedirects: 0 });
      assert.equal(refused.status(), 401);
      const browserRefused = await page.request.get(`${base}/private/hello`, { maxRedirects: 0 });
      assert.equal(browserRefused.status(), 302);
      assert.ok(String(browserRefused.headers().location).startsWith(`${emu.url}/authorize?`));
    });

    it('logout ends the http session and the Auth0 session; the editor logout too', async () => {
      const page = await newPage();
      await page.goto(`${base}/private/hello`);
      await logInAtEmulator(page, emu, 'admin@example.com');
      await page.waitForURL(`${base}/private/hello`);
      const before = emu.logs.all().filter((e) => e.type === 'slo').length;
      // Another site links to the logout: the browser shows a button and the session stays.
      await page.route('http://other-site.test/', (route) =>
        route.fulfill({ contentType: 'text/html', body: `<a id="out" href="${base}/logout">win a prize</a>` }),
      );
      await page.goto('http://other-site.test/');
      await page.locator('#out').click();
      await page.waitForURL(`${base}/logout`);
      assert.equal((await page.request.get(`${base}/private/hello`, { maxRedirects: 0 })).status(), 200, 'still logged in');
      assert.equal(emu.logs.all().filter((e) => e.type === 'slo').length, before, 'Auth0 was not asked to log out');
      // The user's own click logs out.
      await page.locator('button[type=submit]').click();
      // Back from Auth0: a page that says so, not the login page with nothing said.
      await page.waitForURL(`${base}/logged-out`, { timeout: 60000 });
      assert.equal(await page.locator('h1').textContent(), 'You are logged out');
      // Its link: Node-RED's root, the editor, which sends a browser without a session to the login page.
      await page.getByRole('link', { name: 'Log in again' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${emu.url}/authorize`), { timeout: 60000 });
      assert.equal((await page.context().cookies(base)).filter((c) => c.name === 'auth0_session').length, 0, 'the session cookie is gone');
      assert.equal(emu.logs.all().filter((e) => e.type === 'slo' && e.client_id === CLIENT.id).length, before + 1, 'Auth0 logged the user out');
      const again = await page.request.get(`${base}/private/hello`, { maxRedirects: 0 });
      assert.equal(again.status(), 302, 'the page asks for a login again');

      // The editor: its logout revokes Node-RED's token and then ends the Auth0 session.
      await logInAtEmulator(page, emu, 'admin@example.com');
      await waitForEditor(page);
      const token = await editorToken(page);
      seen.push(token);
      assert.equal((await fetch(`${base}/flows`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
      await page.locator('#red-ui-header-button-user').click();
      await page.locator('#usermenu-item-logout').click();
      await page.waitForURL((url) => url.href.startsWith(`${emu.url}/authorize`), { timeout: 60000 });
      assert.equal((await fetch(`${base}/flows`, { headers: { authorization: `Bearer ${token}` } })).status, 401, 'the editor token is revoked');
      assert.equal(emu.logs.all().filter((e) => e.type === 'slo' && e.client_id === CLIENT.id).length, before + 2, 'and Auth0 logged the user out');
    });

    it('no secret, code or token in Node-RED’s output or the emulator’s log', () => {
      assert.ok(nodeRed);
      const logs = `${nodeRed.output()}\n${JSON.stringify(emu.logs.all())}`;
      assert.match(logs, /auth\.login/, 'the audit log was captured');
      for (const secret of [CLIENT.secret, COOKIE_SECRET, PASSWORD]) assert.ok(!logs.includes(secret), 'a secret is in a log');
      assert.ok(seen.length >= 6, 'codes, tokens and cookies were seen');
      for (const value of seen) assert.ok(!logs.includes(value), 'a code, token or cookie value is in a log');
      assert.doesNotMatch(logs, /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/, 'a JWT is in a log');
    });
  });
}
