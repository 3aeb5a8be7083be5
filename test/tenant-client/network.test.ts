import assert from 'node:assert/strict';
import { createHook } from 'node:async_hooks';
import * as net from 'node:net';
import type { Readable } from 'node:stream';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { Auth0Error } from '../../nodes/shared/errors';
import type { TenantClient } from '../../nodes/shared/http-types';
import { TestServer, trackTimers, json, optionsFor, rejectionOf, sleep, startUnconnectablePort } from './helpers';

const TOKEN = 'static-management-token';

describe('tenant client: timeouts, dropped connections and close', function () {
  let server: TestServer;
  let client: TenantClient | undefined;

  beforeEach(async function () {
    server = await TestServer.start();
  });

  afterEach(async function () {
    client?.close();
    client = undefined;
    await server.close();
  });

  it('fails with ECONNTIMEOUT when the connection cannot be made within the connect timeout', async function () {
    const blackhole = await startUnconnectablePort();
    try {
      client = createTenantClient({ ...optionsFor(server, { token: TOKEN }), domain: `127.0.0.1:${blackhole.port}`, connectTimeout: 0.3, readTimeout: 10 });
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
      assert.ok(err instanceof Auth0Error);
      assert.equal(err.statusCode, 0);
      assert.equal(err.errorCode, 'ECONNTIMEOUT');
      assert.equal(err.operation, 'users.list');
      assert.match(err.message, /^users\.list: could not connect to 127\.0\.0\.1:\d+ within 0\.3 s \(connect timeout\)$/);
    } finally {
      blackhole.close();
    }
  });

  it('counts a TLS handshake that never completes against the connect timeout, not the read timeout', async function () {
    const silent = net.createServer(() => undefined); // accepts TCP, never speaks TLS
    const sockets = new Set<net.Socket>();
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as net.AddressInfo).port;
      client = createTenantClient({
        ...optionsFor(server, { token: TOKEN }),
        protocol: 'https',
        domain: `127.0.0.1:${port}`,
        connectTimeout: 0.6,
        readTimeout: 0.2,
      });
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
      assert.equal(err.errorCode, 'ECONNTIMEOUT');
      assert.match(err.message, /within 0\.6 s \(connect timeout\)$/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('fails with ETIMEDOUT when a connected server does not answer within the read timeout', async function () {
    server.setHandler(() => undefined); // accepts, reads the request, never answers
    client = createTenantClient(optionsFor(server, { token: TOKEN, connectTimeout: 10, readTimeout: 0.3 }));
    const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
    assert.ok(err instanceof Auth0Error);
    assert.equal(err.statusCode, 0);
    assert.equal(err.errorCode, 'ETIMEDOUT');
    assert.match(err.message, /^users\.list: no response from 127\.0\.0\.1:\d+ within 0\.3 s of waiting \(read timeout\)$/);
    assert.equal(server.requests.length, 1, 'a GET that timed out is not repeated');
  });

  it('says a timed-out POST was not repeated', async function () {
    server.setHandler(() => undefined);
    client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 0.2 }));
    const err = await rejectionOf(client.request({ method: 'POST', path: '/api/v2/users', auth: 'management', body: { a: 1 } }));
    assert.equal(err.errorCode, 'ETIMEDOUT');
    assert.match(err.message, /not repeated: the service may have applied it/);
    assert.equal(server.requests.length, 1);
  });

  it('keeps the two timeouts apart: a short connect timeout does not cut a slow answer', async function () {
    server.setHandler(async (_req, res) => {
      await sleep(1500);
      json(res, 200, { slow: true });
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, connectTimeout: 0.5, readTimeout: 5 }));
    const response = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    assert.deepEqual(response.data, { slow: true });
  });

  /** Holds this process's event loop (the client's and the server's) for `ms`. */
  function blockLoop(ms: number): void {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      // busy: a long synchronous flow, a long GC, a starved CPU
    }
  }

  it('does not count against the service the time this process was blocked: an answer that came meanwhile is read', async function () {
    // The answer is in the socket before the 0.3 s read timer runs out, but the loop is blocked
    // past it; after a block Node runs expired timers before it reads the sockets.
    server.setHandler((_req, res) => {
      json(res, 200, { answered: true });
      blockLoop(700);
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 0.3 }));
    const response = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    assert.deepEqual(response.data, { answered: true });
  });

  it('still reports a service that stays silent while this process was blocked', async function () {
    server.setHandler(() => blockLoop(700)); // never answers
    client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 0.3 }));
    const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
    assert.equal(err.errorCode, 'ETIMEDOUT');
    assert.match(err.message, /within 0\.3 s of waiting \(read timeout\)$/);
  });

  it("times the tenant's requests with one timer, not a timer (or a socket idle timer) per request", async function () {
    server.setHandler(async (_req, res) => {
      await sleep(20);
      json(res, 200, { ok: true });
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, maxConcurrent: 4 }));
    const c = client;
    await c.request({ method: 'GET', path: '/api/v2/warm', auth: 'management' }); // the first connection
    // Timers made by the client's timing code, the loop-lag sampler included.
    let created = 0;
    const hook = createHook({
      init(_id, type) {
        if (type === 'Timeout' && /nodes[\\/]tenant-client[\\/](request-timers|loop-lag)/.test(new Error().stack ?? '')) created += 1;
      },
    }).enable();
    const stackLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    try {
      await Promise.all(Array.from({ length: 40 }, (_, i) => c.request({ method: 'GET', path: `/api/v2/users/${i}`, auth: 'management' })));
    } finally {
      hook.disable();
      Error.stackTraceLimit = stackLimit;
    }
    assert.equal(server.requests.length, 41);
    assert.ok(created < 10, `${created} timers for 40 requests`);
  });

  it('the read timeout is a silence limit: a body that keeps flowing is not cut', async function () {
    server.setHandler(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      for (let i = 0; i < 10; i++) {
        res.write(`chunk${i};`);
        await sleep(150);
      }
      res.end();
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 1 }));
    const response = await client.request<string>({ method: 'GET', path: '/export', auth: 'none', responseType: 'text' });
    assert.equal(response.data, Array.from({ length: 10 }, (_, i) => `chunk${i};`).join(''));
  });

  it('a streamed download that stalls fails with the read timeout on the stream', async function () {
    server.setHandler(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.write('first part');
      // then silence
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 0.3 }));
    const response = await client.request<Readable>({ method: 'GET', path: '/download', auth: 'none', responseType: 'stream', operation: 'jobs.download' });
    const chunks: Buffer[] = [];
    const err = await rejectionOf(
      (async () => {
        for await (const chunk of response.data) chunks.push(chunk as Buffer);
      })(),
    );
    assert.equal(Buffer.concat(chunks).toString(), 'first part');
    assert.ok(err instanceof Auth0Error);
    assert.equal(err.errorCode, 'ETIMEDOUT');
    assert.match(err.message, /^jobs\.download: no response/);
  });

  it('does not repeat a POST after a dropped connection', async function () {
    server.setHandler((_req, _res, raw) => {
      raw.socket.destroy();
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const err = await rejectionOf(
      client.request({ method: 'POST', path: '/api/v2/users', auth: 'management', body: { email: 'x@y.z' }, operation: 'users.create' }),
    );
    assert.ok(err instanceof Auth0Error);
    assert.equal(err.statusCode, 0);
    assert.equal(err.errorCode, 'ECONNRESET');
    assert.match(err.message, /^users\.create: the connection to .* was dropped .*not repeated/);
    assert.equal(server.requests.length, 1);
  });

  for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
    it(`does not repeat a ${method} after a dropped connection`, async function () {
      server.setHandler((_req, _res, raw) => {
        raw.socket.destroy();
      });
      client = createTenantClient(optionsFor(server, { token: TOKEN }));
      const err = await rejectionOf(client.request({ method, path: '/api/v2/users/u1', auth: 'management', body: method === 'DELETE' ? undefined : { a: 1 } }));
      assert.equal(err.errorCode, 'ECONNRESET');
      assert.equal(server.requests.length, 1);
    });
  }

  it('retries a GET once after a dropped connection', async function () {
    let calls = 0;
    server.setHandler((_req, res, raw) => {
      if (++calls === 1) raw.socket.destroy();
      else json(res, 200, { second: true });
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const response = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    assert.deepEqual(response.data, { second: true });
    assert.equal(server.requests.length, 2);
  });

  it('retries a GET only once: a second drop is reported', async function () {
    server.setHandler((_req, _res, raw) => {
      raw.socket.destroy();
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }));
    assert.equal(err.errorCode, 'ECONNRESET');
    assert.doesNotMatch(err.message, /not repeated/);
    assert.equal(server.requests.length, 2);
  });

  it('a GET dropped half-way through its body is retried', async function () {
    let calls = 0;
    server.setHandler((_req, res) => {
      if (++calls === 1) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 100 });
        res.write('{"partial":');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      json(res, 200, { whole: true });
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const response = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    assert.deepEqual(response.data, { whole: true });
  });

  it('reports ECONNREFUSED when nothing listens', async function () {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    client = createTenantClient({ ...optionsFor(server, { token: TOKEN }), domain: `127.0.0.1:${port}` });
    const err = await rejectionOf(client.request({ method: 'POST', path: '/api/v2/users', auth: 'management', operation: 'users.create' }));
    assert.equal(err.statusCode, 0);
    assert.equal(err.errorCode, 'ECONNREFUSED');
    assert.match(err.message, /^users\.create: 127\.0\.0\.1:\d+ refused the connection$/);
  });

  it('close() aborts requests in flight, rejects queued ones and every later call, and leaves no timer', async function () {
    server.setHandler(() => undefined); // never answers
    const timers = trackTimers();
    client = createTenantClient(optionsFor(server, { token: TOKEN, maxConcurrent: 1, readTimeout: 30, connectTimeout: 30 }));
    const c = client;
    const inFlight = c.request({ method: 'GET', path: '/api/v2/one', auth: 'management', operation: 'one' });
    const queued = c.request({ method: 'GET', path: '/api/v2/two', auth: 'management', operation: 'two' });
    while (server.requests.length === 0) await sleep(5);
    assert.ok(timers.live() > 0, 'the read timeout is running');
    c.close();
    timers.freeze();
    const [a, b] = await Promise.all([rejectionOf(inFlight), rejectionOf(queued)]);
    for (const [err, op] of [
      [a, 'one'],
      [b, 'two'],
    ] as const) {
      assert.ok(err instanceof Auth0Error);
      assert.equal(err.errorCode, 'CLIENT_CLOSED');
      assert.equal(err.message, `${op}: the tenant client was closed (its auth0-config node stopped or was redeployed)`);
    }
    assert.equal(server.requests.length, 1, 'the queued request never went out');
    const later = await rejectionOf(c.request({ method: 'GET', path: '/api/v2/three', auth: 'management' }));
    assert.equal(later.errorCode, 'CLIENT_CLOSED');
    await rejectionOf(c.getManagementToken());
    await sleep(50);
    timers.stop();
    assert.equal(timers.live(), 0, 'no timer left behind');
  });

  it('close() ends a wait for the rate-limit reset and the pause timer', async function () {
    server.setHandler((_req, res) => json(res, 429, { message: 'Too many requests' }, { 'Retry-After': '30' }));
    const timers = trackTimers();
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const pending = client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    while (server.requests.length === 0) await sleep(5);
    await sleep(30);
    assert.ok(timers.live() > 0, 'waiting on a timer');
    client.close();
    timers.freeze();
    const err = await rejectionOf(pending);
    assert.equal(err.errorCode, 'CLIENT_CLOSED');
    await sleep(50);
    timers.stop();
    assert.equal(timers.live(), 0, 'the pause timer is cleared');
  });

  it('close() ends a token fetch in progress', async function () {
    server.setHandler(() => undefined); // the token endpoint never answers
    client = createTenantClient(optionsFor(server, { readTimeout: 30 }));
    const pending = client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    while (server.requests.length === 0) await sleep(5);
    client.close();
    const err = await rejectionOf(pending);
    assert.equal(err.errorCode, 'CLIENT_CLOSED');
  });

  it("a request's own signal aborts it in flight, and only it", async function () {
    server.setHandler(async (req, res) => {
      if (req.path === '/api/v2/slow') return; // never answers
      json(res, 200, {});
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 30 }));
    const controller = new AbortController();
    const slow = client.request({ method: 'GET', path: '/api/v2/slow', auth: 'management', signal: controller.signal });
    while (server.requests.length === 0) await sleep(5);
    controller.abort();
    const err = await rejectionOf(slow);
    assert.equal(err.errorCode, 'ABORT_ERR');
    const ok = await client.request({ method: 'GET', path: '/api/v2/fast', auth: 'management' });
    assert.equal(ok.statusCode, 200);
    const already = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/fast', auth: 'management', signal: AbortSignal.abort() }));
    assert.equal(already.errorCode, 'ABORT_ERR');
    assert.equal(server.to('/api/v2/fast').length, 1);
  });
});
