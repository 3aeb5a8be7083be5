/**
 * auth0-events in acknowledged mode with a tenant that shares Redis (a real redis-server): a
 * replica waiting for acknowledgements (maxUnacked outstanding) that loses its lease stops waiting,
 * goes back to standby and sends nothing more, also when its lease ran out and its renewal took it
 * again with a new fencing token after another replica had moved on. The other replica is played
 * by the test with its own Redis connection, as in events-replicas.test.ts.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { encodeOffset } from '../../emulator/management/events/event-log';
import { FencedStore } from '../../nodes/shared-state/fenced-store';
import type { WatcherLease } from '../../nodes/shared-state/lease';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { RedisServer } from '../../scripts/local-redis';
import { TAB, sleep, tenantNode } from '../logs/runtime';
import { compare, eventModules, eventSettings, produce, sentIds } from './support';
import { waitUntil } from '../helpers/wait';
import { Collector, helper, statusCalls, type FlowNode } from '../helpers/node-red';

const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };
const WATCH: FlowNode = {
  id: 'watch',
  type: 'auth0-events',
  z: TAB.id,
  x: 100,
  y: 100,
  name: '',
  tenant: 'tenant',
  types: [],
  store: '',
  ack: true,
  maxUnacked: 1,
  wires: [['out']],
};

describe('auth0-events: acknowledged mode and a lost lease (a real redis-server)', function () {
  this.timeout(60000);
  let redis: RedisServer;
  let emu: Emulator;
  let other: SharedState;
  let prefix = '';
  let n = 0;

  before(async () => {
    redis = await RedisServer.start();
  });
  after(async () => {
    await redis.remove();
  });
  beforeEach(async () => {
    prefix = `events-ack-lease-${++n}`;
    emu = await startEmulator({ port: 0 });
    await eventSettings(emu, { heartbeatMs: 50, disconnectMs: 60000 });
    other = new SharedState({ target: parseRedisUrl(redis.url)!, prefix, leaseMs: 1000 });
    assert.ok(await other.whenAvailable(5000));
  });
  afterEach(async () => {
    await helper.unload();
    await other.close(0);
    await emu.close();
  });

  const lastStatus = (): string => statusCalls('watch').at(-1)?.text ?? '';
  const leaseKey = (): string => other.key('lease', 'watch');
  const offsetOf = (id: string): string => encodeOffset(eventBusOfState(emu.state)!.log.byId(id)!.seq);
  const stored = async (): Promise<string | undefined> => {
    const text = await other.command<string | null>('HGET', other.key('state', 'watch', 'checkpoint'), 'data');
    return text ? (JSON.parse(text) as { lastEventId?: string }).lastEventId : undefined;
  };

  /** Deploys the node and waits until it has connected (its start position stored); then `count` events are produced. */
  async function deployAndProduce(count: number): Promise<{ out: Collector; ids: string[] }> {
    const tenant = tenantNode(emu, { keyPrefix: prefix, leaseSeconds: 1 });
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } };
    await helper.load(eventModules('auth0-events'), [TAB, tenant, WATCH, OUT], credentials);
    const out = new Collector('out').attach();
    await waitUntil(async () => (await stored()) !== undefined, { what: () => 'no offset stored after connecting' });
    const ids = produce(emu, count);
    await waitUntil(() => out.messages.length >= 1 && /waiting: 1 unacknowledged/.test(lastStatus()), { what: () => `status: ${lastStatus()}` });
    return { out, ids };
  }

  /** Another replica takes the lease with the next fencing token (as after this process froze past the lease time). */
  async function takeLease(): Promise<WatcherLease> {
    const fence = await other.command<number>('INCR', other.key('fence', 'watch'));
    const value = `elsewhere:1:x|${fence}`;
    await other.command('SET', leaseKey(), value, 'PX', 60000);
    return { key: leaseKey(), value, fence } as unknown as WatcherLease;
  }

  /** The other replica records that it delivered, and had acknowledged, everything up to the event `id`. */
  function recordDelivered(lease: WatcherLease, id: string): Promise<void> {
    const offset = offsetOf(id);
    return new FencedStore(other, lease, 'watch', 'checkpoint').save({ version: 1, tenant: emu.domain, lastEventId: offset, sentUpTo: offset });
  }

  async function acknowledgeUntil(out: Collector, count: number): Promise<void> {
    for (let i = 1; i < count; i++) {
      await waitUntil(() => out.messages.length > i, { what: () => `${out.messages.length} messages` });
      helper.getNode('watch')!.receive(out.messages[i]);
    }
  }

  it('stops waiting when another replica takes the lease: standby, and nothing sent when its messages are acknowledged', async () => {
    const { out, ids } = await deployAndProduce(4);
    const foreign = await takeLease();
    await waitUntil(() => lastStatus() === 'standby', { what: () => `status while another replica holds the lease: ${lastStatus()}` });
    helper.getNode('watch')!.receive(out.messages[0]);
    await sleep(800);
    assert.deepEqual(sentIds(out.messages), [ids[0]], 'sent without the lease');

    await recordDelivered(foreign, ids[1]);
    await other.command('DEL', leaseKey());
    await acknowledgeUntil(out, 3);
    const expected = [ids[0], ids[2], ids[3]];
    assert.deepEqual(sentIds(out.messages), expected, compare(sentIds(out.messages), expected));
  });

  it('its lease ran out and was taken again with a new token after another replica moved on: it stops waiting and goes on from what that replica stored', async () => {
    const { out, ids } = await deployAndProduce(4);
    // Right after a renewal, so its next one (a third of the lease time later) finds the lease
    // free: the other replica takes it, delivers up to the second event and stops in between.
    await waitUntil(async () => Number(await other.command<number>('PTTL', leaseKey())) > 900, { what: () => 'no renewal seen', interval: 5 });
    await other.command('DEL', leaseKey());
    const foreign = await takeLease();
    await recordDelivered(foreign, ids[1]);
    await other.command('DEL', leaseKey());
    await waitUntil(
      async () => {
        const holder = await other.command<string | null>('GET', leaseKey());
        return holder !== null && !holder.startsWith('elsewhere:');
      },
      { what: () => 'the lease was not taken again' },
    );
    // This process reads the answer to its renewal a moment after the test's own connection sees
    // the new holder: the acknowledgement comes after that (a lease is never taken from a holder
    // that still counts on it: another replica takes it only once it has run out).
    await sleep(200);

    helper.getNode('watch')!.receive(out.messages[0]);
    await acknowledgeUntil(out, 3);
    await sleep(500);
    const expected = [ids[0], ids[2], ids[3]];
    assert.deepEqual(sentIds(out.messages), expected, `an event the other replica delivered was sent again: ${compare(sentIds(out.messages), expected)}`);
  });
});
