/**
 * auth0-events against the emulator's Events API: one message per event with its type as topic,
 * the type filter (offset-only markers still move the stored offset), an input message
 * reconnecting at once, a type Auth0 does not have refused before any request, and the status
 * when the tenant's connection cap is reached.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { Emulator } from '../../emulator';
import { encodeOffset } from '../../emulator/management/events/event-log';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { eventCheckpointKey } from '../../nodes/events/watch/event-checkpoint';
import { OUT, TAB, tenantCredentials, tenantNode } from '../logs/runtime';
import { control, eventModules, eventsWatchNode, useEventsEmulator, eventSettings, produce, producedIds, sentIds, storedOffset } from './support';
import { waitUntil } from '../helpers/wait';
import { Collector, coreNodes, errorCalls, helper, statusCalls, type FlowNode } from '../helpers/node-red';

async function connectionsOpened(emu: Emulator): Promise<number> {
  return Number((await control(emu, 'GET', 'events/settings')).connectionsOpened);
}

describe('auth0-events', function () {
  this.timeout(30000);
  let emu: Emulator;
  const key = eventCheckpointKey('watch');

  useEventsEmulator((started) => (emu = started));

  async function load(node: FlowNode = eventsWatchNode(), extra: FlowNode[] = []): Promise<Collector> {
    await helper.load([...eventModules('auth0-events'), ...coreNodes('25-catch.js')], [TAB, tenantNode(emu), node, OUT, ...extra], tenantCredentials(emu));
    const out = new Collector('out').attach();
    // Connected once the start position (the first offset-only marker) is stored.
    await waitUntil(async () => (await storedOffset('watch', key)) !== undefined, { what: () => 'the watcher stored no offset after connecting' });
    return out;
  }

  it('sends a user created through the Management API as one CloudEvent, its type as topic', async () => {
    const out = await load();
    const created = await fetch(`${emu.url}/api/v2/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.managementToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ connection: 'Username-Password-Authentication', email: 'ada@example.com', password: 'Correct-Horse-9' }),
    });
    assert.equal(created.status, 201);
    await waitUntil(() => out.messages.length >= 1, { what: () => `${out.messages.length} messages` });
    const msg = out.messages[0];
    const event = msg.payload as Record<string, unknown> & { data: { object: Record<string, unknown>; context: Record<string, unknown> } };
    assert.equal(msg.topic, 'user.created');
    assert.equal(event.specversion, '1.0');
    assert.equal(event.type, 'user.created');
    assert.match(String(event.id), /^evt_[A-Za-z0-9]{22}$/);
    assert.match(String(event.source), /^urn:auth0:/);
    assert.equal(event.data.object.email, 'ada@example.com');
    assert.ok(event.data.context.tenant);
    // Its offset is stored within the batch's time bound.
    const offset = (msg.auth0 as Record<string, unknown>).offset;
    await waitUntil(async () => (await storedOffset('watch', key)) === offset, {
      what: async () => `stored ${await storedOffset('watch', key)}, read ${String(offset)}`,
    });
  });

  it('receives only the chosen types, and still stores the offset-only markers past the others', async () => {
    const out = await load(eventsWatchNode({ types: ['user.deleted'] }));
    produce(emu, 30, ['user.created', 'user.updated', 'organization.created']);
    const bus = eventBusOfState(emu.state)!;
    const latest = encodeOffset(bus.log.latest);
    await waitUntil(async () => (await storedOffset('watch', key)) === latest, {
      what: async () => `stored ${await storedOffset('watch', key)}, newest ${latest}`,
    });
    assert.equal(out.messages.length, 0);
    const wanted = produce(emu, 9, ['user.updated', 'user.deleted', 'user.created']).filter((_id, i) => i % 3 === 1);
    await waitUntil(() => out.messages.length >= 3, { what: () => `${out.messages.length} messages` });
    assert.deepEqual(sentIds(out.messages), wanted);
    assert.deepEqual(
      out.messages.map((m) => m.topic),
      ['user.deleted', 'user.deleted', 'user.deleted'],
    );
  });

  it('reconnects at once on an input message, resuming after the last event read', async () => {
    const out = await load();
    produce(emu, 5);
    await waitUntil(() => out.messages.length >= 5, { what: () => `${out.messages.length} messages` });
    const before = await connectionsOpened(emu);
    const node = helper.getNode('watch')!;
    node.receive({ payload: 'reconnect' });
    await waitUntil(async () => (await connectionsOpened(emu)) > before, { what: () => 'no new connection after the input message' });
    produce(emu, 5);
    await waitUntil(() => out.messages.length >= 10, { what: () => `${out.messages.length} messages` });
    assert.deepEqual(sentIds(out.messages), producedIds(emu));
  });

  it('refuses an event type Auth0 does not have at deploy, naming it, before any request', async () => {
    await helper.load(
      [...eventModules('auth0-events'), ...coreNodes('25-catch.js')],
      [TAB, tenantNode(emu), eventsWatchNode({ types: ['user.created', 'user.exploded'] }), OUT],
      tenantCredentials(emu),
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(await connectionsOpened(emu), 0);
    const errors = errorCalls('watch').map((c) => String(c.err));
    assert.ok(
      errors.some((e) => /"types"/.test(e) && /user\.exploded/.test(e)),
      errors.join('\n'),
    );
    assert.ok(statusCalls('watch').some((s) => s.text === 'configuration'));
  });

  it("says so in its status when the tenant's connection cap is reached, and connects once a connection is free", async () => {
    await eventSettings(emu, { maxConnections: 1, retryAfterSeconds: 1 });
    // Another Events API client holds the tenant's only connection.
    const other = http.get(`${emu.url}/api/v2/events`, { headers: { authorization: `Bearer ${emu.managementToken()}` } });
    other.on('error', () => undefined); // destroyed below
    await new Promise<void>((resolve) => other.once('response', () => resolve()));
    await helper.load([...eventModules('auth0-events'), ...coreNodes('25-catch.js')], [TAB, tenantNode(emu), eventsWatchNode(), OUT], tenantCredentials(emu));
    const out = new Collector('out').attach();
    await waitUntil(() => statusCalls('watch').some((s) => /connection cap reached/.test(s.text ?? '')), { what: () => JSON.stringify(statusCalls('watch')) });
    other.destroy();
    await waitUntil(() => statusCalls('watch').some((s) => /^connected/.test(s.text ?? '')), { what: () => JSON.stringify(statusCalls('watch')) });
    produce(emu, 3);
    await waitUntil(() => out.messages.length >= 3, { what: () => `${out.messages.length} messages` });
    assert.deepEqual(sentIds(out.messages), producedIds(emu).slice(-3));
  });
});
