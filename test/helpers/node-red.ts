/**
 * The in-process Node-RED runtime of the tests (node-red-node-test-helper): this package's node
 * modules from dist (by path or by node type, as package.json lists them), Node-RED's core nodes,
 * flows with positioned nodes, what nodes received, showed and reported, and the runtime's own
 * lifecycle: redeploy, stop and start the flows, a process restart with the settings' context
 * stores (a file store survives it). A Node-RED in its own process (an installed package, Node-RED
 * 4 or 5, the editor) is node-red-process.ts here.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GroupSpec } from '../../nodes/shared/catalogue';
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
const root = path.resolve(dist, '..');

export type FlowNode = Record<string, unknown> & { id: string; type: string };

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

interface PackageJson {
  'node-red': { nodes: Record<string, string> };
}

/** Node type → its built module file, from package.json's node-red.nodes (the list Node-RED loads). */
export function nodeFiles(): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
  return Object.fromEntries(Object.entries(pkg['node-red'].nodes).map(([type, file]) => [type, path.join(root, file)]));
}

/** The node module registering `type`. */
export function moduleOf(type: string): unknown {
  const file = nodeFiles()[type];
  if (!file) throw new Error(`package.json lists no node ${type}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file);
}

/** The config node's module plus those of `types`. */
export function modulesFor(...types: string[]): unknown[] {
  return ['auth0-config', ...types.filter((t) => t !== 'auth0-config')].map(moduleOf);
}

/** Every action node group (management and authentication), with its node type's module. */
export function actionGroups(): { group: GroupSpec; type: string }[] {
  const found: { group: GroupSpec; type: string }[] = [];
  for (const type of Object.keys(nodeFiles()).sort()) {
    const mod = moduleOf(type) as { group?: GroupSpec };
    if (mod.group && Array.isArray(mod.group.operations)) found.push({ group: mod.group, type });
  }
  return found;
}

/** Every group a catalogue file under dist/nodes exports (the declarative operation groups; auth0-api's is not one). */
export function catalogueGroups(): GroupSpec[] {
  const found: GroupSpec[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.catalogue.js')) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        for (const value of Object.values(require(full) as Record<string, Partial<GroupSpec> | undefined>)) {
          if (value && Array.isArray(value.operations) && typeof value.name === 'string') found.push(value as GroupSpec);
        }
      }
    }
  };
  walk(path.join(dist, 'nodes'));
  return found;
}

/** The node module of every management catalogue group, by group name, as a path below dist/nodes (for nodeModules). */
export function managementGroupModules(): Record<string, string> {
  const files = nodeFiles();
  const entries = catalogueGroups()
    .filter((group) => group.api === 'management')
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((group): [string, string] => {
      const file = files[group.type];
      if (!file) throw new Error(`package.json registers no node for the ${group.name} group (${group.type})`);
      return [group.name, path.relative(path.join(dist, 'nodes'), file).replace(/\.js$/, '')];
    });
  return Object.fromEntries(entries);
}

/** Gives every node on a tab a position (a node without x and y is taken for a config node). */
export function placed<T extends Record<string, unknown>>(flow: T[]): T[] {
  return flow.map((node, i) => (node.z === undefined ? node : { x: 100 + 20 * (i % 20), y: 60 + 40 * Math.floor(i / 20), ...node }));
}

/** Every message a node receives, across restarts (call attach() after each start). */
export class Collector {
  readonly messages: Record<string, unknown>[] = [];

  constructor(private readonly nodeId: string) {}

  attach(): this {
    const node = helper.getNode(this.nodeId);
    if (!node) throw new Error(`node ${this.nodeId} is not deployed`);
    node.on('input', (msg) => this.messages.push(msg));
    return this;
  }

  payloads<T = Record<string, unknown>>(): T[] {
    return this.messages.map((m) => m.payload as T);
  }
}

/** Calls of a node's error(), as the test helper records them (sinon spy, `call:error` events). */
export function errorCalls(nodeId: string): { err: unknown; msg: unknown }[] {
  const node = helper.getNode(nodeId) as unknown as { error?: { getCalls?: () => { thisValue: unknown; args: unknown[] }[] } } | null;
  const spy = node?.error as unknown as { getCalls?: () => { thisValue: { id?: string }; args: unknown[] }[] } | undefined;
  return (spy?.getCalls?.() ?? []).filter((call) => call.thisValue?.id === nodeId).map((call) => ({ err: call.args[0], msg: call.args[1] }));
}

/** Status calls of a node, oldest first. */
export function statusCalls(nodeId: string): { fill?: string; shape?: string; text?: string }[] {
  const node = helper.getNode(nodeId) as unknown as { status?: unknown } | null;
  const spy = node?.status as { getCalls?: () => { thisValue: { id?: string }; args: unknown[] }[] } | undefined;
  return (spy?.getCalls?.() ?? []).filter((call) => call.thisValue?.id === nodeId).map((call) => call.args[0] as { fill?: string; text?: string });
}

/** node-red-node-test-helper internals used to stop, start and restart like the runtime does. */
interface HelperInternals {
  _settings: Record<string, unknown>;
  _redNodes: { stopFlows(): Promise<void>; startFlows(): Promise<void> };
  _context: { init(settings: Record<string, unknown>): void; load(): Promise<void>; close(): Promise<void> };
  setFlows(flow: unknown[], type: string, credentials?: Record<string, unknown>): Promise<void>;
}

const internals = helper as unknown as HelperInternals;

/** Stops every flow (each node's close runs and is awaited), as a full redeploy or a shutdown does. */
export function stopFlows(): Promise<void> {
  return internals._redNodes.stopFlows();
}

export function startFlows(): Promise<void> {
  return internals._redNodes.startFlows();
}

/**
 * A Node-RED process restart: flows stopped, context stores closed (a file store writes to disk),
 * a fresh context module state with the stores of the settings opened again (reading the disk),
 * flows started. Memory stores come back empty, as after a real restart.
 */
export async function restartProcess(): Promise<void> {
  await internals._redNodes.stopFlows();
  await internals._context.close();
  internals._context.init(internals._settings);
  await internals._context.load();
  await internals._redNodes.startFlows();
}

/**
 * restartProcess(), proving first that the restart is real: a marker put in the memory store of
 * node `nodeId`'s flow context is gone after it.
 */
export async function restartLosingMemory(nodeId: string): Promise<void> {
  type FlowContext = { set(key: string, value: unknown, store?: string): void; get(key: string, store?: string): unknown };
  const flowContext = (): FlowContext => (helper.getNode(nodeId) as unknown as { context(): { flow: FlowContext } }).context().flow;
  flowContext().set('marker', 'before restart', 'memory');
  await restartProcess();
  assert.equal(flowContext().get('marker', 'memory'), undefined, 'the memory store survived the "restart"');
}

/** Settings with context stores (helper.load ignores contextStorage; loadContextStores opens them). */
export function useSettings(settings: Record<string, unknown>): () => void {
  const saved = internals._settings;
  helper.settings(settings);
  return () => {
    internals._settings = saved;
  };
}

/** Opens the context stores of the current settings (call after helper.load, before deploying the node that uses them). */
export async function loadContextStores(): Promise<void> {
  internals._context.init(internals._settings);
  await internals._context.load();
}

/** Closes the context stores (a file store writes and stops its timer) and goes back to the default memory store. */
export async function closeContextStores(): Promise<void> {
  await internals._context.close();
  internals._context.init(internals._settings);
}

/** A full deploy of `flow` on the running runtime. */
export function deploy(flow: FlowNode[], credentials: Record<string, unknown>): Promise<void> {
  return internals.setFlows(flow, 'full', credentials);
}

const removedAtExit = new Set<string>();

/**
 * Removes a context store's directory when the test process ends, not at once: Node-RED cleans a
 * file store's directories without waiting for it when flows stop, so a directory removed right
 * after a test can make that clean fail later, uncaught, in whatever test runs then.
 */
export function removeAtExit(dir: string): void {
  if (removedAtExit.size === 0) process.once('exit', () => removedAtExit.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  removedAtExit.add(dir);
}
