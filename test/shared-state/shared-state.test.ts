import assert from 'node:assert/strict';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { ConfigError } from '../../nodes/shared/errors';
import type { TenantClient } from '../../nodes/shared/http-types';
import { FencedStore, LeaseLost } from '../../nodes/shared-state/fenced-store';
import { WatcherLease } from '../../nodes/shared-state/lease';
import { openSharedState } from '../../nodes/shared-state/open';
import { maskRedisUrl, parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState, SharedStateUnavailable } from '../../nodes/shared-state/shared-state';
import { TestServer, bearer, json, optionsFor, rejectionOf, withTokenEndpoint } from '../tenant-client/helpers';
import { useRedis } from '../helpers/redis';

const usersList = { method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' } as const;

function connect(redis: { url: string }, prefix: string, leaseMs = 1000): SharedState {
  return new SharedState({ target: parseRedisUrl(redis.url)!, prefix, leaseMs });
}

async function ready(...states: SharedState[]): Promise<void> {
  for (const state of states) assert.equal(await state.whenAvailable(5000), true, 'Redis is reachable');
}

describe('shared state: the Redis URL setting', function () {
  it('reads redis:// and rediss:// URLs with user, password, port and database', function () {
    const plain = parseRedisUrl('redis://127.0.0.1:6380/2')!;
    assert.deepEqual([plain.tls, plain.host, plain.port, plain.db, plain.password], [false, '127.0.0.1', 6380, 2, undefined]);
    const tls = parseRedisUrl('rediss://app:p%40ss@cache.example.com')!;
    assert.deepEqual([tls.tls, tls.host, tls.port, tls.db, tls.username, tls.password], [true, 'cache.example.com', 6379, 0, 'app', 'p@ss']);
    assert.equal(tls.display, 'rediss://app:***@cache.example.com');
    assert.equal(parseRedisUrl(''), undefined, 'empty: no shared state');
    assert.equal(parseRedisUrl('  '), undefined);
  });

  it('refuses what is not a Redis URL, naming the setting and never showing the password', function () {
    for (const bad of ['http://user:hunter2@host:6379', 'redis://user:hunter2@host:99999', 'redis://user:hunter2@host/abc', 'not a url hunter2']) {
      assert.throws(
        () => parseRedisUrl(bad),
        (err: Error) => {
          assert.ok(err instanceof ConfigError);
          assert.match(err.message, /Redis URL \(redisUrl\)/);
          assert.doesNotMatch(err.message, /hunter2/);
          return true;
        },
        bad,
      );
    }
    assert.equal(maskRedisUrl('redis://:hunter2@h:1/0'), 'redis://:***@h:1/0');
  });

  it('a password holding "@", ":" or "/" is never shown in part (the URL shown is rebuilt from the parsed one)', function () {
    const at = parseRedisUrl('redis://default:Pass@123@cache.example.com:6380/1')!;
    assert.equal(at.display, 'redis://default:***@cache.example.com:6380/1');
    assert.equal(at.password, 'Pass@123');
    for (const raw of ['redis://default:Pa:ss@123@cache.example.com', 'redis://default:x@Pass@123@cache.example.com/2', 'redis://:Pass@123@h']) {
      assert.doesNotMatch(maskRedisUrl(raw), /Pass|123|Pa:ss/, raw);
      assert.doesNotMatch(parseRedisUrl(raw)!.display, /Pass|123|Pa:ss/, raw);
    }
    for (const bad of [
      'redis://default:Pass@123@cache.example.com/abc',
      'http://default:Pass@123@cache.example.com',
      'redis://default:Pass@123@h?password=Pass@123',
    ]) {
      assert.throws(
        () => parseRedisUrl(bad),
        (err: Error) => {
          assert.match(err.message, /Redis URL \(redisUrl\)/);
          assert.doesNotMatch(err.message, /Pass|123/);
          return true;
        },
        bad,
      );
    }
  });

  it('a bad Redis URL fails every request of the tenant with that error, before anything is sent', async function () {
    const server = await TestServer.start();
    try {
      server.setHandler(withTokenEndpoint((_req, res) => json(res, 200, [])));
      const opened = openSharedState('https://user:hunter2@example.com', '', '', 'tenant.example.com', () => undefined);
      assert.ok(opened.error);
      const client = createTenantClient(optionsFor(server, { sharedStateError: opened.error }));
      const err = await rejectionOf(client.request(usersList));
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /redisUrl/);
      assert.doesNotMatch(err.message, /hunter2/);
      assert.equal(server.requests.length, 0);
      client.close();
    } finally {
      await server.close();
    }
  });
});

describe('shared state: Redis (a real redis-server)', function () {
  this.timeout(30000);
  const redis = useRedis();
  const states: SharedState[] = [];
  const clients: TenantClient[] = [];
  let prefixCount = 0;
  let prefix = '';

  beforeEach(function () {
    prefix = `test${++prefixCount}`;
  });

  afterEach(async function () {
    for (const client of clients.splice(0)) client.close();
    for (const state of states.splice(0)) await state.close();
  });

  function state(leaseMs?: number): SharedState {
    const s = connect(redis, prefix, leaseMs);
    states.push(s);
    return s;
  }

  it('one lease per watcher: one holder, the others standby; a stale holder cannot write after a takeover', async function () {
    const a = state();
    const b = state();
    await ready(a, b);
    const leaseA = new WatcherLease(a, 'watch1', { leaseMs: 600 });
    const leaseB = new WatcherLease(b, 'watch1', { leaseMs: 600 });
    assert.equal(await leaseA.claim(), 'holder');
    assert.equal(await leaseB.claim(), 'standby');
    const storeA = new FencedStore<{ n: number }>(a, leaseA, 'watch1', 'checkpoint');
    const storeB = new FencedStore<{ n: number }>(b, leaseB, 'watch1', 'checkpoint');
    await storeA.save({ n: 1 });
    await assert.rejects(storeB.save({ n: 99 }), LeaseLost, 'a standby cannot write');
    const firstFence = leaseA.fence!;

    // A hangs (stops renewing) and its lease runs out: B takes over with a larger fencing token.
    leaseA.abandon();
    let role = await leaseB.claim();
    while (role !== 'holder') {
      await new Promise((resolve) => setTimeout(resolve, leaseB.retryMs));
      role = await leaseB.claim();
    }
    assert.ok(leaseB.fence! > firstFence);
    assert.deepEqual(await storeB.load(), { n: 1 }, 'the new holder reads where the old one was');
    await storeB.save({ n: 2 });
    assert.equal(leaseA.holding, false, 'the old holder knows it may no longer act');
    await assert.rejects(storeA.save({ n: 1 }), LeaseLost, 'the old holder cannot overwrite the newer checkpoint');
    assert.deepEqual(await storeA.load(), { n: 2 });
    await leaseB.release();
  });

  it('a holder that stops gives the lease back: another takes it at once', async function () {
    const a = state();
    const b = state();
    await ready(a, b);
    const leaseA = new WatcherLease(a, 'w', { leaseMs: 60_000 });
    const leaseB = new WatcherLease(b, 'w', { leaseMs: 60_000 });
    assert.equal(await leaseA.claim(), 'holder');
    assert.equal(await leaseB.claim(), 'standby');
    await leaseA.release();
    assert.equal(await leaseB.claim(), 'holder');
    await leaseB.release();
  });

  it("closing the connection waits for the leases to be given back (Node-RED stops a flow's nodes all at once)", async function () {
    const a = state(60_000);
    const b = state();
    await ready(a, b);
    const lease = new WatcherLease(a, 'w', { leaseMs: 60_000 });
    assert.equal(await lease.claim(), 'holder');
    const closing = a.close();
    await lease.release();
    await closing;
    assert.equal(await b.command('EXISTS', lease.key), 0, 'given back before the connection closed');
  });

  it('one token for three clients of the tenant, each with its own connection', async function () {
    const server = await TestServer.start();
    try {
      const handler = withTokenEndpoint((_req, res) => json(res, 200, []), { delayMs: 100 });
      server.setHandler(handler);
      const shared = [state(), state(), state()];
      await ready(...shared);
      for (const s of shared) clients.push(createTenantClient(optionsFor(server, { shared: s })));
      await Promise.all(clients.flatMap((client) => [client.request(usersList), client.request(usersList)]));
      assert.equal(handler.issued(), 1, 'one /oauth/token request across the three');
      assert.deepEqual(new Set(server.to('/api/v2/users').map(bearer)), new Set(['token-1-abcdef']));
      // The token is kept in Redis encrypted: its text is not there.
      const keys = await shared[0].command<string[]>('KEYS', `${prefix}:token:*`);
      const stored = await shared[0].command<string>(
        'GET',
        keys.find((k) => !k.endsWith(':lock'))!,
      );
      assert.doesNotMatch(stored, /token-1-abcdef/);
    } finally {
      for (const client of clients.splice(0)) client.close();
      await server.close();
    }
  });

  it('a token refused with 401 is replaced once for everyone, not served again from Redis', async function () {
    const server = await TestServer.start();
    try {
      let refuse = true;
      const handler = withTokenEndpoint((req, res) => {
        if (refuse && bearer(req) === 'token-1-abcdef') {
          refuse = false;
          return json(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
        }
        json(res, 200, []);
      });
      server.setHandler(handler);
      const [a, b] = [state(), state()];
      await ready(a, b);
      const clientA = createTenantClient(optionsFor(server, { shared: a }));
      const clientB = createTenantClient(optionsFor(server, { shared: b }));
      clients.push(clientA, clientB);
      await clientA.request(usersList);
      assert.equal(handler.issued(), 2, 'the refused token was replaced');
      await clientB.request(usersList);
      assert.equal(handler.issued(), 2, 'the other client reads the replacement');
      assert.equal(bearer(server.to('/api/v2/users').at(-1)!), 'token-2-abcdef');
    } finally {
      for (const client of clients.splice(0)) client.close();
      await server.close();
    }
  });

  it('Redis away: requests go on (each client fetches its own token), leases say unavailable', async function () {
    const server = await TestServer.start();
    try {
      const handler = withTokenEndpoint((_req, res) => json(res, 200, []));
      server.setHandler(handler);
      const s = state();
      await ready(s);
      const lease = new WatcherLease(s, 'w', { leaseMs: 500 });
      await redis.stop();
      for (let i = 0; i < 50 && s.available; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(s.available, false);
      const client = createTenantClient(optionsFor(server, { shared: s }));
      clients.push(client);
      await client.request(usersList);
      assert.equal(handler.issued(), 1);
      assert.equal(await lease.claim(), 'unavailable');
      await assert.rejects(s.command('GET', 'x'), SharedStateUnavailable);
    } finally {
      await redis.begin();
      await server.close();
    }
  });

  it('comes back when Redis returns, with what was written before (append-only file)', async function () {
    const s = state();
    await ready(s);
    await s.command('SET', s.key('probe'), 'kept');
    await redis.restart();
    assert.equal(await s.whenAvailable(10_000), true);
    assert.equal(await s.command('GET', s.key('probe')), 'kept');
  });

  describe('a Redis that asks for a password', function () {
    const locked = useRedis({ password: 'right-password' });

    /** A connection offering `password`: its warnings, once the first has come (2 s at most). */
    async function warningsOffering(password: string): Promise<{ s: SharedState; messages: string[] }> {
      const messages: string[] = [];
      const target = parseRedisUrl(`redis://default:${password}@127.0.0.1:${locked.port}/0`)!;
      const s = new SharedState({ target, prefix: 'x', log: (_level, message) => messages.push(message) });
      states.push(s);
      for (let i = 0; i < 40 && messages.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      return { s, messages };
    }

    it('a refused password is reported once, naming the setting and not the password', async function () {
      const { s, messages } = await warningsOffering('wrong-password');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(messages.length, 1, messages.join('\n'));
      assert.match(messages[0], /Redis URL \(redisUrl\)/);
      assert.match(messages[0], /password was refused/);
      assert.doesNotMatch(messages[0], /wrong-password/);
      assert.equal(s.available, false);
    });

    it('a refused password holding "@" is not shown in part in the warning', async function () {
      const { messages } = await warningsOffering('Wrong@Pass-123');
      assert.equal(messages.length, 1, messages.join('\n'));
      assert.match(messages[0], new RegExp(`redis://default:\\*\\*\\*@127\\.0\\.0\\.1:${locked.port}/0`));
      assert.doesNotMatch(messages[0], /Pass-123|Wrong/);
    });
  });
});
