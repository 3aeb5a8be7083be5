/**
 * Runs example flows in node-red-node-test-helper: loads this package's node modules and the core
 * modules a flow uses, deploys it, presses its inject buttons and watches its debug nodes, and
 * serves Node-RED's HTTP-in endpoints on a loopback port.
 */
import * as http from 'node:http';
import { helper } from '../helpers/node-red';
import { captureHttpNode } from '../helpers/http-node';
import { coreNodeModules, EDITOR_TYPES, packageNodeModules, type RawNode, wiredTo } from './flow-files';

type Listener = (msg: Record<string, unknown>) => void;

export interface RuntimeNode {
  id: string;
  type: string;
  on(event: string, fn: Listener): void;
  receive(msg: Record<string, unknown>): void;
}

interface LogCall {
  level: number;
  msg?: unknown;
  type?: string;
  id?: string;
}

const LOG_ERROR = 20;
const LOG_WARN = 30;


type NodeModuleFn = (red: unknown) => unknown;
const helperInternals = helper as unknown as { _nodeModules: Record<string, NodeModuleFn> };
/** The helper loads these core modules itself (for Catch and Status tests). */
const PRELOADED = Object.keys(helperInternals._nodeModules);
const preloadOriginals = { ...helperInternals._nodeModules };

/**
 * The helper registers its preloaded modules once per node of their type, so a flow with two
 * Catch nodes fails with "catch already registered": make each register once per load.
 */
function registerPreloadedOnce(): void {
  for (const [type, original] of Object.entries(preloadOriginals)) {
    let loaded = false;
    helperInternals._nodeModules[type] = (red) => {
      if (loaded) return undefined;
      loaded = true;
      return original(red);
    };
  }
}

/** The modules a flow's node types need, ours and core ones (except those the helper preloads). */
export function modulesFor(flow: RawNode[]): unknown[] {
  const core = coreNodeModules();
  const ours = packageNodeModules();
  const files = new Set<string>();
  const unknown: string[] = [];
  for (const node of flow) {
    if (EDITOR_TYPES.has(node.type) || PRELOADED.includes(node.type)) continue;
    const file = ours.get(node.type) ?? core.get(node.type);
    if (file) files.add(file);
    else unknown.push(node.type);
  }
  if (unknown.length > 0) throw new Error(`no module registers the node types ${[...new Set(unknown)].join(', ')}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return [captureHttpNode, ...[...files].map((file) => require(file) as unknown)];
}

/** Deploys a flow whose config nodes carry `credentials` inline, as the admin API accepts it. */
export async function deploy(flow: RawNode[]): Promise<void> {
  const credentials: Record<string, unknown> = {};
  const nodes = flow.map((node) => {
    if (!('credentials' in node)) return node;
    const { credentials: creds, ...rest } = node;
    credentials[node.id] = creds;
    return rest;
  });
  registerPreloadedOnce();
  try {
    await helper.load(modulesFor(nodes), nodes, credentials);
  } finally {
    // The helper is shared by every suite of the run: later ones expect its own preloading back.
    Object.assign(helperInternals._nodeModules, preloadOriginals);
  }
}

/** Log lines at error level, and nodes' warnings, since the flow was loaded, as text. */
export function problemsLogged(): string[] {
  const calls = helper.log()?.args ?? [];
  return calls
    .map((args) => args[0] as LogCall)
    // Warnings of the harness itself (unencrypted test credentials, its own deprecations) carry no node id.
    .filter((call) => call && (call.level === LOG_ERROR || (call.level === LOG_WARN && call.id !== undefined && !isEndOfLifeNotice(call) && !isStoreNotice(call))))
    .map((call) => `[${call.level === LOG_ERROR ? 'error' : 'warn'}] ${call.type ?? ''} ${call.id ?? ''}: ${messageOf(call.msg)}`);
}

/** The one warning a retired group's node (Rules, Hooks) logs at deploy: expected, not a problem. */
function isEndOfLifeNotice(call: LogCall): boolean {
  return /^auth0-[a-z-]+: End of life since \d{4}-\d{2}-\d{2}:/.test(messageOf(call.msg));
}

/** A watcher's notices about its context store (what it keeps across a restart, a start from now): expected with the examples' memory store. */
function isStoreNotice(call: LogCall): boolean {
  return /^auth0-(events|log-watch): (the context store "[^"]*" \((memory|file, cached)\) |no stored offset )/.test(messageOf(call.msg));
}

/** The text of a logged message: a string, an Error, or Node-RED's encoded error object. */
function messageOf(logged: unknown): string {
  if (logged instanceof Error) return logged.message;
  if (logged && typeof logged === 'object') {
    const data = (logged as { data?: { message?: unknown } }).data;
    return typeof data?.message === 'string' ? data.message : JSON.stringify(logged);
  }
  return String(logged);
}

/** The debug nodes a message from `start` can reach along wires. */
export function debugNodesAfter(flow: RawNode[], start: string): string[] {
  const byId = new Map(flow.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const found: string[] = [];
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = byId.get(id);
    if (!node) continue;
    if (node.type === 'debug') found.push(id);
    queue.push(...wiredTo(node));
  }
  return found;
}

/** Counts the messages each listed node receives from now on, keeping the last one. */
export function watch(ids: string[]): { count(id: string): number; last(id: string): Record<string, unknown> | undefined } {
  const counts = new Map<string, number>();
  const lasts = new Map<string, Record<string, unknown>>();
  for (const id of ids) {
    const node = helper.getNode(id);
    if (!node) throw new Error(`node ${id} is not deployed`);
    counts.set(id, 0);
    node.on('input', (msg) => {
      counts.set(id, (counts.get(id) ?? 0) + 1);
      lasts.set(id, msg);
    });
  }
  return { count: (id) => counts.get(id) ?? 0, last: (id) => lasts.get(id) };
}

/** For waitUntil's `abort`: what was logged as a problem, if anything (a wait need not go on then). */
export function problemLogged(): string | undefined {
  const problems = problemsLogged();
  return problems.length > 0 ? `logged:\n  ${problems.join('\n  ')}` : undefined;
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export function post(url: string, body: string, contentType: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
