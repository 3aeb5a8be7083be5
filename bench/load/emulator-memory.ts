/**
 * Run as its own process by bench/emulator.ts: starts the emulator, loads `users` users (as the
 * seed does: e-mail, password, names, metadata), and prints its memory once they are held
 * (after a full garbage collection when run with --expose-gc). With 0 users, the same process
 * empty: the baseline.
 *
 *   node --expose-gc emulator-memory.js 100000
 */
import { startEmulator } from '../../emulator';
import type { SeedUser } from '../../emulator/core/seed';
import { toError } from '../../nodes/shared/errors';

export interface MemoryResult {
  users: number;
  rssMb: number;
  heapUsedMb: number;
  /** Seconds to load them. */
  loadSeconds: number;
}

const BATCH = 5000;

/** A user as a bulk import brings them: a few profile fields and some metadata. */
function user(i: number): SeedUser {
  return {
    email: `user${i}@example.com`,
    password: `Passw0rd!${i}`,
    given_name: `Given${i}`,
    family_name: `Family${i}`,
    name: `Given${i} Family${i}`,
    user_metadata: { plan: i % 3 === 0 ? 'pro' : 'free', locale: 'en' },
    app_metadata: { customer_id: `cus_${i.toString(36)}` },
  };
}

async function main(count: number): Promise<MemoryResult> {
  const emulator = await startEmulator({ port: 0 });
  const start = Date.now();
  for (let from = 0; from < count; from += BATCH) {
    emulator.seed({ users: Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => user(from + k)) });
  }
  const loadSeconds = (Date.now() - start) / 1000;
  const held = emulator.state.users.list().length;
  if (global.gc) global.gc();
  const memory = process.memoryUsage();
  await emulator.close();
  return { users: held, rssMb: memory.rss / 2 ** 20, heapUsedMb: memory.heapUsed / 2 ** 20, loadSeconds };
}

if (require.main === module) {
  main(Number(process.argv[2] ?? 0)).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      process.stderr.write(`${toError(err).stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
