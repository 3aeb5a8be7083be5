/**
 * The emulator's own speed and memory (issue 3): simple management requests a second on
 * loopback, with the load made by a separate process (bench/load/http-load.ts: keep-alive
 * connections, a fixed budget of requests, a time limit), beside a bare node:http server
 * answering the same JSON through the same load generator (the machine's ceiling for this
 * generator); and the memory of a process holding 100,000 users (bench/load/emulator-memory.ts),
 * beside the same process empty.
 *
 * The two servers take turns for several rounds; figures are medians.
 */
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startEmulator } from '../emulator';
import type { MemoryResult } from './load/emulator-memory';
import type { LoadResult, LoadSpec } from './load/http-load';
import { type BenchRow, median } from './util';

export const title = 'Emulator speed and memory';

const run$ = promisify(execFile);

const TARGET_RPS = 5000;
const TARGET_MEMORY_MB = 500;
const USERS_HELD = 100_000;
const ROUNDS = 3;
const LOAD: Omit<LoadSpec, 'url' | 'headers'> = { budget: 20_000, warmup: 2_000, connections: 16, maxSeconds: 15 };

async function generateLoad(spec: LoadSpec): Promise<LoadResult> {
  const { stdout } = await run$(process.execPath, [path.join(__dirname, 'load', 'http-load.js'), JSON.stringify(spec)], {
    timeout: (spec.maxSeconds * 2 + 30) * 1000,
  });
  return JSON.parse(stdout) as LoadResult;
}

async function memoryHolding(users: number): Promise<MemoryResult> {
  const { stdout } = await run$(process.execPath, ['--expose-gc', path.join(__dirname, 'load', 'emulator-memory.js'), String(users)], {
    timeout: 300_000,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as MemoryResult;
}

/** A bare node:http server answering every request with `body` as JSON: the ceiling. */
async function bareServer(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function describe(results: LoadResult[]): string {
  const statuses: Record<string, number> = {};
  for (const r of results) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  return `answers ${Object.entries(statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(', ')}${failed ? `, ${failed} failed` : ''}`;
}

export async function run(): Promise<BenchRow[]> {
  const emulator = await startEmulator({ port: 0, seed: { users: [{ email: 'bench@example.com', password: 'Bench-passw0rd!', name: 'Bench User' }] } });
  const userId = String((emulator.state.users.list()[0] as Record<string, unknown>).user_id);
  // The token the emulator's machine-to-machine client gets by client credentials: every scope it is granted.
  const token = emulator.managementToken();
  const userPath = `/api/v2/users/${encodeURIComponent(userId)}`;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const sample = await fetch(`${emulator.url}${userPath}`, { headers });
  if (sample.status !== 200) throw new Error(`the emulator answered ${sample.status} to ${userPath}`);
  const bare = await bareServer(await sample.text());

  const emulatorRuns: LoadResult[] = [];
  const bareRuns: LoadResult[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ['emulator', 'bare'] : ['bare', 'emulator'];
      for (const which of order) {
        if (which === 'emulator') emulatorRuns.push(await generateLoad({ ...LOAD, url: `${emulator.url}${userPath}`, headers }));
        else bareRuns.push(await generateLoad({ ...LOAD, url: `${bare.url}${userPath}`, headers }));
      }
    }
  } finally {
    await bare.close();
    await emulator.close();
  }

  const empty = await memoryHolding(0);
  const full = await memoryHolding(USERS_HELD);

  const emulatorRps = median(emulatorRuns.map((r) => r.requestsPerSecond));
  const bareRps = median(bareRuns.map((r) => r.requestsPerSecond));
  const rpsMet = emulatorRps >= TARGET_RPS && emulatorRuns.every((r) => r.failed === 0 && (r.statuses['200'] ?? 0) === r.completed);
  const memoryMet = full.users === USERS_HELD && full.rssMb < TARGET_MEMORY_MB;
  return [
    {
      name: `GET /api/v2/users/{id} a second (median of ${ROUNDS} runs of ${LOAD.budget.toLocaleString('en')}, ${LOAD.connections} keep-alive connections from another process)`,
      value: emulatorRps,
      unit: 'requests/s',
      baseline: bareRps,
      ratio: emulatorRps / bareRps,
      target: `≥ ${TARGET_RPS.toLocaleString('en')} requests/s`,
      met: rpsMet,
      note: `baseline: a bare node:http server answering the same JSON to the same load generator (the ceiling on this machine); ${describe(emulatorRuns)}; token with every granted scope (${token.length} characters)`,
    },
    {
      name: `Memory of a process holding ${USERS_HELD.toLocaleString('en')} users (RSS after a full GC)`,
      value: full.rssMb,
      unit: 'MB',
      baseline: empty.rssMb,
      target: `< ${TARGET_MEMORY_MB} MB`,
      met: memoryMet,
      note:
        `baseline: the same process with the emulator empty; heap ${full.heapUsedMb.toFixed(0)} MB (empty ${empty.heapUsedMb.toFixed(0)} MB); ` +
        `about ${(((full.rssMb - empty.rssMb) * 2 ** 20) / USERS_HELD).toFixed(0)} bytes a user; loaded in ${full.loadSeconds.toFixed(1)} s`,
    },
  ];
}
