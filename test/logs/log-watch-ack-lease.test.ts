/**
 * auth0-log-watch in acknowledged mode with a tenant that shares Redis (a real redis-server): a
 * replica waiting for acknowledgements (maxUnacked outstanding) that loses its lease stops waiting,
 * goes back to standby and sends nothing more, also when its lease ran out and its renewal took it
 * again with a new fencing token after another replica had moved on (test/helpers/other-replica.ts).
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import type { WatcherLease } from '../../nodes/shared-state/lease';
import { RedisServer } from '../../scripts/local-redis';
import { TAB, logModules, sleep, tenantNode } from './runtime';
import { waitUntil } from '../helpers/wait';
import { OtherReplica } from '../helpers/other-replica';
import { Collector, helper, statusCalls, type FlowNode } from '../helpers/node-red';

const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };
const WATCH: FlowNode = {
  id: 'watch',
  type: 'auth0-log-watch',
  z: TAB.id,
  x: 100,
  y: 100,
  tenant: 'tenant',
  interval: 0.2,
  start: 'oldest',
  types: ['fp'],
  ack: true,
  maxUnacked: 1,
  wires: [['out']],
};

const idsOf = (messages: Record<string, unknown>[]): string[] => messages.map((m) => String((m.payload as { log_id: string }).log_id));
const marks = (messages: Record<string, unknown>[]): boolean[] => messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true);

describe('auth0-log-watch: acknowledged mode and a lost lease (a real redis-server)', function () {
  this.timeout(60000);
  let redis: RedisServer;
  let emu: Emulator;
  let other: OtherReplica;
  let prefix = '';
  let n = 0;

  before(async () => {
    redis = await RedisServer.start();
    emu = await startEmulator({ port: 0 });
  });
  after(async () => {
    await emu.close();
    await redis.remove();
  });
  beforeEach(async () => {
    prefix = `log-ack-lease-${++n}`;
    other = await OtherReplica.connect(redis.url, prefix);
  });
  afterEach(async () => {
    await helper.unload();
    await other.close();
    emu.reset();
  });

  const lastStatus = (): string => statusCalls('watch').at(-1)?.text ?? '';

  /** Four failed logins; the node deployed, the first sent and waiting for its acknowledgement. */
  async function deployWaiting(): Promise<{ out: Collector; ids: string[] }> {
    const ids = Array.from({ length: 4 }, (_v, i) => emu.logs.write({ type: 'fp', description: `failed ${i}`, user_name: `u${i}@example.com` }).log_id);
    const tenant = tenantNode(emu, { keyPrefix: prefix, leaseSeconds: 1 });
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } };
    await helper.load(logModules('auth0-log-watch'), [TAB, tenant, WATCH, OUT], credentials);
    const out = new Collector('out').attach();
    await waitUntil(() => out.messages.length >= 1 && /waiting: 1 unacknowledged/.test(lastStatus()), { what: () => `status: ${lastStatus()}` });
    return { out, ids };
  }

  /** The other replica records that it delivered, and had acknowledged, everything up to `logId`. */
  function recordDelivered(lease: WatcherLease, logId: string): Promise<void> {
    const record = {
      version: 1,
      tenant: emu.domain,
      start: 'oldest',
      cursor: logId,
      lastLogId: logId,
      lastDate: null,
      sentUpTo: logId,
      savedAt: new Date().toISOString(),
    };
    return other.save(lease, 'checkpoint', record);
  }

  /** Acknowledges the messages from the second on as they come, up to `count`. */
  async function acknowledgeUntil(out: Collector, count: number): Promise<void> {
    for (let i = 1; i < count; i++) {
      await waitUntil(() => out.messages.length > i, { what: () => `${idsOf(out.messages).join(', ')}` });
      helper.getNode('watch')!.receive(out.messages[i]);
    }
  }

  it('stops waiting when another replica takes the lease: standby, and nothing sent when its messages are acknowledged', async () => {
    const { out, ids } = await deployWaiting();
    const foreign = await other.takeLease();
    await waitUntil(() => lastStatus() === 'standby', { what: () => `status while another replica holds the lease: ${lastStatus()}` });
    // Its own flow acknowledges what it sent: it does not read on.
    helper.getNode('watch')!.receive(out.messages[0]);
    await sleep(800);
    assert.deepEqual(idsOf(out.messages), [ids[0]], 'sent without the lease');

    // The other replica delivered up to the second event, then stops: this one takes over after it.
    await recordDelivered(foreign, ids[1]);
    await other.dropLease();
    await acknowledgeUntil(out, 3);
    assert.deepEqual(idsOf(out.messages), [ids[0], ids[2], ids[3]]);
    assert.deepEqual(marks(out.messages), [false, false, false]);
  });

  it('its lease ran out and was taken again with a new token after another replica moved on: it stops waiting and goes on from what that replica stored', async () => {
    const { out, ids } = await deployWaiting();
    await other.takeBetweenRenewals((foreign) => recordDelivered(foreign, ids[1]));
    // The first message, acknowledged now: nothing of what the other replica delivered comes again.
    helper.getNode('watch')!.receive(out.messages[0]);
    await acknowledgeUntil(out, 3);
    await sleep(500);
    assert.deepEqual(
      idsOf(out.messages),
      [ids[0], ids[2], ids[3]],
      `an event the other replica delivered was sent again (redelivered: ${marks(out.messages).join(', ')})`,
    );
  });
});
