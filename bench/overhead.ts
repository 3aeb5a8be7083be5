/**
 * Overhead: N `users` `get` requests through a Node-RED flow (message in → auth0-users → sink)
 * against the emulator with rate limiting off, beside the same N requests made with plain axios
 * and with the official auth0 SDK. All three run 4 requests at a time (the config node's default
 * concurrency) over keep-alive connections. Target: at most 1.15× plain axios.
 */
import axios from 'axios';
import * as http from 'http';
import { startEmulator, type Emulator } from '../emulator';
import { sdkClient } from '../test/emulator/sdk-client';
import { type BenchRow, driveFlow, flowHelper, median, packageNode, pool, timed } from './util';

export const title = 'Overhead of a flow beside plain axios and the official SDK';

const REQUESTS = 2000;
const CONCURRENCY = 4;
const ROUNDS = 5;

async function managementToken(emulator: Emulator): Promise<string> {
  const res = await axios.post(`${emulator.url}/oauth/token`, {
    grant_type: 'client_credentials', client_id: emulator.clientId, client_secret: emulator.clientSecret, audience: `https://${emulator.domain}/api/v2/`,
  });
  return (res.data as { access_token: string }).access_token;
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
  ];
  await helper.load([packageNode('config/auth0-config'), packageNode('users/auth0-users')], flow, { cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret } });

  const token = await managementToken(emulator);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const plain = axios.create({ baseURL: emulator.url, httpAgent: agent, headers: { authorization: `Bearer ${token}` } });
  const sdk = sdkClient(emulator, { maxRetries: 0 });
  const encoded = encodeURIComponent(userId);

  const runners: Record<string, () => Promise<void>> = {
    flow: async () => {
      const messages = Array.from({ length: REQUESTS }, () => ({ payload: { id: userId } }));
      await driveFlow(helper, 'users', ['sink'], messages);
    },
    axios: () => pool(REQUESTS, CONCURRENCY, async () => { await plain.get(`/api/v2/users/${encoded}`); }),
    sdk: () => pool(REQUESTS, CONCURRENCY, async () => { await sdk.users.get(userId); }),
  };
  const times: Record<string, number[]> = { flow: [], axios: [], sdk: [] };
  try {
    for (const name of Object.keys(runners)) await runners[name](); // warm-up: tokens, sockets, JIT
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotate the order so no runner always goes first.
      const order = Object.keys(runners).map((_, i, all) => all[(i + round) % all.length]);
      for (const name of order) times[name].push((await timed(runners[name])).ms);
    }
  } finally {
    await helper.unload();
    await helper.stopServer();
    agent.destroy();
    await emulator.close();
  }
  const flowMs = median(times.flow);
  const axiosMs = median(times.axios);
  const sdkMs = median(times.sdk);
  const ratio = flowMs / axiosMs;
  return [
    {
      name: `${REQUESTS} users.get through a flow (ms, median of ${ROUNDS})`, value: flowMs, unit: 'ms', baseline: axiosMs, ratio,
      target: '≤ 1.15× plain axios', met: ratio <= 1.15,
      note: ratio <= 1.15 ? `${(REQUESTS / (flowMs / 1000)).toFixed(0)} requests/s` : 'the flow adds input resolution, limiter, Node-RED message cloning and routing per request',
    },
    { name: `${REQUESTS} users.get with the official SDK (ms)`, value: sdkMs, unit: 'ms', baseline: axiosMs, ratio: sdkMs / axiosMs, note: 'for comparison' },
    { name: `${REQUESTS} users.get with plain axios (ms)`, value: axiosMs, unit: 'ms', note: 'the baseline' },
  ];
}
