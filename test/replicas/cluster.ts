/**
 * What the replicas tests share: three replicas of one flow with an emulator and a Redis of their
 * own, the tenant's config node as every replica deploys it (a Redis URL, a short lease), a Redis
 * read from outside the replicas, which replica holds a watcher's lease, and the lines the
 * replicas' flows recorded in a file.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Emulator, startEmulator, type StartOptions } from '../../emulator';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { RedisServer } from '../../scripts/local-redis';
import { Replica, replicaUserDir } from '../../scripts/node-red-replica';
import { waitUntil } from '../helpers/wait';

export interface Cluster {
  emu: Emulator;
  redis: RedisServer;
  /** The temporary folder: the replicas' user directories and the files their flows record in. */
  dir: string;
  /** Replicas a, b and c, started with the same flows deployed. */
  replicas: Replica[];
  /** Kills the replicas, removes Redis, closes the emulator and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Three recording replicas (a, b, c) in a temporary folder named after `name`, an emulator
 * (`emulator`: its options; `prepare`: set up before the replicas start) and a Redis, every
 * replica deploying `flows(emu, redisUrl, dir)`.
 */
export async function startCluster(
  name: string,
  flows: (emu: Emulator, redisUrl: string, dir: string) => unknown[],
  options: { emulator?: StartOptions; prepare?: (emu: Emulator) => Promise<void> } = {},
): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  let emu: Emulator | undefined;
  let redis: RedisServer | undefined;
  let replicas: Replica[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(replicas.map((r) => r.kill()));
    await redis?.remove();
    await emu?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const started = (emu = await startEmulator({ port: 0, ...options.emulator }));
    await options.prepare?.(started);
    const redisUrl = (redis = await RedisServer.start()).url;
    replicas = ['a', 'b', 'c'].map((replica) => new Replica(replica, replicaUserDir(dir, replica, true)));
    await Promise.all(replicas.map((r) => r.start()));
    await Promise.all(replicas.map((r) => r.deploy(flows(started, redisUrl, dir))));
    return { emu: started, redis, dir, replicas, stop };
  } catch (err) {
    // What started is ended: the suite's after() has no cluster to stop.
    await stop();
    throw err;
  }
}

/** The tenant's config node, shared through Redis under `prefix`, its lease 1 s. */
export function replicaTenant(emu: Emulator, redisUrl: string, prefix: string): Record<string, unknown> {
  return {
    id: 'tenant',
    type: 'auth0-config',
    name: 'emulator',
    domain: emu.domain,
    protocol: 'http',
    timeout: 2,
    readTimeout: 2,
    retries: 5,
    keyPrefix: prefix,
    leaseSeconds: 1,
    credentials: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl },
  };
}

/** One Redis command from a probe connection of its own; null when Redis cannot be reached. */
export async function redisCommand(redisUrl: string, ...args: string[]): Promise<string | null> {
  const state = new SharedState({ target: parseRedisUrl(redisUrl)!, prefix: 'probe' });
  try {
    if (!(await state.whenAvailable(3000))) return null;
    return await state.command<string | null>(args[0], ...args.slice(1));
  } finally {
    await state.close();
  }
}

/** The replica holding the lease of the node `nodeId` (waits until one of `replicas` does). */
export async function leaseHolder(redisUrl: string, prefix: string, replicas: Replica[], nodeId: string): Promise<Replica> {
  let found: Replica | undefined;
  await waitUntil(
    async () => {
      const text = await redisCommand(redisUrl, 'GET', `${prefix}:lease:${nodeId}`);
      const pid = text ? Number(text.split(':')[1]) : 0;
      found = replicas.find((r) => r.pid === pid);
      return found !== undefined;
    },
    { what: `a lease holder of ${nodeId}`, timeout: 30_000, interval: 100 },
  );
  return found!;
}

/** The lines a flow appended to `file` (none yet: empty), each split at its spaces. */
export function recordedLines(file: string): string[][] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));
}
