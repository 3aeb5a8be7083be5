/**
 * adminAuth() in Node-RED 3.1 (no autoLogin there: the editor shows a "Log in with Auth0" button),
 * driven over HTTP as the browser would: the button's URL, Auth0 (the emulator's test shortcut logs
 * the user in), the callback, then the admin API with the editor token: the admin deploys, the
 * viewer reads only, a user without a role gets the refusal page. Node-RED 4 and 5 are tried in
 * Chromium by test/browser/login.test.ts.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { freePort, startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { nodeRedRuntime } from '../package/node-red-runtimes';
import { root } from '../package/package-files';
import { userDirWithPackage } from '../browser/editor-session';
import { call, nodeRedApplication } from './cookie-jar';
import { rolesAction } from '../../scripts/start-login';

const CLIENT = { id: 'node-red-31-login', secret: 'node-red-31-login-secret-0123456789' };

describe('login: adminAuth in Node-RED 3.1, over HTTP', function () {
  this.timeout(240000);
  let emu: Emulator;
  let nodeRed: NodeRedProcess | undefined;
  let userDir: string;
  let base: string;

  before(async () => {
    const runtime = await nodeRedRuntime('3.1');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
    emu = await startEmulator({ port: 0, seed });
    emu.seed({
      // The roles Action as most people write it (issue 29): the emulator runs it at the login.
      actions: [rolesAction('https://example.com/roles')],
      clients: [nodeRedApplication(base, CLIENT, ['/auth/strategy/callback'])],
    });
    userDir = userDirWithPackage();
    const settings = `
    adminAuth: require('@idflow/node-red-auth0/login').adminAuth({
      domain: '${emu.domain}', protocol: 'http', clientId: '${CLIENT.id}', baseUrl: '${base}',
      rolesClaim: 'https://example.com/roles', permissions: { 'node-red-admin': '*', 'node-red-viewer': 'read' },
    }),`;
    nodeRed = await startNodeRed(runtime.redJs, userDir, 120000, runtime.node, settings, port, { AUTH0_CLIENT_SECRET: CLIENT.secret });
  });

  after(async () => {
    await nodeRed?.stop();
    await emu?.close();
    if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
  });

  async function logIn(email: string): Promise<Response> {
    const cookies = new Map<string, string>();
    const start = await call(`${base}/auth/strategy`, cookies);
    assert.equal(start.status, 302);
    const authorize = new URL(String(start.headers.get('location')));
    assert.equal(authorize.searchParams.get('redirect_uri'), `${base}/auth/strategy/callback`);
    authorize.searchParams.set('username', email);
    authorize.searchParams.set('password', 'Demo-passw0rd!');
    const atTenant = await fetch(authorize, { redirect: 'manual' });
    assert.equal(atTenant.status, 302);
    return call(String(atTenant.headers.get('location')), cookies);
  }

  async function editorToken(email: string): Promise<string> {
    const landing = await logIn(email);
    assert.equal(landing.status, 302);
    // Node-RED puts its token in the query unencoded ('+' and '/' included): read it as the editor does.
    const token = /[?&]access_token=([^&]+)/.exec(String(landing.headers.get('location')))?.[1];
    assert.ok(token, 'Node-RED hands the editor its token');
    return token;
  }

  it('the editor offers the Auth0 login button', async () => {
    const login = (await (await fetch(`${base}/auth/login`)).json()) as { type: string; prompts: { type: string; label: string; url: string }[] };
    assert.equal(login.type, 'strategy');
    assert.deepEqual(login.prompts[0], { type: 'button', label: 'Log in with Auth0', url: 'auth/strategy', icon: 'fa-lock' });
    assert.equal((await fetch(`${base}/flows`)).status, 401);
  });

  it('the admin deploys; the viewer reads but cannot deploy', async () => {
    const admin = await editorToken('admin@example.com');
    const deploy = (token: string) =>
      fetch(`${base}/flows`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Node-RED-Deployment-Type': 'full' },
        body: JSON.stringify([{ id: 'tab-31', type: 'tab', label: 'from 3.1' }]),
      });
    const deployed = await deploy(admin);
    assert.equal(deployed.status, 204, await deployed.text());
    const viewer = await editorToken('viewer@example.com');
    assert.equal((await fetch(`${base}/flows`, { headers: { authorization: `Bearer ${viewer}` } })).status, 200);
    assert.equal((await deploy(viewer)).status, 401);
    const settings = (await (await fetch(`${base}/settings`, { headers: { authorization: `Bearer ${viewer}` } })).json()) as {
      user: { username: string; permissions: unknown; image?: string };
    };
    assert.equal(settings.user.username, 'viewer@example.com');
    assert.equal(settings.user.permissions, 'read');
    assert.match(String(settings.user.image), /^https:\/\//, 'the Auth0 picture as the avatar');
  });

  it('a user with no mapped role gets the refusal page', async () => {
    const refused = await logIn('norole@example.com');
    assert.equal(refused.status, 403);
    assert.match(await refused.text(), /Access refused[\s\S]*norole@example\.com/);
  });
});
