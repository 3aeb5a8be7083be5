/**
 * Event latency: from a user created at the emulator (the moment its event is published) to the
 * message leaving auth0-events (Events API, SSE) and auth0-event-stream-in (webhook), median and
 * 99th percentile. Baselines, measured in the same run: for the watcher, a bare SSE client (an
 * HTTP request and the same SSE parser) reading the same stream; for the receiver, the
 * emulator's own delivery time (its POST answered 2xx).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { startEmulator, type Emulator } from '../emulator';
import { eventBusOfState } from '../emulator/management/events/event-bus';
import { type BenchRow, type FlowHelper, flowHelper, packageNode, withoutSpies } from './util';

export const title = 'Event latency: a user created → the message out of auth0-events and auth0-event-stream-in';

const USERS = 300;
const WARMUP = 20;
const TOKEN = 'bench-webhook-token-5d1f';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A bare Events API client: one GET, the SSE parser, the time each event's message was parsed. */
function bareSseClient(emu: Emulator, token: string, seen: Map<string, bigint>): { close(): void; ready: Promise<void> } {
  let resolveReady: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const parser = createParser({
    onEvent: (message) => {
      const data = JSON.parse(message.data) as { event?: { id: string } };
      if (message.event === 'offset-only') resolveReady();
      else if (data.event) seen.set(data.event.id, process.hrtime.bigint());
    },
  });
  const req = http.get(`${emu.url}/api/v2/events?event_type=user.created`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => parser.feed(chunk));
  });
  req.on('error', () => undefined);
  return { close: () => req.destroy(), ready };
}

export async function run(): Promise<BenchRow[]> {
  const emu = await startEmulator({ port: 0 });
  await fetch(`${emu.url}/__emulator/events/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ disconnectMs: 3_600_000 }),
  });
  const bus = eventBusOfState(emu.state)!;
  const helper: FlowHelper = flowHelper();
  let httpNode: http.RequestListener | undefined;
  const capture = (RED: { httpNode: http.RequestListener }): void => {
    httpNode = RED.httpNode;
  };
  await helper.startServer();
  const flow = [
    { id: 'tab', type: 'tab' },
    { id: 'cfg', type: 'auth0-config', domain: emu.domain, protocol: 'http', retries: 3, timeout: 5, readTimeout: 10 },
    { id: 'watch', type: 'auth0-events', z: 'tab', x: 1, y: 1, tenant: 'cfg', types: ['user.created'], store: '', wires: [['watch-sink']] },
    {
      id: 'in',
      type: 'auth0-event-stream-in',
      z: 'tab',
      x: 1,
      y: 2,
      url: '/bench/events',
      authMethod: 'bearer',
      headerName: '',
      tenant: 'cfg',
      types: ['user.created'],
      publicUrl: '',
      wires: [['in-sink']],
    },
    { id: 'watch-sink', type: 'helper', z: 'tab', x: 2, y: 1 },
    { id: 'in-sink', type: 'helper', z: 'tab', x: 2, y: 2 },
  ];
  const server = http.createServer((req, res) => httpNode!(req, res));
  const token = emu.managementToken();
  const bare = new Map<string, bigint>();
  let client: { close(): void; ready: Promise<void> } | undefined;
  try {
    await helper.load([capture, packageNode('config/auth0-config'), packageNode('events/auth0-events'), packageNode('events/auth0-event-stream-in')], flow, {
      cfg: { clientId: emu.clientId, clientSecret: emu.clientSecret },
      in: { token: TOKEN },
    });
    withoutSpies(helper, flow);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench/events`;
    const created = await fetch(`${emu.url}/api/v2/event-streams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'bench',
        subscriptions: [{ event_type: 'user.created' }],
        destination: { type: 'webhook', configuration: { webhook_endpoint: hookUrl, webhook_authorization: { method: 'bearer', token: TOKEN } } },
      }),
    });
    const streamId = ((await created.json()) as { id: string }).id;
    client = bareSseClient(emu, token, bare);
    await client.ready;

    const watched = new Map<string, bigint>();
    const received = new Map<string, bigint>();
    let wake: (() => void) | undefined;
    helper.getNode('watch-sink')!.on('input', (msg) => {
      watched.set((msg.payload as { id: string }).id, process.hrtime.bigint());
      wake?.();
    });
    helper.getNode('in-sink')!.on('input', (msg) => {
      received.set((msg.payload as { id: string }).id, process.hrtime.bigint());
      wake?.();
    });
    // Wait for the watcher's connection (its first offset-only marker is stored at once).
    for (
      let i = 0;
      i < 500 && Number(((await (await fetch(`${emu.url}/__emulator/events/settings`)).json()) as { openConnections: number }).openConnections) < 2;
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const lat = { watch: [] as number[], bare: [] as number[], receiver: [] as number[] };
    const measuredIds: string[] = [];
    for (let i = 0; i < USERS + WARMUP; i++) {
      const answer = await fetch(`${emu.url}/api/v2/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          connection: 'Username-Password-Authentication',
          email: `bench${i}@example.com`,
          password: 'Correct-Horse-9',
          verify_email: false,
        }),
      });
      await answer.arrayBuffer();
      const entry = bus.log
        .all()
        .find((e) => e.event.type === 'user.created' && (e.event.data.object as { email?: string }).email === `bench${i}@example.com`)!;
      const id = entry.event.id;
      while (!(watched.has(id) && received.has(id) && bare.has(id))) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 5);
        });
      }
      if (i < WARMUP) continue;
      const ms = (t: bigint) => Number(t - entry.publishedAt) / 1e6;
      measuredIds.push(id);
      lat.watch.push(ms(watched.get(id)!));
      lat.bare.push(ms(bare.get(id)!));
      lat.receiver.push(ms(received.get(id)!));
    }
    // The emulator's own delivery time: the event published → its POST answered 2xx.
    const records = (await (await fetch(`${emu.url}/__emulator/event-streams/${streamId}/attempts`)).json()) as { event_id: string; delivered_ms?: number }[];
    const deliveredMs = new Map(records.map((r) => [r.event_id, r.delivered_ms]));
    const delivered = measuredIds.map((id) => deliveredMs.get(id)).filter((v): v is number => typeof v === 'number');
    const rows: BenchRow[] = [];
    const add = (name: string, values: number[], baseline: number[], baselineName: string, p: number): void => {
      const value = percentile(values, p);
      const base = percentile(baseline, p);
      rows.push({
        name: `${name}, ${p === 50 ? 'median' : `${p}th percentile`} (ms)`,
        value,
        unit: 'ms',
        baseline: Number(base.toFixed(2)),
        ratio: value / base,
        note: `${USERS} users created one at a time over the Management API, from the event's publication at the emulator; baseline: ${baselineName}, same events, same run`,
      });
    };
    add('auth0-events (Events API)', lat.watch, lat.bare, 'a bare SSE client (same parser) on the same stream', 50);
    add('auth0-events (Events API)', lat.watch, lat.bare, 'a bare SSE client (same parser) on the same stream', 99);
    add('auth0-event-stream-in (webhook)', lat.receiver, delivered, "the emulator's own delivery (its POST answered 2xx)", 50);
    add('auth0-event-stream-in (webhook)', lat.receiver, delivered, "the emulator's own delivery (its POST answered 2xx)", 99);
    return rows;
  } finally {
    client?.close();
    await helper.unload();
    await helper.stopServer();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await emu.close();
  }
}
