/**
 * auth0-tenant-snapshot in Node-RED against an emulator tenant with every kind of configuration:
 * changes made through the Management API are found exactly, across a process restart with a
 * file context store, and nothing else is; no secret written into the tenant appears in a
 * message, the context store's files or the log; a preview sends no write request; a resource
 * the token may not read is in the summary and the rest is taken.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { FaultProxy, FORWARD } from '../reliability/support/fault-proxy';
import { TAB } from '../logs/runtime';
import { translating } from '../helpers/messages';
import { type Api, type SeededTenant, deployAction, managementApi, seedTenant } from './tenant-fixture';
import { fileStoreEachTest, storedText } from '../helpers/file-store';
import { waitUntil } from '../helpers/wait';
import { Collector, deploy, errorCalls, stopFlows, helper, loadContextStores, restartProcess, type FlowNode } from '../helpers/node-red';

const dist = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const modules = ['config/auth0-config', 'tenant-config/auth0-tenant-snapshot'].map((name) => translating(require(path.join(dist, 'nodes', name))));

interface Change {
  resource: string;
  id: string;
  name: string;
  change: string;
  paths: string[];
  before: unknown;
  after: unknown;
}

function snapshotNode(id: string, overrides: Record<string, unknown> = {}): FlowNode {
  return {
    id,
    type: 'auth0-tenant-snapshot',
    z: TAB.id,
    name: '',
    version: 1,
    tenant: 'tenant',
    mode: 'changes',
    store: 'file',
    ignore: [],
    wires: [[`${id}-out`], [`${id}-sum`]],
    ...overrides,
  };
}

function outputs(id: string): FlowNode[] {
  return [
    { id: `${id}-out`, type: 'helper', z: TAB.id },
    { id: `${id}-sum`, type: 'helper', z: TAB.id },
  ];
}

/** Sends one message and waits for the run's summary; the changes (or the snapshot) sent before it. */
async function run(id: string, payload: unknown = {}): Promise<{ sent: Record<string, unknown>[]; summary: Record<string, unknown> }> {
  const out = new Collector(`${id}-out`).attach();
  const sum = new Collector(`${id}-sum`).attach();
  helper.getNode(id)?.receive({ payload });
  await waitUntil(() => sum.messages.length > 0, { what: () => 'no summary', timeout: 60000 });
  return { sent: out.messages, summary: sum.messages[0] };
}

describe('auth0-tenant-snapshot against an emulator tenant', function () {
  this.timeout(120000);
  let emu: Emulator;
  let proxy: FaultProxy;
  let api: Api;
  let seeded: SeededTenant;
  /** Everything the nodes sent, for the secrets check. */
  const seen: unknown[] = [];

  before(async () => {
    emu = await startEmulator({ port: 0 });
    proxy = await FaultProxy.start(emu.url);
    api = managementApi(emu);
    seeded = await seedTenant(emu, api);
  });

  after(async () => {
    await proxy.close();
    await emu.close();
  });

  const store = fileStoreEachTest('auth0-snapshot-');

  afterEach(() => {
    proxy.setRule(() => FORWARD);
  });

  function tenant(overrides: Record<string, unknown> = {}): FlowNode {
    return {
      id: 'tenant',
      type: 'auth0-config',
      name: 'emulator',
      domain: proxy.domain,
      audience: emu.managementAudience,
      protocol: 'http',
      timeout: 5,
      readTimeout: 5,
      retries: 1,
      ...overrides,
    };
  }

  async function start(flow: FlowNode[], credentials: Record<string, unknown> = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret } }) {
    await helper.load(modules, [TAB, tenant()], credentials);
    await loadContextStores();
    await deploy([TAB, tenant(), ...flow], credentials);
  }

  it('finds exactly the changes made through the Management API, across a Node-RED restart, and no secret leaves the config node', async () => {
    await start([snapshotNode('snap'), ...outputs('snap'), snapshotNode('copy', { mode: 'snapshot', store: '' }), ...outputs('copy')]);

    // The first run keeps a baseline and says so.
    const first = await run('snap');
    seen.push(first);
    assert.deepEqual(first.sent, []);
    const firstSummary = first.summary.payload as Record<string, unknown>;
    assert.equal(firstSummary.firstRun, true);
    assert.match(String(firstSummary.text), /baseline/);
    assert.deepEqual(firstSummary.unavailable, []);

    // Nothing changed: nothing reported; two snapshots of the unchanged tenant are byte-identical.
    const again = await run('snap');
    assert.deepEqual(again.sent, []);
    assert.equal((again.summary.payload as { changes: { total: number } }).changes.total, 0);
    const a = await run('copy');
    const b = await run('copy');
    seen.push(a, b);
    const resourcesA = JSON.stringify((a.sent[0].payload as { resources: unknown }).resources);
    assert.equal(resourcesA, JSON.stringify((b.sent[0].payload as { resources: unknown }).resources));
    assert.equal(a.sent[0].topic, 'snapshot');

    // The changes an administrator makes.
    await api('PATCH', `/roles/${seeded.roleId}`, { description: 'Runs payroll and approves it' });
    await api('POST', `/roles/${seeded.roleId}/permissions`, {
      permissions: [{ resource_server_identifier: 'https://payroll.example/api', permission_name: 'write:payslips' }],
    });
    await api('PATCH', `/actions/actions/${seeded.actionId}`, { code: 'exports.onExecutePostLogin = async () => {};' });
    await deployAction(api, seeded.actionId);
    const rotated = await api<{ client_secret: string }>('POST', `/clients/${seeded.appId}/rotate-secret`);
    seeded.secrets.push(rotated.client_secret);
    await api('PATCH', '/tenants/settings', { friendly_name: 'Acme Corporation' });
    await api('DELETE', `/client-grants/${seeded.grantId}`);
    const created = await api<{ id: string }>('POST', '/connections', { name: 'partners', strategy: 'auth0' });

    // A restart in between: the baseline comes back from the file store.
    await restartProcess();
    const found = await run('snap');
    seen.push(found);
    const changes = found.sent.map((msg) => msg.payload as Change);
    const brief = changes.map((c) => `${c.resource} ${c.id} ${c.change} ${c.paths.join(',')}`).sort();
    const actionChange = changes.find((c) => c.resource === 'actions');
    assert.ok(actionChange, `no change of the action: ${brief.join('; ')}`);
    assert.ok(actionChange.paths.includes('code') && actionChange.paths.includes('deployed_version.code'), actionChange.paths.join(','));
    assert.ok(
      actionChange.paths.every((p) => /^(code|built_at|(deployed|current)_version\.(code|built_at|id|number)$)/.test(p)),
      `the action's changed paths: ${actionChange.paths.join(',')}`,
    );
    assert.deepEqual(
      brief.filter((line) => !line.startsWith('actions ')),
      [
        `client_grants ${seeded.grantId} removed `,
        `clients ${seeded.appId} changed client_secret`,
        `connections ${created.id} added `,
        `roles ${seeded.roleId} changed description,permissions`,
        'tenant_settings tenant_settings changed friendly_name',
      ].sort(),
    );
    assert.equal(changes.length, 6);
    const role = changes.find((c) => c.resource === 'roles') as Change;
    assert.equal(role.name, 'payroll-admin');
    assert.deepEqual(role.before, {
      description: 'Runs payroll',
      permissions: [{ permission_name: 'read:payslips', resource_server_identifier: 'https://payroll.example/api' }],
    });
    assert.equal((role.after as { description: string }).description, 'Runs payroll and approves it');
    assert.deepEqual(
      found.sent.map((msg) => msg.topic),
      changes.map((c) => `${c.resource}.${c.change}`),
    );
    const secretChange = changes.find((c) => c.resource === 'clients') as Change;
    const fingerprints = [(secretChange.before as Record<string, string>).client_secret, (secretChange.after as Record<string, string>).client_secret];
    for (const fingerprint of fingerprints) assert.match(fingerprint, /^hmac-sha256:[0-9a-f]{32}$/);
    assert.notEqual(fingerprints[0], fingerprints[1]);
    const summary = found.summary.payload as { changes: Record<string, number>; firstRun: boolean };
    assert.deepEqual(summary.changes, { added: 1, removed: 1, changed: 4, total: 6 });
    assert.equal(summary.firstRun, false);

    // And then nothing again.
    const quiet = await run('snap');
    assert.deepEqual(quiet.sent, []);

    // No seeded secret anywhere: the messages, the context store's files, the log.
    const stored = await storedText(store.dir());
    assert.match(stored, /payroll-admin/, 'the baseline is not in the file store');
    const everything = [JSON.stringify(seen), stored, JSON.stringify(helper.log().args)].join('\n');
    for (const secret of seeded.secrets) assert.ok(!everything.includes(secret), `a seeded secret (${secret.slice(0, 6)}…) appears`);
  });

  it('a redeployed action, unchanged, is no change: the timestamps the API sets itself never count', async () => {
    await start([snapshotNode('snap'), ...outputs('snap')]);
    assert.equal(((await run('snap')).summary.payload as { firstRun: boolean }).firstRun, true);
    // Built and deployed again with the same code: Auth0 moves built_at and deployed_version.built_at.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api('PATCH', `/actions/actions/${seeded.actionId}`, { runtime: 'node22' });
    await deployAction(api, seeded.actionId);
    const after = await run('snap');
    const changes = after.sent.map((msg) => msg.payload as Change);
    const timestamps = changes.flatMap((c) => c.paths.filter((p) => /_at$/.test(p)).map((p) => `${c.resource} ${p}`));
    assert.deepEqual(timestamps, [], 'timestamps counted as changes');
  });

  it('a preview with msg.payload.desired sends what an apply would change and sends no write request', async () => {
    await start([snapshotNode('copy', { mode: 'snapshot', store: '' }), ...outputs('copy'), snapshotNode('snap'), ...outputs('snap')]);
    const live = (await run('copy')).sent[0].payload as { resources: Record<string, Record<string, Record<string, unknown>>> };
    const desired = JSON.parse(JSON.stringify(live)) as typeof live;
    const roleId = Object.keys(desired.resources.roles)[0];
    desired.resources.roles[roleId].description = 'desired description';
    delete desired.resources.network_acls[Object.keys(desired.resources.network_acls)[0]];
    desired.resources.rules.rul_new = { id: 'rul_new', name: 'new-rule', script: 'function () {}', enabled: true };
    const requestsBefore = proxy.requests.length;
    const preview = await run('snap', { desired });
    const changes = preview.sent.map((msg) => msg.payload as Change);
    assert.deepEqual(
      changes.map((c) => `${c.resource} ${c.change} ${c.paths.join(',')}`).sort(),
      ['network_acls removed ', 'roles changed description', 'rules added '].sort(),
    );
    assert.ok(preview.sent.every((msg) => (msg.auth0 as { preview?: boolean }).preview === true));
    assert.equal((preview.summary.payload as { mode: string }).mode, 'preview');
    const writes = proxy.requests.slice(requestsBefore).filter((req) => req.method !== 'GET' && req.path !== '/oauth/token');
    assert.deepEqual(writes, [], 'the preview sent a write request');
    assert.ok(
      proxy.requests.slice(requestsBefore).some((req) => req.path === '/api/v2/roles'),
      'the preview did not read the tenant',
    );
    // A preview keeps no baseline: the next run of the changes node is still its first.
    const next = await run('snap');
    assert.equal((next.summary.payload as { firstRun: boolean }).firstRun, true);

    // A desired snapshot that is not one fails before any request, naming the input.
    const count = proxy.requests.length;
    helper.getNode('snap')?.receive({ payload: { desired: { roles: [] } } });
    await waitUntil(() => errorCalls('snap').length > 0, { what: () => 'no error' });
    assert.match(String(errorCalls('snap')[0].err), /desired/);
    assert.equal(proxy.requests.length, count);
  });

  it('a resource the token may not read, or an early-access endpoint failing, is in the summary and the rest is taken', async () => {
    const scopes = (await api<{ scope: string[] }[]>('GET', '/client-grants')).flatMap((g) => g.scope).filter((s) => s !== 'read:log_streams');
    const token = emu.managementToken([...new Set(scopes)]);
    proxy.setRule((req) => (req.path.startsWith('/api/v2/rate-limit-policies') ? { kind: 'error', status: 501 } : FORWARD));
    await start([snapshotNode('copy', { mode: 'snapshot', store: '' }), ...outputs('copy')], { tenant: { token } });
    const taken = await run('copy');
    const summary = taken.summary.payload as { unavailable: Record<string, unknown>[]; missingScopes: string[]; text: string };
    const byResource = Object.fromEntries(summary.unavailable.map((u) => [u.resource, u]));
    assert.deepEqual(Object.keys(byResource).sort(), ['log_streams', 'rate_limit_policies']);
    assert.equal(byResource.log_streams.statusCode, 403);
    assert.deepEqual(byResource.log_streams.scopes, ['read:log_streams']);
    assert.equal(byResource.rate_limit_policies.lifecycle, 'early-access');
    assert.deepEqual(summary.missingScopes, ['read:log_streams']);
    assert.match(summary.text, /log_streams/);
    const resources = (taken.sent[0].payload as { resources: Record<string, unknown> }).resources;
    assert.equal(resources.log_streams, undefined);
    assert.ok(resources.roles && resources.clients && resources.event_streams, 'the rest was not taken');
    // A yellow status says some resources were not read.
    assert.equal(taken.sent.length, 1);
  });

  it('closing the node mid-snapshot (a redeploy) aborts its requests and sends nothing', async () => {
    await start([snapshotNode('copy', { mode: 'changes', store: '' }), ...outputs('copy')]);
    const sum = new Collector('copy-sum').attach();
    emu.faults.set({ latencyMs: 200, pathPrefix: '/api/v2/' });
    try {
      helper.getNode('copy')?.receive({ payload: {} });
      await waitUntil(() => proxy.requests.some((req) => req.path.startsWith('/api/v2/')), { what: () => 'no request' });
      await stopFlows();
      const count = proxy.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(proxy.requests.length, count, 'requests went on after the close');
      assert.equal(sum.messages.length, 0);
    } finally {
      emu.faults.clear();
    }
  });
});
