/**
 * Management action nodes under faults: 429 storms, 5xx answers, read timeouts, dropped
 * connections (before and after the service applied the request), malformed JSON and the tenant
 * restarting. Every message either goes out or reaches a Catch node with a clear error (counted:
 * messages in = outputs + caught), state-changing requests are never repeated after the answer
 * was lost, and 429s are retried exactly as configured.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import type { FaultProxy } from './support/fault-proxy';
import { useFaultyTenant } from './support/faulty-tenant';
import { catchNodes, type Msg, sleep, TAB, Tally } from './support/runtime';
import { waitUntil } from '../helpers/wait';
import { coreNodes, type FlowNode, helper, modulesFor, placed } from '../helpers/node-red';

const modules = (): unknown[] => [...modulesFor('auth0-roles', 'auth0-users'), ...coreNodes('25-catch.js')];

function flow(domain: string, audience: string, config: Msg = {}): FlowNode[] {
  return placed([
    TAB,
    { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', audience, retries: 3, timeout: 2, readTimeout: 2, ...config },
    { id: 'roles', type: 'auth0-roles', z: 'tab', tenant: 'cfg', operation: '', version: 1, wires: [['out']] },
    { id: 'users', type: 'auth0-users', z: 'tab', tenant: 'cfg', operation: '', version: 1, wires: [['out']] },
    { id: 'out', type: 'helper', z: 'tab' },
    ...catchNodes(),
  ]);
}

/** Sends each message (tagged with its index as `seq`) to its node, all at once. */
function sendAll(messages: { node: string; msg: Msg }[], from = 0): void {
  messages.forEach(({ node, msg }, i) => helper.getNode(node)?.receive({ ...msg, seq: from + i }));
}

function roleNamed(emu: Emulator, name: string): { id: string; name: string; description?: string }[] {
  return emu.state.roles.list().filter((r) => r.name === name);
}

function seedRoles(emu: Emulator, names: string[]): string[] {
  emu.seed({ roles: names.map((name) => ({ name, description: 'seeded' })) });
  return names.map((name) => roleNamed(emu, name)[0].id);
}

describe('reliability: management nodes under faults', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let proxy: FaultProxy;
  let tally: Tally;

  const load = async (config: Msg = {}): Promise<void> => {
    await helper.load(modules(), flow(proxy.domain, emu.managementAudience, config), { cfg: { clientId: emu.clientId, clientSecret: emu.clientSecret } });
    tally = new Tally().attach(['out']);
  };
  /** Requests the proxy passed or failed for a role path (the token grant excluded). */
  const roleRequests = (method: string, path = '/api/v2/roles'): number => proxy.count(method, path);

  useFaultyTenant((started) => ({ emu, proxy } = started));

  describe('429', () => {
    it('a storm of 429s shorter than the retries: every message succeeds, each retried exactly as often as it was refused', async () => {
      await load({ retries: 3 });
      // Each request is refused twice, then let through: 16 429s over 8 messages, in whatever order the tenant's queue takes them.
      const refusals = new Map<string, number>();
      proxy.setRule((r) => {
        if (!r.path.startsWith('/api/v2/roles/')) return { kind: 'forward' };
        const n = refusals.get(r.path) ?? 0;
        refusals.set(r.path, n + 1);
        return n < 2 ? { kind: 'rateLimit', retryAfterSeconds: 0.1 } : { kind: 'forward' };
      });
      const ids = seedRoles(
        emu,
        Array.from({ length: 8 }, (_, i) => `storm-${i}`),
      );
      sendAll(ids.map((id) => ({ node: 'roles', msg: { operation: 'get', payload: { id } } })));
      await tally.settle(8);
      tally.assertEachOnce(8);
      assert.equal(tally.caught.length, 0, JSON.stringify(tally.errors()));
      for (const id of ids) {
        const attempts = proxy.requests.filter((r) => r.path === `/api/v2/roles/${id}`);
        assert.deepEqual(
          attempts.map((r) => r.action),
          ['rateLimit', 'rateLimit', 'forward'],
          `role ${id}: two 429s, then the answer`,
        );
      }
    });

    it('a storm longer than the retries: each message tried exactly retries + 1 times, then caught as a 429', async () => {
      await load({ retries: 2 });
      proxy.setRule((r) => (r.path.startsWith('/api/v2/') ? { kind: 'rateLimit', retryAfterSeconds: 0.05 } : { kind: 'forward' }));
      const names = ['a', 'b', 'c', 'd'].map((n) => `refused-${n}`);
      sendAll(names.map((name) => ({ node: 'roles', msg: { operation: 'create', payload: { body: { name } } } })));
      await tally.settle(4);
      tally.assertEachOnce(4);
      assert.equal(tally.outputs.length, 0);
      for (const error of tally.errors()) {
        assert.equal(error.statusCode, 429);
        assert.equal(error.errorCode, 'too_many_requests');
        assert.match(error.message, /Gave up after 2 retries/);
      }
      for (const name of names) {
        assert.equal(proxy.requests.filter((r) => r.method === 'POST' && r.body.includes(`"${name}"`)).length, 3, `${name}: 1 try + 2 retries`);
        assert.equal(roleNamed(emu, name).length, 0, 'a refused POST was not applied');
      }
    });

    it('retries 0: a 429 goes to Catch at once', async () => {
      await load({ retries: 0 });
      proxy.failNext(1, { kind: 'rateLimit', retryAfterSeconds: 0.05 }, (r) => r.path.startsWith('/api/v2/'));
      sendAll([{ node: 'roles', msg: { operation: 'list', payload: {} } }]);
      await tally.settle(1);
      assert.equal(tally.errors()[0].statusCode, 429);
      assert.match(tally.errors()[0].message, /Not retried/);
      assert.equal(roleRequests('GET'), 1);
    });

    it("the tenant's own token bucket (Auth0's 429 shape and headers): 30 messages from two nodes all arrive", async () => {
      emu.rateLimiter.configure({ perSecond: 50, burst: 10 });
      await load({ retries: 3 });
      const messages = Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? { node: 'roles', msg: { operation: 'list', payload: { per_page: 1 } } }
          : { node: 'users', msg: { operation: 'list', payload: { per_page: 1 } } },
      );
      sendAll(messages);
      await tally.settle(30);
      tally.assertEachOnce(30);
      assert.deepEqual(tally.errors(), []);
    });
  });

  it('with retries 0, 5xx answers go to Catch with their status, and are not repeated', async () => {
    // (With retries, a GET answered 5xx is sent again: test/tenant-client/answers-and-retries.test.ts.)
    await load({ retries: 0 });
    const ids = seedRoles(
      emu,
      Array.from({ length: 12 }, (_, i) => `five-${i}`),
    );
    emu.faults.set({ errorNext: 5, errorStatus: 503, pathPrefix: '/api/v2/roles' });
    sendAll(ids.map((id) => ({ node: 'roles', msg: { operation: 'get', payload: { id } } })));
    await tally.settle(12);
    tally.assertEachOnce(12);
    assert.equal(tally.caught.length, 5);
    for (const error of tally.errors()) {
      assert.equal(error.statusCode, 503);
      assert.match(error.message, /Service Unavailable/);
    }
    assert.equal(roleRequests('GET'), 12, 'one request per message');
  });

  it('a 500 on a POST, PATCH and DELETE goes to Catch and is sent once', async () => {
    await load();
    const [patchId, deleteId] = seedRoles(emu, ['patch-me', 'delete-me']);
    emu.faults.set({ errorNext: 3, errorStatus: 500, pathPrefix: '/api/v2/roles' });
    sendAll([
      { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'five-post' } } } },
      { node: 'roles', msg: { operation: 'update', payload: { id: patchId, body: { description: 'changed' } } } },
      { node: 'roles', msg: { operation: 'delete', payload: { id: deleteId } } },
    ]);
    await tally.settle(3);
    assert.deepEqual(
      tally.errors().map((e) => e.statusCode),
      [500, 500, 500],
    );
    assert.deepEqual([roleRequests('POST'), roleRequests('PATCH'), roleRequests('DELETE')], [1, 1, 1]);
  });

  it('read timeouts: POST, PATCH and DELETE are sent once, reach Catch saying so, and the service applied each once', async () => {
    await load({ readTimeout: 0.4 });
    const [patchId, deleteId, getId] = seedRoles(emu, ['slow-patch', 'slow-delete', 'slow-get']);
    emu.faults.set({ latencyMs: 1200, pathPrefix: '/api/v2/roles' });
    sendAll([
      { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'slow-post-1' } } } },
      { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'slow-post-2' } } } },
      { node: 'roles', msg: { operation: 'update', payload: { id: patchId, body: { description: 'slow change' } } } },
      { node: 'roles', msg: { operation: 'delete', payload: { id: deleteId } } },
      { node: 'roles', msg: { operation: 'get', payload: { id: getId } } },
    ]);
    await tally.settle(5);
    tally.assertEachOnce(5);
    assert.equal(tally.outputs.length, 0);
    for (const error of tally.errors()) {
      assert.equal(error.errorCode, 'ETIMEDOUT');
      assert.equal(error.statusCode, 0);
      assert.match(error.message, /read timeout/);
      if (error.seq < 4) assert.match(error.message, /not repeated/);
    }
    // The emulator applies each request after its delay, although nobody waits for the answer.
    await waitUntil(
      () =>
        roleNamed(emu, 'slow-post-2').length > 0 &&
        roleNamed(emu, 'slow-delete').length === 0 &&
        roleNamed(emu, 'slow-patch')[0]?.description === 'slow change',
      { what: () => 'the service has not applied the slow requests yet', timeout: 10_000 },
    );
    await sleep(300);
    assert.deepEqual([roleRequests('POST'), roleRequests('PATCH'), roleRequests('DELETE'), roleRequests('GET')], [2, 1, 1, 1]);
    assert.equal(roleNamed(emu, 'slow-post-1').length, 1, 'created once');
    assert.equal(roleNamed(emu, 'slow-post-2').length, 1, 'created once');
  });

  it('connections dropped before the service read the request: POSTs fail once, a GET is retried once and succeeds', async () => {
    await load();
    const [getId] = seedRoles(emu, ['dropped-get']);
    emu.faults.set({ dropNext: 2, pathPrefix: '/api/v2/roles' });
    sendAll([
      { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'dropped-post-1' } } } },
      { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'dropped-post-2' } } } },
    ]);
    await tally.settle(2);
    for (const error of tally.errors()) {
      assert.equal(error.errorCode, 'ECONNRESET');
      assert.match(error.message, /dropped.*not repeated/);
    }
    assert.equal(roleRequests('POST'), 2, 'no POST repeated');
    assert.equal(tally.caught.length, 2, 'both POSTs were dropped');
    emu.faults.set({ dropNext: 1, pathPrefix: '/api/v2/roles' });
    sendAll([{ node: 'roles', msg: { operation: 'get', payload: { id: getId } } }], 2);
    await tally.settle(3);
    tally.assertEachOnce(3);
    assert.equal(tally.outputs.length, 1, JSON.stringify(tally.errors()));
    assert.equal((tally.outputs[0].payload as Msg).name, 'dropped-get');
    assert.equal(roleRequests('GET'), 2, 'the GET was tried again once');
  });

  it('answers lost after the service applied the request: POST, PATCH, DELETE caught, never repeated, applied once', async () => {
    await load();
    const [patchId, deleteId] = seedRoles(emu, ['lost-patch', 'lost-delete']);
    proxy.setRule((r) => (r.path.startsWith('/api/v2/roles') && r.method !== 'GET' ? { kind: 'dropAfter' } : { kind: 'forward' }));
    sendAll([
      { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'lost-post' } } } },
      { node: 'roles', msg: { operation: 'update', payload: { id: patchId, body: { description: 'lost change' } } } },
      { node: 'roles', msg: { operation: 'delete', payload: { id: deleteId } } },
      {
        node: 'users',
        msg: {
          operation: 'create',
          payload: { body: { connection: 'Username-Password-Authentication', email: 'lost@example.com', password: 'Str0ng-pass!word' } },
        },
      },
    ]);
    await tally.settle(4);
    tally.assertEachOnce(4);
    // The users POST was not dropped: it is the control.
    assert.equal(tally.outputs.length, 1);
    for (const error of tally.errors()) {
      assert.equal(error.errorCode, 'ECONNRESET');
      assert.match(error.message, /not repeated: the service may have applied it/);
    }
    assert.deepEqual([roleRequests('POST'), roleRequests('PATCH'), roleRequests('DELETE')], [1, 1, 1]);
    assert.equal(roleNamed(emu, 'lost-post').length, 1);
    assert.equal(roleNamed(emu, 'lost-patch')[0].description, 'lost change');
    assert.equal(roleNamed(emu, 'lost-delete').length, 0);
  });

  it('a GET whose answer is lost twice reaches Catch after one retry', async () => {
    await load();
    proxy.failNext(2, { kind: 'dropAfter' }, (r) => r.path === '/api/v2/roles');
    sendAll([{ node: 'roles', msg: { operation: 'list', payload: {} } }]);
    await tally.settle(1);
    assert.equal(tally.errors()[0].errorCode, 'ECONNRESET');
    assert.equal(roleRequests('GET'), 2);
  });

  it('malformed JSON in a 200 answer reaches Catch as an invalid response, not as a payload', async () => {
    await load();
    const ids = seedRoles(emu, ['bad-json-1', 'bad-json-2', 'good-json']);
    emu.faults.set({ malformedNext: 2, pathPrefix: '/api/v2/roles/' });
    for (const [i, id] of ids.entries()) {
      sendAll([{ node: 'roles', msg: { operation: 'get', payload: { id } } }], i);
      await tally.settle(i + 1);
    }
    tally.assertEachOnce(3);
    assert.equal(tally.outputs.length, 1);
    assert.equal((tally.outputs[0].payload as Msg).name, 'good-json');
    for (const error of tally.errors()) {
      assert.equal(error.statusCode, 200);
      assert.equal(error.errorCode, 'invalid_response');
      assert.match(error.message, /JSON/);
    }
  });

  it('a malformed answer to a POST says the service may have applied it, and is not repeated', async () => {
    await load();
    proxy.failNext(1, { kind: 'malformed' }, (r) => r.method === 'POST' && r.path === '/api/v2/roles');
    sendAll([{ node: 'roles', msg: { operation: 'create', payload: { body: { name: 'garbled-post' } } } }]);
    await tally.settle(1);
    const [error] = tally.errors();
    assert.equal(error.errorCode, 'invalid_response');
    assert.match(error.message, /may have applied it/);
    assert.equal(roleRequests('POST'), 1);
    assert.equal(roleNamed(emu, 'garbled-post').length, 1);
  });
});

describe('reliability: the tenant restarting', function () {
  this.timeout(60_000);
  let emu: Emulator;

  before(async () => {
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
  });
  afterEach(async () => {
    await helper.unload();
    await emu.close();
  });

  it('messages while it is down reach Catch (refused, or dropped in flight); after it is back, the same nodes work again', async () => {
    emu = await startEmulator({ port: 0 });
    const { port, clientId, clientSecret } = emu;
    await helper.load(modules(), flow(emu.domain, emu.managementAudience, { readTimeout: 5 }), { cfg: { clientId, clientSecret } });
    const tally = new Tally().attach(['out']);
    const list = { node: 'roles', msg: { operation: 'list', payload: {} } };

    sendAll([list, list], 0);
    await tally.settle(2);
    assert.equal(tally.outputs.length, 2, JSON.stringify(tally.errors()));

    // A slow request is in flight when the tenant goes away.
    emu.faults.set({ latencyMs: 3000 });
    sendAll([list], 2);
    await sleep(300);
    await emu.close();
    await tally.settle(3);
    assert.equal(tally.caught.length, 1);
    assert.equal(tally.errors()[0].statusCode, 0);
    assert.match(tally.errors()[0].errorCode ?? '', /ECONNRESET|ECONNREFUSED/);

    sendAll([list, { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'while-down' } } } }], 3);
    await tally.settle(5);
    for (const error of tally.errors().slice(1)) {
      assert.equal(error.errorCode, 'ECONNREFUSED');
      assert.match(error.message, /refused the connection/);
    }

    // Back on the same port: new signing keys, so the cached token is refused once and renewed.
    emu = await startEmulator({ port, clientId, clientSecret });
    sendAll([list, { node: 'roles', msg: { operation: 'create', payload: { body: { name: 'after-restart' } } } }, list], 5);
    await tally.settle(8);
    tally.assertEachOnce(8);
    assert.equal(tally.outputs.length, 5, JSON.stringify(tally.errors()));
    assert.equal(roleNamed(emu, 'after-restart').length, 1);
    assert.equal(roleNamed(emu, 'while-down').length, 0);
  });
});
