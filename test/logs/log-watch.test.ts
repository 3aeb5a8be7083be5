/**
 * auth0-log-watch in a Node-RED runtime against the emulator: start positions, filters, one
 * message per event or per batch, an input message polling at once, failures to Catch nodes,
 * status, and close ending every timer and request.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import type { LogEvent } from '../../emulator/core/logs';
import { checkpointKey } from '../../nodes/logs/log-watch/log-checkpoint';
import { OUT, TAB, loadLogWatch, logModules, logWatchNode, sleep, tenantCredentials, tenantNode, trackTimers } from './runtime';
import { waitUntil } from '../helpers/wait';
import { Collector, errorCalls, helper, statusCalls, type FlowNode } from '../helpers/node-red';
import { useEmulator } from '../helpers/emulator';

const watchNode = logWatchNode;

/** A Catch node for the watcher, wired to a helper node `caught-out`. */
const CATCHER: FlowNode[] = [
  { id: 'catcher', type: 'catch', z: TAB.id, x: 100, y: 200, scope: ['watch'], uncaught: false, wires: [['caught-out']] },
  { id: 'caught-out', type: 'helper', z: TAB.id, x: 300, y: 200 },
];

function writeEvents(emu: Emulator, types: string[]): LogEvent[] {
  return types.map((type, i) => emu.logs.write({ type, description: `event ${i}`, user_name: `user${i}@example.com` }));
}

/** Event ids in the log right now, of the given types (all when none). */
function logIds(emu: Emulator, types?: string[]): string[] {
  return emu.logs
    .all()
    .filter((e) => !types || types.includes(String(e.type)))
    .map((e) => e.log_id);
}

describe('auth0-log-watch in Node-RED', function () {
  this.timeout(60000);
  let emu: Emulator;

  useEmulator((started) => (emu = started));
  afterEach(async () => {
    await helper.unload();
    emu.faults.clear();
    emu.rateLimiter.configure(null);
    emu.reset();
  });

  const load = (watch: FlowNode, extra: FlowNode[] = []): Promise<Collector> => loadLogWatch(emu, watch, extra);

  it('start "oldest": sends every retained event once, in log order, with its type as topic', async () => {
    const written = writeEvents(emu, ['fp', 's', 'fu', 'limit_wc', 'sapi']);
    const out = await load(watchNode());
    // The node's own token request adds a seccft event: the log, not our list, is the reference.
    await waitUntil(() => out.messages.length >= logIds(emu).length, { what: () => `${out.messages.length} messages` });
    await sleep(300);
    assert.deepEqual(
      out.payloads().map((p) => p.log_id),
      logIds(emu),
    );
    const first = out.messages[0];
    assert.equal(first.topic, 'fp');
    assert.deepEqual(first.payload, { ...written[0] });
    assert.deepEqual((first.auth0 as Record<string, unknown>).tenant, emu.domain);
    // Every message carries its type's meaning from Auth0's catalogue (the emulator's own seccft too).
    assert.deepEqual((first.auth0 as Record<string, unknown>).logType, {
      code: 'fp',
      description: 'Failed Login - Invalid Password',
      category: 'auth.login.fail',
    });
    for (const msg of out.messages) {
      const logType = (msg.auth0 as Record<string, { code: string; description: string; category: string }>).logType;
      assert.equal(logType.code, (msg.payload as { type: string }).type);
      assert.ok(logType.description !== '' && logType.category !== '', JSON.stringify(logType));
    }
    assert.equal((out.messages.find((m) => m.topic === 'limit_wc')?.auth0 as Record<string, { category: string }>).logType.category, 'system.notification');
  });

  it('start "now": sends nothing of the past, then every new event', async () => {
    writeEvents(emu, ['fp', 'fp', 'fp']);
    const past = logIds(emu);
    const out = await load(watchNode({ start: 'now' }));
    await waitUntil(() => statusCalls('watch').some((s) => s.text === 'watching'), { what: () => 'the first poll never ended' });
    const fresh = writeEvents(emu, ['fu', 'limit_wc']).map((e) => e.log_id);
    await waitUntil(() => out.messages.length >= 2, { what: () => `${out.messages.length} messages` });
    await sleep(300);
    const sent = out.payloads().map((p) => String(p.log_id));
    assert.ok(
      sent.every((id) => !past.includes(id)),
      'an event from before the start was sent',
    );
    assert.deepEqual(
      sent.filter((id) => fresh.includes(id)),
      fresh,
    );
  });

  it('start "after a log id": sends only the events after it', async () => {
    const written = writeEvents(emu, ['fp', 'fu', 'fp', 's']);
    const out = await load(watchNode({ start: 'id', startId: written[1].log_id, types: ['fp', 's'] }));
    await waitUntil(() => out.messages.length >= 2, { what: () => `${out.messages.length} messages` });
    await sleep(300);
    assert.deepEqual(
      out.payloads().map((p) => p.log_id),
      [written[2].log_id, written[3].log_id],
    );
  });

  it('filters by type codes and categories together', async () => {
    writeEvents(emu, ['s', 'fp', 'fapi', 'limit_wc', 'ss', 'pwd_leak', 'fu', 'limit_mu', 'sapi']);
    const out = await load(watchNode({ types: ['fapi'], categories: ['blocked', 'breached_password'] }));
    const expected = logIds(emu, ['fapi', 'limit_wc', 'pwd_leak', 'limit_mu']);
    await waitUntil(() => out.messages.length >= expected.length, { what: () => `${out.messages.length} messages` });
    await sleep(300);
    assert.deepEqual(
      out.payloads().map((p) => p.log_id),
      expected,
    );
    assert.deepEqual(
      out.messages.map((m) => m.topic),
      ['fapi', 'limit_wc', 'pwd_leak', 'limit_mu'],
    );
  });

  it('one message per batch: arrays of at most 100, together every matching event in order', async () => {
    writeEvents(
      emu,
      Array.from({ length: 250 }, (_, i) => (i % 5 === 0 ? 'fu' : 'fp')),
    );
    const out = await load(watchNode({ output: 'batch', types: ['fp', 'fu'] }));
    const expected = logIds(emu, ['fp', 'fu']);
    const count = (): number => out.payloads<unknown[]>().reduce((n, batch) => n + batch.length, 0);
    await waitUntil(() => count() >= expected.length, { what: () => `${count()} events` });
    await sleep(300);
    const batches = out.payloads<{ log_id: string }[]>();
    assert.ok(batches.length >= 3, `${batches.length} batches`);
    assert.ok(batches.every((batch) => Array.isArray(batch) && batch.length > 0 && batch.length <= 100));
    assert.deepEqual(
      batches.flat().map((e) => e.log_id),
      expected,
    );
    assert.equal(out.messages[0].topic, 'fu,fp');
    assert.equal((out.messages[0].auth0 as Record<string, unknown>).count, batches[0].length);
    // A batch's logType: one per event, in the order of msg.payload.
    for (const msg of out.messages) {
      const types = (msg.auth0 as Record<string, { code: string; category: string }[]>).logType;
      assert.deepEqual(
        types.map((t) => t.code),
        (msg.payload as { type: string }[]).map((e) => e.type),
      );
      assert.ok(types.every((t) => t.category === 'auth.login.fail'));
    }
  });

  it('an input message polls at once (the interval is an hour)', async () => {
    const out = await load(watchNode({ start: 'now', interval: 3600 }));
    await waitUntil(() => statusCalls('watch').some((s) => s.text === 'watching'), { what: () => 'the first poll never ended' });
    const fresh = writeEvents(emu, ['fp', 'limit_wc']).map((e) => e.log_id);
    await sleep(200);
    assert.equal(out.messages.length, 0, 'sent before it was asked to poll');
    helper.getNode('watch')?.receive({ payload: 'poll' });
    await waitUntil(() => out.messages.length >= 2, { what: () => `${out.messages.length} messages` });
    assert.deepEqual(
      out.payloads().map((p) => p.log_id),
      fresh,
    );
  });

  it('keeps its checkpoint in the flow context of the chosen store', async () => {
    writeEvents(emu, ['fp', 'fp']);
    const out = await load(watchNode());
    await waitUntil(() => out.messages.length >= logIds(emu).length, { what: () => `${out.messages.length} messages` });
    await sleep(300);
    const node = helper.getNode('watch') as unknown as { context(): { flow: { get(key: string): unknown } } };
    const record = node.context().flow.get(checkpointKey('watch')) as Record<string, unknown>;
    const ids = logIds(emu);
    assert.equal(record.tenant, emu.domain);
    assert.equal(record.start, 'oldest');
    assert.equal(record.lastLogId, ids[ids.length - 1]);
    assert.equal(record.cursor, ids[ids.length - 1]);
  });

  it('reads a backlog page after page without waiting for the interval, and says it is catching up', async () => {
    writeEvents(
      emu,
      Array.from({ length: 450 }, () => 'fp'),
    );
    const out = await load(watchNode({ interval: 3600, types: ['fp'] }));
    await waitUntil(() => out.messages.length >= 450, { what: () => `${out.messages.length} messages (an interval wait between full pages?)` });
    assert.ok(
      statusCalls('watch').some((s) => /^catching up \d+$/.test(String(s.text))),
      'no "catching up" status',
    );
    await waitUntil(() => statusCalls('watch').some((s) => /^last \d\d:\d\d:\d\d$/.test(String(s.text))), { what: () => 'no "last" status' });
  });

  it('a failed poll goes to Catch nodes with a message, shows on the status, and loses nothing', async () => {
    writeEvents(emu, ['fp', 'fu']);
    // One more 5xx than the tenant's retries (3): a GET's 5xx is retried by the client, the last fails the poll.
    emu.faults.set({ errorNext: 4, errorStatus: 503, pathPrefix: '/api/v2/logs' });
    const caught = new Collector('caught-out');
    const out = await load(watchNode(), CATCHER);
    caught.attach();
    await waitUntil(() => caught.messages.length >= 1, { what: () => 'nothing reached the Catch node' });
    const msg = caught.messages[0];
    const error = msg.error as { message?: string; source?: { id?: string } };
    assert.equal(error.source?.id, 'watch');
    assert.equal((msg.auth0 as Record<string, unknown>).statusCode, 503);
    assert.ok(
      statusCalls('watch').some((s) => s.fill === 'red' && /^HTTP 503, retry \d+s$/.test(String(s.text))),
      'no error status',
    );
    await waitUntil(() => out.messages.length >= logIds(emu).length, { what: () => `${out.messages.length} messages after the retry` });
    await sleep(300);
    assert.deepEqual(
      out.payloads().map((p) => p.log_id),
      logIds(emu),
    );
  });

  it('a failure of a poll asked for by a message goes to Catch with that message', async () => {
    const out = await load(watchNode({ start: 'now', interval: 3600 }), CATCHER);
    const caught = new Collector('caught-out').attach();
    await waitUntil(() => statusCalls('watch').some((s) => s.text === 'watching'), { what: () => 'the first poll never ended' });
    emu.faults.set({ errorNext: 4, errorStatus: 500, pathPrefix: '/api/v2/logs' }); // retries 3, then the poll fails
    helper.getNode('watch')?.receive({ payload: 'poll', topic: 'mine' });
    await waitUntil(() => caught.messages.length >= 1, { what: () => 'nothing reached the Catch node' });
    assert.equal(caught.messages[0].topic, 'mine');
    assert.equal(out.messages.length, 0);
  });

  it('shows "rate limited" while the tenant\'s rate limit holds its requests', async () => {
    writeEvents(
      emu,
      Array.from({ length: 150 }, () => 'fp'),
    );
    emu.faults.set({ rateLimitNext: 2, pathPrefix: '/api/v2/logs' });
    const out = await load(watchNode({ types: ['fp'] }));
    await waitUntil(() => out.messages.length >= 150, { what: () => `${out.messages.length} messages` });
    assert.ok(
      statusCalls('watch').some((s) => /^rate limited/.test(s.text ?? '') && s.fill === 'yellow'),
      JSON.stringify(statusCalls('watch')),
    );
    assert.deepEqual(
      out.payloads().map((p) => p.log_id),
      logIds(emu, ['fp']),
    );
  });

  it('a configuration it cannot work with is reported on the node, and no request is made', async () => {
    await helper.load(logModules('auth0-log-watch'), [TAB, tenantNode(emu), watchNode({ start: 'id', startId: '' }), OUT], tenantCredentials(emu));
    await sleep(200);
    assert.ok(errorCalls('watch').some((c) => /startId/.test(String(c.err))));
    assert.ok(statusCalls('watch').some((s) => s.fill === 'red' && s.text === 'configuration'));
    assert.equal(emu.logs.all().filter((e) => e.type === 'seccft').length, 0, 'a token was fetched');
  });

  it('a tenant it cannot use (a bad domain) is reported once, not retried until a message asks', async () => {
    await helper.load(logModules('auth0-log-watch'), [TAB, tenantNode(emu, { domain: 'not a host name!' }), watchNode(), OUT], tenantCredentials(emu));
    await waitUntil(() => errorCalls('watch').length >= 1, { what: () => 'no error reported' });
    await sleep(1500);
    assert.equal(errorCalls('watch').length, 1, 'the configuration error was retried');
    assert.match(String((errorCalls('watch')[0].err as Error).message), /domain/);
    assert.ok(statusCalls('watch').some((s) => s.fill === 'red' && s.text === 'configuration'));
  });

  it('close ends the timer and the request in progress: every timer of the node is cleared or has fired', async () => {
    const timers = trackTimers('/nodes/');
    try {
      writeEvents(emu, ['fp']);
      emu.faults.set({ latencyMs: 400, pathPrefix: '/api/v2/logs' });
      const out = await load(watchNode({ interval: 0.05 }));
      await waitUntil(() => out.messages.length >= 1, { what: () => 'no message' });
      // A request is now in flight (every poll waits 400 ms in the emulator) when the flow stops.
      const eventsBefore = emu.logs.all().length;
      await helper.unload();
      assert.ok(timers.created() > 0, 'the node made no timer at all?');
      assert.deepEqual(timers.pending(), [], 'timers of the package still pending after close');
      const createdAtClose = timers.created();
      await sleep(600);
      assert.equal(timers.created(), createdAtClose, 'a timer was created after close');
      // A poll after close would have needed a new client, hence a new token (a seccft event).
      assert.equal(emu.logs.all().length, eventsBefore, 'something still talks to the tenant');
    } finally {
      timers.restore();
    }
  });
});
