/**
 * auth0-events with a tenant that shares Redis: the node connects only while it holds the lease.
 * The other replica is played by the test with its own Redis connection: it holds the lease and
 * stores the offset as another Node-RED process would. Standby, takeover from the stored offset,
 * losing the lease while connected, a former holder's refused write, Redis away and back.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { encodeOffset } from '../../emulator/management/events/event-log';
import { FencedStore, LeaseLost } from '../../nodes/shared-state/fenced-store';
import { WatcherLease } from '../../nodes/shared-state/lease';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { useRedis } from '../helpers/redis';
import { OUT, TAB, sleep, tenantNode } from '../logs/runtime';
import { compare, control, eventModules, eventsWatchNode, eventSettings, produce, sentIds } from './support';
import { waitUntil } from '../helpers/wait';
import { Collector, helper, statusCalls } from '../helpers/node-red';

const WATCH = eventsWatchNode();

describe('auth0-events across replicas (a real redis-server)', function () {
  this.timeout(60000);
  const redis = useRedis();
  let emu: Emulator;
  let other: SharedState;
  let prefix = '';
  let n = 0;

  beforeEach(async () => {
    prefix = `events-replicas-${++n}`;
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

  const openConnections = async (): Promise<number> => Number((await control(emu, 'GET', 'events/settings')).openConnections);
  const lastStatus = (): string => statusCalls('watch').at(-1)?.text ?? '';
  const offsetOf = (id: string): string => encodeOffset(eventBusOfState(emu.state)!.log.byId(id)!.seq);
  const stored = async (): Promise<string | undefined> => {
    const text = await other.command<string | null>('HGET', `${prefix}:state:watch:checkpoint`, 'data');
    return text ? (JSON.parse(text) as { lastEventId?: string }).lastEventId : undefined;
  };

  async function deployWatcher(): Promise<Collector> {
    const tenant = tenantNode(emu, { keyPrefix: prefix, leaseSeconds: 1 });
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } };
    await helper.load(eventModules('auth0-events'), [TAB, tenant, WATCH, OUT], credentials);
    return new Collector('out').attach();
  }

  it('stands by while another replica holds the lease, takes over from its stored offset, and lets go when the lease is taken', async () => {
    // The other replica holds the lease (renewing it) and has read up to the second event.
    const lease = new WatcherLease(other, 'watch', { leaseMs: 1000 });
    assert.equal(await lease.claim(), 'holder');
    const out = await deployWatcher();
    await waitUntil(() => lastStatus() === 'standby', { what: () => `status: ${lastStatus()}` });
    const early = produce(emu, 4);
    await new FencedStore(other, lease, 'watch', 'checkpoint').save({ version: 1, tenant: emu.domain, lastEventId: offsetOf(early[1]) });
    await sleep(600); // several of the standby's turns
    assert.equal(await openConnections(), 0, 'a standby does not connect');
    assert.equal(out.messages.length, 0);

    // The other replica dies (stops renewing): the node takes over within the lease time, after its offset.
    const staleLease = { key: lease.key, value: lease.value, fence: lease.fence } as unknown as WatcherLease;
    lease.abandon();
    await waitUntil(() => out.messages.length >= 2, { what: () => `after the takeover: ${compare(sentIds(out.messages), early.slice(2))}` });
    assert.deepEqual(sentIds(out.messages), early.slice(2), "resumed right after the other replica's offset");
    assert.equal(await openConnections(), 1);
    const more = produce(emu, 3);
    await waitUntil(() => out.messages.length >= 5, { what: () => compare(sentIds(out.messages), [...early.slice(2), ...more]) });
    await waitUntil(async () => (await stored()) === offsetOf(more[2]), { what: async () => `stored ${await stored()}` });

    // The former holder comes back from a pause and writes its old offset: refused, the newer one stays.
    await assert.rejects(
      new FencedStore(other, staleLease, 'watch', 'checkpoint').save({ version: 1, tenant: emu.domain, lastEventId: offsetOf(early[1]) }),
      LeaseLost,
    );
    assert.equal(await stored(), offsetOf(more[2]));

    // Another replica takes the lease (as after this process froze past the lease time): the node drops its connection.
    const fence = await other.command<number>('INCR', `${prefix}:fence:watch`);
    const foreign = { key: lease.key, value: `elsewhere:1:x|${fence}`, fence } as unknown as WatcherLease;
    await other.command('SET', lease.key, `elsewhere:1:x|${fence}`, 'PX', 60000);
    await waitUntil(() => lastStatus() === 'standby', { what: () => `status: ${lastStatus()}` });
    await waitUntil(async () => (await openConnections()) === 0, { what: () => 'the node kept its connection without the lease' });
    const whileAway = produce(emu, 3);
    // The new holder delivers the first of them and records it; then it stops and gives the lease back.
    await new FencedStore(other, foreign, 'watch', 'checkpoint').save({ version: 1, tenant: emu.domain, lastEventId: offsetOf(whileAway[0]) });
    await sleep(300);
    assert.equal(out.messages.length, 5, 'nothing sent without the lease');
    await other.command('DEL', lease.key);
    const expected = [...early.slice(2), ...more, ...whileAway.slice(1)];
    await waitUntil(() => out.messages.length >= expected.length, { what: () => compare(sentIds(out.messages), expected) });
    await sleep(300);
    assert.deepEqual(sentIds(out.messages), expected, compare(sentIds(out.messages), expected));
  });

  it('Redis away: disconnects and waits, saying so; resumes from the stored offset when Redis is back', async () => {
    const out = await deployWatcher();
    await waitUntil(async () => (await stored()) !== undefined, { what: () => 'no offset stored after connecting' });
    const first = produce(emu, 3);
    await waitUntil(() => out.messages.length >= 3, { what: () => compare(sentIds(out.messages), first) });

    await redis.stop();
    let back = false;
    try {
      await waitUntil(() => lastStatus() === 'paused: Redis unavailable', { what: () => `status: ${lastStatus()}` });
      await waitUntil(async () => (await openConnections()) === 0, { what: () => 'still connected without Redis' });
      const during = produce(emu, 4);
      await sleep(300);
      assert.equal(out.messages.length, 3, 'nothing sent while Redis is away');
      await redis.begin();
      back = true;
      const expected = [...first, ...during];
      await waitUntil(() => out.messages.length >= expected.length, { what: () => compare(sentIds(out.messages), expected) });
      await sleep(300);
      assert.deepEqual(sentIds(out.messages), expected, compare(sentIds(out.messages), expected));
    } finally {
      if (!back) await redis.begin();
    }
  });
});
