/**
 * auth0-log-watch and auth0-events in acknowledged mode with a tenant that shares Redis (a real
 * redis-server): a replica waiting for acknowledgements (maxUnacked outstanding) that loses its
 * lease stops waiting, goes back to standby and sends nothing more; and when its lease ran out and
 * its renewal took it again with a new fencing token after another replica had moved on, it stops
 * waiting and goes on from what that replica stored (the other replica: test/helpers/other-replica.ts).
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { encodeOffset } from '../../emulator/management/events/event-log';
import type { WatcherLease } from '../../nodes/shared-state/lease';
import { useRedis } from '../helpers/redis';
import { OUT, TAB, logModules, sleep, tenantNode } from '../logs/runtime';
import { eventModules, eventSettings, produce } from '../events/support';
import { waitUntil } from '../helpers/wait';
import { OtherReplica } from '../helpers/other-replica';
import { Collector, helper, statusCalls, type FlowNode } from '../helpers/node-red';

/** What differs between the two watchers. */
interface Watched {
  type: string;
  modules(): unknown[];
  node: Record<string, unknown>;
  /** Four events, produced once the node is deployed (auth0-events: once connected, `connected`); their ids. */
  produce(emu: Emulator, connected: () => Promise<boolean>): Promise<string[]>;
  /** The record of another replica that delivered, and had acknowledged, everything up to `id`. */
  record(emu: Emulator, id: string): Record<string, unknown>;
  idOf(msg: Record<string, unknown>): string;
}

const offsetOf = (emu: Emulator, id: string): string => encodeOffset(eventBusOfState(emu.state)!.log.byId(id)!.seq);

const WATCHED: Watched[] = [
  {
    type: 'auth0-log-watch',
    modules: () => logModules('auth0-log-watch'),
    node: { interval: 0.2, start: 'oldest', types: ['fp'] },
    produce: (emu) => Promise.resolve(Array.from({ length: 4 }, (_v, i) => emu.logs.write({ type: 'fp', description: `failed ${i}` }).log_id)),
    record: (emu, id) => ({
      version: 1,
      tenant: emu.domain,
      start: 'oldest',
      cursor: id,
      lastLogId: id,
      lastDate: null,
      sentUpTo: id,
      savedAt: new Date().toISOString(),
    }),
    idOf: (msg) => String((msg.payload as { log_id: string }).log_id),
  },
  {
    type: 'auth0-events',
    modules: () => eventModules('auth0-events'),
    node: { types: [] },
    produce: async (emu, connected) => {
      await waitUntil(connected, { what: 'no offset stored after connecting' });
      return produce(emu, 4);
    },
    record: (emu, id) => ({ version: 1, tenant: emu.domain, lastEventId: offsetOf(emu, id), sentUpTo: offsetOf(emu, id) }),
    idOf: (msg) => String((msg.payload as { id: string }).id),
  },
];

for (const watched of WATCHED) {
  describe(`${watched.type}: acknowledged mode and a lost lease (a real redis-server)`, function () {
    this.timeout(60000);
    const redis = useRedis();
    let emu: Emulator;
    let other: OtherReplica;
    let prefix = '';
    let n = 0;

    beforeEach(async () => {
      prefix = `${watched.type}-ack-lease-${++n}`;
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
    const idsOf = (messages: Record<string, unknown>[]): string[] => messages.map((m) => watched.idOf(m));
    const marks = (messages: Record<string, unknown>[]): boolean[] => messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true);
    const recordDelivered = (lease: WatcherLease, id: string): Promise<void> => other.save(lease, 'checkpoint', watched.record(emu, id));

    /** The node deployed, four events, the first sent and waiting for its acknowledgement. */
    async function deployWaiting(): Promise<{ out: Collector; ids: string[] }> {
      const watch: FlowNode = {
        id: 'watch',
        type: watched.type,
        z: TAB.id,
        x: 100,
        y: 100,
        tenant: 'tenant',
        ack: true,
        maxUnacked: 1,
        wires: [['out']],
        ...watched.node,
      };
      const tenant = tenantNode(emu, { keyPrefix: prefix, leaseSeconds: 1 });
      const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } };
      const connected = async (): Promise<boolean> =>
        (await other.shared.command<string | null>('HGET', other.shared.key('state', 'watch', 'checkpoint'), 'data')) !== null;
      await helper.load(watched.modules(), [TAB, tenant, watch, OUT], credentials);
      const out = new Collector('out').attach();
      const ids = await watched.produce(emu, connected);
      await waitUntil(() => out.messages.length >= 1 && /waiting: 1 unacknowledged/.test(lastStatus()), { what: () => `status: ${lastStatus()}` });
      return { out, ids };
    }

    /** Acknowledges the messages from the second on as they come, up to `count`. */
    async function acknowledgeUntil(out: Collector, count: number): Promise<void> {
      for (let i = 1; i < count; i++) {
        await waitUntil(() => out.messages.length > i, { what: () => idsOf(out.messages).join(', ') });
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
}
