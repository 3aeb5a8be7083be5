/**
 * Node-RED runtime pieces the reliability suites share: every node module of the package (read
 * from package.json, as Node-RED does), flows with positioned nodes, a tally of what each message
 * became (an output or a Catch), and captures of everything a user could see: statuses, log lines,
 * the debug sidebar.
 */
import { helper, type FlowNode } from '../../helpers/node-red';

export type Msg = Record<string, unknown>;

export const TAB: FlowNode = { id: 'tab', type: 'tab', label: 'reliability' };

/** A Catch node for the whole tab, feeding the helper node `caught`. */
export function catchNodes(): FlowNode[] {
  return [
    { id: 'catch', type: 'catch', z: 'tab', scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: 'tab' },
  ];
}

/** The emulator as after start: default tenant, no faults, no rate limit, real-time clock; the proxy forwarding everything. */
export function resetTenant(
  emu: { reset(): void; faults: { clear(): void }; rateLimiter: { configure(c: null): void }; clock: { setSpeed(n: number): void; resetTime(): void } },
  proxy?: { setRule(rule: () => { kind: 'forward' }): void; requests: unknown[] },
): void {
  emu.faults.clear();
  emu.rateLimiter.configure(null);
  emu.clock.setSpeed(1);
  emu.clock.resetTime();
  emu.reset();
  if (proxy) {
    proxy.setRule(() => ({ kind: 'forward' }));
    proxy.requests.length = 0;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What each message (tagged `msg.seq`) became: sent on by a node, or caught. */
export class Tally {
  readonly outputs: Msg[] = [];
  readonly caught: Msg[] = [];
  private readonly waiters = new Set<() => void>();

  /** Collects from helper nodes `outIds` (outputs) and `caught` (the Catch node's messages). */
  attach(outIds: string[], caughtId = 'caught'): this {
    for (const id of outIds) {
      const node = helper.getNode(id);
      if (!node) throw new Error(`no node ${id}`);
      node.on('input', (msg) => this.add(this.outputs, msg));
    }
    const caught = helper.getNode(caughtId);
    if (!caught) throw new Error(`no node ${caughtId}`);
    caught.on('input', (msg) => this.add(this.caught, msg));
    return this;
  }

  get total(): number {
    return this.outputs.length + this.caught.length;
  }

  /** Waits until `n` messages are accounted for (a guard fails it after `limitMs`: a hang, not a speed check). */
  settle(n: number, limitMs = 30_000): Promise<void> {
    if (this.total >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (this.total < n) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`gave up waiting: ${this.outputs.length} out + ${this.caught.length} caught of ${n}`));
      }, limitMs);
      this.waiters.add(check);
    });
  }

  private add(list: Msg[], msg: Msg): void {
    list.push(msg);
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Every seq 0..n-1 accounted for exactly once (nothing lost, nothing doubled). */
  assertEachOnce(n: number): void {
    const seen = [...this.outputs, ...this.caught].map((m) => Number(m.seq)).sort((a, b) => a - b);
    const expected = Array.from({ length: n }, (_, i) => i);
    if (JSON.stringify(seen) !== JSON.stringify(expected)) {
      const missing = expected.filter((i) => !seen.includes(i));
      const doubled = seen.filter((s, i) => seen.indexOf(s) !== i);
      throw new Error(`messages lost ${JSON.stringify(missing)} or doubled ${JSON.stringify(doubled)}`);
    }
  }

  /** The caught messages' errors, with the fields the action node puts in msg.auth0. */
  errors(): { message: string; statusCode: number; errorCode?: string; seq: number }[] {
    return this.caught.map((m) => {
      const auth0 = (m.auth0 ?? {}) as Msg;
      const error = (m.error ?? {}) as Msg;
      return {
        message: String(error.message ?? ''),
        statusCode: Number(auth0.statusCode ?? error.statusCode ?? -1),
        ...(auth0.errorCode !== undefined ? { errorCode: String(auth0.errorCode) } : error.code !== undefined ? { errorCode: String(error.code) } : {}),
        seq: Number(m.seq),
      };
    });
  }
}

interface SpyCall {
  thisValue?: { id?: string; type?: string };
  args: unknown[];
}

interface Spied {
  getCalls?: () => SpyCall[];
}

/** Every call of a Node prototype method the test helper spies on (status, warn, error, log, debug, trace, send). */
export function nodeCalls(method: 'status' | 'warn' | 'error' | 'log' | 'debug' | 'trace'): { node: string; type: string; args: unknown[] }[] {
  const proto = (helper as unknown as { _NodePrototype: Record<string, Spied> })._NodePrototype;
  const spy = proto[method];
  return (spy?.getCalls?.() ?? []).map((call) => ({ node: call.thisValue?.id ?? '?', type: call.thisValue?.type ?? '?', args: call.args }));
}

/** Every line written to Node-RED's log since the last load (all levels, debug and trace included). */
export function logLines(): string[] {
  const spy = helper.log() as unknown as Spied;
  return (spy?.getCalls?.() ?? []).map((call) => safeText(call.args));
}

/** Every event the runtime published to the editor (the debug sidebar's messages among them). */
export function captureComms(): { events: Msg[]; stop(): void } {
  const events: Msg[] = [];
  const bus = (helper as unknown as { _events: { on(e: string, f: (x: Msg) => void): void; off(e: string, f: (x: Msg) => void): void } })._events;
  const listener = (event: Msg): void => {
    events.push(event);
  };
  bus.on('comms', listener);
  return { events, stop: () => bus.off('comms', listener) };
}

/**
 * All the text in a value, to search for secrets: strings, keys, Errors with their message, stack,
 * cause and own properties (toJSON bypassed), Buffers as UTF-8. Cycles are cut.
 */
export function safeText(value: unknown): string {
  const parts: string[] = [];
  const seen = new Set<object>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 12) return;
    if (typeof v === 'string') parts.push(v);
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') parts.push(String(v));
    else if (typeof v === 'function') parts.push(v.name);
    else if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return;
      seen.add(v);
      if (Buffer.isBuffer(v)) {
        parts.push(v.toString('utf8'));
        return;
      }
      if (v instanceof Error) {
        parts.push(v.name, v.message, v.stack ?? '');
        walk((v as { cause?: unknown }).cause, depth + 1);
      }
      if (v instanceof Map) {
        for (const [k, item] of v) {
          walk(k, depth + 1);
          walk(item, depth + 1);
        }
        return;
      }
      for (const key of Object.getOwnPropertyNames(v)) {
        parts.push(key);
        let item: unknown;
        try {
          item = (v as Record<string, unknown>)[key];
        } catch {
          continue;
        }
        walk(item, depth + 1);
      }
    }
  };
  walk(value, 0);
  return parts.join('\n');
}
