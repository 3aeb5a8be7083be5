/**
 * What the tenant client offers the Events API watcher: query parameters repeated per value, a
 * streamed answer's own idle timeout (an SSE stream is quiet between heartbeats, longer than the
 * config node's read timeout), and a 429 that concerns one request only (the connection cap):
 * not retried, and the tenant's other requests not held for it.
 */
import assert from 'node:assert/strict';
import type { Readable } from 'node:stream';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { RateLimitError } from '../../nodes/shared/errors';
import type { TenantClient } from '../../nodes/shared/http-types';
import { TestServer, json, optionsFor, rejectionOf, sleep, withTokenEndpoint } from '../tenant-client/helpers';

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('tenant client: what the events watcher needs', function () {
  this.timeout(20000);
  let server: TestServer;
  let client: TenantClient;
  const controller = new AbortController();

  afterEach(async () => {
    client?.close();
    await server?.close();
  });

  it('sends queryLists as one parameter per value, beside the ordinary query', async () => {
    server = await TestServer.start(withTokenEndpoint((_req, res) => json(res, 200, {})));
    client = createTenantClient(optionsFor(server));
    await client.request({
      method: 'GET',
      path: '/api/v2/events',
      query: { from: 'abc' },
      queryLists: { event_type: ['user.created', 'user.deleted'] },
      auth: 'management',
    });
    const sent = server.to('/api/v2/events')[0];
    assert.deepEqual(sent.query.getAll('event_type'), ['user.created', 'user.deleted']);
    assert.equal(sent.query.get('from'), 'abc');
  });

  it('a streamed answer quiet for longer than the read timeout lives on with its own idle timeout, and dies without it', async () => {
    server = await TestServer.start(
      withTokenEndpoint(async (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': first\n\n');
        await sleep(1600); // longer than the 1 s read timeout
        res.end(': second\n\n');
      }),
    );
    client = createTenantClient(optionsFor(server, { readTimeout: 1 }));
    const patient = await client.request<Readable>({
      method: 'GET',
      path: '/api/v2/events',
      auth: 'management',
      responseType: 'stream',
      streamIdleTimeout: 10,
      signal: controller.signal,
    });
    assert.equal(await readAll(patient.data), ': first\n\n: second\n\n');
    const hasty = await client.request<Readable>({
      method: 'GET',
      path: '/api/v2/events',
      auth: 'management',
      responseType: 'stream',
      signal: controller.signal,
    });
    const failure = await rejectionOf(readAll(hasty.data));
    assert.equal(failure.errorCode, 'ETIMEDOUT');
  });

  it("ownRateLimit: a 429 is handed over at once with the service's wait, and the tenant's other requests are not held", async () => {
    server = await TestServer.start(
      withTokenEndpoint((req, res) => {
        if (req.path === '/api/v2/events')
          json(res, 429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many open connections' }, { 'Retry-After': '30' });
        else json(res, 200, { ok: true });
      }),
    );
    client = createTenantClient(optionsFor(server, { retries: 3 }));
    const failure = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/events', auth: 'management', ownRateLimit: true }));
    assert.ok(failure instanceof RateLimitError);
    assert.ok(Number(failure.resetAt) * 1000 - Date.now() > 20_000, "the service's 30 s wait is in the error");
    assert.equal(server.to('/api/v2/events').length, 1, 'not retried');
    // Without ownRateLimit the same 429 would hold the tenant's management requests for 30 s.
    const other = await client.request<{ ok: boolean }>({ method: 'GET', path: '/api/v2/users', auth: 'management' });
    assert.deepEqual(other.data, { ok: true });
  });
});
