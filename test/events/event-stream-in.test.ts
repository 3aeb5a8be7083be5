/**
 * auth0-event-stream-in on Node-RED's HTTP server: the three authorization methods (anything else
 * refused with 401), duplicated and reordered deliveries sent once each, bad bodies refused, the
 * stream created at the emulator from the editor's admin endpoint and delivering users created
 * by the Management API once each (a redelivery included), and no credential in a message,
 * status, log line, admin answer or the saved flow.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { TAB, request, tenantCredentials, tenantNode } from '../logs/runtime';
import { captureHttpNode, serveHttpNodes } from '../helpers/http-node';
import { control, eventModules } from './support';
import { waitUntil } from '../helpers/wait';
import { nested } from '../helpers/nested';
import { Collector, helper, startFlows, statusCalls, stopFlows, type FlowNode } from '../helpers/node-red';

const PATH = '/auth0/events';
const TOKEN = 'evs-bearer-7Qm2-secret-token';
const PASSWORD = 'evs-basic-9Kx4-secret-password';
const HEADER_VALUE = 'evs-header-3Zt8-secret-value';
const SECRETS = [TOKEN, PASSWORD, HEADER_VALUE];

function inNode(overrides: Record<string, unknown> = {}): FlowNode {
  return {
    id: 'in',
    type: 'auth0-event-stream-in',
    z: TAB.id,
    x: 100,
    y: 100,
    name: '',
    url: PATH,
    authMethod: 'bearer',
    headerName: '',
    tenant: '',
    types: [],
    publicUrl: '',
    wires: [['out']],
    ...overrides,
  };
}

const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };

function cloudEvent(n: number, type = 'user.created'): Record<string, unknown> {
  return {
    specversion: '1.0',
    type,
    source: 'urn:auth0:example.auth0app.com',
    id: `evt_${String(n).padStart(22, '0')}`,
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    data: { object: { user_id: `auth0|${n}` } },
    a0tenant: 'example',
    a0stream: 'est_0123456789abcdef',
  };
}

/** The editor's admin API (supertest on Node-RED's httpAdmin, as the test helper offers it). */
interface AdminAnswer {
  status: number;
  body: Record<string, unknown> & { message?: unknown; created?: unknown; stream?: { id?: string } };
}
function adminApi(): { post(path: string): { send(body: unknown): Promise<AdminAnswer> } } {
  return (helper as unknown as { request(): ReturnType<typeof adminApi> }).request();
}

describe('auth0-event-stream-in', function () {
  this.timeout(30000);
  let server: { url: string; close(): Promise<void> } | undefined;

  async function load(
    node: FlowNode,
    credentials: Record<string, unknown>,
    extra: FlowNode[] = [],
    extraCredentials: Record<string, unknown> = {},
  ): Promise<Collector> {
    await helper.load([captureHttpNode, ...eventModules('auth0-event-stream-in')], [TAB, node, OUT, ...extra], { in: credentials, ...extraCredentials });
    server = await serveHttpNodes();
    return new Collector('out').attach();
  }

  function post(body: unknown, headers: Record<string, string>): ReturnType<typeof request> {
    return request(`${server?.url}${PATH}`, {
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await helper.unload();
  });

  const methods: {
    name: string;
    node: Record<string, unknown>;
    credentials: Record<string, string>;
    good: Record<string, string>;
    bad: Record<string, string>[];
  }[] = [
    {
      name: 'bearer',
      node: { authMethod: 'bearer' },
      credentials: { token: TOKEN },
      good: { authorization: `Bearer ${TOKEN}` },
      bad: [
        {},
        { authorization: TOKEN },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Basic ${TOKEN}` },
        { authorization: `bearer ${TOKEN.slice(1)}` },
      ],
    },
    {
      name: 'basic',
      node: { authMethod: 'basic' },
      credentials: { username: 'auth0', password: PASSWORD },
      good: { authorization: `Basic ${Buffer.from(`auth0:${PASSWORD}`).toString('base64')}` },
      bad: [{}, { authorization: `Basic ${Buffer.from(`auth0:${PASSWORD}x`).toString('base64')}` }, { authorization: `Bearer ${PASSWORD}` }],
    },
    {
      name: 'custom header',
      node: { authMethod: 'custom_header', headerName: 'X-Auth0-Events-Key' },
      credentials: { headerValue: HEADER_VALUE },
      good: { 'x-auth0-events-key': HEADER_VALUE },
      bad: [{}, { authorization: HEADER_VALUE }, { 'x-auth0-events-key': `${HEADER_VALUE}x` }, { 'x-other': HEADER_VALUE }],
    },
  ];
  for (const method of methods) {
    it(`${method.name}: accepts the configured authorization only (401 otherwise, nothing sent)`, async () => {
      const out = await load(inNode(method.node), method.credentials);
      for (const headers of method.bad) {
        const answer = await post(cloudEvent(1), headers);
        assert.equal(answer.status, 401, JSON.stringify(headers));
        for (const secret of SECRETS) assert.ok(!answer.text.includes(secret));
      }
      await settle();
      assert.equal(out.messages.length, 0);
      const answer = await post(cloudEvent(2, 'user.deleted'), method.good);
      assert.equal(answer.status, 200);
      await settle();
      assert.equal(out.messages.length, 1);
      assert.equal(out.messages[0].topic, 'user.deleted');
      assert.deepEqual(out.messages[0].payload, cloudEvent(2, 'user.deleted'));
    });
  }

  it('refuses every request when no secret is set', async () => {
    const out = await load(inNode(), {});
    assert.equal((await post(cloudEvent(1), { authorization: 'Bearer ' })).status, 401);
    assert.equal((await post(cloudEvent(1), {})).status, 401);
    await settle();
    assert.equal(out.messages.length, 0);
    assert.ok(statusCalls('in').some((s) => s.text === 'refuses all: set authorization'));
    // After refusals the status still gives the reason, not only the count.
    assert.equal(statusCalls('in').pop()?.text, 'refused 2: set authorization');
  });

  it('duplicated and reordered deliveries: each event once', async () => {
    const out = await load(inNode(), { token: TOKEN });
    const events = Array.from({ length: 40 }, (_, i) => cloudEvent(i + 1));
    // Every event twice or three times, in a shuffled order (a fixed permutation), some in arrays.
    const deliveries = [...events, ...events.filter((_, i) => i % 2 === 0), ...events.slice().reverse()];
    const order = deliveries.map((_, i) => (i * 37) % deliveries.length);
    const seenDup: number[] = [];
    for (let i = 0; i < order.length; i += 1) {
      const event = deliveries[order[i]];
      const answer = await post(i % 5 === 0 ? [event] : event, { authorization: `Bearer ${TOKEN}` });
      assert.equal(answer.status, 200);
      seenDup.push((JSON.parse(answer.text) as { duplicates: number }).duplicates);
    }
    await settle();
    const ids = out.messages.map((m) => (m.payload as { id: string }).id);
    assert.equal(ids.length, events.length);
    assert.deepEqual([...ids].sort(), events.map((e) => e.id as string).sort());
    assert.equal(
      seenDup.reduce((a, b) => a + b, 0),
      deliveries.length - events.length,
    );
  });

  it('refuses a body that is not a CloudEvent with 400 (Auth0 does not retry a 4xx)', async () => {
    const out = await load(inNode(), { token: TOKEN });
    const auth = { authorization: `Bearer ${TOKEN}` };
    assert.equal((await post('not json', auth)).status, 400);
    assert.equal((await post({ type: 'user.created' }, auth)).status, 400);
    assert.equal((await post([], auth)).status, 400);
    await settle();
    assert.equal(out.messages.length, 0);
  });

  it('refuses more events in one request than Auth0 sends (413, with the reason) and an event nested too deep (400)', async () => {
    const out = await load(inNode(), { token: TOKEN });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const many = Array.from({ length: 50_000 }, (_, i) => ({ id: `evt_${i}`, type: 'user.created' }));
    const tooMany = await post(many, auth);
    assert.equal(tooMany.status, 413);
    assert.match(tooMany.text, /the request holds 50000 items; auth0-event-stream-in takes at most 100 per request \(Auth0 posts one event per request\)/);
    const tooDeep = await post({ id: 'evt_deep', type: 'user.created', data: nested(3000) }, auth);
    assert.equal(tooDeep.status, 400);
    assert.match(tooDeep.text, /item 1 is nested more than 200 levels deep/);
    await settle();
    assert.equal(out.messages.length, 0);
    const fine = await post(many.slice(0, 100), auth);
    assert.equal(fine.status, 200);
  });

  describe('with the emulator', () => {
    let emu: Emulator;
    beforeEach(async () => {
      emu = await startEmulator({ port: 0 });
    });
    afterEach(async () => {
      await emu.close();
    });

    it('creates the webhook stream from the admin endpoint, then receives users created by the API once each, a redelivery included', async () => {
      const tenant = tenantNode(emu);
      const out = await load(inNode({ tenant: 'tenant', types: ['user.created', 'user.deleted'] }), { token: TOKEN }, [tenant], tenantCredentials(emu));
      const created = await adminApi().post('/auth0-event-stream-in/in/stream').send({ publicUrl: server!.url });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const body = created.body as unknown as { created: boolean; endpoint: string; stream: { id: string; subscriptions: unknown[] } };
      assert.equal(body.created, true);
      assert.equal(body.endpoint, `${server!.url}${PATH}`);
      for (const secret of SECRETS) assert.ok(!JSON.stringify(created.body).includes(secret), 'the admin answer shows the secret');
      // Pressed again: the same stream is updated, not a second one made.
      const again = await adminApi().post('/auth0-event-stream-in/in/stream').send({ publicUrl: server!.url });
      assert.equal(again.body.created, false);
      assert.equal(again.body.stream?.id, body.stream.id);

      const token = emu.managementToken();
      const userIds: string[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`${emu.url}/api/v2/users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ connection: 'Username-Password-Authentication', email: `pushed${i}@example.com`, password: 'Correct-Horse-9' }),
        });
        userIds.push(((await answer.json()) as { user_id: string }).user_id);
      }
      await waitUntil(() => out.messages.length >= 5, { what: () => `${out.messages.length} messages` });
      const first = out.messages[0].payload as { id: string };
      // Auth0 delivers at least once: a redelivery of an event already received is dropped.
      const redeliver = await fetch(`${emu.url}/api/v2/event-streams/${body.stream.id}/redeliver/${first.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(redeliver.status, 202);
      const attemptsOfFirst = async () =>
        ((await control(emu, 'GET', `event-streams/${body.stream.id}/attempts`)) as unknown as { event_id: string; attempts: unknown[] }[]).find(
          (r) => r.event_id === first.id,
        )?.attempts.length ?? 0;
      await waitUntil(async () => (await attemptsOfFirst()) >= 2, { what: () => 'the redelivery did not happen' });
      await settle();
      assert.deepEqual(out.messages.map((m) => (m.payload as { data: { object: { user_id: string } } }).data.object.user_id).sort(), [...userIds].sort());
      assert.deepEqual(
        out.messages.map((m) => m.topic),
        Array(5).fill('user.created'),
      );

      // No secret in a message, a status, a log line or the saved flow.
      const everything = JSON.stringify({
        messages: out.messages,
        statuses: statusCalls('in'),
        log: helper.log().args,
        flows: (helper as unknown as { _redNodes: { getFlows(): unknown } })._redNodes.getFlows(),
      });
      for (const secret of SECRETS) assert.ok(!everything.includes(secret), `${secret.slice(0, 8)}… appeared`);
    });

    it('a delivery during a redeploy fails with 404 (not retried) and comes once when redelivered', async () => {
      const out = await load(inNode({ tenant: 'tenant', types: ['user.created'] }), { token: TOKEN }, [tenantNode(emu)], tenantCredentials(emu));
      const created = await adminApi().post('/auth0-event-stream-in/in/stream').send({ publicUrl: server!.url });
      const streamId = String(created.body.stream?.id);
      await stopFlows();
      const token = emu.managementToken();
      await fetch(`${emu.url}/api/v2/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ connection: 'Username-Password-Authentication', email: 'redeploy@example.com', password: 'Correct-Horse-9' }),
      });
      const failed = async () =>
        (
          (await (await fetch(`${emu.url}/api/v2/event-streams/${streamId}/deliveries`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
            deliveries: unknown[];
          }
        ).deliveries;
      await waitUntil(async () => (await failed()).length === 1, { what: () => 'the delivery did not fail' });
      await startFlows();
      out.attach();
      const redeliver = await fetch(`${emu.url}/api/v2/event-streams/${streamId}/redeliver`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(redeliver.status, 202);
      await waitUntil(() => out.messages.length >= 1, { what: () => 'the redelivered event did not arrive' });
      await settle();
      assert.equal(out.messages.length, 1);
      assert.equal((out.messages[0].payload as { data: { object: { email: string } } }).data.object.email, 'redeploy@example.com');
    });

    it('the admin endpoint refuses a node that is not deployed, a public URL that is not one and an event type Auth0 does not have, naming them, before any request', async () => {
      await load(inNode({ tenant: 'tenant' }), { token: TOKEN }, [tenantNode(emu)], tenantCredentials(emu));
      const missing = await adminApi().post('/auth0-event-stream-in/nope/stream').send({ publicUrl: 'https://example.com' });
      assert.equal(missing.status, 404);
      const bad = await adminApi().post('/auth0-event-stream-in/in/stream').send({ publicUrl: 'not a url' });
      assert.equal(bad.status, 400);
      assert.match(String(bad.body.message), /public base URL/);
      await helper.unload();
      await server?.close();
      await load(inNode({ tenant: 'tenant', types: ['user.created', 'user.exploded'] }), { token: TOKEN }, [tenantNode(emu)], tenantCredentials(emu));
      const badType = await adminApi().post('/auth0-event-stream-in/in/stream').send({ publicUrl: 'https://nodered.example.com' });
      assert.equal(badType.status, 400);
      assert.match(String(badType.body.message), /"types".*user\.exploded/);
      const streams = await fetch(`${emu.url}/api/v2/event-streams`, { headers: { authorization: `Bearer ${emu.managementToken()}` } });
      assert.deepEqual(((await streams.json()) as { eventStreams: unknown[] }).eventStreams, []);
    });
  });
});
