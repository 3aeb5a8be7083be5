import assert from 'node:assert/strict';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { Auth0Error, RateLimitError } from '../../nodes/shared/errors';
import type { ClientStatus, RequestSpec, TenantClient } from '../../nodes/shared/http-types';
import { TestServer, json, optionsFor, rejectionOf, sleep, withTokenEndpoint } from './helpers';

const TOKEN = 'static-management-token';
const get = (path: string, extra: Partial<RequestSpec> = {}): RequestSpec => ({ method: 'GET', path, auth: 'management', operation: `get ${path}`, ...extra });

/** Timers may fire a few ms early relative to Date.now(); waits are checked with this slack. */
const SLACK_MS = 30;

const nextSecond = (): number => Math.ceil(Date.now() / 1000) + 1;

function tooMany(res: Parameters<typeof json>[0], headers: Record<string, string | number>): void {
  json(res, 429, { statusCode: 429, error: 'Too Many Requests', message: 'Global limit has been reached', errorCode: 'too_many_requests' }, headers);
}

describe('tenant client: rate limits', function () {
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

  it('on 429, retries once a token should have refilled, and waits until X-RateLimit-Reset when refused again', async function () {
    const reset = nextSecond();
    let calls = 0;
    server.setHandler((_req, res) =>
      ++calls <= 2 ? tooMany(res, { 'X-RateLimit-Limit': 10, 'X-RateLimit-Remaining': 0, 'X-RateLimit-Reset': reset }) : json(res, 200, { ok: true }),
    );
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const response = await client.request(get('/api/v2/users'));
    assert.deepEqual(response.data, { ok: true });
    assert.equal(server.requests.length, 3);
    const [first, second, third] = server.requests.map((r) => r.at);
    // The bucket of 10 is full again at the reset: one token takes a tenth of that time.
    const oneToken = (reset * 1000 - first) / 10;
    assert.ok(second >= first + oneToken - SLACK_MS, `the first retry waited for a token (${second - first} ms of ${oneToken.toFixed(0)})`);
    assert.ok(second < reset * 1000 - 100, 'the first retry did not wait for the whole bucket');
    assert.ok(third >= reset * 1000 - SLACK_MS, 'refused again, the next retry went out only after the reset time');
  });

  it('on 429, honours Retry-After in seconds and as an HTTP date', async function () {
    let calls = 0;
    server.setHandler((_req, res) => (++calls === 1 ? tooMany(res, { 'Retry-After': '1' }) : json(res, 200, {})));
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    await client.request(get('/api/v2/users'));
    assert.equal(server.requests.length, 2);
    assert.ok(server.requests[1].at - server.requests[0].at >= 1000 - SLACK_MS);

    const until = nextSecond() * 1000;
    calls = 0;
    server.requests.length = 0;
    server.setHandler((_req, res) => (++calls === 1 ? tooMany(res, { 'Retry-After': new Date(until).toUTCString() }) : json(res, 200, {})));
    await client.request(get('/api/v2/users'));
    assert.equal(server.requests.length, 2);
    assert.ok(server.requests[1].at >= until - SLACK_MS);
  });

  it('on 429 without any header, backs off and retries', async function () {
    let calls = 0;
    server.setHandler((_req, res) => (++calls === 1 ? json(res, 429, { message: 'Too many requests' }) : json(res, 200, { ok: 1 })));
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const response = await client.request(get('/api/v2/users'));
    assert.deepEqual(response.data, { ok: 1 });
    assert.equal(server.requests.length, 2);
    assert.ok(server.requests[1].at - server.requests[0].at >= 500 - SLACK_MS, 'the first backoff is at least 0.5 s');
  });

  it('gives up after `retries` retries with a RateLimitError carrying resetAt', async function () {
    const reset = Math.floor(Date.now() / 1000) - 1; // already passed: only the jitter is waited
    server.setHandler((_req, res) => tooMany(res, { 'X-RateLimit-Limit': 10, 'X-RateLimit-Remaining': 0, 'X-RateLimit-Reset': reset }));
    client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 2 }));
    const err = await rejectionOf(client.request(get('/api/v2/users', { operation: 'users.list' })));
    assert.ok(err instanceof RateLimitError);
    assert.ok(err instanceof Auth0Error);
    assert.equal(err.statusCode, 429);
    assert.equal(err.errorCode, 'too_many_requests');
    assert.equal(err.resetAt, reset);
    assert.equal(err.operation, 'users.list');
    assert.match(err.message, /Global limit has been reached\. Gave up after 2 retries\. The limit resets at /);
    assert.equal(server.requests.length, 3, 'one attempt and two retries');
  });

  it('with retries 0, does not retry a 429', async function () {
    server.setHandler((_req, res) => tooMany(res, { 'Retry-After': '30' }));
    client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 0 }));
    const err = await rejectionOf(client.request(get('/api/v2/users')));
    assert.ok(err instanceof RateLimitError);
    assert.ok(typeof err.resetAt === 'number' && err.resetAt >= Math.floor(Date.now() / 1000) + 28);
    assert.equal(server.requests.length, 1);
  });

  it('retries every method on 429, POST included (the service did not apply it)', async function () {
    let calls = 0;
    server.setHandler((_req, res) => (++calls === 1 ? tooMany(res, { 'Retry-After': '0' }) : json(res, 201, { created: true })));
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const response = await client.request({ method: 'POST', path: '/api/v2/users', auth: 'management', body: { email: 'a@b.c' } });
    assert.equal(response.statusCode, 201);
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[1].body.toString(), '{"email":"a@b.c"}', 'the body is sent again whole');
  });

  it('a 429 pauses the whole tenant: queued requests wait for the reset too, the retry goes first', async function () {
    const reset = nextSecond();
    let calls = 0;
    server.setHandler((req, res) =>
      ++calls === 1 ? tooMany(res, { 'X-RateLimit-Reset': reset, 'X-RateLimit-Remaining': 0 }) : json(res, 200, { path: req.path }),
    );
    client = createTenantClient(optionsFor(server, { token: TOKEN, maxConcurrent: 1 }));
    const c = client;
    await Promise.all(['/api/v2/a', '/api/v2/b', '/api/v2/c'].map((p) => c.request(get(p))));
    assert.deepEqual(
      server.requests.map((r) => r.path),
      ['/api/v2/a', '/api/v2/a', '/api/v2/b', '/api/v2/c'],
    );
    for (const later of server.requests.slice(1)) assert.ok(later.at >= reset * 1000 - SLACK_MS, `${later.path} waited for the reset`);
  });

  it('requests sent while the tenant is paused wait for the reset, even with free slots', async function () {
    const reset = nextSecond();
    let calls = 0;
    server.setHandler((_req, res) => (++calls === 1 ? tooMany(res, { 'X-RateLimit-Reset': reset }) : json(res, 200, {})));
    client = createTenantClient(optionsFor(server, { token: TOKEN, maxConcurrent: 4 }));
    const c = client;
    const paused = new Promise<ClientStatus>((resolve) => c.onStatus((s) => s.state === 'rate-limited' && resolve(s)));
    const first = c.request(get('/api/v2/first'));
    const status = await paused;
    assert.match(status.text, /^rate limited \d+s$/);
    assert.ok(status.resumeAt !== undefined && status.resumeAt >= reset * 1000 && status.resumeAt <= reset * 1000 + 1000);
    const others = [c.request(get('/api/v2/second')), c.request(get('/api/v2/third'))];
    // The Authentication API is limited separately: it is not held back by the Management API's pause.
    await c.request({ method: 'GET', path: '/userinfo', auth: 'none' });
    const userinfoAt = server.to('/userinfo')[0].at;
    await Promise.all([first, ...others]);
    assert.equal(server.requests.length, 5);
    assert.ok(userinfoAt < reset * 1000, 'the other lane was not paused');
    for (const path of ['/api/v2/second', '/api/v2/third']) assert.ok(server.to(path)[0].at >= reset * 1000 - SLACK_MS, `${path} waited`);
    assert.equal(server.to('/api/v2/first').length, 2);
  });

  it('when X-RateLimit-Remaining reaches 0, the next request waits for a token to refill, not for the whole bucket', async function () {
    const reset = nextSecond();
    let calls = 0;
    server.setHandler((_req, res) =>
      json(res, 200, {}, calls++ === 0 ? { 'X-RateLimit-Limit': 5, 'X-RateLimit-Remaining': 0, 'X-RateLimit-Reset': reset } : {}),
    );
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const first = await client.request(get('/api/v2/one'));
    const answeredAt = Date.now();
    assert.deepEqual(first.rateLimit, { limit: 5, remaining: 0, reset });
    await client.request(get('/api/v2/two'));
    // The bucket refills 5 tokens by the reset: one token takes a fifth of that time.
    const oneToken = (reset * 1000 - answeredAt) / 5;
    const sentAt = server.to('/api/v2/two')[0].at;
    assert.ok(sentAt >= answeredAt + oneToken - SLACK_MS, `waited for a token (${sentAt - answeredAt} ms of ${oneToken.toFixed(0)})`);
    assert.ok(sentAt < reset * 1000 - 100, 'did not wait for the whole bucket');
  });

  it('a token request goes through the same limiter and is retried on 429', async function () {
    let tokenCalls = 0;
    const handler = withTokenEndpoint((_req, res) => json(res, 200, {}));
    server.setHandler((req, res, raw) => {
      if (req.path === '/oauth/token' && ++tokenCalls === 1) return tooMany(res, { 'Retry-After': '0' });
      return handler(req, res, raw);
    });
    client = createTenantClient(optionsFor(server, { maxConcurrent: 1 }));
    await client.request(get('/api/v2/users'));
    assert.deepEqual(
      server.requests.map((r) => r.path),
      ['/oauth/token', '/oauth/token', '/api/v2/users'],
    );
  });

  it('respects the concurrency cap', async function () {
    server.setHandler(async (_req, res) => {
      await sleep(15);
      json(res, 200, {});
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, maxConcurrent: 3 }));
    const c = client;
    await Promise.all(Array.from({ length: 30 }, (_, i) => c.request(get(`/api/v2/item/${i}`))));
    assert.equal(server.requests.length, 30);
    assert.equal(server.maxActive, 3);
  });

  it('queues a burst of 1,000 requests: nothing dropped, the cap held, a 429 window not stormed', async function () {
    let windowEnd = 0;
    let tooManyCount = 0;
    server.setHandler((req, res) => {
      const n = server.requests.length;
      if (n === 300) windowEnd = nextSecond() * 1000;
      if (Date.now() < windowEnd) {
        tooManyCount++;
        return tooMany(res, { 'X-RateLimit-Reset': windowEnd / 1000, 'X-RateLimit-Remaining': 0 });
      }
      json(res, 200, { path: req.path });
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN, maxConcurrent: 4 }));
    const c = client;
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => c.request<{ path: string }>(get(`/api/v2/users/u${i}`))));
    assert.equal(results.length, 1000);
    assert.deepEqual(
      results.map((r) => r.data.path),
      Array.from({ length: 1000 }, (_, i) => `/api/v2/users/u${i}`),
    );
    assert.ok(server.maxActive <= 4, `at most 4 at once, saw ${server.maxActive}`);
    // Met by the requests in flight when the window opened (at most 4) and by those sent on the
    // slots their answers freed before the first 429 came back (at most 3): never the queue.
    assert.ok(tooManyCount >= 1 && tooManyCount <= 2 * 4 - 1, `429s met: ${tooManyCount}`);
    assert.equal(server.requests.length, 1000 + tooManyCount);
  });

  it('paces requests when requestsPerSecond is set', async function () {
    client = createTenantClient(optionsFor(server, { token: TOKEN, requestsPerSecond: 20 }));
    const c = client;
    await Promise.all(Array.from({ length: 6 }, (_, i) => c.request(get(`/api/v2/p/${i}`))));
    const times = server.requests.map((r) => r.at).sort((a, b) => a - b);
    // The limiter spaces its starts 50 ms apart, but this server runs in the same process: after a
    // stall of the machine two paced requests can be read together. Stalls only lengthen the whole
    // span, so that is what is measured: unpaced, the six arrive within a few ms.
    const span = times[times.length - 1] - times[0];
    assert.ok(
      span >= (times.length - 1) * 50 - SLACK_MS,
      `6 requests at 20/s over ${span} ms (gaps ${times
        .slice(1)
        .map((t, i) => t - times[i])
        .join(', ')})`,
    );
  });

  it('reports status: requesting, rate limited with the resume time, then idle', async function () {
    let calls = 0;
    server.setHandler((_req, res) => (++calls === 1 ? tooMany(res, { 'Retry-After': '1' }) : json(res, 200, {})));
    const lines: string[] = [];
    client = createTenantClient(optionsFor(server, { token: TOKEN, log: (_level, line) => lines.push(line) }));
    const seen: ClientStatus[] = [];
    const unsubscribe = client.onStatus((s) => seen.push(s));
    await client.request(get('/api/v2/users'));
    await new Promise((resolve) => setImmediate(resolve)); // status is published once changes settle
    unsubscribe();
    const published = seen.length;
    await client.request(get('/api/v2/users'));
    // A slow machine may publish the countdown twice ("rate limited 2s", "1s"): compare the changes of state.
    const states = seen.map((s) => s.state).filter((state, i, all) => i === 0 || state !== all[i - 1]);
    assert.deepEqual(states, ['requesting', 'rate-limited', 'requesting', 'idle']);
    const limited = seen.find((s) => s.state === 'rate-limited')!;
    assert.match(limited.text, /^rate limited [12]s$/);
    assert.ok(limited.resumeAt !== undefined && limited.resumeAt > Date.now() - 2000);
    assert.equal(seen.length, published, 'nothing after unsubscribing');
    assert.ok(
      lines.some((l) =>
        /^get \/api\/v2\/users: rate limited \(429\), pausing the tenant's management:users-read requests 1\.\d s \(until the service reset\), retry 1\/3$/.test(
          l,
        ),
      ),
      lines.join('\n'),
    );
  });

  it('reports an error status when the tenant cannot be reached, and idle again after a success', async function () {
    let refuse = true;
    server.setHandler((_req, res, raw) => {
      if (refuse) raw.socket.destroy();
      else json(res, 200, {});
    });
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const seen: ClientStatus[] = [];
    client.onStatus((s) => seen.push(s));
    await rejectionOf(client.request({ method: 'POST', path: '/api/v2/users', auth: 'management' }));
    await new Promise((resolve) => setImmediate(resolve));
    refuse = false;
    await client.request(get('/api/v2/users'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      seen.map((s) => `${s.state}:${s.text}`),
      ['requesting:requesting', 'error:connection error', 'requesting:requesting', 'idle:idle'],
    );
  });

  it('an abort ends the wait for the reset at once', async function () {
    server.setHandler((_req, res) => tooMany(res, { 'Retry-After': '30' }));
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
    const controller = new AbortController();
    const pending = client.request(get('/api/v2/users', { signal: controller.signal }));
    while (server.requests.length === 0) await sleep(5);
    await sleep(20);
    controller.abort();
    const err = await rejectionOf(pending);
    assert.ok(err instanceof Auth0Error);
    assert.equal(err.errorCode, 'ABORT_ERR');
    assert.equal(server.requests.length, 1);
  });
});
