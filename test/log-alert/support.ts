/**
 * The log alert tests' pieces: the node in a flow, a generated log sequence, and the reference
 * computation that the node's counts must equal: a brute-force count over every event received,
 * straight from the rules in nodes/logs/log-alert/alert-windows.ts, with no buckets kept.
 */
import type { FlowNode } from '../helpers/node-red';
import { TAB } from '../logs/runtime';

export const ALERT = 'alert';
export const ALERTS = 'alerts';
export const RESOLVED = 'resolved';
export const COMPLETE = 'complete';
export const DONE = 'done';

/** An auth0-log-alert `id` on the tab: 5 failed logins per user and IP address in 600 s, no tenant, wired to `wires`. */
export function alertNode(id: string, wires: string[][], overrides: Record<string, unknown> = {}): FlowNode {
  return {
    id,
    type: 'auth0-log-alert',
    z: TAB.id,
    name: '',
    rule: 'custom',
    categories: ['login_failure'],
    types: [],
    key: 'user+ip',
    threshold: 5,
    window: 600,
    cooldown: '',
    maxKeys: 100000,
    late: 'alert',
    store: '',
    tenant: '',
    x: 100,
    y: 100,
    wires,
    ...overrides,
  };
}

/** The alert node wired to helper nodes (alerts, resolved) and a complete node counting the messages it finished. */
export function alertFlow(overrides: Record<string, unknown> = {}, extra: FlowNode[] = []): FlowNode[] {
  return [
    TAB,
    alertNode(ALERT, [[ALERTS], [RESOLVED]], overrides),
    { id: ALERTS, type: 'helper', z: TAB.id, x: 300, y: 80 },
    { id: RESOLVED, type: 'helper', z: TAB.id, x: 300, y: 120 },
    { id: COMPLETE, type: 'complete', z: TAB.id, scope: [ALERT], uncaught: false, x: 100, y: 200, wires: [[DONE]] },
    { id: DONE, type: 'helper', z: TAB.id, x: 300, y: 200 },
    ...extra,
  ];
}

/** A small seeded generator, so a failure can be replayed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LogLine {
  log_id: string;
  date: string;
  type: string;
  user_id: string;
  user_name: string;
  ip: string;
  description: string;
}

/** The key the node makes of an event with key user+ip. */
export function userIpKey(event: LogLine): string {
  return `${event.user_id}|${event.ip}`;
}

/**
 * `count` events over `keys` keys, hot keys far more often than cold ones, about `gapMs` apart,
 * a few of them late by up to `lateMs` (as a log stream delivers), some of a type the rule ignores.
 */
export function logSequence(count: number, keys: number, options: { seed: number; start: number; gapMs: number; lateMs: number }): LogLine[] {
  const next = random(options.seed);
  const out: LogLine[] = [];
  let t = options.start;
  for (let i = 0; i < count; i++) {
    t += Math.floor(next() * 2 * options.gapMs);
    const k = Math.floor(keys * next() ** 3);
    const at = next() < 0.03 ? t - Math.floor(next() * options.lateMs) : t;
    const roll = next();
    const type = roll < 0.85 ? 'fp' : roll < 0.95 ? 'fu' : 's';
    out.push({
      log_id: String(90000000000 + i),
      date: new Date(at).toISOString(),
      type,
      user_id: `auth0|${k}`,
      user_name: `user${k}@example.com`,
      ip: `10.${(k >> 8) & 255}.${k & 255}.1`,
      description: type,
    });
  }
  return out;
}

interface Received {
  at: number;
  arrival: number;
  /** Its place in the evaluations. */
  seq: number;
  type: string;
}

export interface WindowRules {
  bucketMs: number;
  buckets: number;
  threshold: number;
  cooldownMs: number;
}

export interface Facts {
  count: number;
  firstAt: number;
  lastAt: number;
  types: string[];
}

/** Every event received per key, and the counts at any clock time by brute force. */
export class Reference {
  private readonly byKey = new Map<string, Received[]>();
  clock = -Infinity;
  /** The clock after each event counted, in order: the times the node checks for keys to resolve. */
  readonly evaluations: number[] = [];

  constructor(
    readonly rules: WindowRules,
    /** Longest an event can be older than the clock when it comes (bounds the backward scan). */
    private readonly maxLateMs: number,
  ) {}

  private inWindow(at: number, time: number): boolean {
    return Math.floor(at / this.rules.bucketMs) > Math.floor(time / this.rules.bucketMs) - this.rules.buckets;
  }

  /** Receives an event; false when it was outside the window already. */
  receive(key: string, at: number, type: string): boolean {
    this.clock = Math.max(this.clock, at);
    this.evaluations.push(this.clock);
    if (!this.inWindow(at, this.clock)) return false;
    let list = this.byKey.get(key);
    if (!list) this.byKey.set(key, (list = []));
    list.push({ at, arrival: this.clock, seq: this.evaluations.length - 1, type });
    return true;
  }

  /** The key's count at clock `time`, of the events received by then (and before evaluation `before`). */
  facts(key: string, time: number, before = Infinity): Facts {
    const list = this.byKey.get(key) ?? [];
    const windowMs = this.rules.bucketMs * (this.rules.buckets + 1);
    let count = 0;
    let firstAt = Infinity;
    let lastAt = -1;
    const types = new Set<string>();
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i];
      if (e.arrival < time - windowMs - this.maxLateMs) break;
      if (e.arrival > time || e.seq >= before || !this.inWindow(e.at, time)) continue;
      count += 1;
      firstAt = Math.min(firstAt, e.at);
      lastAt = Math.max(lastAt, e.at);
      types.add(e.type);
    }
    return { count, firstAt, lastAt, types: [...types].sort() };
  }

  /** The times in [from, to] where a key's count can change: bucket starts and the key's arrivals. */
  changes(key: string, from: number, to: number): number[] {
    const times = [from, to];
    const bm = this.rules.bucketMs;
    for (let t = Math.ceil(from / bm) * bm; t <= to; t += bm) times.push(t);
    for (const e of this.byKey.get(key) ?? []) if (e.arrival >= from && e.arrival <= to) times.push(e.arrival);
    return times;
  }
}
