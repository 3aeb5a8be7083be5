/**
 * Events backlog: 100,000 events piled up at the Events API, drained from the same offset
 * (Last-Event-ID) by each of five readers in turn:
 * - the bare client: an HTTP request and the same SSE parser, JSON.parse per event, nothing else;
 * - the floor: the smallest Node-RED node that reads the same stream with the same parser and
 *   sends one message per event (nothing stored, no status, no checks): what any node reaches;
 * - auth0-events, one message per event (its offset stored by batch in the memory store);
 * - auth0-events with `output: batch` (one message per read, at most 500 events);
 * - auth0-events with `ack` (each message returned to its input through a wire, as a `complete`
 *   node wired back does; at most 500 outstanding).
 *
 * The emulator runs in a process of its own (bench/load/events-server.ts) holding the backlog.
 * Each round drains with every reader, the order reversed every other round; a full collection
 * before every drain and none during any (the same treatment for all). Each row is the median of
 * the per-round ratios against its baseline, with their range.
 */
import { type ChildProcess, fork } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { createParser } from 'eventsource-parser';
import { eventCheckpointKey } from '../nodes/events/watch/event-checkpoint';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI } from '../nodes/shared/node-red-types';
import type { EventsServer } from './load/events-server';
import { type BenchRow, type FlowHelper, flowHelper, median, packageNode, withoutSpies } from './util';

export const title = 'Events backlog: 100,000 events drained by auth0-events (Events API)';

const EVENTS = 100_000;
const ROUNDS = 6;
const BATCH_SIZE = 500;

type Variant = 'bare' | 'floor' | 'event' | 'batch' | 'ack';
const VARIANTS: Variant[] = ['bare', 'floor', 'event', 'batch', 'ack'];

function collectGarbage(): void {
  if (!global.gc) {
    v8.setFlagsFromString('--expose-gc');
    global.gc = vm.runInNewContext('gc') as typeof global.gc;
  }
  global.gc?.();
}

function startServer(count: number): Promise<{ child: ChildProcess; server: EventsServer }> {
  const child = fork(path.join(__dirname, 'load', 'events-server.js'), [String(count)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (server) => resolve({ child, server: server as EventsServer }));
    child.once('exit', (code) => reject(new Error(`the events server exited with ${String(code)}`)));
  });
}

/** The bare client reading from the server's offset until `count` events came; seconds. */
function bareDrain(server: EventsServer, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = 0;
    const started = process.hrtime.bigint();
    let req: http.ClientRequest | undefined;
    const parser = createParser({
      onEvent: (message) => {
        if (message.event === 'offset-only') return;
        JSON.parse(message.data);
        seen += 1;
        if (seen === count) {
          req?.destroy();
          resolve(Number(process.hrtime.bigint() - started) / 1e9);
        }
      },
    });
    req = http.get(`${server.url}/api/v2/events`, { headers: { authorization: `Bearer ${server.token}`, 'Last-Event-ID': server.offset } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => parser.feed(chunk));
    });
    req.on('error', (err) => (seen === count ? undefined : reject(err)));
  });
}

interface FloorConfig extends NodeDefinition {
  url: string;
  token: string;
  offset: string;
}

/** The floor: a node that only reads the stream, parses each event and sends it (from its start). */
function floorNodeModule(RED: NodeRedAPI): void {
  function FloorNode(this: Node, definition: NodeDefinition): void {
    RED.nodes.createNode(this, definition);
    const config = definition as FloorConfig;
    const parser = createParser({
      onEvent: (message) => {
        if (message.event === 'offset-only') return;
        const data = JSON.parse(message.data) as { event: { type: string } };
        this.send({ payload: data.event, topic: data.event.type });
      },
    });
    const req = http.get(`${config.url}/api/v2/events`, { headers: { authorization: `Bearer ${config.token}`, 'Last-Event-ID': config.offset } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => parser.feed(chunk));
    });
    req.on('error', () => undefined);
    this.on('close', () => req.destroy());
  }
  RED.nodes.registerType('bench-events-floor', FloorNode);
}

/** The end of the flow: counts the events, and (wired back) returns each message as a `complete` node would. */
function sinkNodeModule(RED: NodeRedAPI): void {
  function SinkNode(this: Node, definition: NodeDefinition): void {
    RED.nodes.createNode(this, definition);
    this.on('input', (msg: NodeMessage, send) => {
      sinkHandler(msg);
      send(msg);
    });
  }
  RED.nodes.registerType('bench-events-sink', SinkNode);
}

let sinkHandler: (msg: NodeMessage) => void = () => undefined;

/** node-red-node-test-helper's internals: the runtime's flows and its events. */
interface Internals {
  _redNodes: { setFlows(flow: unknown[], credentials: Record<string, unknown>, type: string): Promise<unknown> };
  _events: { once(event: string, listener: () => void): void };
}

/**
 * A full deploy, resolved once the new flows have started. (The helper's own setFlows gives the
 * start 300 ms after the old flows stopped and fails past that, which a machine shared with other
 * work exceeds now and then.)
 */
async function deploy(helper: FlowHelper, flow: unknown[], credentials: Record<string, unknown>): Promise<void> {
  const internals = helper as unknown as Internals;
  const started = new Promise<void>((resolve) => internals._events.once('flows:started', resolve));
  await internals._redNodes.setFlows(flow, credentials, 'full');
  await started;
}

function flowOf(server: EventsServer, variant: Exclude<Variant, 'bare'>): Record<string, unknown>[] {
  const tab = { id: 'tab', type: 'tab' };
  const cfg = { id: 'cfg', type: 'auth0-config', domain: server.domain, protocol: 'http', retries: 3, timeout: 5, readTimeout: 10 };
  const ack = variant === 'ack';
  const sink = { id: 'sink', type: 'bench-events-sink', z: 'tab', wires: ack ? [['watch']] : [[]] };
  const source =
    variant === 'floor'
      ? { id: 'watch', type: 'bench-events-floor', z: 'tab', url: server.url, token: server.token, offset: server.offset, wires: [['sink']] }
      : {
          id: 'watch',
          type: 'auth0-events',
          z: 'tab',
          tenant: 'cfg',
          types: [],
          store: '',
          output: variant === 'batch' ? 'batch' : 'event',
          batchSize: BATCH_SIZE,
          ack,
          wires: [['sink']],
        };
  return [tab, cfg, sink, source];
}

/** One drain by a Node-RED variant: deployed with the offset in place, timed until the last event reached the sink; seconds. */
async function nodeDrain(helper: FlowHelper, server: EventsServer, variant: Exclude<Variant, 'bare'>, count: number): Promise<number> {
  const credentials = { cfg: { clientId: server.clientId, clientSecret: server.clientSecret } };
  const idle = [
    { id: 'tab', type: 'tab' },
    { id: 'park', type: 'bench-events-sink', z: 'tab', wires: [[]] },
  ];
  await deploy(helper, idle, credentials);
  // The watcher's place, where a previous run would have left it: it resumes after the server's offset.
  const park = helper.getNode('park') as unknown as { context(): { flow: { set(key: string, value: unknown): void } } };
  park.context().flow.set(eventCheckpointKey('watch'), { version: 1, tenant: server.domain, lastEventId: server.offset, savedAt: new Date().toISOString() });
  let received = 0;
  let lastUser = '';
  let started = 0n;
  const done = new Promise<number>((resolve) => {
    sinkHandler = (msg) => {
      const payload = msg.payload as { data: { object: { user_id: string } } } | { data: { object: { user_id: string } } }[];
      if (Array.isArray(payload)) {
        received += payload.length;
        lastUser = payload[payload.length - 1].data.object.user_id;
      } else {
        received += 1;
        lastUser = payload.data.object.user_id;
      }
      if (received === count) resolve(Number(process.hrtime.bigint() - started) / 1e9);
    };
  });
  collectGarbage();
  started = process.hrtime.bigint();
  const flow = flowOf(server, variant);
  await deploy(helper, flow, credentials);
  withoutSpies(helper, flow as { id: string }[]);
  const seconds = await done;
  sinkHandler = () => undefined;
  if (lastUser !== `auth0|backlog${count - 1}`) throw new Error(`${variant}: the last event was ${lastUser}, not the backlog's last`);
  return seconds;
}

function spread(values: number[]): string {
  return `median ${median(values).toFixed(2)}×, range ${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}× over ${values.length} rounds`;
}

export async function run(): Promise<BenchRow[]> {
  const { child, server } = await startServer(EVENTS);
  const helper: FlowHelper = flowHelper();
  await helper.startServer();
  try {
    await helper.load(
      [packageNode('config/auth0-config'), packageNode('events/auth0-events'), floorNodeModule, sinkNodeModule],
      [{ id: 'tab', type: 'tab' }],
      {},
    );
    withoutSpies(helper, []);
    const rates: Record<Variant, number[]> = { bare: [], floor: [], event: [], batch: [], ack: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
      for (const variant of order) {
        let seconds: number;
        if (variant === 'bare') {
          collectGarbage();
          seconds = await bareDrain(server, EVENTS);
        } else seconds = await nodeDrain(helper, server, variant, EVENTS);
        rates[variant].push(EVENTS / seconds);
      }
    }
    const per = (a: Variant, b: Variant): number[] => rates[a].map((rate, i) => rate / rates[b][i]);
    const floorRatios = per('floor', 'bare');
    const eventRatios = per('event', 'floor');
    const batchRatios = per('batch', 'bare');
    const ackRatios = per('ack', 'event');
    const events = EVENTS.toLocaleString('en');
    const common = `the emulator in a process of its own; ${ROUNDS} rounds, the order reversed every other round; a full collection before each drain, none during`;
    return [
      {
        name: `${events} events, the Node-RED floor: a node that only parses and sends (events/s)`,
        value: median(rates.floor),
        unit: 'events/s',
        baseline: Math.round(median(rates.bare)),
        ratio: median(floorRatios),
        note: `against the bare SSE client (same stream, parser and JSON.parse, nothing sent): ${spread(floorRatios)}; what any Node-RED node sending one message per event reaches (an id, the send hooks, a setImmediate per delivery); ${common}`,
      },
      {
        name: `${events} events, one message each, offset stored by batch (events/s)`,
        target: '≥ 0.9× the floor (issue 33)',
        met: median(eventRatios) >= 0.9,
        value: median(rates.event),
        unit: 'events/s',
        baseline: Math.round(median(rates.floor)),
        ratio: median(eventRatios),
        note: `against the floor node in the same rounds: ${spread(eventRatios)}; against the bare client ${spread(per('event', 'bare'))}; every event once, the last one checked`,
      },
      {
        name: `${events} events, output batch (at most ${BATCH_SIZE} a message) (events/s)`,
        target: '≥ 0.8× the bare client (issue 33)',
        met: median(batchRatios) >= 0.8,
        value: median(rates.batch),
        unit: 'events/s',
        baseline: Math.round(median(rates.bare)),
        ratio: median(batchRatios),
        note: `against the bare SSE client in the same rounds: ${spread(batchRatios)}; one message per read, its offset stored by batch`,
      },
      {
        name: `${events} events, acknowledged mode, one message each (events/s)`,
        target: '≥ 0.7× one message each without ack (issue 33)',
        met: median(ackRatios) >= 0.7,
        value: median(rates.ack),
        unit: 'events/s',
        baseline: Math.round(median(rates.event)),
        ratio: median(ackRatios),
        note: `against auth0-events without ack in the same rounds: ${spread(ackRatios)}; each message returned through a wire to the node's input (the cost of a complete node wired back is in it), at most 500 outstanding, the last offset sent stored before each read's messages go`,
      },
    ];
  } finally {
    await helper.unload();
    await helper.stopServer();
    child.disconnect();
  }
}
