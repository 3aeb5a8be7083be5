/**
 * auth0-events in acknowledged mode when its event types change between deploys: the acknowledged
 * offset is where it goes on from; a message sent before and not acknowledged comes again, marked,
 * only if its type is still chosen; an event of a type chosen since comes unmarked (it was never
 * sent), none skipped; and once the messages sent before are passed, nothing more is marked.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { encodeOffset } from '../../emulator/management/events/event-log';
import { eventCheckpointKey } from '../../nodes/events/watch/event-checkpoint';
import { OUT, TAB, sleep, tenantCredentials, tenantNode } from '../logs/runtime';
import { eventModules, eventsWatchNode, useEventsEmulator, produce, sentIds, storedOffset } from './support';
import { waitUntil } from '../helpers/wait';
import { Collector, deploy, helper, type FlowNode } from '../helpers/node-red';

/** The watcher of `types` in acknowledged mode. */
function watchNode(types: string[]): FlowNode {
  return eventsWatchNode({ types, ack: true });
}

const marks = (messages: Record<string, unknown>[]): boolean[] => messages.map((m) => (m.auth0 as { redelivered?: boolean }).redelivered === true);
const offsetOf = (msg: Record<string, unknown>): string => String((msg.auth0 as { offset: string }).offset);

describe('auth0-events: acknowledged mode across a change of types', function () {
  this.timeout(60000);
  let emu: Emulator;
  const key = eventCheckpointKey('watch');
  const offsetOfEvent = (id: string): string => encodeOffset(eventBusOfState(emu.state)!.log.byId(id)!.seq);

  useEventsEmulator((started) => (emu = started));

  async function redeploy(types: string[], count: number): Promise<Collector> {
    await deploy([TAB, tenantNode(emu), watchNode(types), OUT], tenantCredentials(emu));
    const out = new Collector('out').attach();
    await waitUntil(() => out.messages.length >= count, { what: () => `${out.messages.length} messages` });
    await sleep(300);
    return out;
  }

  it('from the acknowledged offset: old types unacknowledged come again marked only if still chosen, new types unmarked, none skipped', async () => {
    await helper.load(eventModules('auth0-events'), [TAB, tenantNode(emu), watchNode(['user.created']), OUT], tenantCredentials(emu));
    const first = new Collector('out').attach();
    await waitUntil(async () => (await storedOffset('watch', key)) !== undefined, { what: () => 'no offset stored after connecting' });
    // created 0, updated 1, created 2, updated 3, created 4, updated 5
    const ids = produce(emu, 6, ['user.created', 'user.updated']);
    await waitUntil(() => first.messages.length >= 3, { what: () => `${first.messages.length} messages` });
    assert.deepEqual(sentIds(first.messages), [ids[0], ids[2], ids[4]]);
    helper.getNode('watch')!.receive(first.messages[0]);
    await waitUntil(async () => (await storedOffset('watch', key)) === offsetOf(first.messages[0]), {
      what: async () => `stored ${await storedOffset('watch', key)}`,
    });

    // Only updates now: the created ones do not come again; the updates come for the first time.
    const updates = await redeploy(['user.updated'], 3);
    assert.deepEqual(sentIds(updates.messages), [ids[1], ids[3], ids[5]]);
    assert.deepEqual(marks(updates.messages), [false, false, false]);
    helper.getNode('watch')!.receive(updates.messages[0]);
    await waitUntil(async () => (await storedOffset('watch', key)) !== offsetOf(first.messages[0]), {
      what: async () => `stored ${await storedOffset('watch', key)}`,
    });
    // (Past update 1, and past created 2 too when its marker came on its own.)
    const stored = await storedOffset('watch', key);
    const after = ids.slice(ids.findIndex((id) => offsetOfEvent(id) === stored) + 1);
    assert.ok(after.length === 4 || after.length === 3, `stored ${stored}`);

    // Both: after the acknowledged offset, everything sent before (under either filter) and not acknowledged comes again, marked.
    const both = await redeploy(['user.created', 'user.updated'], after.length);
    assert.deepEqual(sentIds(both.messages), after);
    assert.deepEqual(
      marks(both.messages),
      after.map(() => true),
    );
    // What comes after is new.
    const later = produce(emu, 2, ['user.created', 'user.updated']);
    await waitUntil(() => both.messages.length >= after.length + 2, { what: () => `${both.messages.length} messages` });
    assert.deepEqual(sentIds(both.messages).slice(after.length), later);
    assert.deepEqual(marks(both.messages).slice(after.length), [false, false]);
  });
});
