import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { planLimits } from '../../emulator/core/rate-limit-plans';
import { createTenantClient } from '../../nodes/tenant-client/client';
import type { TenantClientOptions } from '../../nodes/tenant-client/client-options';
import type { TenantClient } from '../../nodes/shared/http-types';
import { endpointClass, rateLimitLane } from '../../nodes/tenant-client/endpoint-class';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { useRedis } from '../helpers/redis';

function options(emu: Emulator, extra: Partial<TenantClientOptions> = {}): TenantClientOptions {
  return {
    domain: emu.domain,
    protocol: 'http',
    telemetry: false,
    connectTimeout: 5,
    readTimeout: 5,
    retries: 10,
    clientId: emu.clientId,
    clientSecret: emu.clientSecret,
    ...extra,
  };
}

function limited(emu: Emulator): number {
  return emu.logs.all().filter((e) => e.type === 'api_limit').length;
}

export async function createUsers(clients: TenantClient[], perClient: number, tag: string): Promise<number> {
  let failed = 0;
  await Promise.all(
    clients.map(async (client, c) => {
      await Promise.all(
        Array.from({ length: perClient }, async (_, i) => {
          try {
            await client.request({
              method: 'POST',
              path: '/api/v2/users',
              auth: 'management',
              contentType: 'json',
              operation: 'users.create',
              body: { connection: 'Username-Password-Authentication', email: `${tag}-${c}-${i}@example.com`, password: 'Pa55word!x' },
            });
          } catch {
            failed++;
          }
        }),
      );
    }),
  );
  return failed;
}

describe('rate limits: one bucket per endpoint class', function () {
  it('classifies requests as Auth0 limits them', function () {
    assert.equal(endpointClass('GET', '/api/v2/users'), 'users-read');
    assert.equal(endpointClass('GET', '/api/v2/users/auth0%7C1/roles'), 'users-read');
    assert.equal(endpointClass('GET', '/api/v2/users-by-email'), 'users-read');
    assert.equal(endpointClass('POST', '/api/v2/users'), 'users-write');
    assert.equal(endpointClass('PATCH', '/api/v2/users/x'), 'users-write');
    assert.equal(endpointClass('DELETE', '/api/v2/users/x'), 'users-delete');
    assert.equal(endpointClass('GET', '/api/v2/logs'), 'logs');
    assert.equal(endpointClass('GET', '/api/v2/clients'), 'clients-read');
    assert.equal(endpointClass('PATCH', '/api/v2/clients/x'), 'other');
    assert.equal(endpointClass('GET', '/api/v2/connections'), 'connections-read');
    assert.equal(endpointClass('POST', '/api/v2/organizations/x/members'), 'organizations');
    assert.equal(endpointClass('GET', '/api/v2/roles'), 'other');
    assert.equal(rateLimitLane('POST', '/oauth/token'), 'authentication');
    assert.equal(rateLimitLane('GET', '/api/v2/logs'), 'management:logs');
  });

  it("without Redis: a class that is used up does not hold back another (the emulator at a plan's per-endpoint limits)", async function () {
    this.timeout(30000);
    // Logs: 10 at once then 100 a minute; users: 40 at once. Reading 12 log pages drains the logs bucket.
    const emu = await startEmulator({ port: 0, rateLimit: planLimits('professional', 1) });
    const client = createTenantClient(options(emu));
    try {
      let logsSettled = 0;
      const logs = Array.from({ length: 12 }, () =>
        client
          .request({ method: 'GET', path: '/api/v2/logs', auth: 'management', operation: 'logs.list' })
          .catch(() => undefined)
          .finally(() => logsSettled++),
      );
      // The logs bucket (10) is used up and its pause holds the last log requests for seconds.
      while (limited(emu) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const users = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' });
      assert.equal(users.statusCode, 200);
      assert.ok(logsSettled < 12, 'reading users went ahead of the log requests still held by their bucket');
      client.close();
      await Promise.all(logs);
    } finally {
      client.close();
      await emu.close();
    }
  });
});

describe('rate limits: one budget across processes (Redis)', function () {
  this.timeout(60000);
  const redis = useRedis();

  it("three clients with Redis learn one bucket from all their answers: the tenant's rate, not a third of it; none failed", async function () {
    const emu = await startEmulator({ port: 0, rateLimit: { perSecond: 40, burst: 10 } });
    const prefix = `budget-${Date.now()}`;
    const states = [0, 1, 2].map(() => new SharedState({ target: parseRedisUrl(redis.url)!, prefix }));
    const clients: TenantClient[] = [];
    try {
      for (const s of states) assert.ok(await s.whenAvailable(5000));
      for (const s of states) clients.push(createTenantClient(options(emu, { shared: s })));
      await Promise.all(clients.map((c) => c.getManagementToken()));
      assert.equal(await createUsers(clients, 40, 'shared'), 0, 'none failed');
      const bucket = await states[0].command<string[]>('HGETALL', `${prefix}:bucket:management:users-write`);
      const fields = Object.fromEntries(bucket.reduce<string[][]>((pairs, v, i) => (i % 2 ? (pairs[pairs.length - 1].push(v), pairs) : [...pairs, [v]]), []));
      assert.equal(fields.cap, '10', 'the bucket size, from X-RateLimit-Limit');
      assert.equal(fields.measured, '1', 'the refill rate was measured');
      // Each process alone would see a third of the refill (13/s: the others' requests look like less
      // refill); learned from every process's answers, it is the tenant's. Only that side is checked:
      // the measured rate itself moves with the machine's load, and is a row of the replicas bench.
      const perSecond = Number(fields.rate) * 1000;
      assert.ok(perSecond > 20, `more than a third of the tenant's 40/s was learned: ${perSecond.toFixed(1)}/s`);
      assert.ok(limited(emu) <= 10, `at most one burst answered 429: ${limited(emu)} of 120 requests`);
      assert.equal(await states[0].command('EXISTS', `${prefix}:bucket:management:users-read`), 0, 'writing users taught nothing about reading them');
    } finally {
      for (const c of clients) c.close();
      for (const s of states) await s.close();
      await emu.close();
    }
  });
});

describe("emulator: a plan's per-endpoint limits", function () {
  it('answers each endpoint class from its own bucket, with its own headers', async function () {
    const emu = await startEmulator({ port: 0, rateLimit: planLimits('professional', 1) });
    const client = createTenantClient(options(emu));
    try {
      const users = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' });
      const logs = await client.request({ method: 'GET', path: '/api/v2/logs', auth: 'management', operation: 'logs.list' });
      const roles = await client.request({ method: 'GET', path: '/api/v2/roles', auth: 'management', operation: 'roles.list' });
      assert.deepEqual([users.rateLimit.limit, logs.rateLimit.limit, roles.rateLimit.limit], [40, 10, 10]);
      assert.deepEqual([users.rateLimit.remaining, logs.rateLimit.remaining], [39, 9], 'each class drew from its own bucket');
    } finally {
      client.close();
      await emu.close();
    }
  });
});
