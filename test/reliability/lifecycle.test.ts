/**
 * Lifecycle: closing or redeploying nodes while their requests are in flight. The tenant runs in
 * a child process (so its own sockets and timers are not this process's), answering slowly; after
 * the flows stop, no timer, socket or request of the package remains (the process's active
 * resources are back to the baseline, and every resource created from the package's code is
 * gone), in-flight requests were aborted (long before the slow tenant would have answered), and
 * nothing is sent afterwards. A partial redeploy restarts only the changed node: the others keep
 * the tenant's cached token and their requests in flight.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { type ChildEmulator, startChildEmulator } from './support/child-emulator';
import { FaultProxy } from './support/fault-proxy';
import { activeResources, grown, trackResources } from './support/handles';
import { catchNodes, type Msg, sleep, TAB, Tally } from './support/runtime';
import { waitUntil } from '../helpers/wait';
import { coreNodes, type FlowNode, helper, modulesFor, placed } from '../helpers/node-red';
import { logWatchNode } from '../logs/runtime';

const ALL_FAMILIES = [
  'auth0-users',
  'auth0-roles',
  'auth0-token',
  'auth0-jobs',
  'auth0-job-watch',
  'auth0-log-watch',
  'auth0-log-stream-watch',
  'auth0-verify-token',
];

describe('reliability: lifecycle', function () {
  this.timeout(60_000);

  describe('closing with requests in flight', () => {
    let tenant: ChildEmulator;

    before(async () => {
      tenant = await startChildEmulator();
      await helper.startServer();
    });
    after(async () => {
      await helper.stopServer();
      await tenant.stop();
    });

    it('leaves no timer, socket or request behind, aborts what was in flight, and sends nothing afterwards', async () => {
      // A static token for one tenant (its management requests go straight out), client credentials for the other (its token grant is in flight).
      const grant = await fetch(`${tenant.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret, audience: tenant.audience }),
      });
      const staticToken = ((await grant.json()) as { access_token: string }).access_token;
      const flow = placed([
        TAB,
        { id: 'cfg-static', type: 'auth0-config', domain: tenant.domain, protocol: 'http', retries: 3, timeout: 5, readTimeout: 60 },
        { id: 'cfg', type: 'auth0-config', domain: tenant.domain, protocol: 'http', retries: 3, timeout: 5, readTimeout: 60 },
        { id: 'users', type: 'auth0-users', z: 'tab', tenant: 'cfg-static', operation: 'list', version: 1, wires: [['out']] },
        { id: 'roles', type: 'auth0-roles', z: 'tab', tenant: 'cfg-static', operation: 'list', version: 1, wires: [['out']] },
        logWatchNode({ id: 'logwatch', z: 'tab', tenant: 'cfg-static', wires: [['out']] }),
        { id: 'streamwatch', type: 'auth0-log-stream-watch', z: 'tab', tenant: 'cfg-static', interval: 0.2, wires: [['out']] },
        { id: 'token', type: 'auth0-token', z: 'tab', tenant: 'cfg', operation: 'client_credentials', version: 1, wires: [['out']] },
        { id: 'verify', type: 'auth0-verify-token', z: 'tab', tenant: 'cfg', audience: tenant.audience, version: 1, wires: [['out'], ['out']] },
        {
          id: 'jobwatch',
          type: 'auth0-job-watch',
          z: 'tab',
          tenant: 'cfg',
          interval: 0.2,
          store: '',
          exportOutput: 'array',
          version: 1,
          wires: [['out'], ['out']],
        },
        { id: 'out', type: 'helper', z: 'tab' },
        ...catchNodes(),
      ]);
      const credentials = { 'cfg-static': { token: staticToken }, cfg: { clientId: tenant.clientId, clientSecret: tenant.clientSecret } };
      // Every answer takes 30 s: the token grants, the key set, the management requests.
      await tenant.control('PUT', 'faults', { latencyMs: 30_000 });
      await sleep(200);
      const baseline = activeResources();
      const ours = trackResources();
      let loaded = true;
      try {
        await helper.load([...modulesFor(...ALL_FAMILIES), ...coreNodes('25-catch.js')], flow, credentials);
        const tally = new Tally().attach(['out']);
        helper.getNode('users')?.receive({ payload: {} });
        helper.getNode('roles')?.receive({ payload: {} });
        helper.getNode('roles')?.receive({ payload: {} });
        helper.getNode('jobwatch')?.receive({ payload: 'job_inflight0001' });
        helper.getNode('token')?.receive({ payload: { audience: tenant.audience } });
        const jwt =
          [
            { alg: 'RS256', kid: 'key-1', typ: 'JWT' },
            { sub: 'x', aud: tenant.audience, iss: `${tenant.url}/`, exp: Math.floor(Date.now() / 1000) + 600 },
          ]
            .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
            .join('.') + '.c2lnbmF0dXJl';
        helper.getNode('verify')?.receive({ payload: jwt });
        // Requests are on the wire (management requests up to the tenant's 4 at once, a token grant,
        // the auth0-token grant, the key set): the sockets of this process grew.
        await waitUntil(() => (grown(baseline, activeResources()).TCPSocketWrap ?? 0) >= 5, {
          what: () => `sockets: ${JSON.stringify(grown(baseline, activeResources()))}`,
        });
        await sleep(300);
        const during = grown(baseline, activeResources());
        assert.equal(tally.total, 0, 'nothing answered yet: the tenant takes 30 s');
        assert.ok(ours.alive().length > 0, 'the package holds timers and sockets while working');

        await helper.unload();
        loaded = false;
        const closedAt = tally.total;
        // Within a guard far shorter than the tenant's 30 s: only an abort ends those requests.
        await waitUntil(() => ours.alive().length === 0, { what: () => `still alive: ${JSON.stringify(ours.alive())}`, timeout: 10_000 });
        await waitUntil(() => Object.keys(grown(baseline, activeResources())).length === 0, {
          what: () => `resources above the baseline: ${JSON.stringify(grown(baseline, activeResources()))} (during: ${JSON.stringify(during)})`,
          timeout: 10_000,
        });
        await sleep(500);
        assert.equal(tally.total, closedAt, 'no message was sent after the close');
        assert.deepEqual(grown(baseline, activeResources()), {});
        assert.ok(ours.created() > 10, `resources were followed (${ours.created()})`);
      } finally {
        ours.stop();
        if (loaded) await helper.unload();
        await tenant.control('DELETE', 'faults');
      }
    });
  });

  describe('a partial redeploy', () => {
    let emu: Emulator;
    let proxy: FaultProxy;

    before(async () => {
      emu = await startEmulator({ port: 0 });
      proxy = await FaultProxy.start(emu.url);
      await helper.startServer();
    });
    after(async () => {
      await helper.stopServer();
      await proxy.close();
      await emu.close();
    });
    afterEach(async () => {
      await helper.unload();
      emu.faults.clear();
    });

    const flow = (rolesName: string): FlowNode[] =>
      placed([
        TAB,
        { id: 'cfg', type: 'auth0-config', domain: proxy.domain, protocol: 'http', audience: emu.managementAudience, retries: 3, readTimeout: 10 },
        { id: 'roles', type: 'auth0-roles', z: 'tab', name: rolesName, tenant: 'cfg', operation: 'list', version: 1, wires: [['out']] },
        { id: 'users', type: 'auth0-users', z: 'tab', tenant: 'cfg', operation: 'list', version: 1, wires: [['out']] },
        {
          id: 'logwatch',
          type: 'auth0-log-watch',
          z: 'tab',
          tenant: 'cfg',
          interval: 0.2,
          start: 'now',
          startId: '',
          types: [],
          categories: [],
          output: 'event',
          store: '',
          wires: [['logs']],
        },
        { id: 'logs', type: 'helper', z: 'tab' },
        { id: 'out', type: 'helper', z: 'tab' },
        ...catchNodes(),
      ]);
    const tokenRequests = (): number => proxy.count('POST', '/oauth/token');
    const deploy = (nodes: FlowNode[], type: 'nodes' | 'full'): Promise<void> =>
      (helper as unknown as { setFlows(f: FlowNode[], t: string, c?: Record<string, unknown>): Promise<void> }).setFlows(nodes, type, {
        cfg: { clientId: emu.clientId, clientSecret: emu.clientSecret },
      });

    it('only the changed node restarts: the others keep the cached token and their requests in flight', async () => {
      await helper.load([...modulesFor('auth0-roles', 'auth0-users', 'auth0-log-watch'), ...coreNodes('25-catch.js')], flow('v1'), {
        cfg: { clientId: emu.clientId, clientSecret: emu.clientSecret },
      });
      let tally = new Tally().attach(['out']);
      helper.getNode('roles')?.receive({ payload: {}, seq: 0 });
      helper.getNode('users')?.receive({ payload: {}, seq: 1 });
      await tally.settle(2);
      assert.equal(tally.outputs.length, 2, JSON.stringify(tally.errors()));
      assert.equal(tokenRequests(), 1, 'one token for the tenant');
      const configNode = helper.getNode('cfg');
      const usersNode = helper.getNode('users');

      // Both requests are slow; the roles node is redeployed while they are in flight.
      emu.faults.set({ latencyMs: 700, pathPrefix: '/api/v2/' });
      helper.getNode('roles')?.receive({ payload: {}, seq: 2 });
      helper.getNode('users')?.receive({ payload: {}, seq: 3 });
      await sleep(200);
      await deploy(flow('v2'), 'nodes');
      assert.equal(helper.getNode('cfg'), configNode, 'the config node was not restarted');
      assert.equal(helper.getNode('users'), usersNode, 'the unchanged node was not restarted');
      assert.notEqual(helper.getNode('roles'), null);
      await tally.settle(4);
      const users = tally.outputs.find((m) => m.seq === 3);
      assert.ok(users, `the unchanged node's request in flight completed: ${JSON.stringify(tally.errors())}`);
      const roles = tally.caught.find((m) => m.seq === 2);
      assert.ok(roles, "the restarted node's request in flight was aborted and reported");
      assert.match(String((roles.error as Msg).message), /aborted/);
      emu.faults.clear();

      tally = new Tally().attach(['out']);
      helper.getNode('roles')?.receive({ payload: {}, seq: 0 });
      helper.getNode('users')?.receive({ payload: {}, seq: 1 });
      await tally.settle(2);
      assert.equal(tally.outputs.length, 2, JSON.stringify(tally.errors()));
      assert.equal(tokenRequests(), 1, 'the redeployed node and the others still use the cached token');

      // A full redeploy restarts the config node too: a new client fetches a new token.
      await deploy(flow('v3'), 'full');
      tally = new Tally().attach(['out']);
      helper.getNode('users')?.receive({ payload: {}, seq: 0 });
      await tally.settle(1);
      assert.equal(tally.outputs.length, 1);
      assert.equal(tokenRequests(), 2, 'a restarted config node fetches its own token');
      await waitUntil(() => (helper.getNode('logwatch') as unknown) !== null, { what: () => 'log watch redeployed' });
    });
  });
});
