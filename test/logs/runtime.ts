/**
 * Node-RED runtime pieces for the logs tests: flows against the emulator, a message collector
 * that survives restarts, flow stop/start (a redeploy), a process restart with a persistent
 * context store, and waiting without timed assertions.
 */
import * as http from 'node:http';
import type { Emulator } from '../../emulator';
import { Collector, coreNodes, helper, nodeModules, type FlowNode } from '../helpers/node-red';

export const TAB: FlowNode = { id: 'tab1', type: 'tab', label: 'logs' };

/** Built node modules: the config node plus the named ones below dist/nodes/logs. */
export function logModules(...names: string[]): unknown[] {
  return nodeModules(...names.map((n) => `logs/${n}`));
}

export function tenantNode(emu: Emulator, overrides: Record<string, unknown> = {}): FlowNode {
  return { id: 'tenant', type: 'auth0-config', name: 'emulator', domain: emu.domain, protocol: 'http', timeout: 2, readTimeout: 2, retries: 3, ...overrides };
}

export function tenantCredentials(emu: Emulator): Record<string, unknown> {
  return { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret } };
}

/** The helper node a watcher's output is wired to. */
export const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };

/** A watcher node `watch` of `type` on the tests' tab, on the tenant `tenant`, wired to OUT, with `fields`. */
export function watcherNode(type: string, fields: Record<string, unknown> = {}): FlowNode {
  return { id: 'watch', type, z: TAB.id, x: 100, y: 100, name: '', tenant: 'tenant', wires: [['out']], ...fields };
}

/** An auth0-log-watch `watch` on the tenant, every event from the oldest, polling every 0.2 s, wired to OUT. */
export function logWatchNode(overrides: Record<string, unknown> = {}): FlowNode {
  return watcherNode('auth0-log-watch', {
    interval: 0.2,
    start: 'oldest',
    startId: '',
    types: [],
    categories: [],
    output: 'event',
    store: '',
    ...overrides,
  });
}

/** Loads `watch` (an auth0-log-watch) with the tenant, OUT and `extra` (Catch nodes available); collects what reaches OUT. */
export async function loadLogWatch(emu: Emulator, watch: FlowNode, extra: FlowNode[] = []): Promise<Collector> {
  await helper.load([...logModules('auth0-log-watch'), ...coreNodes('25-catch.js')], [TAB, tenantNode(emu), watch, OUT, ...extra], tenantCredentials(emu));
  return new Collector('out').attach();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
    original.clearTimeout(handle);
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
