/**
 * Replicas sharing one tenant through Redis (issue 17), each figure beside a baseline of the same
 * run:
 * - 600 user creations spread over three processes at the tenant's limit (50/s, burst 10): time
 *   against the ideal (600 − 10) / 50 s, with Redis (one budget) and without (each process alone:
 *   the 429 storm Redis prevents, counted in the emulator's api_limit log events);
 * - a mixed load (reading and writing users, reading logs) from three processes against the
 *   emulator at a paid plan's per-endpoint limits (sped up 10×): time against the ideal, the
 *   slowest class's (count − burst) / rate;
 * - failover: from the SIGKILL of the log watch's holder to the next event sent by another
 *   Node-RED process, against the lease time.
 */
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../emulator';
import { planLimits } from '../emulator/core/rate-limit-plans';
import type { RateLimitConfig } from '../emulator/core/rate-limit';
import { RedisServer } from '../scripts/local-redis';
import { Replica, replicaUserDir } from '../scripts/node-red-replica';
import type { WorkerLoad, WorkerSetup } from './load/replica-worker';
import type { BenchRow } from './util';

export const title = 'Replicas: three processes sharing one tenant through Redis';

const WORKER = path.join(__dirname, 'load', 'replica-worker.js');
const CREATIONS = 600;
const RATE = 50;
const BURST = 10;

interface Outcome {
  ms: number;
  failed: number;
  limited: number;
}

function limitedCount(emu: Emulator): number {
  return emu.logs.all().filter((e) => e.type === 'api_limit').length;
}

/** Three worker processes, each given `loads`; the time from "go" until the last one is done. */
async function threeProcesses(emu: Emulator, redisUrl: string | undefined, loads: (i: number) => WorkerLoad[]): Promise<Outcome> {
  const setup: WorkerSetup = {
    domain: emu.domain,
    clientId: emu.clientId,
    clientSecret: emu.clientSecret,
    prefix: `bench-${Date.now()}`,
    ...(redisUrl ? { redisUrl } : {}),
  };
  const workers = [0, 1, 2].map(() => fork(WORKER, [JSON.stringify(setup)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          w.once('message', () => resolve());
          w.once('exit', (code) => reject(new Error(`a worker exited with ${code} before it was ready`)));
        }),
    ),
  );
  const limitedBefore = limitedCount(emu);
  const started = Date.now();
  const results = await Promise.all(
    workers.map(
      (w, i) =>
        new Promise<{ ms: number; failed: number }>((resolve) => {
          w.removeAllListeners('exit');
          w.once('message', (m: { ms: number; failed: number }) => resolve(m));
          w.send(loads(i));
        }),
    ),
  );
  return { ms: Date.now() - started, failed: results.reduce((a, r) => a + r.failed, 0), limited: limitedCount(emu) - limitedBefore };
}

async function withEmulator<T>(rateLimit: RateLimitConfig, fn: (emu: Emulator) => Promise<T>): Promise<T> {
  const emu = await startEmulator({ port: 0, rateLimit });
  try {
    return await fn(emu);
  } finally {
    await emu.close();
  }
}

export async function creations(redis: RedisServer): Promise<BenchRow[]> {
  const ideal = ((CREATIONS - BURST) / RATE) * 1000;
  const load = (tag: string) => (): WorkerLoad[] => [{ kind: 'create-users', count: CREATIONS / 3, tag }];
  const alone = await withEmulator({ perSecond: RATE, burst: BURST }, (emu) => threeProcesses(emu, undefined, load('alone')));
  const shared = await withEmulator({ perSecond: RATE, burst: BURST }, (emu) => threeProcesses(emu, redis.url, load('shared')));
  return [
    {
      name: `${CREATIONS} creations over 3 processes with Redis (one budget)`,
      value: shared.ms / 1000,
      unit: 's',
      baseline: `ideal ${(ideal / 1000).toFixed(1)} s`,
      ratio: shared.ms / ideal,
      target: '≤ 1.05× the ideal, 0 failed',
      met: shared.ms / ideal <= 1.05 && shared.failed === 0,
      note: `${shared.failed} failed, ${shared.limited} answered 429`,
    },
    {
      name: `${CREATIONS} creations over 3 processes without Redis (each alone)`,
      value: alone.ms / 1000,
      unit: 's',
      baseline: `ideal ${(ideal / 1000).toFixed(1)} s`,
      ratio: alone.ms / ideal,
      note: `${alone.failed} failed, ${alone.limited} answered 429 (${(alone.limited / Math.max(1, shared.limited)).toFixed(1)}× as many as with Redis)`,
    },
  ];
}

export async function mixed(redis: RedisServer): Promise<BenchRow[]> {
  const speed = 10;
  const plan = planLimits('professional', speed);
  const counts = { 'users-read': 300, 'users-write': 150, logs: 90 };
  const ideal = Math.max(
    ...Object.entries(counts).map(([cls, count]) => ((count - (plan.endpoints![cls].burst ?? 0)) / plan.endpoints![cls].perSecond) * 1000),
  );
  const loads = (tag: string) => (): WorkerLoad[] => [
    { kind: 'list-users', count: counts['users-read'] / 3, tag },
    { kind: 'create-users', count: counts['users-write'] / 3, tag },
    { kind: 'list-logs', count: counts.logs / 3, tag },
  ];
  const shared = await withEmulator(plan, (emu) => threeProcesses(emu, redis.url, loads('mixed')));
  const alone = await withEmulator(plan, (emu) => threeProcesses(emu, undefined, loads('mixed-alone')));
  return [
    {
      name: "Mixed load (users read/write, logs) at the Professional plan's per-endpoint limits ×10, 3 processes with Redis",
      value: shared.ms / 1000,
      unit: 's',
      baseline: `ideal ${(ideal / 1000).toFixed(1)} s`,
      ratio: shared.ms / ideal,
      note: `${shared.failed} failed, ${shared.limited} answered 429`,
    },
    {
      name: 'The same mixed load, 3 processes without Redis',
      value: alone.ms / 1000,
      unit: 's',
      baseline: `ideal ${(ideal / 1000).toFixed(1)} s`,
      ratio: alone.ms / ideal,
      note: `${alone.failed} failed, ${alone.limited} answered 429`,
    },
  ];
}

export async function failover(redis: RedisServer): Promise<BenchRow[]> {
  const leaseSeconds = 2;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth0-failover-'));
  const emu = await startEmulator({ port: 0 });
  const replicas = ['a', 'b'].map((name) => new Replica(name, replicaUserDir(dir, name, true)));
  const file = path.join(dir, 'events.txt');
  try {
    await Promise.all(replicas.map((r) => r.start()));
    const flows = [
      { id: 'tab', type: 'tab', label: 'failover' },
      {
        id: 'tenant',
        type: 'auth0-config',
        domain: emu.domain,
        protocol: 'http',
        keyPrefix: `failover-${Date.now()}`,
        leaseSeconds,
        credentials: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url },
      },
      {
        id: 'watch',
        type: 'auth0-log-watch',
        z: 'tab',
        tenant: 'tenant',
        interval: 0.1,
        start: 'oldest',
        startId: '',
        types: [],
        categories: [],
        output: 'event',
        store: '',
        x: 1,
        y: 1,
        wires: [['rec']],
      },
      {
        id: 'rec',
        type: 'function',
        z: 'tab',
        x: 2,
        y: 1,
        outputs: 1,
        wires: [[]],
        func: `global.get('fs').appendFileSync(${JSON.stringify(file)}, global.get('pid') + ' ' + Date.now() + '\\n'); return null;`,
      },
    ];
    await Promise.all(replicas.map((r) => r.deploy(flows)));
    const timer = setInterval(() => emu.logs.write({ type: 's', description: 'failover' }), 50);
    const read = (): { pid: number; at: number }[] =>
      fs.existsSync(file)
        ? fs
            .readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => ({ pid: Number(l.split(' ')[0]), at: Number(l.split(' ')[1]) }))
        : [];
    while (read().length < 10) await new Promise((resolve) => setTimeout(resolve, 50));
    const holderPid = read().at(-1)!.pid;
    const holder = replicas.find((r) => r.pid === holderPid)!;
    const killedAt = Date.now();
    await holder.kill();
    let next: { pid: number; at: number } | undefined;
    while (!(next = read().find((l) => l.pid !== holderPid && l.at > killedAt))) await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(timer);
    const ms = next.at - killedAt;
    return [
      {
        name: 'Failover: the holder SIGKILLed, to the next event from another process',
        value: ms / 1000,
        unit: 's',
        baseline: `lease ${leaseSeconds} s`,
        ratio: ms / (leaseSeconds * 1000),
        target: '≤ 1.5× the lease time',
        met: ms <= leaseSeconds * 1500,
        note: 'the lease runs out, a standby claims it (it tries every quarter lease), reads the checkpoint and polls',
      },
    ];
  } finally {
    await Promise.all(replicas.map((r) => r.kill()));
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(parts = [creations, mixed, failover]): Promise<BenchRow[]> {
  const redis = await RedisServer.start();
  try {
    const rows: BenchRow[] = [];
    for (const part of parts) rows.push(...(await part(redis)));
    return rows;
  } finally {
    await redis.remove();
  }
}
