/**
 * auth0-log-watch in acknowledged mode with a tenant that shares Redis (a real redis-server): a
 * replica waiting for acknowledgements (maxUnacked outstanding) that loses its lease stops waiting,
 * goes back to standby and sends nothing more, also when its lease ran out and its renewal took it
 * again with a new fencing token after another replica had moved on. The other replica is played
 * by the test with its own Redis connection, as in test/events/events-replicas.test.ts.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { FencedStore } from '../../nodes/shared-state/fenced-store';
import type { WatcherLease } from '../../nodes/shared-state/lease';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { RedisServer } from '../../scripts/local-redis';
import { TAB, logModules, sleep, tenantNode } from './runtime';
import { waitUntil } from '../helpers/wait';
import { Collector, helper, statusCalls, type FlowNode } from '../helpers/node-red';

const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };
const WATCH: FlowNode = {
  id: 'watch',
  type: 'auth0-log-watch',
  z: TAB.id,
  x: 100,
  y: 100,
  name: '',
  tenant: 'tenant',
  interval: 0.2,
  start: 'oldest',
  types: ['fp'],
  output: 'event',
  store: '',
  ack: true,
  maxUnacked: 1,
  wires: [['out']],
};

const idsOf = (messages: Record<string, unknown>[]): string[] => messages.map((m) => String((m.payload as { log_id: string }).log_id));
const redeliveredOf = (messages: Record<string, unknown>[]): boolean[] => messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true);

describe('auth0-log-watch: acknowledged mode and a lost lease (a real redis-server)', function () {
  this.timeout(60000);
  let redis: RedisServer;
  let emu: Emulator;
  let other: SharedState;
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
    other = new SharedState({ target: parseRedisUrl(redis.url)!, prefix, leaseMs: 1000 });
    assert.ok(await other.whenAvailable(5000));
  });
  afterEach(async () => {
    await helper.unload();
    await other.close(0);
    emu.reset();
  });

  const lastStatus = (): string => statusCalls('watch').at(-1)?.text ?? '';
  const leaseKey = (): string => other.key('lease', 'watch');

  function write(count: number): string[] {
    return Array.from({ length: count }, (_v, i) => emu.logs.write({ type: 'fp', description: `failed ${i}`, user_name: `u${i}@example.com` }).log_id);
  }

  async function deploy(): Promise<Collector> {
    const tenant = tenantNode(emu, { keyPrefix: prefix, leaseSeconds: 1 });
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } };
    await helper.load(logModules('auth0-log-watch'), [TAB, tenant, WATCH, OUT], credentials);
    return new Collector('out').attach();
  }

  /** Another replica takes the lease with the next fencing token (as after this process froze past the lease time). */
  async function takeLease(): Promise<WatcherLease> {
    const fence = await other.command<number>('INCR', other.key('fence', 'watch'));
    const value = `elsewhere:1:x|${fence}`;
    await other.command('SET', leaseKey(), value, 'PX', 60000);
    return { key: leaseKey(), value, fence } as unknown as WatcherLease;
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
    return new FencedStore(other, lease, 'watch', 'checkpoint').save(record);
  }

  it('stops waiting when another replica takes the lease: standby, and nothing sent when its messages are acknowledged', async () => {
    const ids = write(4);
    const out = await deploy();
    await waitUntil(() => out.messages.length >= 1 && /waiting: 1 unacknowledged/.test(lastStatus()), { what: () => `status: ${lastStatus()}` });

    const foreign = await takeLease();
    await waitUntil(() => lastStatus() === 'standby', { what: () => `status while another replica holds the lease: ${lastStatus()}` });
    // Its own flow acknowledges what it sent: it does not read on.
    helper.getNode('watch')!.receive(out.messages[0]);
    await sleep(800);
    assert.deepEqual(idsOf(out.messages), [ids[0]], 'sent without the lease');

    // The other replica delivered up to the second event, then stops: this one takes over after it.
    await recordDelivered(foreign, ids[1]);
    await other.command('DEL', leaseKey());
    for (let i = 1; i < 3; i++) {
      await waitUntil(() => out.messages.length > i, { what: () => `after the takeover: ${idsOf(out.messages).join(', ')}` });
      helper.getNode('watch')!.receive(out.messages[i]);
    }
    assert.deepEqual(idsOf(out.messages), [ids[0], ids[2], ids[3]]);
    assert.deepEqual(redeliveredOf(out.messages), [false, false, false]);
  });

  it('its lease ran out and was taken again with a new token after another replica moved on: it stops waiting and goes on from what that replica stored', async () => {
    const ids = write(4);
    const out = await deploy();
    await waitUntil(() => out.messages.length >= 1 && /waiting: 1 unacknowledged/.test(lastStatus()), { what: () => `status: ${lastStatus()}` });

    // Right after a renewal (the lease's time just set again), so its next renewal (a third of
    // the lease time later) finds the lease free: the other replica takes it, delivers up to the
    // second event and stops, all between two renewals of this one.
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

    // The first message, acknowledged now: nothing of what the other replica delivered comes again.
    helper.getNode('watch')!.receive(out.messages[0]);
    for (let i = 1; i < 3; i++) {
      await waitUntil(() => out.messages.length > i, { what: () => `after the new token: ${idsOf(out.messages).join(', ')}` });
      helper.getNode('watch')!.receive(out.messages[i]);
    }
    await sleep(500);
    assert.deepEqual(
      idsOf(out.messages),
      [ids[0], ids[2], ids[3]],
      `an event the other replica delivered was sent again (redelivered: ${redeliveredOf(out.messages).join(', ')})`,
    );
  });
});
