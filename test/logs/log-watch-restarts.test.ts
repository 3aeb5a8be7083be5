/**
 * The promise of auth0-log-watch: the events it sends are exactly the events in the tenant's log,
 * in order, none lost and none repeated, while the tenant answers 429, 5xx, malformed bodies,
 * times out or drops connections, and while Node-RED redeploys (flows stopped mid-poll and
 * started again) or restarts as a process with a persistent context store.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { checkpointKey } from '../../nodes/logs/log-watch/log-checkpoint';
import { repeatsAndGaps } from '../helpers/repeats-and-gaps';
import { OUT, TAB, logModules, logWatchNode, sleep, tenantCredentials, tenantNode } from './runtime';
import { waitUntil } from '../helpers/wait';
import { Collector, deploy, errorCalls, helper, loadContextStores, restartLosingMemory, startFlows, stopFlows, type FlowNode } from '../helpers/node-red';
import { withFileStore } from '../helpers/file-store';

const TYPES = ['fp', 's', 'fu', 'sapi', 'limit_wc', 'fapi', 'seccft', 'pwd_leak', 'f', 'ss'];

function watchNode(overrides: Record<string, unknown> = {}): FlowNode {
  return logWatchNode({ interval: 0.1, ...overrides });
}

function write(emu: Emulator, count: number): void {
  for (let i = 0; i < count; i++) emu.logs.write({ type: TYPES[i % TYPES.length], description: `written ${i}` });
}

function ids(emu: Emulator, types?: string[]): string[] {
  return emu.logs
    .all()
    .filter((e) => !types || types.includes(String(e.type)))
    .map((e) => e.log_id);
}

function sentIds(out: Collector): string[] {
  return out
    .payloads<unknown>()
    .flatMap((p) => (Array.isArray(p) ? p : [p]))
    .map((e) => String((e as { log_id: string }).log_id));
}

/** Repeats and gaps, described for a failure message. */
function compare(sent: string[], expected: string[]): string {
  return repeatsAndGaps(sent, expected, 'in the log');
}

describe('auth0-log-watch: exactly once across faults and restarts', function () {
  this.timeout(120000);
  let emu: Emulator;

  beforeEach(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterEach(async () => {
    await helper.unload();
    await emu.close();
  });

  it('redeployed mid-stream and mid-poll, with 5xx, 429s, dropped connections, malformed answers and timeouts: every event once, in order', async () => {
    write(emu, 1000);
    const credentials = tenantCredentials(emu);
    await helper.load(logModules('auth0-log-watch'), [TAB, tenantNode(emu, { readTimeout: 1, retries: 2 }), watchNode(), OUT], credentials);
    const out = new Collector('out').attach();
    const reached = (n: number) =>
      waitUntil(() => out.messages.length >= n, { what: () => `stuck at ${out.messages.length} messages (${compare(sentIds(out), ids(emu))})` });
    const consumed = (kind: 'errorNext' | 'rateLimitNext' | 'dropNext' | 'malformedNext') =>
      waitUntil(() => emu.faults.get()[kind] === 0, { what: () => `${kind} still ${emu.faults.get()[kind]}` });
    const redeploy = async (): Promise<void> => {
      await stopFlows();
      await startFlows();
      out.attach();
    };

    await reached(120);
    // 5xx until one reaches the node: a GET's 5xx is retried by the client (retries 2), and on a busy
    // machine a retry can end in the 1 s read timeout instead, leaving the 503s to a retry that succeeds.
    emu.faults.set({ errorNext: 100, errorStatus: 503, pathPrefix: '/api/v2/logs' });
    await waitUntil(() => errorCalls('watch').some((c) => (c.err as { statusCode?: number }).statusCode === 503), {
      what: () => 'no 503 reached the node yet',
    });
    emu.faults.set({ errorNext: 0 });
    await reached(250);
    await redeploy();
    await reached(350);
    emu.faults.set({ rateLimitNext: 4, pathPrefix: '/api/v2/logs' });
    // Each fault kind runs on its own: a drop in the middle of the 429s would reset the client's retries.
    await consumed('rateLimitNext');
    await reached(450);
    write(emu, 300); // new events arrive while the backlog is read
    emu.faults.set({ dropNext: 3, pathPrefix: '/api/v2/logs' });
    await consumed('dropNext');
    await reached(550);
    emu.faults.set({ malformedNext: 2, pathPrefix: '/api/v2/logs' });
    await consumed('malformedNext');
    await reached(650);
    // Timeouts: every answer slower than the tenant's 1 s read timeout, until one has failed.
    const failuresBefore = errorCalls('watch').length;
    emu.faults.set({ latencyMs: 1500, pathPrefix: '/api/v2/logs' });
    await waitUntil(
      () =>
        errorCalls('watch')
          .slice(failuresBefore)
          .some((c) => /read timeout/.test(String((c.err as Error).message))),
      { what: () => 'no read timeout reported' },
    );
    emu.faults.set({ latencyMs: 0 });
    await reached(800);
    // Redeploy while a request is in flight: each answer now takes 300 ms.
    emu.faults.set({ latencyMs: 300, pathPrefix: '/api/v2/logs' });
    await sleep(100);
    await stopFlows();
    emu.faults.set({ latencyMs: 0 });
    write(emu, 50); // written while the flows are stopped
    await startFlows();
    out.attach();

    await waitUntil(() => out.messages.length >= ids(emu).length, { what: () => compare(sentIds(out), ids(emu)) });
    await sleep(500); // room for a repeat to show up
    assert.deepEqual(sentIds(out), ids(emu), compare(sentIds(out), ids(emu)));
    // The faults really happened.
    const kinds = errorCalls('watch').map((c) => c.err as { statusCode?: number; errorCode?: string });
    assert.ok(
      kinds.some((k) => k.statusCode === 503),
      'no 503 reached the node',
    );
    assert.ok(
      kinds.some((k) => k.statusCode === 200 && k.errorCode === 'invalid_response'),
      'no malformed answer reached the node',
    );
    assert.ok(
      kinds.some((k) => k.statusCode === 429),
      "no 429 outlasted the client's retries",
    );
    assert.ok(
      kinds.some((k) => k.statusCode === 0 && k.errorCode === 'ECONNRESET'),
      'no dropped connection reached the node',
    );
    assert.ok(
      emu.logs.all().some((e) => e.type === 'api_limit'),
      'no 429 was answered',
    );
  });

  for (const output of ['event', 'batch']) {
    it(`restarted as a process with a file context store (${output} mode): resumes right after the last event it read`, async () => {
      await withFileStore('auth0-log-watch-', async (dir) => {
        write(emu, 400);
        const credentials = tenantCredentials(emu);
        const types = ['fp', 'fu', 'limit_wc', 'pwd_leak'];
        const flow = [TAB, tenantNode(emu), watchNode({ store: 'file', types, output }), OUT];
        // helper.load ignores contextStorage: start without the watcher, open the stores, then deploy it.
        await helper.load(logModules('auth0-log-watch'), [TAB, tenantNode(emu), OUT], credentials);
        await loadContextStores();
        await deploy(flow, credentials);
        const out = new Collector('out').attach();
        const sentCount = () => sentIds(out).length;
        await waitUntil(() => sentCount() >= 60, { what: () => `stuck at ${sentCount()}` });

        await restartLosingMemory('watch');
        out.attach();
        const onDisk = JSON.parse(fs.readFileSync(path.join(dir, 'context', TAB.id, 'flow.json'), 'utf8')) as Record<string, { lastLogId?: string }>;
        assert.ok(onDisk[checkpointKey('watch')]?.lastLogId, 'no checkpoint in the file store');

        write(emu, 200);
        const expected = ids(emu, types);
        await waitUntil(() => sentCount() >= expected.length, { what: () => compare(sentIds(out), expected) });
        await sleep(400);
        assert.deepEqual(sentIds(out), expected, compare(sentIds(out), expected));
      });
    });
  }

  it('a redeploy with other filters keeps the checkpoint; another start setting starts over', async () => {
    write(emu, 30);
    const credentials = tenantCredentials(emu);
    await helper.load(logModules('auth0-log-watch'), [TAB, tenantNode(emu), watchNode({ types: ['fp'] }), OUT], credentials);
    let out = new Collector('out').attach();
    await waitUntil(() => out.messages.length >= ids(emu, ['fp']).length, { what: () => `${out.messages.length}` });
    await sleep(300);
    // The checkpoint is the last event read, matching or not.
    const readUpTo = ids(emu).slice(-1)[0];

    // Other filters: nothing already read is sent again, new events of the new filter are.
    write(emu, 10);
    await deploy([TAB, tenantNode(emu), watchNode({ types: ['fp', 'fu'] }), OUT], credentials);
    out = new Collector('out').attach();
    const after = ids(emu, ['fp', 'fu']).filter((id) => id > readUpTo);
    await waitUntil(() => out.messages.length >= after.length, { what: () => `${out.messages.length} of ${after.length}` });
    await sleep(300);
    assert.deepEqual(sentIds(out), after);

    // Another start (now): the stored checkpoint is discarded, nothing of the past is sent.
    await deploy([TAB, tenantNode(emu), watchNode({ types: ['fp', 'fu'], start: 'now' }), OUT], credentials);
    out = new Collector('out').attach();
    await sleep(600);
    assert.deepEqual(sentIds(out), []);
    emu.logs.write({ type: 'fu', description: 'new' });
    await waitUntil(() => out.messages.length >= 1, { what: () => 'the new event was not sent' });
    assert.deepEqual(sentIds(out), ids(emu).slice(-1));
  });

  it('deleting the node deletes its checkpoint', async () => {
    write(emu, 5);
    const credentials = tenantCredentials(emu);
    await helper.load(logModules('auth0-log-watch'), [TAB, tenantNode(emu), watchNode(), OUT], credentials);
    const out = new Collector('out').attach();
    await waitUntil(() => out.messages.length >= 5, { what: () => `${out.messages.length}` });
    const node = helper.getNode('watch') as unknown as { context(): { flow: { get(k: string): unknown } } };
    const flow = node.context().flow;
    assert.ok(flow.get(checkpointKey('watch')), 'no checkpoint stored');
    await deploy([TAB, tenantNode(emu), OUT], credentials);
    assert.equal(flow.get(checkpointKey('watch')), undefined, 'the checkpoint outlived its node');
  });
});
