/**
 * Overhead: N `users` `get` requests through a Node-RED flow (message in → auth0-users → sink)
 * against the emulator with rate limiting off, beside the same N requests made with plain axios
 * and with the official auth0 SDK. All run 4 requests at a time (the config node's default
 * concurrency) over keep-alive connections. Target: at most 1.15× plain axios.
 *
 * Everything runs in this one process (flow, client, emulator), so each figure is the CPU cost
 * of a request on both sides; the emulator's own share is the same for every runner.
 * Two more rows split the flow's overhead into its parts: the tenant client alone (what the
 * config node's client adds to axios), and Node-RED passing the same messages through a
 * trivial function node (what routing costs, no request at all). One more holds the body check
 * (issue 24) to the same update with checkBody off: what checking a body against Auth0's
 * description adds to a request that sends one.
 *
 * The runners take turns, in a rotated order, for several rounds; each round's flow/axios ratio
 * compares two runs close in time (the machines are noisy), and the median of those is reported.
 */
import axios from 'axios';
import * as http from 'node:http';
import { startEmulator, type Emulator } from '../emulator';
import { createTenantClient } from '../nodes/tenant-client/client';
import { sdkClient } from '../test/emulator/sdk-client';
import { type BenchRow, driveFlow, flowHelper, median, packageNode, pool, timed, withoutSpies } from './util';

export const title = 'Overhead of a flow beside plain axios and the official SDK';

const REQUESTS = 500;
const CONCURRENCY = 4;
const ROUNDS = 15;
const TARGET = 1.15;
/** The body check may add at most this much to a request that sends a body (issue 24: the overhead must not grow). */
const CHECK_TARGET = 1.05;

async function managementToken(emulator: Emulator): Promise<string> {
  const res = await axios.post(`${emulator.url}/oauth/token`, {
    grant_type: 'client_credentials',
    client_id: emulator.clientId,
    client_secret: emulator.clientSecret,
    audience: `https://${emulator.domain}/api/v2/`,
  });
  return (res.data as { access_token: string }).access_token;
}

/** Node-RED's function node, as shipped with node-red (for the routing row). */
function functionNodeModule(): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve('@node-red/nodes/core/function/10-function.js', { paths: [require.resolve('node-red')] }));
}

export async function run(): Promise<BenchRow[]> {
  const emulator = await startEmulator({ port: 0, seed: { users: [{ email: 'bench@example.com', password: 'Bench-passw0rd!' }] } });
  const userId = String((emulator.state.users.list()[0] as Record<string, unknown>).user_id);
  const helper = flowHelper();
  await helper.startServer();
  const flow = [
    { id: 'tab', type: 'tab' },
    { id: 'cfg', type: 'auth0-config', domain: emulator.domain, protocol: 'http', maxConcurrent: CONCURRENCY, retries: 3 },
    { id: 'users', type: 'auth0-users', z: 'tab', x: 1, y: 1, tenant: 'cfg', operation: 'get', version: 1, params: {}, wires: [['sink']] },
    { id: 'sink', type: 'helper', z: 'tab', x: 2, y: 1 },
    // The body check's own cost: the same update with its body checked (the default) and unchecked.
    { id: 'update', type: 'auth0-users', z: 'tab', x: 1, y: 3, tenant: 'cfg', operation: 'update', version: 1, params: {}, wires: [['updateSink']] },
    {
      id: 'updateUnchecked',
      type: 'auth0-users',
      z: 'tab',
      x: 1,
      y: 4,
      tenant: 'cfg',
      operation: 'update',
      version: 1,
      params: {},
      checkBody: false,
      wires: [['updateSink']],
    },
    { id: 'updateSink', type: 'helper', z: 'tab', x: 2, y: 3 },
    { id: 'fn', type: 'function', z: 'tab', x: 1, y: 2, func: 'return msg;', outputs: 1, wires: [['fnSink']] },
    { id: 'fnSink', type: 'helper', z: 'tab', x: 2, y: 2 },
  ];
  await helper.load([packageNode('config/auth0-config'), packageNode('users/auth0-users'), functionNodeModule()], flow, {
    cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret },
  });
  withoutSpies(helper, flow);

  const token = await managementToken(emulator);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const plain = axios.create({ baseURL: emulator.url, httpAgent: agent, headers: { authorization: `Bearer ${token}` } });
  const sdk = sdkClient(emulator, { maxRetries: 0 });
  // As the config node makes it from the flow's settings (defaults for the rest).
  const client = createTenantClient({
    domain: emulator.domain,
    protocol: 'http',
    telemetry: true,
    connectTimeout: 5,
    readTimeout: 5,
    retries: 3,
    maxConcurrent: CONCURRENCY,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
  });
  const encoded = encodeURIComponent(userId);
  const messages = (): Record<string, unknown>[] => Array.from({ length: REQUESTS }, () => ({ payload: { id: userId } }));
  const updates = (): Record<string, unknown>[] =>
    Array.from({ length: REQUESTS }, (_, i) => ({
      payload: { id: userId, body: { user_metadata: { bench: i }, app_metadata: { plan: 'basic' }, blocked: false } },
    }));

  const runners: Record<string, () => Promise<unknown>> = {
    flow: () => driveFlow(helper, 'users', ['sink'], messages()),
    axios: () =>
      pool(REQUESTS, CONCURRENCY, async () => {
        await plain.get(`/api/v2/users/${encoded}`);
      }),
    sdk: () =>
      pool(REQUESTS, CONCURRENCY, async () => {
        await sdk.users.get(userId);
      }),
    client: () =>
      pool(REQUESTS, CONCURRENCY, async () => {
        await client.request({
          method: 'GET',
          path: `/api/v2/users/${encoded}`,
          query: { include_fields: 'true' },
          auth: 'management',
          operation: 'users.get',
        });
      }),
    routing: () => driveFlow(helper, 'fn', ['fnSink'], messages()),
    checked: () => driveFlow(helper, 'update', ['updateSink'], updates()),
    unchecked: () => driveFlow(helper, 'updateUnchecked', ['updateSink'], updates()),
  };
  const names = Object.keys(runners);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  try {
    for (const name of names) await runners[name](); // warm-up: tokens, sockets, JIT
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotate the order so no runner always goes first.
      const order = names.map((_, i, all) => all[(i + round) % all.length]);
      for (const name of order) times[name].push((await timed(runners[name])).ms);
    }
  } finally {
    await helper.unload();
    await helper.stopServer();
    client.close();
    agent.destroy();
    await emulator.close();
  }
  const perRound = (name: string): number => median(times[name].map((ms, round) => ms / times.axios[round]));
  const ms = (name: string): number => median(times[name]);
  const perRequestUs = (name: string): number => (ms(name) / REQUESTS) * 1000;
  const ratio = perRound('flow');
  const checkRatio = median(times.checked.map((ms, round) => ms / times.unchecked[round]));
  const met = ratio <= TARGET;
  return [
    {
      name: `${REQUESTS} users.get through a flow (ms, median of ${ROUNDS} rounds)`,
      value: ms('flow'),
      unit: 'ms',
      baseline: ms('axios'),
      ratio,
      target: `≤ ${TARGET}× plain axios`,
      met,
      note:
        `${(REQUESTS / (ms('flow') / 1000)).toFixed(0)} requests/s; ratio: median of each round's flow/axios` +
        (met ? '' : '; the rows below split the difference: the tenant client (limiter, token, timeouts, error mapping) and Node-RED routing'),
    },
    {
      name: `${REQUESTS} users.get with the official SDK (ms)`,
      value: ms('sdk'),
      unit: 'ms',
      baseline: ms('axios'),
      ratio: perRound('sdk'),
      note: 'for comparison',
    },
    {
      name: `${REQUESTS} users.get with plain axios (ms)`,
      value: ms('axios'),
      unit: 'ms',
      note: `the baseline, ${perRequestUs('axios').toFixed(0)} µs a request (client and emulator together)`,
    },
    {
      name: `${REQUESTS} users.get with the tenant client alone, no flow (ms)`,
      value: ms('client'),
      unit: 'ms',
      baseline: ms('axios'),
      ratio: perRound('client'),
      note: `the client's share: ${(perRequestUs('client') - perRequestUs('axios')).toFixed(0)} µs a request over axios`,
    },
    {
      name: `${REQUESTS} users.update through a flow, body checked against Auth0's description (ms)`,
      value: ms('checked'),
      unit: 'ms',
      baseline: ms('unchecked'),
      ratio: checkRatio,
      target: `≤ ${CHECK_TARGET}× the same flow with checkBody off`,
      met: checkRatio <= CHECK_TARGET,
      note: `the check's share: ${(perRequestUs('checked') - perRequestUs('unchecked')).toFixed(0)} µs a request (ajv validator compiled once, in the warm-up)`,
    },
    {
      name: `${REQUESTS} messages through a function node, no request (ms)`,
      value: ms('routing'),
      unit: 'ms',
      baseline: ms('axios'),
      ratio: perRound('routing'),
      note: `Node-RED's share: ${perRequestUs('routing').toFixed(0)} µs a message (the test helper's spies removed, as in a real runtime)`,
    },
  ];
}
