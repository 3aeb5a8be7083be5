/**
 * Log alert: events per second through auth0-log-alert holding 100,000 live keys, against a node
 * that only passes each message on, in the same Node-RED runtime (the test helper without its
 * spies): alternating rounds, the median of the per-round ratios. Both nodes' messages are counted
 * the same way (by a Complete node). And the heap the node holds: with 100,000 keys, and after
 * 100,000 more distinct keys with its key limit at 100,000 (bounded: the least recently seen go).
 */
import * as os from 'node:os';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI } from '../nodes/shared/node-red-types';
import { type BenchRow, type FlowHelper, flowHelper, median, packageNode, withoutSpies } from './util';

export const title = 'Log alert: events through auth0-log-alert with 100,000 live keys';

const KEYS = 100_000;
const ROUND_EVENTS = 50_000;
/** An even number, so each node goes first in half of them. */
const ROUNDS = 16;
const START = Date.parse('2026-11-01T00:00:00.000Z');

function collectGarbage(): void {
  if (!global.gc) {
    v8.setFlagsFromString('--expose-gc');
    global.gc = vm.runInNewContext('gc') as typeof global.gc;
  }
  global.gc?.();
}

function heapMb(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** A log event as auth0-log-watch sends it (the fields a failed login has). */
function logEvent(key: number, at: number): Record<string, unknown> {
  return {
    log_id: `900${String(at).padStart(20, '0')}${key}`,
    date: new Date(at).toISOString(),
    type: 'fp',
    description: 'Wrong email or password.',
    connection: 'Username-Password-Authentication',
    connection_id: 'con_bench',
    client_id: 'bench-client',
    client_name: 'Bench',
    ip: `10.${(key >> 16) & 255}.${(key >> 8) & 255}.${key & 255}`,
    user_agent: 'Chrome 120.0.0 / Mac OS X 10.15.7',
    user_id: `auth0|${key}`,
    user_name: `user${key}@example.com`,
    hostname: 'tenant.example.com',
    details: { error: { message: 'Wrong email or password.' } },
  };
}

/** The baseline: a node that only passes each message on. */
function passNodeModule(RED: NodeRedAPI): void {
  function PassNode(this: Node, config: NodeDefinition): void {
    RED.nodes.createNode(this, config);
    this.on('input', (msg: NodeMessage, send: (m: NodeMessage) => void, done: () => void) => {
      send(msg);
      done();
    });
  }
  RED.nodes.registerType('bench-pass', PassNode);
}

/** Sends `messages` into `inputId`; resolves with events/s once the Complete node saw them all done. */
function drive(helper: FlowHelper, inputId: string, messages: Record<string, unknown>[]): Promise<number> {
  for (const msg of messages) msg.bench = inputId;
  return new Promise((resolve) => {
    const sink = helper.getNode('sink');
    let seen = 0;
    const started = process.hrtime.bigint();
    const listener = (msg: Record<string, unknown>): void => {
      if (msg.bench !== inputId) return;
      seen += 1;
      if (seen === messages.length) {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        setImmediate(() => sink?.removeListener('input', listener));
        resolve(messages.length / seconds);
      }
    };
    sink?.on('input', listener);
    const input = helper.getNode(inputId);
    for (const msg of messages) input?.receive(msg);
  });
}

export async function run(): Promise<BenchRow[]> {
  const helper = flowHelper();
  const flow = [
    { id: 'tab', type: 'tab' },
    {
      id: 'alert',
      type: 'auth0-log-alert',
      z: 'tab',
      rule: 'failed_logins_user_ip',
      categories: ['login_failure'],
      types: [],
      key: 'user+ip',
      threshold: 5,
      window: 3600,
      cooldown: '',
      maxKeys: KEYS,
      late: 'alert',
      store: '',
      x: 1,
      y: 1,
      wires: [[], []],
    },
    { id: 'pass', type: 'bench-pass', z: 'tab', x: 1, y: 2, wires: [[]] },
    // One Complete node for both (the test helper loads a core node once per node of its type).
    { id: 'done', type: 'complete', z: 'tab', scope: ['alert', 'pass'], uncaught: false, x: 1, y: 3, wires: [['sink']] },
    { id: 'sink', type: 'helper', z: 'tab', x: 2, y: 3 },
  ];
  // The helper registers Node-RED's Complete node itself.
  await helper.load([packageNode('config/auth0-config'), packageNode('logs/auth0-log-alert'), passNodeModule], flow, {});
  withoutSpies(helper, flow);
  try {
    const heapBefore = heapMb();
    // 100,000 live keys: one failed login each within the window.
    await drive(
      helper,
      'alert',
      Array.from({ length: KEYS }, (_, key) => ({ payload: logEvent(key, START + key) })),
    );
    const heapWithKeys = heapMb() - heapBefore;
    // 100,000 new keys more: the least recently seen 100,000 go, the heap stays.
    await drive(
      helper,
      'alert',
      Array.from({ length: KEYS }, (_, key) => ({ payload: logEvent(KEYS + key, START + KEYS + key) })),
    );
    const heapAfterMore = heapMb() - heapBefore;

    // The measured rounds: failed logins of the live keys (some reach the threshold and alert).
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const loadBefore = os.loadavg()[0];
    const ratios: number[] = [];
    const alertRates: number[] = [];
    const passRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = START + 2 * KEYS + round * ROUND_EVENTS;
      const events = (): Record<string, unknown>[] =>
        Array.from({ length: ROUND_EVENTS }, (_, i) => ({ payload: logEvent(KEYS + Math.floor(next() * KEYS), base + i) }));
      // Alternating which goes first, each with fresh messages (Node-RED may change the ones it is
      // given), made the same way and followed by the same full collection for both nodes.
      const order = round % 2 === 0 ? ['pass', 'alert'] : ['alert', 'pass'];
      const rates: Record<string, number> = {};
      for (const id of order) {
        const messages = events();
        collectGarbage();
        rates[id] = await drive(helper, id, messages);
      }
      alertRates.push(rates.alert);
      passRates.push(rates.pass);
      ratios.push(rates.alert / rates.pass);
    }
    const ratio = median(ratios);
    const load = `load average ${loadBefore.toFixed(1)} before the rounds, ${os.loadavg()[0].toFixed(1)} after`;

    return [
      {
        name: `${KEYS.toLocaleString('en')} live keys, one log event per message (events/s)`,
        value: median(alertRates),
        unit: 'events/s',
        baseline: Math.round(median(passRates)),
        ratio,
        target: '≥ 0.8× a node that only passes messages on',
        met: ratio >= 0.8,
        note: `median of ${ROUNDS} per-round ratios (${ratios.map((r) => r.toFixed(2)).join(', ')}), alternating which node goes first; ${ROUND_EVENTS.toLocaleString('en')} failed logins a round over the live keys (user and IP address, threshold 5 in 1 h), each counted by a Complete node for both nodes; Node-RED's own cost per message is in both; ${load}`,
      },
      {
        name: `Heap held with ${KEYS.toLocaleString('en')} keys (MB)`,
        value: heapWithKeys,
        unit: 'MB',
        note: `after full collections, over the heap before; ${((heapWithKeys * 2 ** 20) / KEYS).toFixed(0)} bytes a key (its buckets, types and one sample event's plain fields)`,
      },
      {
        name: `Heap held after ${(2 * KEYS).toLocaleString('en')} distinct keys, key limit ${KEYS.toLocaleString('en')} (MB)`,
        value: heapAfterMore,
        unit: 'MB',
        baseline: heapWithKeys,
        ratio: heapAfterMore / heapWithKeys,
        target: 'bounded by the key limit (≤ 1.25× the heap with 100,000 keys)',
        met: heapAfterMore <= 1.25 * heapWithKeys,
        note: `the least recently seen keys dropped for the new ones; baseline: the heap with ${KEYS.toLocaleString('en')} keys`,
      },
    ];
  } finally {
    await helper.unload();
  }
}
