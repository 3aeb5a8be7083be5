/**
 * The emulator for the jobs benchmarks, in a worker thread: its own heap holds the tenant's
 * 100,000 users and the import files it parses, so the main thread's heap measures only the
 * Node-RED side (the nodes, the client, the messages). Not a suite itself (no `run`).
 */
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { toText } from '../nodes/shared/to-text';

export interface WorkerEmulator {
  url: string;
  domain: string;
  clientId: string;
  clientSecret: string;
  /** The id of the database connection (Username-Password-Authentication). */
  connectionId: string;
  /** Emulated time runs this many times faster (jobs finish sooner). */
  setSpeed(speed: number): Promise<void>;
  /** Adds `count` users to the database connection. */
  seedUsers(count: number): Promise<void>;
  close(): Promise<void>;
}

const WORKER_CODE = `
const { parentPort, workerData } = require('worker_threads');
const { startEmulator } = require(workerData.emulator);
startEmulator({ port: 0 }).then((emu) => {
  const connection = emu.state.connectionByName('Username-Password-Authentication');
  parentPort.on('message', async (message) => {
    try {
      if (message.type === 'speed') emu.clock.setSpeed(message.speed);
      if (message.type === 'seed') {
        for (let start = 0; start < message.count; start += 5000) {
          const users = [];
          for (let i = start; i < Math.min(message.count, start + 5000); i++) {
            users.push({ email: 'seeded' + i + '@example.com', password: 'Str0ng-pass!word', given_name: 'Seeded', family_name: String(i), user_metadata: { index: i } });
          }
          emu.seed({ users });
        }
      }
      if (message.type === 'close') {
        await emu.close();
        parentPort.postMessage({ id: message.id, closed: true });
        return;
      }
      parentPort.postMessage({ id: message.id, ok: true });
    } catch (err) {
      parentPort.postMessage({ id: message.id, error: String(err && err.stack || err) });
    }
  });
  parentPort.postMessage({ ready: true, url: emu.url, domain: emu.domain, clientId: emu.clientId, clientSecret: emu.clientSecret, connectionId: connection.id });
});
`;

export async function startWorkerEmulator(): Promise<WorkerEmulator> {
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { emulator: path.resolve(__dirname, '..', 'emulator', 'index.js') } });
  let next = 0;
  const pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  const ready = await new Promise<Record<string, string>>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: Record<string, unknown>) => {
      if (message.ready) {
        resolve(message as Record<string, string>);
        return;
      }
      const waiter = pending.get(Number(message.id));
      if (!waiter) return;
      pending.delete(Number(message.id));
      if (message.error) waiter.reject(new Error(toText(message.error)));
      else waiter.resolve();
    });
  });
  const call = (message: Record<string, unknown>): Promise<void> =>
    new Promise((resolve, reject) => {
      next += 1;
      pending.set(next, { resolve, reject });
      worker.postMessage({ ...message, id: next });
    });
  return {
    url: ready.url,
    domain: ready.domain,
    clientId: ready.clientId,
    clientSecret: ready.clientSecret,
    connectionId: ready.connectionId,
    setSpeed: (speed) => call({ type: 'speed', speed }),
    seedUsers: (count) => call({ type: 'seed', count }),
    close: async () => {
      await call({ type: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * The test helper wraps Node methods (send, status, …) and Node-RED's log function in sinon spies
 * that keep every call with its arguments and stack: Node-RED logs a metric event for every message
 * a node receives, so in a benchmark the harness would hold (and slow down) every message. Put the
 * originals back; the helper's unload restores its own spies as usual.
 */
export function withoutHelperSpies(nodes: unknown[] = []): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const proto = (require('@node-red/runtime/lib/nodes/Node') as { prototype: Record<string, unknown> }).prototype;
  const spied = proto.send;
  for (const name of ['log', 'status', 'warn', 'error', 'debug', 'trace', 'send']) {
    const original = (proto[name] as { wrappedMethod?: unknown } | undefined)?.wrappedMethod;
    if (typeof original === 'function') proto[name] = original;
  }
  // A wired node copies send onto itself when it is created (Node-RED's shortcut): the spy, here.
  for (const node of nodes as Record<string, unknown>[]) {
    if (node && Object.prototype.hasOwnProperty.call(node, 'send') && node.send === spied) node.send = proto.send;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const log = (require('@node-red/util') as { log: Record<string, unknown> }).log;
  const originalLog = (log.log as { wrappedMethod?: unknown } | undefined)?.wrappedMethod;
  if (typeof originalLog === 'function') log.log = originalLog;
}

/** A full garbage collection (exposing gc at run time when node was started without --expose-gc). */
export function collectGarbage(): void {
  if (!global.gc) {
    v8.setFlagsFromString('--expose-gc');
    global.gc = vm.runInNewContext('gc') as typeof global.gc;
  }
  global.gc?.();
}
