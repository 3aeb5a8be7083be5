/**
 * What the jobs tests share: users to import, flows of auth0-jobs and auth0-job-watch, a
 * recording proxy in front of the emulator (to see every status it answered), message
 * collectors, and a tracker of the timers the jobs nodes create.
 */
import { createHook } from 'node:async_hooks';
import * as http from 'node:http';
import { startEmulator, type Emulator } from '../../emulator';
import { helper, placed } from '../helpers/node-red';
import { TestServer } from '../tenant-client/helpers';

export type Msg = Record<string, unknown>;

/** `n` users for an import; every `failEvery`-th has an e-mail Auth0's schema refuses. */
export function makeUsers(n: number, options: { from?: number; failEvery?: number; domain?: string; pad?: number } = {}): Msg[] {
  const from = options.from ?? 0;
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const bad = options.failEvery !== undefined && (k + 1) % options.failEvery === 0;
    return {
      email: bad ? `not-an-email-${i}` : `user${i}@${options.domain ?? 'example.com'}`,
      given_name: `Given${i}`,
      family_name: 'Imported',
      user_metadata: { source: 'test', index: i, ...(options.pad ? { pad: 'p'.repeat(options.pad) } : {}) },
    };
  });
}

/** The id of the emulator's database connection. */
export function databaseConnectionId(emulator: Emulator): string {
  const connection = emulator.state.connectionByName('Username-Password-Authentication');
  if (!connection) throw new Error('the emulator has no database connection');
  return connection.id;
}

/**
 * The suite's emulator, started once and reset before each test with its clock running
 * `clockSpeed` times as fast, and the test helper's runtime started for each test and stopped after
 * it; `started` receives the emulator and its database connection's id before each test.
 */
export function useJobsTenant(clockSpeed: number, started: (emulator: Emulator, connectionId: string) => void): void {
  let emulator: Emulator | undefined;
  before(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  after(async () => {
    await emulator?.close();
  });
  beforeEach(async () => {
    const running = required(emulator);
    running.reset();
    running.clock.setSpeed(clockSpeed);
    started(running, databaseConnectionId(running));
    await helper.startServer();
  });
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
    emulator?.clock.resetTime();
  });
}

function required(emulator: Emulator | undefined): Emulator {
  if (!emulator) throw new Error('the emulator did not start');
  return emulator;
}

/** The tests' auth0-job-watch `watch` on the tenant `cfg` (polling every 50 ms), sending to `done` and `failed`; with `overrides`. */
export function jobWatchNode(overrides: Msg = {}): Msg {
  return {
    id: 'watch',
    type: 'auth0-job-watch',
    z: 'tab',
    tenant: 'cfg',
    interval: 0.05,
    store: '',
    exportOutput: 'array',
    version: 1,
    wires: [['done'], ['failed']],
    ...overrides,
  };
}

export interface JobsFlowOptions {
  jobs?: Msg;
  watch?: Msg | false;
  audience?: string;
  retries?: number;
}

/**
 * tab · config · auth0-jobs → auth0-job-watch → helpers `done` (output 1) and `failed`
 * (output 2); auth0-jobs' own output also goes to `jobsOut`; a Catch node feeds `caught`.
 */
export function jobsFlow(domain: string, options: JobsFlowOptions = {}): Msg[] {
  return placed(jobsNodes(domain, options));
}

function jobsNodes(domain: string, options: JobsFlowOptions): Msg[] {
  const flow: Msg[] = [
    { id: 'tab', type: 'tab', label: 'jobs' },
    {
      id: 'cfg',
      type: 'auth0-config',
      domain,
      protocol: 'http',
      retries: options.retries ?? 3,
      readTimeout: 10,
      ...(options.audience ? { audience: options.audience } : {}),
    },
    {
      id: 'jobs',
      type: 'auth0-jobs',
      z: 'tab',
      tenant: 'cfg',
      operation: 'import_users',
      version: 1,
      wires: [options.watch === false ? ['jobsOut'] : ['jobsOut', 'watch']],
      ...options.jobs,
    },
    { id: 'jobsOut', type: 'helper', z: 'tab' },
    { id: 'catch', type: 'catch', z: 'tab', scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: 'tab' },
  ];
  if (options.watch !== false) {
    flow.push(jobWatchNode(options.watch), { id: 'done', type: 'helper', z: 'tab' }, { id: 'failed', type: 'helper', z: 'tab' });
  }
  return flow;
}

/** Collects every message a helper node receives from now on. */
export function collect(id: string): Msg[] {
  const node = helper.getNode(id);
  if (!node) throw new Error(`no node ${id}`);
  const seen: Msg[] = [];
  node.on('input', (msg) => seen.push(msg));
  return seen;
}

export interface ProxiedExchange {
  method: string;
  path: string;
  status: number;
  authorization: boolean;
}

/**
 * A loopback proxy in front of the emulator that records each request with the status the
 * emulator answered, so a test can tell what the emulator refused (a third running import: 429).
 */
export async function startProxy(target: string): Promise<{ server: TestServer; exchanges: ProxiedExchange[]; close(): Promise<void> }> {
  const exchanges: ProxiedExchange[] = [];
  const targetUrl = new URL(target);
  const server = await TestServer.start(async (req, res, raw) => {
    await new Promise<void>((resolve) => {
      const headers = { ...raw.headers, host: targetUrl.host };
      const upstream = http.request({ host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers }, (answer) => {
        exchanges.push({ method: req.method, path: req.path, status: answer.statusCode ?? 0, authorization: raw.headers.authorization !== undefined });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolve());
        answer.on('error', () => resolve());
      });
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
        resolve();
      });
      upstream.end(req.body);
    });
  });
  return { server, exchanges, close: () => server.close() };
}

/** Frames of the jobs family's runtime code (not the test, not the emulator). */
const JOBS_FRAMES = /dist[\\/]nodes[\\/]jobs[\\/]/;

/** Counts the timers the jobs nodes created and that are still pending (neither fired nor cleared). */
export function trackJobTimers(): { live(): number; created(): number; stop(): void } {
  const pending = new Set<number>();
  let created = 0;
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout') return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      if (JOBS_FRAMES.test(stack)) {
        pending.add(asyncId);
        created += 1;
      }
    },
    destroy(asyncId) {
      pending.delete(asyncId);
    },
  }).enable();
  return { live: () => pending.size, created: () => created, stop: () => hook.disable() };
}

/** A management token for direct calls to the emulator. */
export async function managementFetch(emulator: Emulator, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${emulator.managementToken()}`);
  return fetch(`${emulator.url}${path}`, { ...init, headers });
}

/** Starts an import directly on the emulator (outside Node-RED), as another program would. */
export async function importDirectly(emulator: Emulator, connectionId: string, file: string): Promise<Msg> {
  const form = new FormData();
  form.append('connection_id', connectionId);
  form.append('send_completion_email', 'false');
  form.append('users', new Blob([file], { type: 'application/json' }), 'users.json');
  const res = await managementFetch(emulator, '/api/v2/jobs/users-imports', { method: 'POST', body: form });
  const body = (await res.json()) as Msg;
  if (res.status !== 202) throw new Error(`direct import answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}
