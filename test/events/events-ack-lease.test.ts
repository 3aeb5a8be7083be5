/**
 * auth0-events in acknowledged mode with a tenant that shares Redis (a real redis-server): a
 * replica waiting for acknowledgements (maxUnacked outstanding) that loses its lease stops waiting,
 * goes back to standby and sends nothing more, also when its lease ran out and its renewal took it
 * again with a new fencing token after another replica had moved on (test/helpers/other-replica.ts).
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { encodeOffset } from '../../emulator/management/events/event-log';
import type { WatcherLease } from '../../nodes/shared-state/lease';
import { RedisServer } from '../../scripts/local-redis';
import { TAB, sleep, tenantNode } from '../logs/runtime';
import { compare, eventModules, eventSettings, produce, sentIds } from './support';
import { waitUntil } from '../helpers/wait';
import { OtherReplica } from '../helpers/other-replica';
import { Collector, helper, statusCalls, type FlowNode } from '../helpers/node-red';

const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };
const WATCH: FlowNode = {
  id: 'watch',
  type: 'auth0-events',
  z: TAB.id,
  x: 100,
  y: 100,
  tenant: 'tenant',
  types: [],
  ack: true,
  maxUnacked: 1,
  wires: [['out']],
};

describe('auth0-events: acknowledged mode and a lost lease (a real redis-server)', function () {
  this.timeout(60000);
  let redis: RedisServer;
  let emu: Emulator;
  let other: OtherReplica;
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
    other = await OtherReplica.connect(redis.url, prefix);
  });
  afterEach(async () => {
    await helper.unload();
    await other.close();
    await emu.close();
  });

  const lastStatus = (): string => statusCalls('watch').at(-1)?.text ?? '';
  const offsetOf = (id: string): string => encodeOffset(eventBusOfState(emu.state)!.log.byId(id)!.seq);
  const stored = async (): Promise<string | undefined> => {
    const text = await other.shared.command<string | null>('HGET', other.shared.key('state', 'watch', 'checkpoint'), 'data');
    return text ? (JSON.parse(text) as { lastEventId?: string }).lastEventId : undefined;
  };

  /** The node deployed and connected; four events, the first sent and waiting for its acknowledgement. */
  async function deployWaiting(): Promise<{ out: Collector; ids: string[] }> {
    const tenant = tenantNode(emu, { keyPrefix: prefix, leaseSeconds: 1 });
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } };
    await helper.load(eventModules('auth0-events'), [TAB, tenant, WATCH, OUT], credentials);
    const out = new Collector('out').attach();
    await waitUntil(async () => (await stored()) !== undefined, { what: () => 'no offset stored after connecting' });
    const ids = produce(emu, 4);
    await waitUntil(() => out.messages.length >= 1 && /waiting: 1 unacknowledged/.test(lastStatus()), { what: () => `status: ${lastStatus()}` });
    return { out, ids };
  }

  /** The other replica records that it delivered, and had acknowledged, everything up to the event `id`. */
  function recordDelivered(lease: WatcherLease, id: string): Promise<void> {
    const offset = offsetOf(id);
    return other.save(lease, 'checkpoint', { version: 1, tenant: emu.domain, lastEventId: offset, sentUpTo: offset });
  }

  async function acknowledgeUntil(out: Collector, count: number): Promise<void> {
    for (let i = 1; i < count; i++) {
      await waitUntil(() => out.messages.length > i, { what: () => `${out.messages.length} messages` });
      helper.getNode('watch')!.receive(out.messages[i]);
    }
  }

  it('stops waiting when another replica takes the lease: standby, and nothing sent when its messages are acknowledged', async () => {
    const { out, ids } = await deployWaiting();
    const foreign = await other.takeLease();
    await waitUntil(() => lastStatus() === 'standby', { what: () => `status while another replica holds the lease: ${lastStatus()}` });
    helper.getNode('watch')!.receive(out.messages[0]);
    await sleep(800);
    assert.deepEqual(sentIds(out.messages), [ids[0]], 'sent without the lease');

    await recordDelivered(foreign, ids[1]);
    await other.dropLease();
    await acknowledgeUntil(out, 3);
    const expected = [ids[0], ids[2], ids[3]];
    assert.deepEqual(sentIds(out.messages), expected, compare(sentIds(out.messages), expected));
  });

  it('its lease ran out and was taken again with a new token after another replica moved on: it stops waiting and goes on from what that replica stored', async () => {
    const { out, ids } = await deployWaiting();
    await other.takeBetweenRenewals((foreign) => recordDelivered(foreign, ids[1]));
    helper.getNode('watch')!.receive(out.messages[0]);
    await acknowledgeUntil(out, 3);
    await sleep(500);
    const expected = [ids[0], ids[2], ids[3]];
    assert.deepEqual(sentIds(out.messages), expected, `an event the other replica delivered was sent again: ${compare(sentIds(out.messages), expected)}`);
  });
});
