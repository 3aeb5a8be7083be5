/**
 * `npm start` twice in a row keeps a user's work (issue 32, item 4): the examples are deployed on
 * the first start; a tab the user built through the admin API, and an example tab the user
 * changed, are still there after a restart, while an example tab left as it was is refreshed.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../helpers/node-red-process';
import { root } from '../package/package-files';
import { waitUntil } from '../helpers/wait';

type FlowNode = Record<string, unknown> & { id: string; type: string; z?: string };

function request(
  port: number,
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, agent: false, headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('npm start keeps the flows a user made or changed', function () {
  this.timeout(300000);
  let userDir: string;
  let child: ChildProcess | undefined;
  let output = '';
  let port = 0;
  let emulatorPort = 0;

  async function start(): Promise<void> {
    output = '';
    child = spawn(process.execPath, [path.join(root, 'dist', 'scripts', 'start.js')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_RED_PORT: String(port), EMULATOR_PORT: String(emulatorPort), NODE_RED_USER_DIR: userDir },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitUntil(() => output.includes('Node-RED editor: '), {
      what: () => `npm start to get ready:\n${output.slice(-3000)}`,
      timeout: 120_000,
      interval: 250,
      abort: () => (child?.exitCode != null ? `npm start exited with ${child.exitCode}:\n${output.slice(-3000)}` : undefined),
    });
  }

  async function stop(): Promise<void> {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    child = undefined;
  }

  async function flows(): Promise<FlowNode[]> {
    const answer = await request(port, 'GET', '/flows');
    assert.equal(answer.status, 200, answer.text);
    return JSON.parse(answer.text) as FlowNode[];
  }

  before(async () => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-node-red-auth0-keep-'));
    [port, emulatorPort] = [await freePort(), await freePort()];
  });

  after(async () => {
    await stop();
    if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
  });

  it('deploys the examples on the first start, then keeps a tab the user built and an example tab the user changed', async () => {
    await start();
    const first = await flows();
    const tabs = first.filter((n) => n.type === 'tab');
    assert.ok(
      tabs.some((t) => t.label === 'Start here'),
      'the examples were not deployed on the first start',
    );
    // The README: one end-of-life warning per retired node type at a deploy (rules, rules configs, hooks).
    await waitUntil(() => (output.match(/End of life since/g) ?? []).length >= 3, {
      what: () => `the end-of-life warnings:\n${output.slice(-2000)}`,
      timeout: 30_000,
      interval: 250,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal((output.match(/End of life since/g) ?? []).length, 3, output);
    const usersTab = tabs.find((t) => t.label === 'Users examples') as FlowNode;
    const jobsTab = tabs.find((t) => t.label === 'Jobs examples') as FlowNode;

    // The user builds a tab of their own and renames a comment on an example tab, through the admin API as the editor does.
    const mine: FlowNode[] = [
      { id: 'a1b2c3d4e5f60001', type: 'tab', label: 'My flow', disabled: false, info: '' },
      {
        id: 'a1b2c3d4e5f60002',
        type: 'inject',
        z: 'a1b2c3d4e5f60001',
        name: 'my inject',
        props: [],
        repeat: '',
        once: false,
        topic: '',
        x: 120,
        y: 80,
        wires: [['a1b2c3d4e5f60003']],
      },
      { id: 'a1b2c3d4e5f60003', type: 'debug', z: 'a1b2c3d4e5f60001', name: 'my debug', active: true, complete: 'true', x: 320, y: 80, wires: [] },
    ];
    const changed = first.map((n) => (n.z === usersTab.id && n.type === 'comment' ? { ...n, name: `${String(n.name)} (mine)` } : n));
    const deployed = await request(port, 'POST', '/flows', [...changed, ...mine], { 'Node-RED-Deployment-Type': 'full' });
    assert.ok(deployed.status < 300, deployed.text);
    await stop();

    await start();
    const second = await flows();
    const secondTabs = second.filter((n) => n.type === 'tab');
    const kept = secondTabs.find((t) => t.id === 'a1b2c3d4e5f60001');
    assert.ok(kept, `the user's tab is gone after a restart: ${secondTabs.map((t) => String(t.label)).join(', ')}`);
    assert.deepEqual(
      second
        .filter((n) => n.z === 'a1b2c3d4e5f60001')
        .map((n) => n.name)
        .sort(),
      ['my debug', 'my inject'],
    );
    const usersAgain = secondTabs.filter((t) => t.label === 'Users examples');
    assert.equal(usersAgain.length, 1, 'the changed example tab is there once');
    assert.equal(usersAgain[0].id, usersTab.id, 'the changed example tab was replaced');
    assert.ok(
      second.some((n) => n.z === usersTab.id && n.type === 'comment' && String(n.name).endsWith('(mine)')),
      "the user's change is lost",
    );
    // An example tab nobody touched is refreshed from examples/ (new ids), and there once.
    const jobsAgain = secondTabs.filter((t) => t.label === 'Jobs examples');
    assert.equal(jobsAgain.length, 1);
    assert.notEqual(jobsAgain[0].id, jobsTab.id, 'the unchanged example tab was not refreshed');
    assert.equal(secondTabs.length, tabs.length + 1, `tabs: ${secondTabs.map((t) => String(t.label)).join(', ')}`);
    assert.equal(second.filter((n) => n.type === 'auth0-config').length, 1, 'one tenant node for the examples');
    assert.match(output, /Flows kept: .*My flow/);
    assert.doesNotMatch(output, /\[error\]/);
    await stop();
  });
});
