/**
 * Node-RED test runtime (node-red-node-test-helper) with this package's node modules loaded
 * from dist, plus core nodes (catch, status) for Catch/Status assertions.
 */
import * as path from 'node:path';
import { translating } from './messages';

// The helper ships no types; this is the part the tests use.
export interface TestHelper {
  init(nodeRedPath: string, settings?: Record<string, unknown>): void;
  load(nodes: unknown[], flow: unknown[], credentials: Record<string, unknown>, cb?: () => void): Promise<void>;
  unload(): Promise<void>;
  startServer(cb?: () => void): Promise<void> | void;
  stopServer(cb?: () => void): Promise<void> | void;
  getNode(id: string):
    | (Record<string, unknown> & {
        on(event: string, fn: (msg: Record<string, unknown>) => void): void;
        receive(msg: Record<string, unknown>): void;
        status: unknown;
      })
    | null;
  settings(settings: Record<string, unknown>): void;
  log(): { args: unknown[][] };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const helper = require('node-red-node-test-helper') as TestHelper;
helper.init(require.resolve('node-red'));

const dist = path.resolve(__dirname, '..', '..');

/** Requires built node modules by their path below dist/nodes, e.g. `users/auth0-users`. */
export function nodeModules(...names: string[]): unknown[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return ['config/auth0-config', ...names].map((name) => translating(require(path.join(dist, 'nodes', name))));
}

/** Node-RED's own catch and status nodes. */
export function coreNodes(...files: string[]): unknown[] {
  const core = path.dirname(require.resolve('@node-red/nodes/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return files.map((file) => require(path.join(core, 'core', 'common', file)));
}

/** Resolves with the next message a helper node receives. */
export function nextMessage(
  node: { on(event: string, fn: (msg: Record<string, unknown>) => void): void } | null,
  timeoutMs = 10000,
): Promise<Record<string, unknown>> {
  if (!node) throw new Error('no such node');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message arrived')), timeoutMs);
    node.on('input', (msg) => {
      clearTimeout(timer);
      resolve(msg);
    });
  });
}
