import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { backoffMs } from '../../nodes/shared/backoff';
import { TenantLimiter, type Release, type WaiterErrors } from '../../nodes/tenant-client/limiter';
import { MAX_RATE_LIMIT_WAIT_MS, RATE_LIMIT_BACKOFF, exhaustedUntilMs, parseRateLimit, serviceWait, waitUntilMs } from '../../nodes/tenant-client/rate-limit';
import { Redactor, secretValuesOf } from '../../nodes/tenant-client/redact';
import { rejectionOf, sleep } from './helpers';

const errors: WaiterErrors = {
  aborted: () => new Error('aborted'),
  closed: () => new Error('closed'),
};

describe('tenant limiter', function () {
  let limiter: TenantLimiter;

  afterEach(function () {
    limiter.close();
  });

  it('hands out at most maxConcurrent slots, the rest in FIFO order', async function () {
    limiter = new TenantLimiter({ maxConcurrent: 2 });
    const order: number[] = [];
    const releases: Release[] = [];
    const waiting = [0, 1, 2, 3, 4].map((i) =>
      limiter.acquire('management', { errors }).then((release) => {
        order.push(i);
        releases.push(release);
      }),
    );
    await sleep(5);
    assert.deepEqual(order, [0, 1]);
    assert.deepEqual(limiter.snapshot(), { active: 2, queued: 3 });
    releases[0]();
    releases[0](); // twice is harmless
    await sleep(5);
    assert.deepEqual(order, [0, 1, 2]);
    releases.slice(1).forEach((r) => r());
    await sleep(5);
    releases.forEach((r) => r());
    await Promise.all(waiting);
    assert.deepEqual(order, [0, 1, 2, 3, 4]);
    assert.deepEqual(limiter.snapshot(), { active: 0, queued: 0 });
  });

  it('serves retries before first attempts', async function () {
    limiter = new TenantLimiter({ maxConcurrent: 1 });
    const first = await limiter.acquire('management', { errors });
    const order: string[] = [];
    const a = limiter.acquire('management', { errors }).then((r) => (order.push('new'), r()));
    const b = limiter.acquire('management', { errors, priority: true }).then((r) => (order.push('retry'), r()));
    first();
    await Promise.all([a, b]);
    assert.deepEqual(order, ['retry', 'new']);
  });

  it('a pause holds back only its lane, and lifts by itself', async function () {
    limiter = new TenantLimiter({ maxConcurrent: 4 });
    const until = Date.now() + 150;
    limiter.pause('management', until);
    limiter.pause('management', Date.now() + 10); // an earlier time never shortens a pause
    const order: string[] = [];
    const management = limiter.acquire('management', { errors }).then((r) => (order.push('management'), r()));
    const authentication = limiter.acquire('authentication', { errors }).then((r) => (order.push('authentication'), r()));
    await authentication;
    assert.deepEqual(order, ['authentication']);
    assert.ok(limiter.snapshot().pausedUntil === until);
    await management;
    assert.ok(Date.now() >= until - 5);
    assert.deepEqual(order, ['authentication', 'management']);
  });

  it('an aborted waiter leaves the queue; close rejects the rest', async function () {
    limiter = new TenantLimiter({ maxConcurrent: 1 });
    const held = await limiter.acquire('management', { errors });
    const controller = new AbortController();
    const aborted = limiter.acquire('management', { errors, signal: controller.signal });
    const queued = limiter.acquire('management', { errors });
    controller.abort();
    assert.equal((await rejectionOf(aborted)).message, 'aborted');
    assert.equal(limiter.snapshot().queued, 1);
    limiter.close();
    assert.equal((await rejectionOf(queued)).message, 'closed');
    assert.equal((await rejectionOf(limiter.acquire('management', { errors }))).message, 'closed');
    held();
  });

  it("a burst queued under one signal (a node's messages) shares one abort listener, and its abort rejects every waiter in order", async function () {
    limiter = new TenantLimiter({ maxConcurrent: 1 });
    const held = await limiter.acquire('management', { errors });
    const node = new AbortController();
    const other = new AbortController();
    const rejected: number[] = [];
    const burst = Array.from({ length: 1000 }, (_, i) =>
      limiter.acquire('management', { errors: { ...errors, aborted: () => new Error(`aborted ${i}`) }, signal: node.signal }).then(
        () => assert.fail(`waiter ${i} got a slot`),
        (err: Error) => {
          rejected.push(i);
          assert.equal(err.message, `aborted ${i}`);
        },
      ),
    );
    const otherWaiter = limiter.acquire('management', { errors, signal: other.signal });
    assert.equal(getEventListeners(node.signal, 'abort').length, 1, 'one listener for the whole burst');
    node.abort();
    await Promise.all(burst);
    assert.deepEqual(
      rejected,
      Array.from({ length: 1000 }, (_, i) => i),
    );
    assert.equal(limiter.snapshot().queued, 1, 'the waiter under another signal stays queued');
    held();
    (await otherWaiter)();
    assert.equal(getEventListeners(other.signal, 'abort').length, 0, 'the listener goes with the last waiter of its signal');
  });

  it('takes the shared abort listener off once the last waiter of its signal has a slot', async function () {
    limiter = new TenantLimiter({ maxConcurrent: 1 });
    let held = await limiter.acquire('management', { errors });
    const node = new AbortController();
    const waiting = [0, 1, 2].map(() => limiter.acquire('management', { errors, signal: node.signal }));
    assert.equal(getEventListeners(node.signal, 'abort').length, 1);
    for (const next of waiting) {
      held();
      held = await next;
    }
    assert.equal(getEventListeners(node.signal, 'abort').length, 0);
    held();
    node.abort(); // nothing queued any more: no waiter is rejected, and nothing throws
    assert.equal(limiter.snapshot().active, 0);
  });

  it('paces starts when requestsPerSecond is set', async function () {
    limiter = new TenantLimiter({ maxConcurrent: 10, requestsPerSecond: 50 });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 4 }, () => limiter.acquire('management', { errors }).then((r) => (starts.push(Date.now()), r()))));
    for (let i = 1; i < starts.length; i++) assert.ok(starts[i] - starts[i - 1] >= 15, `gap ${starts[i] - starts[i - 1]}`);
  });
});

describe('rate-limit headers', function () {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);

  it('parses limit, remaining and reset', function () {
    assert.deepEqual(parseRateLimit({ 'x-ratelimit-limit': '50', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1735732805' }), {
      limit: 50,
      remaining: 0,
      reset: 1735732805,
    });
    assert.deepEqual(parseRateLimit({ 'x-ratelimit-limit': 'lots' }), {});
  });

  it('reads Retry-After (seconds or date) before X-RateLimit-Reset', function () {
    assert.deepEqual(serviceWait({ 'retry-after': '7', 'x-ratelimit-reset': String(now / 1000 + 30) }, now), {
      resumeAtMs: now + 7000,
      resetAt: now / 1000 + 7,
    });
    assert.equal(serviceWait({ 'retry-after': new Date(now + 9000).toUTCString() }, now)?.resumeAtMs, now + 9000);
    assert.deepEqual(serviceWait({ 'x-ratelimit-reset': String(now / 1000 + 12) }, now), { resumeAtMs: now + 12_000, resetAt: now / 1000 + 12 });
    assert.equal(serviceWait({}, now), undefined);
  });

  it("moves the reset onto our clock when the service's Date shows we are off", function () {
    const serverNow = now + 3_600_000; // our clock is an hour behind
    const headers = { date: new Date(serverNow).toUTCString(), 'x-ratelimit-reset': String(serverNow / 1000 + 10) };
    assert.equal(serviceWait(headers, now)?.resumeAtMs, now + 10_000);
    assert.equal(serviceWait(headers, now)?.resetAt, serverNow / 1000 + 10, 'resetAt stays the service value');
    assert.equal(exhaustedUntilMs({ ...headers, 'x-ratelimit-remaining': '0' }, now), now + 10_000);
  });

  it('reads a small reset value as seconds from now', function () {
    assert.equal(serviceWait({ 'x-ratelimit-reset': '5' }, now)?.resumeAtMs, now + 5000);
  });

  it('caps waits, never waits a negative time, and backs off exponentially', function () {
    assert.equal(
      waitUntilMs(now + 3_600_000, now, () => 0),
      MAX_RATE_LIMIT_WAIT_MS + 50,
    );
    assert.equal(
      waitUntilMs(now - 5000, now, () => 0),
      50,
    );
    assert.equal(
      backoffMs(1, RATE_LIMIT_BACKOFF, () => 0),
      500,
    );
    assert.equal(
      backoffMs(1, RATE_LIMIT_BACKOFF, () => 1),
      1000,
    );
    assert.equal(
      backoffMs(3, RATE_LIMIT_BACKOFF, () => 1),
      4000,
    );
    assert.equal(
      backoffMs(20, RATE_LIMIT_BACKOFF, () => 1),
      30_000,
    );
  });

  it('says the bucket is empty only for remaining 0 with a future reset', function () {
    assert.equal(exhaustedUntilMs({ 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': String(now / 1000 + 5) }, now), undefined);
    assert.equal(exhaustedUntilMs({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 - 5) }, now), undefined);
    assert.equal(exhaustedUntilMs({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 500) }, now), now + MAX_RATE_LIMIT_WAIT_MS);
  });
});

describe('secret scrubbing', function () {
  it('removes secrets, also URL-encoded or JSON-escaped, and ignores values too short to scrub', function () {
    const redactor = new Redactor(['p@ss w"rd', 'ab', undefined]);
    assert.equal(redactor.scrub('got p@ss w"rd, p%40ss%20w%22rd and "p@ss w\\"rd"; ab stays'), 'got [redacted], [redacted] and "[redacted]"; ab stays');
  });

  it('finds the secret values of a body by key, at any depth', function () {
    assert.deepEqual(
      secretValuesOf({
        username: 'me',
        password: 'pw-1',
        nested: { client_secret: 'cs-1', otp: '123456', list: [{ refresh_token: 'rt-1' }] },
        recovery_codes: ['rc-1'],
        n: 5,
      }).sort(),
      ['123456', 'cs-1', 'pw-1', 'rc-1', 'rt-1'],
    );
  });
});
