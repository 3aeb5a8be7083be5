/**
 * A Node-RED runtime (node-red-node-test-helper) with one node of every management group wired to
 * the in-process emulator, and `run(group, operation, payload)`: sends a message to the real node and
 * resolves with the message it outputs, or rejects with what a Catch node received.
 *
 * Per group there are three nodes: `<group>` (one page, as configured by default),
 * `<group>:all` (fetch all pages into one array) and `<group>:items` (fetch all pages, one message
 * per item). Their operation is empty, so `msg.operation` chooses it.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { coreNodes, helper, managementGroupModules, nodeModules } from '../helpers/node-red';
import { readThrough, suiteResource } from '../helpers/suite-resource';

export type Msg = Record<string, unknown>;

/** The node module of every management group, below dist/nodes (from package.json's node-red.nodes). */
export const GROUP_MODULES: Readonly<Record<string, string>> = managementGroupModules();

export type PagingChoice = 'off' | 'all' | 'items';

/** What a Catch node received for a failed operation. */
export class CaughtFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string | undefined,
    message: string,
    readonly msg: Msg,
  ) {
    super(message);
    this.name = 'CaughtFailure';
  }
}

interface Pending {
  paging: PagingChoice;
  out: Msg[];
  resolve(msgs: Msg[]): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** The node module's catalogue (each module exports its group). */
export function groupSpec(group: string): GroupSpec {
  const [module] = nodeModules(GROUP_MODULES[group]).slice(1) as Array<{ group: GroupSpec }>;
  return module.group;
}

function nodeType(group: string): string {
  return `auth0-${group.replace(/_/g, '-')}`;
}

function flow(domain: string, extraNodes: readonly Msg[]): unknown[] {
  const nodes: unknown[] = [
    { id: 'tab', type: 'tab', label: 'management' },
    { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', retries: 0 },
    { id: 'out', type: 'helper', z: 'tab', x: 600, y: 100 },
    { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 900, scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: 'tab', x: 600, y: 900 },
  ];
  let y = 100;
  for (const group of Object.keys(GROUP_MODULES)) {
    const common = {
      type: nodeType(group),
      z: 'tab',
      tenant: 'cfg',
      operation: '',
      version: 1,
      wires: [['out']],
    };
    nodes.push({ ...common, id: group, x: 100, y });
    nodes.push({ ...common, id: `${group}:all`, x: 250, y, paging: 'all', pagingOutput: 'array' });
    nodes.push({ ...common, id: `${group}:items`, x: 400, y, paging: 'all', pagingOutput: 'items' });
    // Bodies unchecked: what the emulator itself refuses (a body checked first would fail before it).
    nodes.push({ ...common, id: `${group}:unchecked`, x: 500, y, checkBody: false });
    y += 40;
  }
  // Nodes configured as the editor saves them (operation and typed inputs set), wired the same way.
  for (const node of extraNodes) nodes.push({ z: 'tab', tenant: 'cfg', x: 800, y: (y += 40), wires: [['out']], ...node });
  return nodes;
}

export interface Harness {
  readonly emulator: Emulator;
  /** Operations that succeeded (or, when deprecated, failed as they should), as `group.operation`. */
  readonly exercised: Set<string>;
  /** Runs an operation; resolves with the output message, rejects with a CaughtFailure. */
  run(group: string, operation: string, payload?: Msg, paging?: 'off' | 'all'): Promise<Msg>;
  /** Sends `msg` to any node of the flow (e.g. an extra node); resolves with its output message. */
  runNode(nodeId: string, msg: Msg): Promise<Msg>;
  /** Runs a list operation with "fetch all pages", one message per item. */
  runItems(group: string, operation: string, payload?: Msg): Promise<Msg[]>;
  /** Runs an operation that must fail, its body unchecked (the emulator's answer is tested); resolves with what the Catch node received. */
  fail(group: string, operation: string, payload?: Msg): Promise<CaughtFailure>;
  /** Asserts that reading gives a 404 to the Catch node. */
  gone(group: string, operation: string, payload: Msg): Promise<CaughtFailure>;
  /** Asserts every operation of the group's catalogue was exercised (but those another file exercises). */
  assertAllExercised(group: string, elsewhere?: readonly string[]): void;
  close(): Promise<void>;
}

/** Starts the emulator and a Node-RED runtime with every management node. */
export async function startHarness(options: { extraNodes?: (emulator: Emulator) => Msg[] } = {}): Promise<Harness> {
  const emulator = await startEmulator({ port: 0 });
  try {
    await helper.startServer();
    const modules = [...nodeModules(...Object.values(GROUP_MODULES)), ...coreNodes('25-catch.js')];
    await helper.load(modules, flow(emulator.domain, options.extraNodes?.(emulator) ?? []), {
      cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret },
    });
  } catch (err) {
    // Leave nothing behind for the next file's runtime.
    await helper.unload().catch(() => undefined);
    await Promise.resolve(helper.stopServer()).catch(() => undefined);
    await emulator.close();
    throw err;
  }

  const pending = new Map<number, Pending>();
  const exercised = new Set<string>();
  let nextRun = 1;

  const settle = (id: number, outcome: { msgs?: Msg[]; err?: Error }): void => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimeout(entry.timer);
    if (outcome.err) entry.reject(outcome.err);
    else entry.resolve(outcome.msgs ?? []);
  };

  helper.getNode('out')?.on('input', (msg) => {
    const id = msg._run as number;
    const entry = pending.get(id);
    if (!entry) return;
    entry.out.push(msg);
    if (entry.paging !== 'items') {
      settle(id, { msgs: entry.out });
      return;
    }
    const parts = msg.parts as { count?: number } | undefined;
    const count = entry.out.map((m) => (m.parts as { count?: number }).count).find((c) => c !== undefined);
    if (parts && count !== undefined && entry.out.length === count) settle(id, { msgs: entry.out });
  });
  helper.getNode('caught')?.on('input', (msg) => {
    const auth0 = (msg.auth0 ?? {}) as Msg;
    const error = (msg.error ?? {}) as Msg;
    settle(msg._run as number, {
      err: new CaughtFailure(Number(auth0.statusCode ?? 0), auth0.errorCode as string | undefined, String(error.message ?? ''), msg),
    });
  });

  const deliver = (nodeId: string, msg: Msg, paging: PagingChoice): Promise<Msg[]> => {
    const node = helper.getNode(nodeId);
    if (!node) throw new Error(`no node ${nodeId}`);
    const id = nextRun++;
    return new Promise<Msg[]>((resolve, reject) => {
      // A guard against a hang, not a speed requirement.
      const timer = setTimeout(() => settle(id, { err: new Error(`${nodeId}: no output and nothing caught`) }), 20000);
      pending.set(id, { paging, out: [], resolve, reject, timer });
      node.receive({ ...msg, _run: id });
    });
  };

  const send = async (group: string, operation: string, payload: Msg, paging: PagingChoice, unchecked = false): Promise<Msg[]> => {
    const msgs = await deliver(unchecked ? `${group}:unchecked` : paging === 'off' ? group : `${group}:${paging}`, { operation, payload }, paging);
    exercised.add(`${group}.${operation}`);
    return msgs;
  };

  const fail = async (group: string, operation: string, payload: Msg = {}): Promise<CaughtFailure> => {
    try {
      const msg = await send(group, operation, payload, 'off', true);
      throw new assert.AssertionError({ message: `${group}.${operation} succeeded (${JSON.stringify(msg[0]?.payload).slice(0, 200)}) but should have failed` });
    } catch (err) {
      if (err instanceof CaughtFailure) return err;
      throw err;
    }
  };

  return {
    emulator,
    exercised,
    run: async (group, operation, payload = {}, paging = 'off') => (await send(group, operation, payload, paging))[0],
    runItems: (group, operation, payload = {}) => send(group, operation, payload, 'items'),
    runNode: async (nodeId, msg) => (await deliver(nodeId, msg, 'off'))[0],
    fail,
    async gone(group, operation, payload) {
      const failure = await fail(group, operation, payload);
      assert.equal(failure.statusCode, 404, `${group}.${operation} after delete: ${failure.message}`);
      assert.equal((failure.msg.auth0 as Msg).statusCode, 404);
      return failure;
    },
    assertAllExercised(group, elsewhere = []) {
      const missing = groupSpec(group)
        .operations.map((op) => op.id)
        .filter((op) => !exercised.has(`${group}.${op}`) && !elsewhere.includes(op));
      assert.deepEqual(missing, [], `operations of ${group} not exercised against the emulator`);
    },
    async close() {
      for (const id of [...pending.keys()]) settle(id, { err: new Error('harness closed') });
      await helper.unload();
      await helper.stopServer();
      await emulator.close();
    },
  };
}

/** `startHarness(options)` for the describe block that calls this: started before its tests, closed after them. */
export function useHarness(options: Parameters<typeof startHarness>[0] = {}): Harness {
  const running = suiteResource(
    'useHarness()',
    () => startHarness(options),
    (harness) => harness.close(),
  );
  return readThrough(running);
}

/** The payload of an output message. */
export function payloadOf<T = Msg>(msg: Msg): T {
  return msg.payload as T;
}

/** msg.auth0 of an output message. */
export function auth0Of(msg: Msg): Msg {
  return msg.auth0 as Msg;
}

/** The items of a list payload: a bare array, or the array under `key` of a totals object. */
export function itemsOf<T = Msg>(payload: unknown, key?: string): T[] {
  if (Array.isArray(payload)) return payload as T[];
  if (key && payload && typeof payload === 'object' && Array.isArray((payload as Msg)[key])) return (payload as Msg)[key] as T[];
  throw new assert.AssertionError({ message: `not a list${key ? ` (nor ${key})` : ''}: ${JSON.stringify(payload).slice(0, 200)}` });
}

/**
 * Asserts a deprecated operation fails with its explanation and sends nothing, not even a token
 * request: a one-shot emulator fault would be used up by any request reaching it.
 */
export async function assertDeprecated(harness: Harness, group: string, operation: string, payload: Msg, explanation: RegExp): Promise<void> {
  harness.emulator.faults.set({ errorNext: 1, errorStatus: 503 });
  try {
    const failure = await harness.fail(group, operation, payload);
    assert.match(failure.message, explanation);
    assert.equal((failure.msg.auth0 as Msg).statusCode, 0, 'no status: nothing was answered');
    assert.equal(harness.emulator.faults.get().errorNext, 1, 'no request reached the emulator');
  } finally {
    harness.emulator.faults.clear();
  }
  harness.exercised.add(`${group}.${operation}`);
}
