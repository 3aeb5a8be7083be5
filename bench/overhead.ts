/**
 * Overhead: N `users` `get` requests through a Node-RED flow (message in → auth0-users → sink)
 * and through the tenant client alone, beside three baselines doing the same N requests: plain
 * `node:http` with a keep-alive agent, plain axios, and the official auth0 SDK. Every runner sends
 * the same management token (the emulator's client-credentials token with every granted scope,
 * about 8.5 KB), 4 requests at a time (the config node's default concurrency), over keep-alive
 * connections. Targets (issue 28): a flow ≤ 1.3× plain axios, the tenant client ≤ 1.15×.
 *
 * Fair by construction (issue 33 item 4): the emulator runs in its own process, so what is
 * measured is this process's CPU time (`process.cpuUsage`) per request, the client side alone;
 * the runners take turns in rotated order for ROUNDS rounds, each run preceded by the same forced
 * garbage collection (never subtracted for one and not another); each ratio is the median of the
 * per-round ratios against plain axios in the same round, reported with its range. A round's N
 * requests per runner are sent in SLICES turns of N / SLICES, every runner taking its turn in
 * each, so that a runner and its baseline are measured under the same load of the machine, not
 * seconds apart: on a shared machine the load drifts within a round, and a round's ratio then said
 * more about the drift than the client. Each turn's order is shuffled (a fixed seed), so no runner
 * always follows the same one: what a runner leaves behind (sockets closing, finalizers, its
 * garbage) falls on whoever comes next, and a rotated order had the tenant client always run just
 * after the SDK (measured: about 110 µs a request more than after any other runner). Before each
 * run the previous one's leftovers are let run out and collected. Two more rows
 * keep what they measured before: Node-RED passing the messages through a function node (routing,
 * no request) and the body check (issue 24) against the same update with checkBody off.
 */
import axios from 'axios';
import * as http from 'node:http';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { createTenantClient } from '../nodes/tenant-client/client';
import { sdkClient } from '../test/emulator/sdk-client';
import { startChildEmulator } from '../test/reliability/support/child-emulator';
import { type BenchRow, driveFlow, flowHelper, median, packageNode, pool, withoutSpies } from './util';

export const title = 'Overhead of a flow and of the tenant client beside node:http, plain axios and the official SDK';

const REQUESTS = 500;
const CONCURRENCY = 4;
const ROUNDS = 10;
/** Turns per round (each runner sends REQUESTS / SLICES requests a turn). */
const SLICES = 5;
const FLOW_TARGET = 1.3;
const CLIENT_TARGET = 1.15;
/** The body check may add at most this much to a request that sends a body (issue 24: the overhead must not grow). */
const CHECK_TARGET = 1.05;
/** The pause before each measured run (see settle). */
const SETTLE_MS = 10;

/** Node-RED's function node, as shipped with node-red (for the routing row). */
function functionNodeModule(): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve('@node-red/nodes/core/function/10-function.js', { paths: [require.resolve('node-red')] }));
}

/** A forced full collection, the same before every run of every runner (a no-op where gc cannot be exposed). */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    if (typeof gc === 'function') return gc as () => void;
  } catch {
    // not available: every runner goes without alike
  }
  return () => undefined;
}

/** The order of one turn: the runners shuffled by a seeded generator (the same orders in every run of the bench). */
function turnOrders(seed: number): (names: string[]) => string[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
  return (names) => {
    const order = [...names];
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  };
}

/** What the previous run left (closing sockets, timers due, finalizers) runs out before the next is measured, then a full collection. */
async function settle(gc: () => void): Promise<void> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  gc();
}

/** This process's CPU time (user + system) spent in `fn`, in µs. */
async function cpuOf(fn: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/** A plain `node:http` GET with the given headers, its body read whole and parsed as JSON. */
function plainGet(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err instanceof Error ? err : new Error('not JSON'));
        }
      });
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });
}

interface Spread {
  median: number;
  min: number;
  max: number;
}

function spread(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

function rangeText(s: Spread): string {
  return `${s.min.toFixed(2)}–${s.max.toFixed(2)}`;
}

export async function run(): Promise<BenchRow[]> {
  const emulator = await startChildEmulator();
  const helper = flowHelper();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let client: ReturnType<typeof createTenantClient> | undefined;
  let started = false;
  try {
    await emulator.control('POST', 'seed', { users: [{ email: 'bench@example.com', password: 'Bench-passw0rd!' }] });
    const tokenAnswer = await axios.post(`${emulator.url}/oauth/token`, {
      grant_type: 'client_credentials',
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
      audience: emulator.audience,
    });
    const token = (tokenAnswer.data as { access_token: string }).access_token;
    const listed = await axios.get(`${emulator.url}/api/v2/users`, {
      params: { q: 'email:"bench@example.com"', search_engine: 'v3' },
      headers: { Authorization: `Bearer ${token}` },
    });
    const userId = String((listed.data as { user_id: string }[])[0].user_id);

    await helper.startServer();
    started = true;
    const flow = [
      { id: 'tab', type: 'tab' },
      { id: 'cfg', type: 'auth0-config', domain: emulator.domain, protocol: 'http', audience: emulator.audience, maxConcurrent: CONCURRENCY, retries: 3 },
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
    // The flow's config node holds the same token as the other runners.
    await helper.load([packageNode('config/auth0-config'), packageNode('users/auth0-users'), functionNodeModule()], flow, { cfg: { token } });
    withoutSpies(helper, flow);

    const encoded = encodeURIComponent(userId);
    const target = new URL(`${emulator.url}/api/v2/users/${encoded}`);
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    const plain = axios.create({ baseURL: emulator.url, httpAgent: agent, headers });
    // The SDK fetches its own token with the same client: the same scopes, the same length.
    const sdk = sdkClient(emulator as unknown as Parameters<typeof sdkClient>[0], { maxRetries: 0 });
    // As the config node makes it from the flow's settings (defaults for the rest).
    const tenant = createTenantClient({
      domain: emulator.domain,
      protocol: 'http',
      telemetry: true,
      connectTimeout: 5,
      readTimeout: 5,
      retries: 3,
      maxConcurrent: CONCURRENCY,
      token,
    });
    client = tenant;
    const messages = (): Record<string, unknown>[] => Array.from({ length: REQUESTS / SLICES }, () => ({ payload: { id: userId } }));
    const updates = (): Record<string, unknown>[] =>
      Array.from({ length: REQUESTS / SLICES }, (_, i) => ({
        payload: { id: userId, body: { user_metadata: { bench: i }, app_metadata: { plan: 'basic' }, blocked: false } },
      }));

    const slice = REQUESTS / SLICES;
    const runners: Record<string, () => Promise<unknown>> = {
      nodeHttp: () =>
        pool(slice, CONCURRENCY, async () => {
          await plainGet(agent, target, headers);
        }),
      axios: () =>
        pool(slice, CONCURRENCY, async () => {
          await plain.get(`/api/v2/users/${encoded}`);
        }),
      sdk: () =>
        pool(slice, CONCURRENCY, async () => {
          await sdk.users.get(userId);
        }),
      client: () =>
        pool(slice, CONCURRENCY, async () => {
          await tenant.request({ method: 'GET', path: `/api/v2/users/${encoded}`, auth: 'management', operation: 'users.get' });
        }),
      flow: () => driveFlow(helper, 'users', ['sink'], messages()),
      routing: () => driveFlow(helper, 'fn', ['fnSink'], messages()),
      checked: () => driveFlow(helper, 'update', ['updateSink'], updates()),
      unchecked: () => driveFlow(helper, 'updateUnchecked', ['updateSink'], updates()),
    };
    const names = Object.keys(runners);
    const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const gc = collector();
    const shuffled = turnOrders(33);
    // Warm-up, a round's worth: sockets, JIT, the body check's validator.
    for (let turn = 0; turn < SLICES; turn += 1) for (const name of shuffled(names)) await runners[name]();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of names) cpu[name].push(0);
      for (let turn = 0; turn < SLICES; turn += 1) {
        for (const name of shuffled(names)) {
          await settle(gc);
          cpu[name][round] += await cpuOf(runners[name]);
        }
      }
    }

    const against = (name: string, base: string): Spread => spread(cpu[name].map((us, round) => us / cpu[base][round]));
    const usPerRequest = (name: string): number => median(cpu[name]) / REQUESTS;
    const flowRatio = against('flow', 'axios');
    const clientRatio = against('client', 'axios');
    const checkRatio = against('checked', 'unchecked');
    const perRound = `median of ${ROUNDS} alternating rounds' ratios of this process's CPU time (range ${'{r}'}), each round ${SLICES} turns of ${REQUESTS / SLICES} requests per runner in shuffled order, the emulator in its own process, a pause and a forced GC before every run`;
    const note = (s: Spread): string => perRound.replace('{r}', rangeText(s));
    const row = (name: string, label: string, extra: Partial<BenchRow> & { ratioOf?: Spread } = {}): BenchRow => {
      const { ratioOf, ...rest } = extra;
      const out: BenchRow = { name: label, value: usPerRequest(name), unit: 'µs CPU/request', baseline: usPerRequest('axios'), ...rest };
      if (ratioOf) out.ratio = ratioOf.median;
      return out;
    };
    return [
      row('flow', `${REQUESTS} users.get through a flow`, {
        ratioOf: flowRatio,
        target: `≤ ${FLOW_TARGET}× plain axios`,
        met: flowRatio.median <= FLOW_TARGET,
        note: `${note(flowRatio)}; token ${token.length} characters`,
      }),
      row('client', `${REQUESTS} users.get with the tenant client alone, no flow`, {
        ratioOf: clientRatio,
        target: `≤ ${CLIENT_TARGET}× plain axios`,
        met: clientRatio.median <= CLIENT_TARGET,
        note: `${note(clientRatio)}; the client's share: ${(usPerRequest('client') - usPerRequest('axios')).toFixed(0)} µs a request over axios`,
      }),
      {
        name: `${REQUESTS} users.get with plain axios (the baseline)`,
        value: usPerRequest('axios'),
        unit: 'µs CPU/request',
        note: 'the same token, a keep-alive agent',
      },
      row('nodeHttp', `${REQUESTS} users.get with plain node:http, keep-alive`, {
        ratioOf: against('nodeHttp', 'axios'),
        note: note(against('nodeHttp', 'axios')),
      }),
      row('sdk', `${REQUESTS} users.get with the official SDK`, { ratioOf: against('sdk', 'axios'), note: note(against('sdk', 'axios')) }),
      row('routing', `${REQUESTS} messages through a function node, no request`, {
        ratioOf: against('routing', 'axios'),
        note: `Node-RED's share (the test helper's spies removed, as in a real runtime); ${note(against('routing', 'axios'))}`,
      }),
      row('checked', `${REQUESTS} users.update through a flow, body checked against Auth0's description`, {
        baseline: usPerRequest('unchecked'),
        ratioOf: checkRatio,
        target: `≤ ${CHECK_TARGET}× the same flow with checkBody off`,
        met: checkRatio.median <= CHECK_TARGET,
        note: `the check's share: ${(usPerRequest('checked') - usPerRequest('unchecked')).toFixed(0)} µs a request; ${note(checkRatio)}`,
      }),
    ];
  } finally {
    if (started) {
      await helper.unload();
      await helper.stopServer();
    }
    client?.close();
    agent.destroy();
    await emulator.stop();
  }
}
