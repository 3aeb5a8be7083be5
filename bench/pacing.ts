/**
 * Rate-limit pacing: 300 user creations fired at once against the emulator limited to
 * 50 requests/s with a burst of 10. The ideal is (300 − 10) / 50 s with no failure. Ours (the
 * config node's defaults, and with "per second" set to the plan's 50), against the official SDK at
 * its default retries and against axios with axios-retry at its defaults, in the same run.
 */
import axios from 'axios';
import axiosRetry from 'axios-retry';
import { startEmulator, type Emulator } from '../emulator';
import { sdkClient } from '../test/emulator/sdk-client';
import { type BenchRow, flowHelper, packageNode, timed } from './util';

export const title = 'Rate-limit pacing: 300 creations at 50 requests/s (burst 10)';

const CREATIONS = 300;
const RATE = 50;
const BURST = 10;
const IDEAL_MS = ((CREATIONS - BURST) / RATE) * 1000;

interface Outcome {
  ms: number;
  failed: number;
}

const newUser = (tag: string, i: number): Record<string, unknown> => ({
  connection: 'Username-Password-Authentication',
  email: `${tag}-${i}@example.com`,
  password: 'Pacing-passw0rd!',
});

async function fresh(): Promise<Emulator> {
  return startEmulator({ port: 0, rateLimit: { perSecond: RATE, burst: BURST } });
}

/** Waits for the bucket to refill, so every contender starts from a full burst. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1500));

async function ours(emulator: Emulator, config: Record<string, unknown>, tag: string): Promise<Outcome> {
  const helper = flowHelper();
  await helper.startServer();
  const flow = [
    { id: 'tab', type: 'tab' },
    { id: 'cfg', type: 'auth0-config', domain: emulator.domain, protocol: 'http', retries: 10, ...config },
    { id: 'users', type: 'auth0-users', z: 'tab', x: 1, y: 1, tenant: 'cfg', operation: '', version: 1, params: {}, wires: [['ok']] },
    { id: 'ok', type: 'helper', z: 'tab', x: 2, y: 1 },
    { id: 'catch', type: 'catch', z: 'tab', x: 1, y: 2, scope: null, uncaught: false, wires: [['failed']] },
    { id: 'failed', type: 'helper', z: 'tab', x: 2, y: 2 },
  ];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const catchNode = require(require.resolve('@node-red/nodes/core/common/25-catch.js')) as unknown;
  await helper.load([packageNode('config/auth0-config'), packageNode('users/auth0-users'), catchNode], flow, {
    cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret },
  });
  // The token is fetched before the clock starts, as the other contenders' are.
  let warming = true;
  let ok = 0;
  let failed = 0;
  let finish: () => void = () => undefined;
  const check = (): void => {
    if (ok + failed === CREATIONS) finish();
  };
  const warmed = new Promise<void>((resolve) => {
    helper.getNode('ok')?.on('input', () => {
      if (warming) resolve();
      else {
        ok += 1;
        check();
      }
    });
    helper.getNode('failed')?.on('input', () => {
      if (warming) resolve();
      else {
        failed += 1;
        check();
      }
    });
  });
  helper.getNode('users')?.receive({ operation: 'list', payload: { per_page: 1 } });
  await warmed;
  warming = false;
  await settle();
  const result = await timed(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
        const node = helper.getNode('users');
        for (let i = 0; i < CREATIONS; i += 1) node?.receive({ operation: 'create', payload: { body: newUser(tag, i) } });
      }),
  );
  await helper.unload();
  await helper.stopServer();
  return { ms: result.ms, failed };
}

async function sdk(emulator: Emulator): Promise<Outcome> {
  const client = sdkClient(emulator, { maxRetries: 2 }); // the SDK's default
  await client.users.list({ per_page: 1 }).catch(() => undefined); // token first
  await settle();
  const results = await timed(() => Promise.allSettled(Array.from({ length: CREATIONS }, (_, i) => client.users.create(newUser('sdk', i) as never))));
  return { ms: results.ms, failed: results.result.filter((r) => r.status === 'rejected').length };
}

async function axiosWithRetry(emulator: Emulator): Promise<Outcome> {
  const token = (
    await axios.post<{ access_token: string }>(`${emulator.url}/oauth/token`, {
      grant_type: 'client_credentials',
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
      audience: `https://${emulator.domain}/api/v2/`,
    })
  ).data.access_token;
  const http = axios.create({ baseURL: emulator.url, headers: { authorization: `Bearer ${token}` } });
  axiosRetry(http); // defaults
  await settle();
  const results = await timed(() => Promise.allSettled(Array.from({ length: CREATIONS }, (_, i) => http.post('/api/v2/users', newUser('axios', i)))));
  return { ms: results.ms, failed: results.result.filter((r) => r.status === 'rejected').length };
}

export async function run(): Promise<BenchRow[]> {
  const contenders: [string, (e: Emulator) => Promise<Outcome>][] = [
    ['ours, defaults (4 concurrent, pacing from the headers)', (e) => ours(e, {}, 'ours')],
    [`ours, "per second" set to the plan's ${RATE}`, (e) => ours(e, { requestsPerSecond: RATE }, 'paced')],
    ['official auth0 SDK, default retries', sdk],
    ['axios + axios-retry, defaults', axiosWithRetry],
  ];
  const rows: BenchRow[] = [];
  for (const [name, contender] of contenders) {
    const emulator = await fresh();
    try {
      const outcome = await contender(emulator);
      const ratio = outcome.ms / IDEAL_MS;
      // The target is for the package as installed (its defaults); a fixed rate is shown beside it.
      const isDefault = name.startsWith('ours, defaults');
      const fixedRate = name.startsWith('ours, "per second"');
      rows.push({
        name,
        value: ratio,
        unit: '× ideal',
        baseline: `${(IDEAL_MS / 1000).toFixed(1)} s ideal`,
        ratio,
        ...(isDefault ? { target: '≤ 1.05× ideal, 0 failed', met: ratio <= 1.05 && outcome.failed === 0 } : {}),
        note:
          `${(outcome.ms / 1000).toFixed(1)} s, ${outcome.failed} of ${CREATIONS} failed` +
          (fixedRate
            ? `; a fixed rate cannot use the burst, so its floor is ${CREATIONS}/${RATE} s = ${(((CREATIONS / RATE) * 1000) / IDEAL_MS).toFixed(2)}× ideal`
            : ''),
      });
    } finally {
      await emulator.close();
    }
  }
  return rows;
}
