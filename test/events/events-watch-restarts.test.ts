/**
 * The promise of auth0-events: the events it sends are exactly the events the tenant produced,
 * in order, none lost and none repeated, across Auth0's periodic disconnects, dropped
 * connections, 5xx and 429 answers, the tenant's connection cap, a redeploy, and a restart of
 * Node-RED with a file context store; the offset written by batch, never more than one batch
 * behind what was sent (what a crash can repeat); and an expired offset (410) is reported as a gap.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { Emulator } from '../../emulator';
import { eventCheckpointKey } from '../../nodes/events/watch/event-checkpoint';
import { OFFSET_BATCH_EVENTS, OFFSET_BATCH_MS } from '../../nodes/events/watch/offset-batch';
import { OUT, TAB, sleep, tenantCredentials, tenantNode } from '../logs/runtime';
import { compare, control, eventModules, eventsWatchNode, useEventsEmulator, eventSettings, produce, producedIds, sentIds, storedOffset } from './support';
import { waitUntil } from '../helpers/wait';
import {
  Collector,
  coreNodes,
  deploy,
  errorCalls,
  helper,
  loadContextStores,
  restartLosingMemory,
  restartProcess,
  startFlows,
  stopFlows,
  type FlowNode,
} from '../helpers/node-red';
import { withFileStore } from '../helpers/file-store';

const key = eventCheckpointKey('watch');

describe('auth0-events: exactly once across disconnects, faults and restarts', function () {
  this.timeout(120000);
  let emu: Emulator;

  // Auth0 disconnects every few minutes; here every 300 ms, with heartbeats every 50 ms.
  useEventsEmulator((started) => (emu = started), { heartbeatMs: 50, disconnectMs: 300, retryAfterSeconds: 1 });

  const connected = (store?: string) =>
    waitUntil(async () => (await storedOffset('watch', key, store)) !== undefined, { what: () => 'the watcher stored no offset after connecting' });

  it('through periodic and abrupt disconnects, 5xx, 429s, the connection cap and a redeploy: every event once, in order', async () => {
    const credentials = tenantCredentials(emu);
    await helper.load(
      [...eventModules('auth0-events'), ...coreNodes('25-catch.js')],
      [TAB, tenantNode(emu, { readTimeout: 2, retries: 2 }), eventsWatchNode(), OUT],
      credentials,
    );
    const out = new Collector('out').attach();
    await connected();
    const reached = (n: number) =>
      waitUntil(() => out.messages.length >= n, {
        what: () => `stuck at ${out.messages.length} (${compare(sentIds(out.messages), producedIds(emu))})`,
        timeout: 60000,
      });

    produce(emu, 300);
    await reached(60);
    // One more 5xx than the tenant's retries (2): a GET's 5xx is retried by the client, the last reaches the node.
    emu.faults.set({ errorNext: 3, errorStatus: 503, pathPrefix: '/api/v2/events' });
    await control(emu, 'POST', 'events/disconnect', { abrupt: true });
    produce(emu, 200);
    await reached(350);
    // Redeploy mid-stream.
    await stopFlows();
    produce(emu, 50); // produced while the flows are stopped
    await startFlows();
    out.attach();
    produce(emu, 100);
    emu.faults.set({ rateLimitNext: 2, pathPrefix: '/api/v2/events' });
    await control(emu, 'POST', 'events/disconnect', {});
    await reached(550);
    // Two drops: a GET's dropped connection is sent again once by the client, the second reaches the node.
    emu.faults.set({ dropNext: 2, pathPrefix: '/api/v2/events' });
    await control(emu, 'POST', 'events/disconnect', { abrupt: true });
    produce(emu, 100);
    await reached(750);

    // The tenant's only connection is taken by another client while the node is stopped.
    await eventSettings(emu, { maxConnections: 1, disconnectMs: 60000 });
    await stopFlows();
    const other = http.get(`${emu.url}/api/v2/events`, { headers: { authorization: `Bearer ${emu.managementToken()}` } });
    other.on('error', () => undefined); // destroyed below
    await new Promise<void>((resolve) => other.once('response', () => resolve()));
    await startFlows();
    out.attach();
    produce(emu, 50);
    await waitUntil(
      () => errorCalls('watch').some((c) => (c.err as { statusCode?: number }).statusCode === 429 && /connection/i.test(String((c.err as Error).message))),
      { what: () => 'no connection-cap 429 reached the node' },
    );
    other.destroy();
    await eventSettings(emu, { disconnectMs: 300 });

    const expected = producedIds(emu);
    await waitUntil(() => out.messages.length >= expected.length, { what: () => compare(sentIds(out.messages), expected), timeout: 60000 });
    await sleep(400); // room for a repeat to show up
    assert.deepEqual(sentIds(out.messages), expected, compare(sentIds(out.messages), expected));
    const kinds = errorCalls('watch').map((c) => c.err as { statusCode?: number; errorCode?: string });
    assert.ok(
      kinds.some((k) => k.statusCode === 503),
      'no 503 reached the node',
    );
    assert.ok(
      kinds.some((k) => k.statusCode === 429),
      'no 429 reached the node',
    );
    assert.ok(
      kinds.some((k) => k.statusCode === 0),
      'no dropped connection reached the node',
    );
    assert.ok(Number((await control(emu, 'GET', 'events/settings')).connectionsOpened) > 5, "Auth0's periodic disconnects did not happen");
  });

  it('restarted as a process with a file context store: resumes right after the last event it read', async () => {
    await withFileStore('auth0-events-', async (dir) => {
      const credentials = tenantCredentials(emu);
      await helper.load([...eventModules('auth0-events'), ...coreNodes('25-catch.js')], [TAB, tenantNode(emu), OUT], credentials);
      await loadContextStores();
      await deploy([TAB, tenantNode(emu), eventsWatchNode({ store: 'file' }), OUT], credentials);
      const out = new Collector('out').attach();
      await connected('file');
      produce(emu, 400);
      await waitUntil(() => out.messages.length >= 100, { what: () => `stuck at ${out.messages.length}` });

      await restartLosingMemory('watch');
      out.attach();
      const onDisk = JSON.parse(fs.readFileSync(path.join(dir, 'context', TAB.id, 'flow.json'), 'utf8')) as Record<string, { lastEventId?: string }>;
      assert.ok(onDisk[key]?.lastEventId, 'no offset in the file store');

      produce(emu, 100);
      await sleep(50);
      await restartProcess(); // once more, while catching up
      out.attach();
      produce(emu, 100);
      const expected = producedIds(emu);
      await waitUntil(() => out.messages.length >= expected.length, { what: () => compare(sentIds(out.messages), expected), timeout: 60000 });
      await sleep(400);
      assert.deepEqual(sentIds(out.messages), expected, compare(sentIds(out.messages), expected));
    });
  });

  it('draining a backlog, the stored offset is never more than one batch behind the events sent (what a crash repeats), and all of it is written within the time bound', async () => {
    // One long connection: the bound is the batch's, not a reconnect's.
    await eventSettings(emu, { heartbeatMs: 50, disconnectMs: 3_600_000 });
    const credentials = tenantCredentials(emu);
    await helper.load(eventModules('auth0-events'), [TAB, tenantNode(emu), eventsWatchNode(), OUT], credentials);
    await connected();
    const total = OFFSET_BATCH_EVENTS * 4 + 37;
    const startOffset = await storedOffset('watch', key);
    // A backlog, as after a stop: the events wait at Auth0 and come as fast as they are read.
    await stopFlows();
    produce(emu, total);
    await startFlows();
    const node = helper.getNode('watch') as unknown as { context(): { flow: { get(k: string): { lastEventId?: string } | undefined } } };
    const offsets: string[] = [];
    /** The stored offset as each message arrived (Node-RED delivers sends asynchronously: it may be ahead). */
    const storedAt: (string | undefined)[] = [];
    helper.getNode('out')?.on('input', (msg) => {
      offsets.push(String((msg.auth0 as { offset: string }).offset));
      // Had the process died right now, the next start would resume after the stored offset.
      storedAt.push(node.context().flow.get(key)?.lastEventId);
    });
    await waitUntil(() => offsets.length >= total, { what: () => `${offsets.length} of ${total}`, timeout: 60000 });
    const worstLag = Math.max(...storedAt.map((stored, i) => i - (stored === undefined || stored === startOffset ? -1 : offsets.indexOf(stored))));
    assert.ok(worstLag <= OFFSET_BATCH_EVENTS, `the stored offset was ${worstLag} events behind (a batch is ${OFFSET_BATCH_EVENTS})`);
    // A stream gone quiet: the last offset is written within the batch's time bound.
    const quietSince = Date.now();
    await waitUntil(async () => (await storedOffset('watch', key)) === offsets[offsets.length - 1], { what: () => 'the last offset was not written' });
    assert.ok(Date.now() - quietSince <= OFFSET_BATCH_MS + 1000, `written ${Date.now() - quietSince} ms after the last event`);
  });

  it('an expired offset (410) goes to Catch naming the gap, and the watcher goes on from now', async () => {
    const credentials = tenantCredentials(emu);
    const catcher: FlowNode = { id: 'catch', type: 'catch', z: TAB.id, x: 100, y: 300, scope: ['watch'], uncaught: false, wires: [['caught']] };
    const caught: FlowNode = { id: 'caught', type: 'helper', z: TAB.id, x: 300, y: 300 };
    await helper.load(
      [...eventModules('auth0-events'), ...coreNodes('25-catch.js')],
      [TAB, tenantNode(emu), eventsWatchNode(), OUT, catcher, caught],
      credentials,
    );
    const out = new Collector('out').attach();
    await connected();
    produce(emu, 20);
    await waitUntil(() => out.messages.length >= 20, { what: () => `${out.messages.length}` });
    // Stopping writes the offset of the last message read (the batch is flushed on close).
    const readUpTo = String((out.messages[19].auth0 as { offset: string }).offset);
    await stopFlows();
    produce(emu, 30); // produced while stopped, then dropped by Auth0's retention
    await control(emu, 'POST', 'events/expire', {});
    await startFlows();
    out.attach();
    const catches = new Collector('caught').attach();
    await waitUntil(() => catches.messages.length >= 1, { what: () => 'no error reached the Catch node' });
    const error = catches.messages[0].error as { message: string };
    assert.match(error.message, /410/);
    assert.ok(error.message.includes(String(readUpTo)), `the gap is not named: ${error.message}`);
    assert.equal((catches.messages[0].payload as { gapFrom?: string }).gapFrom, readUpTo);
    // Connected again "from now" once a new offset is stored (the old one is cleared first).
    await waitUntil(async () => ![undefined, readUpTo].includes(await storedOffset('watch', key)), { what: () => 'no new offset after the gap' });
    const after = produce(emu, 5);
    await waitUntil(() => out.messages.length >= 25, { what: () => `${out.messages.length}` });
    await sleep(200);
    assert.deepEqual(sentIds(out.messages).slice(20), after);
  });

  it('deleting the node deletes its offset', async () => {
    const credentials = tenantCredentials(emu);
    await helper.load(eventModules('auth0-events'), [TAB, tenantNode(emu), eventsWatchNode(), OUT], credentials);
    await connected();
    const node = helper.getNode('watch') as unknown as { context(): { flow: { get(k: string): unknown } } };
    const flow = node.context().flow;
    await deploy([TAB, tenantNode(emu), OUT], credentials);
    assert.equal(flow.get(key), undefined, 'the offset outlived its node');
  });
});
