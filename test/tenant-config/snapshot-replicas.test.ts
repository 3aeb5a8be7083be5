/**
 * auth0-tenant-snapshot with a tenant that shares Redis: a timer fires on every replica, and only
 * the replica holding the node's lease takes the snapshot. The other replica is played by the test
 * with its own Redis connection, as another Node-RED process would hold the lease.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { WatcherLease } from '../../nodes/shared-state/lease';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { TAB, sleep, tenantNode } from '../logs/runtime';
import { translating } from '../helpers/messages';
import * as path from 'node:path';
import { waitUntil } from '../helpers/wait';
import { useRedis } from '../helpers/redis';
import { Collector, helper, statusCalls, type FlowNode } from '../helpers/node-red';

const dist = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const modules = ['config/auth0-config', 'tenant-config/auth0-tenant-snapshot'].map((name) => translating(require(path.join(dist, 'nodes', name))));

const SNAP: FlowNode = {
  id: 'snap',
  type: 'auth0-tenant-snapshot',
  z: TAB.id,
  name: '',
  version: 1,
  tenant: 'tenant',
  mode: 'changes',
  store: '',
  ignore: [],
  wires: [['out'], ['sum']],
};
const OUT: FlowNode[] = [
  { id: 'out', type: 'helper', z: TAB.id },
  { id: 'sum', type: 'helper', z: TAB.id },
];

describe('auth0-tenant-snapshot across replicas (a real redis-server)', function () {
  this.timeout(60000);
  let emu: Emulator;
  let other: SharedState;
  const prefix = 'snapshot-replicas';

  // Declared before useRedis(), so it runs first: the nodes and the other replica close while Redis still runs.
  after(async () => {
    await helper.unload();
    await other.close(0);
    await emu.close();
  });
  const redis = useRedis();
  before(async () => {
    emu = await startEmulator({ port: 0 });
    other = new SharedState({ target: parseRedisUrl(redis.url)!, prefix, leaseMs: 1000 });
    assert.ok(await other.whenAvailable(5000));
  });

  it('a replica without the lease stands by and sends nothing; the holder takes the snapshot and keeps the baseline in Redis, with no secret', async () => {
    const lease = new WatcherLease(other, 'snap', { leaseMs: 1000 });
    assert.equal(await lease.claim(), 'holder');
    const tenant = tenantNode(emu, { keyPrefix: prefix, leaseSeconds: 1 });
    await helper.load(modules, [TAB, tenant, SNAP, ...OUT], { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } });
    const sum = new Collector('sum').attach();
    const out = new Collector('out').attach();
    const lastStatus = (): string => statusCalls('snap').at(-1)?.text ?? '';

    helper.getNode('snap')?.receive({ payload: 'nightly' });
    await waitUntil(() => lastStatus() === 'standby', { what: () => `status: ${lastStatus()}` });
    await sleep(300);
    assert.equal(sum.messages.length, 0, 'a standby replica took a snapshot');

    // The other replica stops (gives the lease back): the next timer message runs here.
    await lease.release();
    helper.getNode('snap')?.receive({ payload: 'nightly' });
    await waitUntil(() => sum.messages.length === 1, { what: () => `status: ${lastStatus()}` });
    assert.equal((sum.messages[0].payload as { firstRun: boolean }).firstRun, true);
    const stored = await other.command<string | null>('HGET', `${prefix}:state:snap:baseline`, 'data');
    assert.ok(stored && stored.includes('Emulator Management Client'), 'no baseline in Redis');
    assert.ok(!stored.includes(emu.clientSecret), 'a client secret in Redis');

    // A change is found on the next run, against the shared baseline.
    await fetch(`${emu.url}/api/v2/tenants/settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${emu.managementToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ friendly_name: 'Replicated' }),
    });
    helper.getNode('snap')?.receive({ payload: 'nightly' });
    await waitUntil(() => sum.messages.length === 2, { what: () => `status: ${lastStatus()}` });
    assert.deepEqual(
      out.messages.map((m) => m.topic),
      ['tenant_settings.changed'],
    );
  });
});
