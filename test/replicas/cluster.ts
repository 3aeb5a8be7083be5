/**
 * What the replicas tests share: the tenant's config node as every replica deploys it (a Redis
 * URL, a short lease), a Redis read from outside the replicas, which replica holds a watcher's
 * lease, and the lines the replicas' flows recorded in a file.
 */
import * as fs from 'node:fs';
import type { Emulator } from '../../emulator';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import type { Replica } from '../../scripts/node-red-replica';
import { waitUntil } from '../helpers/wait';

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
