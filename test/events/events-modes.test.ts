/**
 * auth0-events' ways to send beside one message per event: batches (one message per read, at
 * most batchSize events, msg.topic `batch`), the acknowledged mode (the stored offset moves only
 * past messages returned to the node's input, at most maxUnacked outstanding, redeliveries marked
 * after a restart), a message whose data is no event going to Catch with its offset, and the
 * context store's promise said at deploy and in the status.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Emulator } from '../../emulator';
import { encodeOffset } from '../../emulator/management/events/event-log';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { eventCheckpointKey } from '../../nodes/events/watch/event-checkpoint';
import { OUT, TAB, tenantCredentials, tenantNode } from '../logs/runtime';
import { compare, control, eventModules, eventsWatchNode, useEventsEmulator, produce, producedIds, sentIds, storedOffset } from './support';
import { sleep, waitUntil } from '../helpers/wait';
import { nested } from '../helpers/nested';
import {
  Collector,
  closeContextStores,
  coreNodes,
  deploy,
  helper,
  loadContextStores,
  startFlows,
  statusCalls,
  stopFlows,
  useSettings,
  type FlowNode,
  removeAtExit,
} from '../helpers/node-red';

const CATCHER: FlowNode[] = [
  { id: 'catcher', type: 'catch', z: TAB.id, x: 100, y: 200, scope: ['watch'], uncaught: false, wires: [['caught']] },
  { id: 'caught', type: 'helper', z: TAB.id, x: 300, y: 200 },
];

/** Warnings the node logged (the test helper's log spy). */
function warnings(nodeId: string): string[] {
  const node = helper.getNode(nodeId) as unknown as { warn?: { getCalls?: () => { thisValue: { id?: string }; args: unknown[] }[] } } | null;
  return (node?.warn?.getCalls?.() ?? []).filter((call) => call.thisValue?.id === nodeId).map((call) => String(call.args[0]));
}

describe('auth0-events: batches, acknowledged mode, what is not an event, store promises', function () {
  this.timeout(60000);
  let emu: Emulator;
  const key = eventCheckpointKey('watch');

  useEventsEmulator((started) => (emu = started));

  async function load(node: FlowNode, extra: FlowNode[] = []): Promise<Collector> {
    await helper.load([...eventModules('auth0-events'), ...coreNodes('25-catch.js')], [TAB, tenantNode(emu), node, OUT, ...extra], tenantCredentials(emu));
    const out = new Collector('out').attach();
    await waitUntil(async () => (await storedOffset('watch', key)) !== undefined, { what: () => 'the watcher stored no offset after connecting' });
    return out;
  }

  const latestOffset = (): string => encodeOffset(eventBusOfState(emu.state)!.log.latest);

  it('output batch: one message per read with an array of CloudEvents (at most batchSize), topic batch, every event once in order', async () => {
    const out = await load(eventsWatchNode({ output: 'batch', batchSize: 40 }));
    produce(emu, 300);
    await sleep(30);
    produce(emu, 7);
    const expected = producedIds(emu);
    const ids = (): string[] => out.messages.flatMap((m) => (m.payload as { id: string }[]).map((e) => e.id));
    await waitUntil(() => ids().length >= expected.length, { what: () => compare(ids(), expected) });
    assert.deepEqual(ids(), expected, compare(ids(), expected));
    assert.ok(
      out.messages.every((m) => m.topic === 'batch' && Array.isArray(m.payload)),
      'a message that is not a batch',
    );
    const sizes = out.messages.map((m) => (m.payload as unknown[]).length);
    assert.ok(Math.max(...sizes) <= 40, `a batch above batchSize: ${sizes.join(',')}`);
    assert.ok(out.messages.length < expected.length / 4, `${out.messages.length} messages for ${expected.length} events: not batched`);
    const last = out.messages.at(-1)!;
    assert.equal((last.auth0 as { count: number }).count, (last.payload as unknown[]).length);
    await waitUntil(async () => (await storedOffset('watch', key)) === latestOffset(), { what: async () => `stored ${await storedOffset('watch', key)}` });
  });

  it('a message whose data is not a JSON event goes to Catch with its offset; the events around it are sent', async () => {
    const out = await load(eventsWatchNode(), CATCHER);
    const caught = new Collector('caught').attach();
    const ids = produce(emu, 3);
    const log = eventBusOfState(emu.state)!.log;
    const broken = log.all().find((entry) => entry.event.id === ids[1])!;
    broken.json = '{"type": "user.created", "data": ';
    await waitUntil(() => out.messages.length >= 2 && caught.messages.length >= 1, {
      what: () => `${out.messages.length} sent, ${caught.messages.length} caught`,
    });
    assert.deepEqual(sentIds(out.messages), [ids[0], ids[2]]);
    const msg = caught.messages[0];
    assert.equal((msg.payload as { offset: string }).offset, encodeOffset(broken.seq));
    assert.match(String((msg.error as { message: string }).message), new RegExp(`offset ${encodeOffset(broken.seq)}.*not a JSON object`));
    assert.equal((msg.auth0 as { errorCode: string }).errorCode, 'invalid_event');
  });

  it('ack: at most maxUnacked outstanding (the status says so); the stored offset moves only past messages returned to the input', async () => {
    const out = await load(eventsWatchNode({ ack: true, maxUnacked: 4 }));
    const start = await storedOffset('watch', key);
    const ids = produce(emu, 10);
    await waitUntil(() => out.messages.length >= 4, { what: () => `${out.messages.length} messages` });
    await sleep(300);
    assert.equal(out.messages.length, 4, 'more than maxUnacked outstanding');
    assert.ok(statusCalls('watch').some((s) => /waiting: 4 unacknowledged/.test(String(s.text))));
    await sleep(1200);
    assert.equal(await storedOffset('watch', key), start, 'the offset moved past messages not acknowledged');

    const watch = helper.getNode('watch')!;
    // The second is acknowledged first: the offset cannot pass the first yet.
    watch.receive(out.messages[1]);
    await sleep(1200);
    assert.equal(await storedOffset('watch', key), start);
    watch.receive({ payload: 'done', auth0: { ack: out.messages[0]._msgid } });
    const second = (out.messages[1].auth0 as { offset: string }).offset;
    await waitUntil(async () => (await storedOffset('watch', key)) === second, {
      what: async () => `stored ${await storedOffset('watch', key)}, want ${second}`,
    });
    // Acknowledging makes room: the rest comes, each once.
    for (let acked = 2; acked < 10; acked++) {
      await waitUntil(() => out.messages.length > acked, { what: () => `${out.messages.length} messages after ${acked} acknowledged` });
      watch.receive(out.messages[acked]);
    }
    assert.deepEqual(sentIds(out.messages), ids);
    assert.ok(out.messages.every((m) => (m.auth0 as { redelivered?: boolean }).redelivered === undefined));
    await waitUntil(async () => (await storedOffset('watch', key)) === latestOffset(), { what: async () => `stored ${await storedOffset('watch', key)}` });
  });

  it('ack: after a restart, what was sent and not acknowledged comes again marked redelivered; what follows is not', async () => {
    const out = await load(eventsWatchNode({ ack: true }));
    const ids = produce(emu, 8);
    await waitUntil(() => out.messages.length >= 8, { what: () => `${out.messages.length} messages` });
    const watch = helper.getNode('watch')!;
    for (const msg of out.messages.slice(0, 3)) watch.receive(msg);
    await stopFlows();
    await startFlows();
    const again = new Collector('out').attach();
    await waitUntil(() => again.messages.length >= 5, { what: () => `${again.messages.length} sent again` });
    const later = produce(emu, 2);
    await waitUntil(() => again.messages.length >= 7, { what: () => `${again.messages.length} messages` });
    await sleep(200);
    assert.deepEqual(sentIds(again.messages), [...ids.slice(3), ...later]);
    assert.deepEqual(
      again.messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true),
      [true, true, true, true, true, false, false],
    );
  });

  it('ack with batches: a batch is one message to acknowledge', async () => {
    const out = await load(eventsWatchNode({ ack: true, output: 'batch', batchSize: 5, maxUnacked: 1 }));
    const ids = produce(emu, 12);
    await waitUntil(() => out.messages.length >= 1, { what: () => 'no batch' });
    await sleep(200);
    assert.equal(out.messages.length, 1, 'a second batch went before the first was acknowledged');
    const watch = helper.getNode('watch')!;
    const got = (): string[] => out.messages.flatMap((m) => (m.payload as { id: string }[]).map((e) => e.id));
    while (got().length < ids.length) {
      const n = out.messages.length;
      watch.receive(out.messages[n - 1]);
      await waitUntil(() => out.messages.length > n || got().length >= ids.length, { what: () => `${got().length} events` });
    }
    assert.deepEqual(got(), ids);
    assert.ok(out.messages.every((m) => m.topic === 'batch' && (m.payload as unknown[]).length <= 5));
  });

  it('ack: a message that comes back nested deeper than Node-RED copies is still its acknowledgement; a deep message that is none is refused to Catch', async () => {
    const out = await load(eventsWatchNode({ ack: true, maxUnacked: 1 }), CATCHER);
    const caught = new Collector('caught').attach();
    const ids = produce(emu, 2);
    await waitUntil(() => out.messages.length >= 1, { what: () => 'nothing sent' });
    const watch = helper.getNode('watch')!;
    // A flow that nested the event deep (done() without an error: Node-RED never copies it).
    watch.receive({ ...out.messages[0], payload: nested(3000) });
    await waitUntil(() => out.messages.length >= 2, { what: () => `${out.messages.length} sent: the deep message was not taken as the acknowledgement` });
    assert.deepEqual(sentIds(out.messages), ids);
    assert.equal(caught.messages.length, 0, 'an acknowledgement went to Catch');
    watch.receive({ payload: nested(3000) });
    await waitUntil(() => caught.messages.length >= 1, { what: () => 'a deep message that acknowledges nothing was not refused' });
    assert.match(String((caught.messages[0].error as { message: string }).message), /msg\.payload is nested more than 200 levels deep/);
  });

  it('ack: a flow that acknowledges at once makes the node wait every message; the status says so without changing each time', async () => {
    const out = await load(eventsWatchNode({ ack: true, maxUnacked: 1 }));
    const watch = helper.getNode('watch')!;
    let acknowledging = true;
    helper.getNode('out')!.on('input', (msg: Record<string, unknown>) => (acknowledging ? watch.receive(msg) : undefined));
    const before = statusCalls('watch').length;
    const ids = produce(emu, 200);
    await waitUntil(() => out.messages.length >= ids.length, { what: () => `${out.messages.length} messages` });
    assert.deepEqual(sentIds(out.messages), ids);
    const waiting = statusCalls('watch')
      .slice(before)
      .filter((s) => /waiting: 1 unacknowledged/.test(String(s.text))).length;
    assert.ok(waiting >= 1, 'the status never said the node waits');
    assert.ok(waiting <= ids.length / 5, `the status said so ${waiting} times for ${ids.length} waits`);
    // An acknowledgement that does not come: the wait is shown, however soon after the last showing it began.
    acknowledging = false;
    produce(emu, 2);
    await waitUntil(() => out.messages.length > ids.length, { what: () => `${out.messages.length} messages` });
    await waitUntil(() => /waiting: 1 unacknowledged/.test(String(statusCalls('watch').at(-1)?.text)), {
      what: () => `the status says "${String(statusCalls('watch').at(-1)?.text)}" while the node waits`,
    });
    await sleep(200);
    assert.equal(out.messages.length, ids.length + 1);
  });

  it('says at deploy and in its status what the memory store keeps across a restart, and that it starts from now', async () => {
    await load(eventsWatchNode());
    const said = warnings('watch');
    assert.ok(
      said.some((w) => /"default" \(memory\).*at most once across restarts/.test(w)),
      said.join('\n'),
    );
    assert.ok(
      said.some((w) => /no stored offset.*starting from now/.test(w)),
      said.join('\n'),
    );
    assert.ok(statusCalls('watch').some((s) => /memory store: at most once across restarts/.test(String(s.text))));
  });

  it('a file store without cache keeps its promise: no warning about the store', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth0-events-store-'));
    const restore = useSettings({
      contextStorage: {
        default: { module: 'memory' },
        file: { module: 'localfilesystem', config: { dir, cache: false } },
        cached: { module: 'localfilesystem', config: { dir } },
      },
    });
    try {
      const credentials = tenantCredentials(emu);
      await helper.load([...eventModules('auth0-events'), ...coreNodes('25-catch.js')], [TAB, tenantNode(emu), OUT], credentials);
      await loadContextStores();
      await deploy([TAB, tenantNode(emu), eventsWatchNode({ store: 'file' }), OUT], credentials);
      await waitUntil(async () => (await storedOffset('watch', key, 'file')) !== undefined, { what: () => 'no offset stored' });
      assert.deepEqual(
        warnings('watch').filter((w) => /keeps nothing|writes to disk/.test(w)),
        [],
      );
      await deploy([TAB, tenantNode(emu), eventsWatchNode({ store: 'cached' }), OUT], credentials);
      await waitUntil(() => warnings('watch').some((w) => /writes to disk/.test(w)), { what: () => warnings('watch').join('\n') });
      assert.ok(warnings('watch').some((w) => /"cached" \(file, cached\) writes to disk every 30 s/.test(w)));
    } finally {
      await helper.unload();
      restore();
      await closeContextStores();
      removeAtExit(dir); // Node-RED may still be cleaning it
    }
  });

  it('ack: after an expired offset (410), a restart marks nothing redelivered that was never sent before', async () => {
    await load(eventsWatchNode({ ack: true }), CATCHER);
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
    assert.deepEqual(
      again.messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true),
      [false, false, false],
      'events never sent before are marked redelivered',
    );
  });

  it('a message without an id (no offset) goes to Catch with its data, not dropped unseen', async () => {
    const out = await load(eventsWatchNode(), CATCHER);
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
