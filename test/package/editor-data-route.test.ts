/**
 * The editor data a dialog and a help view load when they open (nodes/editor/editor-data-route.ts),
 * in a real Node-RED with adminAuth: refused without a token, served to a user who may read (as
 * Node-RED's own read endpoints), and only for a node type the build wrote data for.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { root } from './package-files';
import { EDITOR_DATA_PATH } from '../../nodes/editor/editor-data-route';
import { userDirWithPackage } from '../browser/editor-session';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const bcrypt = require('bcryptjs') as { hashSync(text: string, rounds: number): string };

const VIEWER = { username: 'viewer', password: 'viewer-password-123' };

describe('editor data: GET /auth0/editor/<type> behind auth0.read (adminAuth)', function () {
  this.timeout(120000);
  let nodeRed: NodeRedProcess | undefined;
  let userDir: string | undefined;
  let token = '';

  before(async () => {
    if (!fs.existsSync(path.join(root, 'dist', 'nodes', 'editor', 'data', 'auth0-users.json'))) throw new Error('nothing is built: run `npm run build` first');
    userDir = userDirWithPackage();
    const users = [{ username: VIEWER.username, password: bcrypt.hashSync(VIEWER.password, 8), permissions: 'read' }];
    nodeRed = await startNodeRed(
      require.resolve('node-red/red.js'),
      userDir,
      90000,
      process.execPath,
      `\n    adminAuth: { type: 'credentials', users: ${JSON.stringify(users)} }`,
    );
    const res = await fetch(`${nodeRed.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'node-red-admin', grant_type: 'password', scope: 'read', ...VIEWER }),
    });
    assert.equal(res.status, 200);
    token = ((await res.json()) as { access_token: string }).access_token;
  });
  after(async () => {
    await nodeRed?.stop();
    if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
  });

  const get = (suffix: string, withToken = true): Promise<Response> =>
    fetch(`${nodeRed!.url}${EDITOR_DATA_PATH}/${suffix}`, { headers: withToken ? { authorization: `Bearer ${token}` } : {} });

  it('refuses a request without a token', async () => {
    assert.equal((await get('auth0-users', false)).status, 401);
    assert.equal((await get('auth0-users/help', false)).status, 401);
  });

  it("serves a user who may read the group's catalogue with each operation's body properties, and the help beyond its first paragraphs", async () => {
    const res = await get('auth0-users');
    assert.equal(res.status, 200);
    const data = (await res.json()) as { operations: { id: string; body?: { properties: { name: string; required: boolean; row: boolean }[] } }[] };
    const create = data.operations.find((op) => op.id === 'create');
    assert.deepEqual(
      create?.body?.properties.filter((p) => p.required || p.row).map((p) => p.name),
      ['connection', 'email', 'password'],
    );
    assert.ok(create?.body?.properties.some((p) => p.name === 'user_metadata' && !p.required && !p.row));
    const help = await get('auth0-users/help');
    assert.equal(help.status, 200);
    assert.match(await help.text(), /^<h3>Inputs<\/h3>[\s\S]*<h3>Operations<\/h3>[\s\S]*<code>create<\/code>/);
    // The help every editor load gets is only its first paragraphs and the placeholder.
    const nodes = await fetch(`${nodeRed!.url}/nodes`, { headers: { accept: 'text/html', authorization: `Bearer ${token}` } });
    const html = await nodes.text();
    assert.match(html, /data-auth0-help="auth0-users"/);
    assert.ok(!html.includes('<code>get_log_events</code>'), "an operation's help is in the editor's HTML");
  });

  it('answers 404 for a type it has no data for, and never reads outside its folder', async () => {
    for (const suffix of ['auth0-nothing', 'inject', '..%2F..%2Fpackage.json', 'auth0-users%2F..%2F..%2Fsecret/help'])
      assert.equal((await get(suffix)).status, 404, suffix);
  });
});
