/**
 * auth0-events' acknowledged mode at its edges (found in review): an offset that expired at Auth0
 * (410) while acknowledged messages were recorded, and what the redelivery mark says afterwards.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { eventCheckpointKey } from '../../nodes/events/watch/event-checkpoint';
import { TAB, tenantCredentials, tenantNode } from '../logs/runtime';
import { control, eventModules, eventSettings, produce, sentIds, storedOffset } from './support';
import { sleep, waitUntil } from '../helpers/wait';
import { Collector, coreNodes, helper, startFlows, stopFlows, type FlowNode } from '../helpers/node-red';

const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };
const CATCHER: FlowNode[] = [
  { id: 'catcher', type: 'catch', z: TAB.id, x: 100, y: 200, scope: ['watch'], uncaught: false, wires: [['caught']] },
  { id: 'caught', type: 'helper', z: TAB.id, x: 300, y: 200 },
];

function watchNode(overrides: Record<string, unknown> = {}): FlowNode {
  return {
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
    wires: [['out']],
    ...overrides,
  };
}

const redelivered = (messages: Record<string, unknown>[]): boolean[] => messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true);

describe('auth0-events: acknowledged mode at its edges', function () {
  this.timeout(60000);
  let emu: Emulator;
  const key = eventCheckpointKey('watch');

  beforeEach(async () => {
    emu = await startEmulator({ port: 0 });
    await eventSettings(emu, { heartbeatMs: 100 });
  });
  afterEach(async () => {
    await helper.unload();
    await emu.close();
  });

  async function load(node: FlowNode, extra: FlowNode[] = []): Promise<Collector> {
    await helper.load([...eventModules('auth0-events'), ...coreNodes('25-catch.js')], [TAB, tenantNode(emu), node, OUT, ...extra], tenantCredentials(emu));
    const out = new Collector('out').attach();
    await waitUntil(async () => (await storedOffset('watch', key)) !== undefined, { what: () => 'the watcher stored no offset after connecting' });
    return out;
  }

  it('after an expired offset (410), a restart marks nothing redelivered that was never sent before', async () => {
    await load(watchNode(), CATCHER);
    const before = await storedOffset('watch', key);
    const out = new Collector('out').attach();
    produce(emu, 3);
    // Sent and never acknowledged: recorded as sent (redeliveries after a restart).
    await waitUntil(() => out.messages.length >= 3, { what: () => `${out.messages.length} messages` });
    await stopFlows();
    // Meanwhile Auth0's retention drops them and one more: the stored offset has expired.
    produce(emu, 1);
    await control(emu, 'POST', 'events/expire');
    await startFlows();
    const caught = new Collector('caught').attach();
    await waitUntil(() => caught.messages.length >= 1, { what: () => 'no gap reported' });
    // Going on from now: a new place is stored.
    await waitUntil(async () => ![undefined, before].includes(await storedOffset('watch', key)), {
      what: async () => `stored ${await storedOffset('watch', key)}`,
    });
    await sleep(300);
    await stopFlows();
    await startFlows();
    const again = new Collector('out').attach();
    await sleep(300);
    const later = produce(emu, 3);
    await waitUntil(() => again.messages.length >= 3, { what: () => `${again.messages.length} messages after the restart` });
    await sleep(200);
    assert.deepEqual(sentIds(again.messages), later);
    assert.deepEqual(redelivered(again.messages), [false, false, false], 'events never sent before are marked redelivered');
  });

  it('a message without an id (no offset) goes to Catch with its data, not dropped unseen', async () => {
    const out = await load(watchNode({ ack: false }), CATCHER);
    const caught = new Collector('caught').attach();
    const ids = produce(emu, 3);
    const entry = eventBusOfState(emu.state)!
      .log.all()
      .find((e) => e.event.id === ids[1])!;
    // The emulator's message for it ends early; a message with no id line follows, carrying an event.
    entry.json = `${entry.json}}\n\ndata: {"event":{"id":"no-offset","type":"user.created","data":{}},"x":0`;
    await waitUntil(() => out.messages.length >= 3 && caught.messages.length >= 1, {
      what: () => `${out.messages.length} sent, ${caught.messages.length} caught`,
    });
    assert.deepEqual(sentIds(out.messages), ids);
    const msg = caught.messages[0];
    assert.match(String((msg.error as { message: string }).message), /without an offset/);
    assert.match(String((msg.payload as { data: string }).data), /no-offset/);
    assert.equal((msg.auth0 as { errorCode: string }).errorCode, 'invalid_event');
  });
});
