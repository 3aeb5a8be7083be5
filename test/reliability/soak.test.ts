/**
 * Soak, bounded: a fixed budget of mixed traffic (reads, creates, updates, deletes, token grants)
 * from a dozen nodes of one tenant, plus a log watcher polling beside them, through a proxy that
 * injects 5xx answers, 429s, connections dropped before and after the tenant applied the request,
 * malformed JSON and answers that never come. The tenant runs in a child process, so the heap
 * measured is the package's and Node-RED's. Every message comes out or reaches Catch; every
 * caught error is one of the injected kinds, never more of a kind than were injected; the heap
 * returns to its baseline.
 */
import assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { type ChildEmulator, startChildEmulator } from './support/child-emulator';
import { FaultProxy, type ProxyAction } from './support/fault-proxy';
import { catchNodes, type Msg, sleep, TAB } from './support/runtime';
import { waitUntil } from '../helpers/wait';
import { coreNodes, type FlowNode, helper, modulesFor, placed } from '../helpers/node-red';

/** Messages under faults (after a warm-up of WARM_UP without). */
const BUDGET = 2400;
const WARM_UP = 300;
const WAVE = 300;
/** Heap growth allowed after the run, in bytes: with a forced GC, and when only settling is possible. */
const TOLERANCE_GC = 12 * 1024 * 1024;
const TOLERANCE_NO_GC = 40 * 1024 * 1024;

const SEEDED_ROLES = 60;
const DELETABLE_ROLES = 400;
const SEEDED_ORGS = 20;

/** A small seeded PRNG (mulberry32): the same faults on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fault a request meets: 3 % 5xx, 3 % 429, 2 % dropped before, 2 % dropped after, 2 % malformed, 0.5 % no answer. */
function faultRule(rand: () => number): () => ProxyAction {
  return () => {
    const r = rand();
    if (r < 0.03) return { kind: 'error', status: 503 };
    if (r < 0.06) return { kind: 'rateLimit', retryAfterSeconds: 0.05 };
    if (r < 0.08) return { kind: 'dropBefore' };
    if (r < 0.1) return { kind: 'dropAfter' };
    if (r < 0.12) return { kind: 'malformed' };
    if (r < 0.125) return { kind: 'stall' };
    return { kind: 'forward' };
  };
}

/** Which injected fault explains a caught error, or undefined. */
function explanation(statusCode: number, errorCode: string | undefined, message: string): ProxyAction['kind'][] | undefined {
  if (statusCode === 503 && /injected by the test proxy/.test(message)) return ['error'];
  if (statusCode === 429) return ['rateLimit'];
  if (errorCode === 'ECONNRESET') return ['dropBefore', 'dropAfter'];
  if (errorCode === 'invalid_response') return ['malformed'];
  if (errorCode === 'ETIMEDOUT') return ['stall'];
  return undefined;
}

function forceGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

async function heapAfterSettling(gc: (() => void) | undefined): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await sleep(100);
    gc?.();
  }
  return process.memoryUsage().heapUsed;
}

/** The test helper's sinon spies keep every call (with its message): emptied, so they do not count as the package's memory. */
function forgetSpyCalls(): void {
  const proto = (helper as unknown as { _NodePrototype: Record<string, { resetHistory?: () => void }> })._NodePrototype;
  for (const method of ['log', 'status', 'warn', 'error', 'debug', 'trace', 'send']) proto[method]?.resetHistory?.();
  (helper.log() as unknown as { resetHistory?: () => void })?.resetHistory?.();
}

describe('reliability: soak (bounded)', function () {
  this.timeout(120_000);
  let tenant: ChildEmulator;
  let proxy: FaultProxy;
  let loaded = false;

  afterEach(async () => {
    if (loaded) await helper.unload();
    loaded = false;
  });
  before(async () => {
    tenant = await startChildEmulator();
    proxy = await FaultProxy.start(tenant.url);
    proxy.record = false;
    await tenant.control('POST', 'seed', {
      roles: [
        ...Array.from({ length: SEEDED_ROLES }, (_, i) => ({ id: `rol_soakseed${String(i).padStart(5, '0')}`, name: `seeded-${i}` })),
        ...Array.from({ length: DELETABLE_ROLES }, (_, i) => ({ id: `rol_soakdel${String(i).padStart(6, '0')}`, name: `deletable-${i}` })),
      ],
      organizations: Array.from({ length: SEEDED_ORGS }, (_, i) => ({ id: `org_soakseed${String(i).padStart(5, '0')}`, name: `soak-seeded-${i}` })),
      users: [{ email: 'soak-seeded@example.com', password: 'Str0ng-pass!word' }],
    });
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await proxy.close();
    await tenant.stop();
  });

  it(`${BUDGET} messages from 12 nodes under faults: none lost, every error explained, the heap back to its baseline`, async function () {
    const types = [
      'auth0-roles',
      'auth0-users',
      'auth0-organizations',
      'auth0-clients',
      'auth0-logs',
      'auth0-tenants',
      'auth0-users-by-email',
      'auth0-stats',
      'auth0-token',
      'auth0-log-watch',
    ];
    const nodes: FlowNode[] = [
      TAB,
      { id: 'cfg', type: 'auth0-config', domain: proxy.domain, protocol: 'http', audience: tenant.audience, retries: 3, timeout: 2, readTimeout: 0.5 },
      { id: 'out', type: 'helper', z: 'tab' },
      ...catchNodes(),
      {
        id: 'logwatch',
        type: 'auth0-log-watch',
        z: 'tab',
        tenant: 'cfg',
        interval: 0.5,
        start: 'now',
        startId: '',
        types: [],
        categories: [],
        output: 'event',
        store: '',
        wires: [['logs']],
      },
      { id: 'logs', type: 'helper', z: 'tab' },
    ];
    const actionTypes = types.filter((t) => t !== 'auth0-log-watch');
    for (const type of actionTypes) {
      // Two nodes per busy group, one per other group: 12 action nodes on the one tenant.
      const copies = type === 'auth0-roles' || type === 'auth0-users' || type === 'auth0-organizations' ? 2 : 1;
      for (let c = 0; c < copies; c++) nodes.push({ id: `${type}-${c}`, type, z: 'tab', tenant: 'cfg', operation: '', version: 1, wires: [['out']] });
    }
    await helper.load([...modulesFor(...types), ...coreNodes('25-catch.js')], placed(nodes), {
      cfg: { clientId: tenant.clientId, clientSecret: tenant.clientSecret },
    });
    loaded = true;

    let deletable = 0;
    /** The i-th message of the traffic mix: [node, msg]. */
    const traffic = (i: number): [string, Msg] => {
      const c = i % 2;
      switch (i % 16) {
        case 0:
          return [`auth0-roles-${c}`, { operation: 'list', payload: { per_page: 5 } }];
        case 1:
          return [`auth0-roles-${c}`, { operation: 'get', payload: { id: `rol_soakseed${String(i % SEEDED_ROLES).padStart(5, '0')}` } }];
        case 2:
          return [`auth0-roles-${c}`, { operation: 'create', payload: { body: { name: `soak-role-${i}`, description: 'soak' } } }];
        case 3:
          return [
            `auth0-roles-${c}`,
            { operation: 'update', payload: { id: `rol_soakseed${String(i % SEEDED_ROLES).padStart(5, '0')}`, body: { description: `updated ${i}` } } },
          ];
        case 4:
          return [`auth0-roles-${c}`, { operation: 'delete', payload: { id: `rol_soakdel${String(deletable++ % DELETABLE_ROLES).padStart(6, '0')}` } }];
        case 5:
          return [`auth0-users-${c}`, { operation: 'list', payload: { per_page: 5 } }];
        case 6:
          return [
            `auth0-users-${c}`,
            {
              operation: 'create',
              payload: { body: { connection: 'Username-Password-Authentication', email: `soak${i}@example.com`, password: 'Str0ng-pass!word' } },
            },
          ];
        case 7:
          return [`auth0-organizations-${c}`, { operation: 'all_organizations', payload: { per_page: 5 } }];
        case 8:
          return [`auth0-organizations-${c}`, { operation: 'create_organization', payload: { body: { name: `soak-org-${i}` } } }];
        case 9:
          return [`auth0-organizations-${c}`, { operation: 'get_organization', payload: { id: `org_soakseed${String(i % SEEDED_ORGS).padStart(5, '0')}` } }];
        case 10:
          return ['auth0-clients-0', { operation: 'all', payload: { per_page: 5 } }];
        case 11:
          return ['auth0-logs-0', { operation: 'search', payload: { per_page: 5 } }];
        case 12:
          return ['auth0-tenants-0', { operation: 'get', payload: {} }];
        case 13:
          return ['auth0-users-by-email-0', { operation: 'search_users_by_email', payload: { email: 'soak-seeded@example.com' } }];
        case 14:
          return ['auth0-stats-0', { operation: 'active_users', payload: {} }];
        default:
          return ['auth0-token-0', { operation: 'client_credentials', payload: { audience: tenant.audience } }];
      }
    };

    // Counts only: keeping the messages would be the test's memory, not the package's.
    let outputs = 0;
    const seqs = new Set<number>();
    const caughtKinds = new Map<string, number>();
    const unexplained: string[] = [];
    const repeated: number[] = [];
    const account = (seq: unknown): void => {
      if (typeof seq !== 'number') return;
      if (seqs.has(seq)) repeated.push(seq);
      seqs.add(seq);
    };
    helper.getNode('out')?.on('input', (msg) => {
      outputs += 1;
      account(msg.seq);
    });
    helper.getNode('caught')?.on('input', (msg) => {
      const auth0 = (msg.auth0 ?? {}) as Msg;
      const error = (msg.error ?? {}) as Msg;
      const statusCode = Number(auth0.statusCode ?? 0);
      const errorCode = auth0.errorCode !== undefined ? String(auth0.errorCode) : error.code !== undefined ? String(error.code) : undefined;
      const message = String(error.message ?? '');
      const kinds = explanation(statusCode, errorCode, message);
      if (!kinds) unexplained.push(`${String(((error.source ?? {}) as Msg).id)}: ${statusCode} ${String(errorCode)} ${message.slice(0, 200)}`);
      else caughtKinds.set(kinds.join('|'), (caughtKinds.get(kinds.join('|')) ?? 0) + 1);
      account(msg.seq);
    });

    let sent = 0;
    const wave = async (n: number): Promise<void> => {
      const target = sent + n;
      for (; sent < target; sent++) {
        const [node, msg] = traffic(sent);
        helper.getNode(node)?.receive({ ...msg, seq: sent });
      }
      await waitUntil(() => seqs.size >= sent, { what: () => `${seqs.size} of ${sent} messages accounted for (${outputs} out)`, timeout: 60_000 });
      forgetSpyCalls();
    };

    const gc = forceGc();
    await wave(WARM_UP);
    assert.deepEqual(unexplained, [], 'no fault yet, no error');
    const baseline = await heapAfterSettling(gc);

    proxy.setRule(faultRule(random(20240901)));
    while (sent < WARM_UP + BUDGET) await wave(WAVE);
    proxy.setRule(() => ({ kind: 'forward' }));

    // Nothing lost, nothing doubled, every error explained by an injected fault.
    assert.equal(seqs.size, sent);
    assert.deepEqual(repeated, [], 'a message came out twice');
    assert.deepEqual(unexplained, [], 'errors no fault explains');
    const injected = proxy.counts;
    for (const [kinds, n] of caughtKinds) {
      const possible = kinds.split('|').reduce((sum, kind) => sum + (injected[kind as ProxyAction['kind']] ?? 0), 0);
      assert.ok(n <= possible, `${n} errors of kind ${kinds}, but only ${possible} injected`);
    }
    assert.ok(
      (injected.error ?? 0) > 20 &&
        (injected.rateLimit ?? 0) > 20 &&
        (injected.dropAfter ?? 0) > 10 &&
        (injected.malformed ?? 0) > 10 &&
        (injected.stall ?? 0) > 2,
      `faults were injected: ${JSON.stringify(injected)}`,
    );

    await sleep(1000); // the log watcher's and the tenant's last timers
    forgetSpyCalls();
    const after = await heapAfterSettling(gc);
    const tolerance = gc ? TOLERANCE_GC : TOLERANCE_NO_GC;
    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    assert.ok(
      after - baseline < tolerance,
      `heap ${mb(baseline)} before, ${mb(after)} after ${BUDGET} messages (tolerance ${mb(tolerance)}, gc ${gc ? 'forced' : 'not available'})`,
    );
    this.test!.title += ` [${sent} messages, ${outputs} out, ${sent - outputs} caught; injected ${JSON.stringify(injected)}; heap ${mb(baseline)} → ${mb(after)}${gc ? ' (gc forced)' : ''}]`;

    await helper.unload();
    loaded = false;
    const unloaded = await heapAfterSettling(gc);
    assert.ok(unloaded - baseline < tolerance, `heap after the flows stopped: ${mb(unloaded)} (baseline ${mb(baseline)})`);
  });
});
