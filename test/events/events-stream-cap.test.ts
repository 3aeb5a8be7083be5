/**
 * auth0-events behind a loopback proxy that, once told, stops passing the Events API stream on and
 * sends characters without a line end instead (a proxy gone wrong): the node ends the connection
 * past the parser's cap with an error to Catch, connects again after the backoff with the last
 * offset it recorded, and every event comes once, none skipped.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startEmulator, type Emulator } from '../../emulator';
import { eventCheckpointKey } from '../../nodes/events/watch/event-checkpoint';
import { MAX_EVENT_CHARS } from '../../nodes/events/watch/sse-messages';
import { TAB, tenantCredentials, tenantNode } from '../logs/runtime';
import { compare, eventModules, eventSettings, produce, sentIds, storedOffset } from './support';
import { waitUntil } from '../helpers/wait';
import { Collector, coreNodes, helper, type FlowNode } from '../helpers/node-red';

function drainedOrClosed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Passes every request on to the emulator; `flood()` turns the open event streams into a line that never ends. */
class FloodingProxy {
  /** The Last-Event-ID of each events request, in order. */
  readonly eventRequests: (string | undefined)[] = [];
  private readonly streams = new Set<{ upstream: http.IncomingMessage; res: http.ServerResponse }>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: http.Server,
    private readonly upstream: URL,
  ) {}

  static async start(upstreamUrl: string): Promise<FloodingProxy> {
    const server = http.createServer();
    const proxy = new FloodingProxy(server, new URL(upstreamUrl));
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => proxy.handle(req, res));
    server.on('connection', (socket: Socket) => {
      proxy.sockets.add(socket);
      socket.on('close', () => proxy.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get domain(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const isEvents = (req.url ?? '').startsWith('/api/v2/events');
    if (isEvents) this.eventRequests.push(req.headers['last-event-id'] as string | undefined);
    const headers = { ...req.headers, host: this.upstream.host };
    const forward = http.request({ host: this.upstream.hostname, port: this.upstream.port, method: req.method, path: req.url, headers }, (upstream) => {
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      if (!isEvents) {
        upstream.pipe(res);
        return;
      }
      const stream = { upstream, res };
      this.streams.add(stream);
      upstream.pipe(res);
      res.on('close', () => {
        this.streams.delete(stream);
        upstream.destroy();
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  }

  /** Each open event stream stops being passed on and gets `chars` characters with no line end; resolves when written or ended. */
  async flood(chars: number): Promise<number> {
    const streams = [...this.streams];
    await Promise.all(
      streams.map(async ({ upstream, res }) => {
        upstream.unpipe(res);
        upstream.destroy();
        const piece = 'x'.repeat(1024 * 1024);
        for (let sent = 0; sent < chars && !res.destroyed; sent += piece.length) {
          if (!res.write(piece)) await drainedOrClosed(res);
        }
      }),
    );
    return streams.length;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('auth0-events: a stream that never ends a line', function () {
  this.timeout(60000);
  let emu: Emulator;
  let proxy: FloodingProxy;
  const key = eventCheckpointKey('watch');

  beforeEach(async () => {
    emu = await startEmulator({ port: 0 });
    await eventSettings(emu, { heartbeatMs: 100 });
    proxy = await FloodingProxy.start(emu.url);
  });
  afterEach(async () => {
    await helper.unload();
    await proxy.close();
    await emu.close();
  });

  it('past the cap: the connection ends with an error to Catch, and the next one resumes from the last offset recorded, nothing lost or repeated', async () => {
    const watch: FlowNode = {
      id: 'watch',
      type: 'auth0-events',
      z: TAB.id,
      x: 100,
      y: 100,
      name: '',
      tenant: 'tenant',
      types: [],
      store: '',
      wires: [['out']],
    };
    const out: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };
    const catcher: FlowNode = { id: 'catch', type: 'catch', z: TAB.id, x: 100, y: 300, scope: ['watch'], uncaught: false, wires: [['caught']] };
    const caught: FlowNode = { id: 'caught', type: 'helper', z: TAB.id, x: 300, y: 300 };
    await helper.load(
      [...eventModules('auth0-events'), ...coreNodes('25-catch.js')],
      [TAB, tenantNode(emu, { domain: proxy.domain, audience: emu.managementAudience }), watch, out, catcher, caught],
      tenantCredentials(emu),
    );
    const sent = new Collector('out').attach();
    const catches = new Collector('caught').attach();
    await waitUntil(async () => (await storedOffset('watch', key)) !== undefined, { what: () => 'no offset stored after connecting' });

    const before = produce(emu, 3);
    await waitUntil(() => sent.messages.length >= 3, { what: () => compare(sentIds(sent.messages), before) });
    const readUpTo = String((sent.messages[2].auth0 as { offset: string }).offset);
    await waitUntil(async () => (await storedOffset('watch', key)) === readUpTo, { what: async () => `stored ${await storedOffset('watch', key)}` });
    const requests = proxy.eventRequests.length;

    // The proxy goes wrong: past the cap, and then some, without a line end.
    assert.equal(await proxy.flood(MAX_EVENT_CHARS + 4 * 1024 * 1024), 1);
    await waitUntil(() => catches.messages.length >= 1, { what: () => 'no error reached the Catch node' });
    const error = catches.messages[0].error as { message: string };
    assert.match(error.message, /more than 64 Mi characters without ending a line or an event/);
    assert.equal((catches.messages[0].auth0 as { errorCode?: string }).errorCode, 'invalid_response');

    const after = produce(emu, 3);
    await waitUntil(() => sent.messages.length >= 6, { what: () => compare(sentIds(sent.messages), [...before, ...after]) });
    assert.equal(proxy.eventRequests[requests], readUpTo, 'the new connection resumes from the last offset recorded');
    assert.deepEqual(sentIds(sent.messages), [...before, ...after], compare(sentIds(sent.messages), [...before, ...after]));
  });
});
