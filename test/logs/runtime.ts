/**
 * Node-RED runtime pieces for the logs tests: flows against the emulator, a message collector
 * that survives restarts, flow stop/start (a redeploy), a process restart with a persistent
 * context store, and waiting without timed assertions.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import type { Emulator } from '../../emulator';
import { helper } from '../helpers/node-red';
import { translating } from '../helpers/messages';

export { helper };

/** node-red-node-test-helper internals used to stop, start and restart like the runtime does. */
interface HelperInternals {
  _settings: Record<string, unknown>;
  _redNodes: { stopFlows(): Promise<void>; startFlows(): Promise<void> };
  _context: { init(settings: Record<string, unknown>): void; load(): Promise<void>; close(): Promise<void> };
  setFlows(flow: unknown[], type: string, credentials?: Record<string, unknown>): Promise<void>;
}

const internals = helper as unknown as HelperInternals;

const dist = path.resolve(__dirname, '..', '..');

export type FlowNode = Record<string, unknown> & { id: string; type: string };

export const TAB: FlowNode = { id: 'tab1', type: 'tab', label: 'logs' };

/** Built node modules: the config node plus the named ones below dist/nodes/logs. */
export function logModules(...names: string[]): unknown[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const modules = ['config/auth0-config', ...names.map((n) => `logs/${n}`)].map((name) => translating(require(path.join(dist, 'nodes', name))));
  return modules;
}

/** Node-RED's catch node. */
export function catchModule(): unknown {
  const core = path.dirname(require.resolve('@node-red/nodes/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(core, 'core', 'common', '25-catch.js'));
}

export function tenantNode(emu: Emulator, overrides: Record<string, unknown> = {}): FlowNode {
  return { id: 'tenant', type: 'auth0-config', name: 'emulator', domain: emu.domain, protocol: 'http', timeout: 2, readTimeout: 2, retries: 3, ...overrides };
}

export function tenantCredentials(emu: Emulator): Record<string, unknown> {
  return { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret } };
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
  const spy = node?.status as unknown as { getCalls?: () => { thisValue: { id?: string }; args: unknown[] }[] } | undefined;
  return (spy?.getCalls?.() ?? []).filter((call) => call.thisValue?.id === nodeId).map((call) => call.args[0] as { fill?: string; text?: string });
}

/** Serves Node-RED's httpNode app (the HTTP server for nodes) on a loopback port. */
export async function serveHttpNode(app: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Answer {
  status: number;
  text: string;
}

export function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const req = http.request(
      url,
      { method: options.method ?? 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A login attempt with the password grant on the emulator (the web app's client). */
export function passwordLogin(emu: Emulator, username: string, password: string): Promise<Answer> {
  return request(`${emu.url}/oauth/token`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username,
      password,
      client_id: emu.webClient.clientId,
      client_secret: emu.webClient.clientSecret,
    }),
  });
}

/**
 * Records the timers created by code whose file path contains `pathPart` (the package's nodes),
 * and whether each was cleared or has fired, so a test can tell that closing left none pending.
 */
export function trackTimers(pathPart: string): { created(): number; pending(): string[]; restore(): void } {
  const original = { setTimeout: global.setTimeout, clearTimeout: global.clearTimeout };
  const open = new Map<unknown, string>();
  let created = 0;
  const patchedSet = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const stack = new Error().stack ?? '';
    const ours = stack
      .split('\n')
      .slice(2)
      .some((line) => line.includes(pathPart) && !line.includes('/test/'));
    let handle: NodeJS.Timeout;
    const wrapped = (...a: unknown[]): void => {
      open.delete(handle);
      callback(...a);
    };
    handle = original.setTimeout(wrapped, ms, ...args);
    if (ours) {
      created += 1;
      open.set(handle, stack.split('\n').slice(2, 5).join(' | '));
    }
    return handle;
  }) as unknown as typeof setTimeout;
  const patchedClear = ((handle?: NodeJS.Timeout | string | number) => {
    open.delete(handle);
    original.clearTimeout(handle as NodeJS.Timeout);
  }) as typeof clearTimeout;
  global.setTimeout = patchedSet;
  global.clearTimeout = patchedClear;
  return {
    created: () => created,
    pending: () => [...open.values()],
    restore: () => {
      global.setTimeout = original.setTimeout;
      global.clearTimeout = original.clearTimeout;
    },
  };
}
