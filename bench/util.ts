/**
 * Shared pieces of the benchmarks: result rows, medians, a peak-memory sampler, and a Node-RED
 * runtime (node-red-node-test-helper) to drive real flows. Figures are always reported beside a
 * baseline measured in the same run, since the machines are noisy.
 */
import * as path from 'node:path';

export interface BenchRow {
  /** The benchmark, e.g. `Overhead: users.get through a flow`. */
  name: string;
  /** The measured figure (its unit in `unit`). */
  value: number;
  unit?: string;
  /** What the figure is compared with, measured in the same run. */
  baseline?: number | string;
  /** value / baseline where that means something. */
  ratio?: number;
  /** The target, in words (`≤ 1.15× plain axios`). */
  target?: string;
  /** Whether the target is met; undefined when there is none. */
  met?: boolean;
  note?: string;
}

export interface BenchSuite {
  title: string;
  run(): Promise<BenchRow[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

/** Samples heap and RSS every 20 ms while `fn` runs; reports the peak growth over the start. */
export async function peakMemory<T>(fn: () => Promise<T>): Promise<{ result: T; peakHeapGrowthMb: number; peakRssGrowthMb: number }> {
  if (global.gc) global.gc();
  const start = process.memoryUsage();
  let peakHeap = start.heapUsed;
  let peakRss = start.rss;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 20);
  try {
    const result = await fn();
    const end = process.memoryUsage();
    peakHeap = Math.max(peakHeap, end.heapUsed);
    peakRss = Math.max(peakRss, end.rss);
    return { result, peakHeapGrowthMb: (peakHeap - start.heapUsed) / 2 ** 20, peakRssGrowthMb: (peakRss - start.rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** Runs `count` tasks with at most `concurrency` at once. */
export async function pool(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  });
  await Promise.all(workers);
}

// The test helper is a real Node-RED runtime; the benchmarks drive flows with it.
export interface FlowHelper {
  init(nodeRedPath: string, settings?: Record<string, unknown>): void;
  load(nodes: unknown[], flow: unknown[], credentials: Record<string, unknown>): Promise<void>;
  unload(): Promise<void>;
  startServer(): Promise<void>;
  stopServer(): Promise<void>;
  getNode(id: string): FlowNode | null;
  /** The helper's sinon sandbox (its spies on every node's send, status and log calls). */
  _sandbox?: { restore(): void };
}

export interface FlowNode {
  on(event: string, fn: (msg: Record<string, unknown>) => void): void;
  removeListener(event: string, fn: (msg: Record<string, unknown>) => void): void;
  receive(msg: Record<string, unknown>): void;
}

let helperInstance: FlowHelper | undefined;

export function flowHelper(): FlowHelper {
  if (!helperInstance) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    helperInstance = require('node-red-node-test-helper') as FlowHelper;
    helperInstance.init(require.resolve('node-red'));
  }
  return helperInstance;
}

/**
 * After `load`: takes away the test helper's sinon spies, so flows run as in a real Node-RED.
 * The helper wraps Node.prototype send, status, log, warn, error, debug and trace in spies that
 * record every call with its arguments (for test assertions): in a benchmark that is a cost per
 * message (and memory that grows with every message) that no real runtime has. Node-RED also
 * copies `send` onto each wired node when it starts it, so the flow's nodes get theirs back too
 * (the prototype's, as Node-RED gives them). `unload` restores the sandbox again, then a no-op.
 */
export function withoutSpies(helper: FlowHelper, flow: { id: string }[]): void {
  helper._sandbox?.restore();
  for (const { id } of flow) {
    const node: (FlowNode & { send?: { isSinonProxy?: boolean } }) | null = helper.getNode(id);
    if (node && Object.prototype.hasOwnProperty.call(node, 'send') && node.send?.isSinonProxy) delete node.send;
  }
}

/** A built node module of this package, e.g. `users/auth0-users`. */
export function packageNode(name: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(__dirname, '..', 'nodes', name));
}

/** Sends `count` messages into `inputId` at once and resolves when `sinkId` has seen `expected` of them. */
export function driveFlow(helper: FlowHelper, inputId: string, sinkIds: string[], messages: Record<string, unknown>[]): Promise<Record<string, unknown>[][]> {
  const received: Record<string, unknown>[][] = sinkIds.map(() => []);
  return new Promise((resolve) => {
    let seen = 0;
    // Each call's listeners are taken off once it is done, so repeated runs do not pile them up.
    const listeners: { node: FlowNode; fn: (msg: Record<string, unknown>) => void }[] = [];
    sinkIds.forEach((id, index) => {
      const node = helper.getNode(id);
      if (!node) return;
      const fn = (msg: Record<string, unknown>): void => {
        received[index].push(msg);
        seen += 1;
        if (seen === messages.length) {
          // Not while Node-RED is still calling the node's input handlers.
          setImmediate(() => {
            for (const listener of listeners) listener.node.removeListener('input', listener.fn);
          });
          resolve(received);
        }
      };
      node.on('input', fn);
      listeners.push({ node, fn });
    });
    const input = helper.getNode(inputId);
    for (const msg of messages) input?.receive(msg);
  });
}
