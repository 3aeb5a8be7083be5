/**
 * `npm start`'s Node-RED has no login, so it must answer only the editor on this machine (issue
 * 20, finding 1): real HTTP requests against the started Node-RED. Another site's page can
 * neither preflight nor POST /flows, nor open the editor's WebSocket; a rebound DNS name (a Host
 * that is not the loopback address) is refused; the editor's own requests work; the credential
 * secret is random, made at first start and kept in the user directory.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createDecipheriv, createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../helpers/node-red-process';
import { root } from '../package/package-files';
import { waitUntil } from '../helpers/wait';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function request(port: number, method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.setTimeout(30000, () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.end(body);
  });
}

/** A WebSocket handshake on /comms: 101 when accepted, else the status of the refusal (0: closed without one). */
function upgrade(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/comms',
      agent: false,
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

describe('npm start: only the editor on this machine may use its Node-RED', function () {
  this.timeout(180000);
  let child: ChildProcess | undefined;
  let userDir: string;
  let port = 0;
  let output = '';

  before(async () => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-node-red-auth0-guard-'));
    const [nodeRedPort, emulatorPort] = [await freePort(), await freePort()];
    port = nodeRedPort;
    child = spawn(process.execPath, [path.join(root, 'dist', 'scripts', 'start.js')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_RED_PORT: String(nodeRedPort), EMULATOR_PORT: String(emulatorPort), NODE_RED_USER_DIR: userDir },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitUntil(() => output.includes('Node-RED editor: '), {
      what: () => `npm start to get ready:\n${output.slice(-3000)}`,
      timeout: 120_000,
      interval: 250,
      abort: () => (child?.exitCode != null ? `npm start exited with ${child.exitCode}:\n${output.slice(-3000)}` : undefined),
    });
  });

  after(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
  });

  const evil = 'http://evil.example';

  it("refuses another site's preflight and its POST /flows, and deploys nothing", async () => {
    const before = await request(port, 'GET', '/flows', { 'Node-RED-API-Version': 'v2' });
    assert.equal(before.status, 200);
    const rev = (JSON.parse(before.text) as { rev: string }).rev;

    const preflight = await request(port, 'OPTIONS', '/flows', {
      origin: evil,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,node-red-deployment-type',
    });
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers['access-control-allow-origin'], undefined, 'no CORS permission for another site');

    const exec = [
      { id: 'x1', type: 'tab', label: 'pwned' },
      { id: 'x2', type: 'exec', z: 'x1', command: 'touch /tmp/pwned', wires: [[], [], []] },
    ];
    const post = await request(
      port,
      'POST',
      '/flows',
      { origin: evil, 'content-type': 'application/json', 'Node-RED-Deployment-Type': 'full' },
      JSON.stringify(exec),
    );
    assert.equal(post.status, 403);
    assert.equal(post.headers['access-control-allow-origin'], undefined);
    const after = await request(port, 'GET', '/flows', { 'Node-RED-API-Version': 'v2' });
    assert.equal((JSON.parse(after.text) as { rev: string }).rev, rev, 'the flows did not change');
    // "null" (a sandboxed page, a file) and a look-alike are other sites too.
    for (const origin of ['null', `http://127.0.0.1:${port}.evil.example`, `https://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`]) {
      assert.equal((await request(port, 'POST', '/flows', { origin, 'content-type': 'application/json' }, '[]')).status, 403, origin);
    }
  });

  it('refuses a Host that is not its loopback address (DNS rebinding), the editor page included', async () => {
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.nip.io:${port}`, `localhost:${port + 1}`]) {
      assert.equal((await request(port, 'GET', '/', { host })).status, 403, host);
      assert.equal((await request(port, 'GET', '/flows', { host })).status, 403, host);
      assert.equal((await request(port, 'POST', '/flows', { host, 'content-type': 'application/json' }, '[]')).status, 403, host);
    }
  });

  it("refuses another site's WebSocket to the editor; the editor's own connects", async () => {
    assert.notEqual(await upgrade(port, { origin: evil }), 101);
    assert.notEqual(await upgrade(port, { host: `evil.example:${port}` }), 101);
    assert.equal(await upgrade(port, { origin: `http://127.0.0.1:${port}` }), 101);
  });

  it('the editor on this machine works: the page, the flows, a deploy from its own origin, by address or by localhost', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const page = await request(port, 'GET', '/', { host });
      assert.equal(page.status, 200, host);
      assert.match(page.text, /Node-RED/);
    }
    const flows = await request(port, 'GET', '/flows', { 'Node-RED-API-Version': 'v2' });
    const deploy = await request(
      port,
      'POST',
      '/flows',
      {
        origin: `http://localhost:${port}`,
        host: `localhost:${port}`,
        'content-type': 'application/json',
        'Node-RED-API-Version': 'v2',
        'Node-RED-Deployment-Type': 'flows',
      },
      JSON.stringify({ flows: (JSON.parse(flows.text) as { flows: unknown[] }).flows }),
    );
    assert.equal(deploy.status, 200, deploy.text.slice(0, 300));
    const preflight = await request(port, 'OPTIONS', '/flows', { origin: `http://127.0.0.1:${port}`, 'access-control-request-method': 'POST' });
    assert.ok(preflight.status < 300, `same-origin preflight: ${preflight.status}`);
  });

  it('encrypts credentials with a random secret made at first start and kept in the user directory', () => {
    const settings = fs.readFileSync(path.join(userDir, 'settings.js'), 'utf8');
    assert.doesNotMatch(settings, /node-red-auth0-local-emulator/, 'the old public secret');
    const secretFile = path.join(userDir, '.credential-secret');
    const secret = fs.readFileSync(secretFile, 'utf8').trim();
    assert.match(secret, /^[0-9a-f]{64}$/);
    assert.equal(fs.statSync(secretFile).mode & 0o077, 0, 'readable by its owner only');
    // Node-RED sealed the deployed credentials with it (aes-256-ctr, sha256 of the secret).
    const sealed = (JSON.parse(fs.readFileSync(path.join(userDir, 'flows_cred.json'), 'utf8')) as { $: string }).$;
    const decipher = createDecipheriv('aes-256-ctr', createHash('sha256').update(secret).digest(), Buffer.from(sealed.slice(0, 32), 'hex'));
    const credentials = JSON.parse(decipher.update(sealed.slice(32), 'base64', 'utf8') + decipher.final('utf8')) as Record<string, { clientSecret?: string }>;
    assert.ok(
      Object.values(credentials).some((c) => typeof c.clientSecret === 'string'),
      'the example tenant credentials',
    );
    assert.match(fs.readFileSync(path.join(root, '.gitignore'), 'utf8'), /^\.node-red-data\/$/m, 'the user directory is ignored by git');
    assert.doesNotMatch(output, /\[error\]/);
  });
});
