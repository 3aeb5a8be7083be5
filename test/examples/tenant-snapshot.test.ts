/**
 * The tenant snapshot examples run against the emulator as a user would run them: the nightly
 * snapshot writes one file per resource (byte-identical for an unchanged tenant, no secret in
 * them); the drift alert keeps a baseline first, then alerts on a new connection and not on a
 * change that does not matter.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { deployableFlow, readExamples } from '../../scripts/example-flows';
import { examplesDir, root, type RawNode } from './flow-files';
import { deploy, problemLogged, problemsLogged, watch } from './runtime';
import { waitUntil } from '../helpers/wait';
import { helper } from '../helpers/node-red';

describe('examples: tenant snapshots, run', function () {
  this.timeout(60000);
  const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
  let emu: Emulator;
  let dir: string;
  const savedDir = process.env.AUTH0_SNAPSHOT_DIR;

  before(async () => {
    emu = await startEmulator({ port: 0, seed });
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await emu.close();
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth0-snapshot-example-'));
    process.env.AUTH0_SNAPSHOT_DIR = dir;
  });
  afterEach(async () => {
    await helper.unload();
    emu.reset();
    if (savedDir === undefined) delete process.env.AUTH0_SNAPSHOT_DIR;
    else process.env.AUTH0_SNAPSHOT_DIR = savedDir;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function deployExample(file: string): Promise<RawNode[]> {
    const examples = readExamples(examplesDir).filter((e) => e.file === file);
    assert.equal(examples.length, 1, `${file} is missing`);
    const flow = deployableFlow(examples, { name: 'emulator', domain: emu.domain, protocol: 'http', clientId: emu.clientId, clientSecret: emu.clientSecret }) as RawNode[];
    await deploy(flow);
    return flow;
  }

  const byName = (flow: RawNode[], name: string): string => {
    const node = flow.find((n) => n.name === name);
    assert.ok(node, `no node named ${name}`);
    return node.id;
  };

  function api(method: string, apiPath: string, body?: unknown): Promise<Response> {
    return fetch(`${emu.url}/api/v2${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${emu.managementToken()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  it('nightly-snapshot: one formatted file per resource, the same bytes for an unchanged tenant, no client secret in them', async () => {
    const flow = await deployExample('management/tenant-snapshot-nightly.json');
    const summary = byName(flow, 'summary');
    const written = byName(flow, 'written');
    const seen = watch([summary, written]);
    const folder = path.join(dir, emu.domain.replace(':', '_'));
    const files = () => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
    const snap = async (round: number): Promise<Record<string, string>> => {
      helper.getNode(byName(flow, 'snapshot now'))?.receive({});
      await waitUntil(() => seen.count(summary) >= round, { what: () => 'no summary', timeout: 15_000, abort: problemLogged });
      const resources = Number((seen.last(summary)?.payload as { resources: number }).resources);
      await waitUntil(() => seen.count(written) >= resources * round, { what: () => `${seen.count(written)} files written of ${resources * round}`, timeout: 15_000, abort: problemLogged });
      return Object.fromEntries(files().map((file) => [file, fs.readFileSync(path.join(folder, file), 'utf8')]));
    };
    const first = await snap(1);
    assert.ok(Object.keys(first).length > 40, `only ${Object.keys(first).length} files`);
    for (const name of ['clients.json', 'roles.json', 'connections.json', 'tenant_settings.json', 'attack_protection_brute_force.json']) assert.ok(first[name], `no ${name}`);
    assert.match(first['roles.json'], /\n {4}"/, `not formatted: ${first['roles.json'].slice(0, 200)}`);
    const text = Object.values(first).join('\n');
    assert.ok(!text.includes(emu.clientSecret) && !text.includes(emu.webClient.clientSecret), 'a client secret was written');
    assert.match(first['clients.json'], /"client_secret": "hmac-sha256:[0-9a-f]{32}"/);
    const second = await snap(2);
    assert.deepEqual(second, first, 'an unchanged tenant gave other bytes');
    assert.deepEqual(problemsLogged(), []);
  });

  it('drift-alert: the first run keeps a baseline; a new connection alerts, a role description does not', async () => {
    const flow = await deployExample('management/tenant-snapshot-drift-alert.json');
    const summary = byName(flow, 'summary');
    const alert = byName(flow, 'alert (e-mail or chat)');
    const seen = watch([summary, alert]);
    const check = byName(flow, 'check now');
    helper.getNode(check)?.receive({});
    await waitUntil(() => seen.count(summary) === 1, { what: () => 'no summary', timeout: 15_000, abort: problemLogged });
    assert.equal((seen.last(summary)?.payload as { firstRun: boolean }).firstRun, true);
    const roles = (await (await api('GET', '/roles')).json()) as { id: string }[];
    assert.ok(roles.length > 0, 'the demo seed has no role');
    assert.equal((await api('PATCH', `/roles/${roles[0].id}`, { description: 'changed, but it does not matter here' })).status, 200);
    assert.equal((await api('POST', '/connections', { name: 'contractors', strategy: 'auth0' })).status, 201);
    helper.getNode(check)?.receive({});
    await waitUntil(() => seen.count(summary) === 2, { what: () => 'no second summary', timeout: 15_000, abort: problemLogged });
    assert.deepEqual((seen.last(summary)?.payload as { changes: unknown }).changes, { added: 1, removed: 0, changed: 1, total: 2 });
    // The alert goes through a switch and a change node: it may come after the summary.
    await waitUntil(() => seen.count(alert) >= 1, { what: () => 'no alert', timeout: 15_000, abort: problemLogged });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(seen.count(alert), 1);
    assert.match(String(seen.last(alert)?.payload), /connections "contractors" added/);
    assert.deepEqual(problemsLogged(), []);
  });
});
