/**
 * The connection check's access control in a real Node-RED with adminAuth: without a token, or
 * with a read-only user's token, the admin endpoint refuses; an editor user's token gets an answer.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { root } from '../package/package-files';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const bcrypt = require('bcryptjs') as { hashSync(text: string, rounds: number): string };

const EDITOR = { username: 'editor', password: 'editor-password-123' };
const VIEWER = { username: 'viewer', password: 'viewer-password-123' };

function userDirWithPackage(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-node-red-auth0-check-'));
  const link = path.join(dir, 'node_modules', '@idflow', 'node-red-auth0');
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(root, link, 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'node-red-project', version: '0.0.1', private: true }));
  return dir;
}

describe("auth0-config: Check connection is an editor user's alone (adminAuth)", function () {
  this.timeout(120000);
  let emulator: Emulator;
  let nodeRed: NodeRedProcess | undefined;
  let userDir: string | undefined;

  before(async () => {
    if (!fs.existsSync(path.join(root, 'dist', 'nodes', 'config', 'auth0-config.js'))) throw new Error('nothing is built: run `npm run build` first');
    emulator = await startEmulator({ port: 0 });
    userDir = userDirWithPackage();
    const users = [
      { username: EDITOR.username, password: bcrypt.hashSync(EDITOR.password, 8), permissions: '*' },
      { username: VIEWER.username, password: bcrypt.hashSync(VIEWER.password, 8), permissions: 'read' },
    ];
    nodeRed = await startNodeRed(
      require.resolve('node-red/red.js'),
      userDir,
      90000,
      process.execPath,
      `\n    adminAuth: { type: 'credentials', users: ${JSON.stringify(users)} }`,
    );
  });
  after(async () => {
    await nodeRed?.stop();
    await emulator?.close();
    if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
  });

  async function tokenFor(user: { username: string; password: string }, scope: string): Promise<string> {
    const res = await fetch(`${nodeRed!.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'node-red-admin', grant_type: 'password', scope, username: user.username, password: user.password }),
    });
    assert.equal(res.status, 200, `login of ${user.username}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  function check(token?: string): Promise<Response> {
    return fetch(`${nodeRed!.url}/auth0-config/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ domain: emulator.domain, protocol: 'http', credentials: { clientId: emulator.clientId, clientSecret: emulator.clientSecret } }),
    });
  }

  it('refuses a request without a token', async () => {
    const res = await check();
    assert.equal(res.status, 401);
    assert.ok(!(await res.text()).includes('scopes'));
  });

  it('refuses a user with read permission only', async () => {
    const res = await check(await tokenFor(VIEWER, 'read'));
    assert.ok(res.status === 401 || res.status === 403, `status ${res.status}`);
  });

  it('answers an editor user, without the secret or the token', async () => {
    const res = await check(await tokenFor(EDITOR, '*'));
    assert.equal(res.status, 200);
    const text = await res.text();
    const answer = JSON.parse(text) as { result: { ok: boolean; scopes: string[] } };
    assert.equal(answer.result.ok, true, text);
    assert.ok(answer.result.scopes.includes('read:users'));
    assert.ok(!text.includes(emulator.clientSecret), 'no secret');
    assert.ok(!/eyJ[\w-]+\.[\w-]+\.[\w-]+/.test(text), 'no token');
    assert.ok(!nodeRed!.output().includes(emulator.clientSecret), "no secret in Node-RED's log");
  });
});
