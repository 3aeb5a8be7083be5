/**
 * Proxies from the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY), as axios honoured them: plain
 * http in absolute form to the proxy, https through a CONNECT tunnel with TLS to the tenant.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import { createTenantClient } from '../../nodes/tenant-client/client';
import type { TenantClient } from '../../nodes/shared/http-types';
import { TestServer, json, optionsFor, rejectionOf } from './helpers';

const TOKEN = 'static-management-token-never-in-clear';
const VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'all_proxy'];

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A forward proxy on loopback: absolute-form requests are passed on, CONNECTs tunnelled (or refused with `connectStatus`). */
class TestProxy {
  readonly seen: Seen[] = [];
  /** What went through the tunnels towards the tenant. */
  tunnelled = Buffer.alloc(0);
  /** The answer to CONNECT: 200 tunnels, 0 never answers. */
  connectStatus = 200;
  private readonly sockets = new Set<net.Socket>();
  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<TestProxy> {
    const server = http.createServer();
    const proxy = new TestProxy(server);
    server.on('connection', (socket: net.Socket) => {
      proxy.sockets.add(socket);
      socket.on('close', () => proxy.sockets.delete(socket));
    });
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      proxy.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const target = new URL(req.url ?? '');
      const out = http.request(
        { hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    });
    server.on('connect', (req: http.IncomingMessage, socket: net.Socket) => {
      proxy.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      proxy.sockets.add(socket);
      if (proxy.connectStatus === 0) return; // never answers
      if (proxy.connectStatus !== 200) {
        socket.end(`HTTP/1.1 ${proxy.connectStatus} Refused\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
      const upstream = net.connect(Number(port), host === 'localhost' ? '127.0.0.1' : host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        socket.on('data', (chunk: Buffer) => {
          proxy.tunnelled = Buffer.concat([proxy.tunnelled, chunk]);
        });
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('tenant client: proxies from the environment', function () {
  let server: TestServer;
  let proxy: TestProxy;
  let client: TenantClient | undefined;
  const saved: Record<string, string | undefined> = {};

  beforeEach(async function () {
    for (const name of VARIABLES) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
    server = await TestServer.start((_req, res) => json(res, 200, { through: 'tenant' }));
    proxy = await TestProxy.start();
  });

  afterEach(async function () {
    client?.close();
    client = undefined;
    for (const name of VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await proxy.close();
    await server.close();
  });

  it('sends http through HTTP_PROXY in absolute form, with the proxy credentials from its URL', async function () {
    process.env.HTTP_PROXY = `http://proxy-user:p%40ss@127.0.0.1:${proxy.port}`;
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const response = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    assert.deepEqual(response.data, { through: 'tenant' });
    assert.equal(proxy.seen.length, 1);
    assert.equal(proxy.seen[0].url, `http://${server.domain}/api/v2/users`);
    assert.equal(proxy.seen[0].headers.host, server.domain);
    assert.equal(proxy.seen[0].headers['proxy-authorization'], `Basic ${Buffer.from('proxy-user:p@ss').toString('base64')}`);
    assert.equal(server.requests.length, 1);
  });

  it('goes straight to a host NO_PROXY names', async function () {
    process.env.HTTP_PROXY = `http://127.0.0.1:${proxy.port}`;
    process.env.NO_PROXY = 'example.com, 127.0.0.1';
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    assert.equal(proxy.seen.length, 0);
    assert.equal(server.requests.length, 1);
  });

  it('tunnels https through HTTPS_PROXY with CONNECT: TLS runs to the tenant, the proxy never sees the request', async function () {
    // The tenant's side of the tunnel records what arrives and hangs up (no certificate to offer).
    const received: Buffer[] = [];
    const tenant = net.createServer((socket) => {
      socket.once('data', (chunk: Buffer) => {
        received.push(chunk);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => tenant.listen(0, '127.0.0.1', resolve));
    try {
      const port = (tenant.address() as net.AddressInfo).port;
      process.env.HTTPS_PROXY = `http://proxy-user:secret@127.0.0.1:${proxy.port}`;
      client = createTenantClient({ ...optionsFor(server, { token: TOKEN }), protocol: 'https', domain: `localhost:${port}` });
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
      assert.equal(err.errorCode, 'ECONNRESET', String(err.message));
      const connects = proxy.seen.filter((s) => s.method === 'CONNECT');
      assert.ok(connects.length >= 1);
      assert.equal(connects[0].url, `localhost:${port}`);
      assert.equal(connects[0].headers['proxy-authorization'], `Basic ${Buffer.from('proxy-user:secret').toString('base64')}`);
      // A TLS ClientHello (record type 22) naming the tenant, and no request or token in clear.
      assert.equal(received[0][0], 0x16);
      assert.ok(received[0].includes(Buffer.from('localhost')), 'the tenant name is sent as SNI');
      assert.ok(!proxy.tunnelled.includes(Buffer.from(TOKEN)) && !proxy.tunnelled.includes(Buffer.from('/api/v2/users')));
      assert.ok(!String(err.message).includes('secret'));
    } finally {
      await new Promise<void>((resolve) => tenant.close(() => resolve()));
    }
  });

  it('reports a proxy that refuses the tunnel, without its credentials', async function () {
    proxy.connectStatus = 407;
    process.env.HTTPS_PROXY = `http://proxy-user:secret@127.0.0.1:${proxy.port}`;
    client = createTenantClient({ ...optionsFor(server, { token: TOKEN }), protocol: 'https', domain: 'tenant.example.com' });
    const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
    assert.equal(err.errorCode, 'EPROXY');
    assert.match(err.message, /the proxy answered HTTP 407 to CONNECT/);
    assert.ok(!err.message.includes('secret') && !err.message.includes('proxy-user'));
  });

  it('counts the tunnel against the connect timeout: a proxy that never answers CONNECT', async function () {
    proxy.connectStatus = 0;
    process.env.HTTPS_PROXY = `http://127.0.0.1:${proxy.port}`;
    client = createTenantClient({
      ...optionsFor(server, { token: TOKEN }),
      protocol: 'https',
      domain: 'tenant.example.com',
      connectTimeout: 0.3,
      readTimeout: 10,
    });
    const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
    assert.equal(err.errorCode, 'ECONNTIMEOUT');
  });

  it('names the variable, not its value, when the proxy is not an http(s) URL', async function () {
    process.env.HTTPS_PROXY = 'socks5://proxy-user:secret@127.0.0.1:1080';
    client = createTenantClient({ ...optionsFor(server, { token: TOKEN }), protocol: 'https', domain: 'tenant.example.com' });
    const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
    assert.match(err.message, /HTTPS_PROXY \(or ALL_PROXY\) is not an http:\/\/ or https:\/\/ URL/);
    assert.ok(!err.message.includes('secret'));
  });
});
