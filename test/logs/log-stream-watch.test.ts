/**
 * auth0-log-stream-watch against the emulator: the first poll is the baseline, then one message
 * per status change (active → suspended, deleted), sink credentials left out, an input message
 * polling at once, failures to Catch nodes.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { OUT, TAB, logModules, request, sleep, tenantCredentials, tenantNode, watcherNode } from './runtime';
import { waitUntil } from '../helpers/wait';
import { Collector, coreNodes, errorCalls, helper, statusCalls, type FlowNode } from '../helpers/node-red';
import { useEmulator } from '../helpers/emulator';

function watchNode(overrides: Record<string, unknown> = {}): FlowNode {
  return watcherNode('auth0-log-stream-watch', { id: 'streams', interval: 0.2, ...overrides });
}

const STREAMS = [
  {
    id: 'lst_0000000000000001',
    name: 'webhook',
    type: 'http',
    status: 'active',
    sink: { httpEndpoint: 'https://logs.example.com/in', httpAuthorization: 'Bearer very-secret', httpContentFormat: 'JSONLINES' },
  },
  { id: 'lst_0000000000000002', name: 'datadog', type: 'datadog', status: 'paused', sink: { datadogRegion: 'eu', datadogApiKey: 'dd-secret-key' } },
];

function setStatus(emu: Emulator, id: string, status: string): Promise<unknown> {
  return request(`${emu.url}/__emulator/log-streams/${id}/status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
}

describe('auth0-log-stream-watch in Node-RED', function () {
  this.timeout(30000);
  let emu: Emulator;

  useEmulator((started) => (emu = started));
  beforeEach(() => {
    emu.seed({ logStreams: STREAMS });
  });
  afterEach(async () => {
    await helper.unload();
    emu.faults.clear();
    emu.reset();
  });

  async function load(node: FlowNode, extra: FlowNode[] = []): Promise<Collector> {
    await helper.load(
      [...logModules('auth0-log-stream-watch'), ...coreNodes('25-catch.js')],
      [TAB, tenantNode(emu), node, OUT, ...extra],
      tenantCredentials(emu),
    );
    return new Collector('out').attach();
  }

  const polled = (): boolean => statusCalls('streams').some((s) => /active|paused|suspended/.test(String(s.text)));

  it('sends nothing for the first poll (the baseline), then one message when a stream is suspended', async () => {
    const out = await load(watchNode());
    await waitUntil(polled, { what: () => 'no poll finished' });
    await sleep(500);
    assert.equal(out.messages.length, 0, 'the baseline (a paused stream) was reported');
    await setStatus(emu, STREAMS[0].id, 'suspended');
    await waitUntil(() => out.messages.length >= 1, { what: () => 'no message for the suspension' });
    await sleep(500);
    assert.equal(out.messages.length, 1, 'the change was reported more than once');
    const msg = out.messages[0];
    const payload = msg.payload as Record<string, unknown>;
    assert.equal(msg.topic, 'suspended');
    assert.equal(payload.id, STREAMS[0].id);
    assert.equal(payload.name, 'webhook');
    assert.equal(payload.previousStatus, 'active');
    assert.equal(payload.status, 'suspended');
    assert.equal((payload.sink as Record<string, unknown>).httpEndpoint, 'https://logs.example.com/in');
    assert.ok(!JSON.stringify(msg).includes('very-secret'), "the stream's authorization reached the message");
    await waitUntil(() => statusCalls('streams').some((s) => s.text === '1 suspended' && s.fill === 'red'), {
      what: () => JSON.stringify(statusCalls('streams').slice(-3)),
    });
  });

  it('reports a stream set active again, and one that was deleted', async () => {
    const out = await load(watchNode());
    await waitUntil(polled, { what: () => 'no poll finished' });
    await setStatus(emu, STREAMS[1].id, 'active');
    await waitUntil(() => out.messages.length >= 1, { what: () => 'no message for the resumed stream' });
    emu.state.collection('log-streams').delete(STREAMS[0].id);
    await waitUntil(() => out.messages.length >= 2, { what: () => 'no message for the deleted stream' });
    await sleep(400);
    assert.deepEqual(
      out.messages.map((m) => [(m.payload as Record<string, unknown>).id, (m.payload as Record<string, unknown>).previousStatus, m.topic]),
      [
        [STREAMS[1].id, 'paused', 'active'],
        [STREAMS[0].id, 'active', 'deleted'],
      ],
    );
    assert.ok(!JSON.stringify(out.messages).includes('dd-secret-key'));
  });

  it('an input message polls at once (the interval is an hour)', async () => {
    const out = await load(watchNode({ interval: 3600 }));
    await waitUntil(polled, { what: () => 'no poll finished' });
    await setStatus(emu, STREAMS[0].id, 'paused');
    await sleep(300);
    assert.equal(out.messages.length, 0);
    helper.getNode('streams')?.receive({});
    await waitUntil(() => out.messages.length >= 1, { what: () => 'the input did not poll' });
    assert.equal(out.messages[0].topic, 'paused');
  });

  it('a failed poll goes to Catch nodes with a message, and the baseline still holds afterwards', async () => {
    // One more 5xx than the tenant's retries (3): a GET's 5xx is retried by the client, the last fails the poll.
    emu.faults.set({ errorNext: 4, errorStatus: 502, pathPrefix: '/api/v2/log-streams' });
    const out = await load(watchNode(), [
      { id: 'catcher', type: 'catch', z: TAB.id, x: 100, y: 200, scope: ['streams'], uncaught: false, wires: [['caught-out']] },
      { id: 'caught-out', type: 'helper', z: TAB.id, x: 300, y: 200 },
    ]);
    const caught = new Collector('caught-out').attach();
    await waitUntil(() => caught.messages.length >= 1, { what: () => 'nothing reached Catch' });
    assert.equal((caught.messages[0].auth0 as Record<string, unknown>).statusCode, 502);
    assert.equal(errorCalls('streams').length, 1);
    await waitUntil(polled, { what: () => 'no poll after the failure' });
    await sleep(300);
    assert.equal(out.messages.length, 0, 'the first successful poll is the baseline');
  });
});
