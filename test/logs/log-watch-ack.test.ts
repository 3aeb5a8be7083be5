/**
 * auth0-log-watch's acknowledged mode: the checkpoint moves only past messages returned to the
 * node's input (their own _msgid, or msg.auth0.ack naming it), at most maxUnacked outstanding
 * (the status says so), and after a restart what was sent and not acknowledged comes again with
 * msg.auth0.redelivered = true; the memory store's promise said at deploy.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { checkpointKey } from '../../nodes/logs/log-watch/log-checkpoint';
import { OUT, TAB, loadLogWatch, logWatchNode, sleep, tenantCredentials, tenantNode } from './runtime';
import { waitUntil } from '../helpers/wait';
import { Collector, deploy, helper, startFlows, statusCalls, stopFlows, type FlowNode } from '../helpers/node-red';
import { useEmulator } from '../helpers/emulator';

function watchNode(overrides: Record<string, unknown> = {}): FlowNode {
  return logWatchNode({ types: ['fp'], ack: true, ...overrides });
}

interface Checkpoint {
  cursor: string | null;
  lastLogId: string | null;
  sentUpTo?: string | null;
}

function stored(): Promise<Checkpoint | undefined> {
  const node = helper.getNode('watch') as unknown as {
    context(): { flow: { get(key: string, store: string | undefined, cb: (err: Error | null, value: unknown) => void): void } };
  } | null;
  if (!node) return Promise.resolve(undefined);
  return new Promise((resolve, reject) =>
    node.context().flow.get(checkpointKey('watch'), undefined, (err, value) => (err ? reject(err) : resolve(value as Checkpoint))),
  );
}

const idsOf = (messages: Record<string, unknown>[]): string[] => messages.map((m) => String((m.payload as { log_id: string }).log_id));

describe('auth0-log-watch: acknowledged mode', function () {
  this.timeout(60000);
  let emu: Emulator;

  useEmulator((started) => (emu = started));
  afterEach(async () => {
    await helper.unload();
    emu.reset();
  });

  const load = (watch: FlowNode): Promise<Collector> => loadLogWatch(emu, watch);

  function write(count: number): string[] {
    return Array.from({ length: count }, (_v, i) => emu.logs.write({ type: 'fp', description: `failed ${i}`, user_name: `u${i}@example.com` }).log_id);
  }

  it('at most maxUnacked outstanding, saying so; the checkpoint moves only past acknowledged messages, in order', async () => {
    const ids = write(6);
    const out = await load(watchNode({ maxUnacked: 2 }));
    await waitUntil(() => out.messages.length >= 2, { what: () => `${out.messages.length} messages` });
    await sleep(400);
    assert.equal(out.messages.length, 2);
    assert.ok(statusCalls('watch').some((s) => /waiting: 2 unacknowledged/.test(String(s.text))));
    const before = await stored();
    assert.equal(before?.sentUpTo, ids[ids.length - 1], 'the newest log_id of the page is stored before it is sent');
    assert.ok(before?.lastLogId === null || before.lastLogId < ids[0], `the checkpoint passed unacknowledged events: ${JSON.stringify(before)}`);

    const watch = helper.getNode('watch')!;
    watch.receive({ payload: 'written', auth0: { ack: out.messages[1]._msgid } });
    await sleep(1200);
    assert.ok(((await stored())?.lastLogId ?? '') < ids[0], 'moved past the first, not acknowledged');
    watch.receive(out.messages[0]);
    await waitUntil(async () => (await stored())?.lastLogId === ids[1], { what: async () => JSON.stringify(await stored()) });
    for (let acked = 2; acked < 6; acked++) {
      await waitUntil(() => out.messages.length > acked, { what: () => `${out.messages.length} after ${acked} acknowledged` });
      watch.receive(out.messages[acked]);
    }
    assert.deepEqual(idsOf(out.messages), ids);
  });

  it('after a restart, the events sent and not acknowledged come again marked redelivered; new ones are not', async () => {
    const ids = write(5);
    const out = await load(watchNode());
    await waitUntil(() => out.messages.length >= 5, { what: () => `${out.messages.length} messages` });
    const watch = helper.getNode('watch')!;
    watch.receive(out.messages[0]);
    watch.receive(out.messages[1]);
    await stopFlows();
    const later = write(2);
    await startFlows();
    const again = new Collector('out').attach();
    await waitUntil(() => again.messages.length >= 5, { what: () => `${again.messages.length} messages` });
    await sleep(300);
    assert.deepEqual(idsOf(again.messages), [...ids.slice(2), ...later]);
    assert.deepEqual(
      again.messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true),
      [true, true, true, false, false],
    );
  });

  it('batch output: one acknowledgement per batch', async () => {
    const ids = write(4);
    const out = await load(watchNode({ output: 'batch', maxUnacked: 1 }));
    await waitUntil(() => out.messages.length >= 1, { what: () => 'no batch' });
    assert.deepEqual(idsOf((out.messages[0].payload as Record<string, unknown>[]).map((payload) => ({ payload }))), ids);
    const more = write(2);
    await sleep(600);
    assert.equal(out.messages.length, 1, 'a batch went before the first was acknowledged');
    helper.getNode('watch')!.receive(out.messages[0]);
    await waitUntil(() => out.messages.length >= 2, { what: () => 'no second batch' });
    assert.deepEqual(idsOf((out.messages[1].payload as Record<string, unknown>[]).map((payload) => ({ payload }))), more);
  });

  it('types changed and redeployed: from the acknowledged position, the old types sent and unacknowledged come again marked only if still chosen, the new types unmarked, none skipped', async () => {
    const types = ['fp', 's', 'fp', 's', 'fp', 's'];
    const ids = types.map((type, i) => emu.logs.write({ type, description: `event ${i}`, user_name: `u${i}@example.com` }).log_id);
    const out = await load(watchNode({ types: ['fp'] }));
    await waitUntil(() => out.messages.length >= 3, { what: () => `${out.messages.length} messages` });
    assert.deepEqual(idsOf(out.messages), [ids[0], ids[2], ids[4]]);
    // The first acknowledged: the position moves past it and past the successful login the filter skipped.
    helper.getNode('watch')!.receive(out.messages[0]);
    await waitUntil(async () => (await stored())?.lastLogId === ids[1], { what: async () => JSON.stringify(await stored()) });

    // Successful logins chosen too: the failed ones sent and not acknowledged come again, marked;
    // the successful ones after the acknowledged position come for the first time, unmarked.
    await deploy([TAB, tenantNode(emu), watchNode({ types: ['fp', 's'] }), OUT], tenantCredentials(emu));
    const both = new Collector('out').attach();
    await waitUntil(() => both.messages.length >= 4, { what: () => `${both.messages.length} messages` });
    await sleep(300);
    assert.deepEqual(idsOf(both.messages), ids.slice(2));
    assert.deepEqual(
      both.messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true),
      [true, false, true, false],
    );
    helper.getNode('watch')!.receive(both.messages[0]);
    await waitUntil(async () => (await stored())?.lastLogId === ids[2], { what: async () => JSON.stringify(await stored()) });

    // Only the successful ones now: the failed ones not again; the successful ones sent and not acknowledged come again, marked.
    await deploy([TAB, tenantNode(emu), watchNode({ types: ['s'] }), OUT], tenantCredentials(emu));
    const only = new Collector('out').attach();
    await waitUntil(() => only.messages.length >= 2, { what: () => `${only.messages.length} messages` });
    await sleep(300);
    assert.deepEqual(idsOf(only.messages), [ids[3], ids[5]]);
    assert.deepEqual(
      only.messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true),
      [true, true],
    );
  });
});
