/** The emulator core: router, paging, rate limit, token checks, errors, faults, clock, logs, control endpoint. */
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../../emulator';
import { Router } from '../../emulator/core/router';
import { QueryReader } from '../../emulator/core/query';
import { checkpointPage, decodeCheckpoint, offsetBody, offsetPage, pagedList } from '../../emulator/core/paging';
import { RateLimiter } from '../../emulator/core/rate-limit';
import { Collection } from '../../emulator/core/collection';
import { Clock } from '../../emulator/core/clock';
import { LogStore, type LogEvent } from '../../emulator/core/logs';
import { ApiError } from '../../emulator/core/errors';
import { parseArgs } from '../../emulator/cli';
import { EmulatorServer } from '../../emulator/core/server';
import type { RoutesModule } from '../../emulator/core/types';
import { call, client } from './http';

const q = (search: string) => new QueryReader(new URLSearchParams(search));

describe('emulator core units', () => {
  describe('router', () => {
    it('matches params, decodes them, prefers static segments and misses unknown paths', () => {
      const router = new Router<string>();
      router.add('GET', '/api/v2/users/:id', 'get-user');
      router.add('GET', '/api/v2/users/:id/roles', 'user-roles');
      router.add('GET', '/api/v2/organizations/name/:name', 'org-by-name');
      router.add('GET', '/api/v2/organizations/:id', 'org');
      assert.deepEqual(router.match('GET', '/api/v2/users/auth0%7Cabc'), { route: 'get-user', params: { id: 'auth0|abc' } });
      assert.deepEqual(router.match('GET', '/api/v2/users/x/roles/'), { route: 'user-roles', params: { id: 'x' } });
      assert.equal(router.match('GET', '/api/v2/organizations/name/acme')?.route, 'org-by-name');
      assert.deepEqual(router.match('GET', '/api/v2/organizations/name'), { route: 'org', params: { id: 'name' } });
      assert.equal(router.match('POST', '/api/v2/users/x'), undefined);
      assert.equal(router.match('GET', '/api/v2/users'), undefined);
      assert.throws(() => router.add('GET', '/api/v2/users/:id', 'again'), /twice/);
    });
  });

  describe('paging', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ id: `i${i}`, n: i }));
    it('answers a bare array or the totals object', () => {
      assert.deepEqual(pagedList(items, q('page=1&per_page=10'), { itemsKey: 'things' }), items.slice(10, 20));
      const body = pagedList(items, q('page=2&per_page=10&include_totals=true'), { itemsKey: 'things' }) as Record<string, unknown>;
      assert.deepEqual({ ...body, things: undefined }, { start: 20, limit: 10, total: 30, things: undefined });
      assert.equal((body.things as unknown[]).length, 10);
      // `length` only where Auth0 sends it (users and logs, recorded).
      const users = pagedList(items, q('page=2&per_page=10&include_totals=true'), { itemsKey: 'users', withLength: true }) as Record<string, unknown>;
      assert.equal(users.length, 10);
    });
    it('projects fields in and out', () => {
      assert.deepEqual(pagedList(items.slice(0, 2), q('fields=id'), { itemsKey: 'x' }), [{ id: 'i0' }, { id: 'i1' }]);
      assert.deepEqual(pagedList(items.slice(0, 1), q('fields=id&include_fields=false'), { itemsKey: 'x' }), [{ n: 0 }]);
    });
    it('refuses bad numbers and enforces the per_page maximum and the 1,000 cap', () => {
      assert.throws(
        () => offsetPage(items, q('page=abc'), { itemsKey: 'x' }),
        (err: ApiError) => err.statusCode === 400 && err.errorCode === 'invalid_query_string',
      );
      assert.throws(
        () => offsetPage(items, q('per_page=101'), { itemsKey: 'x' }),
        (err: ApiError) => err.statusCode === 400,
      );
      const many = Array.from({ length: 1500 }, (_, i) => i);
      const last = offsetPage(many, q('page=9&per_page=100'), { itemsKey: 'x', cap: 1000 });
      assert.equal(last.items.length, 100);
      assert.equal(offsetPage(many, q('page=6&per_page=150'), { itemsKey: 'x', cap: 1000, maxPerPage: 200 }).items.length, 100);
      assert.throws(() => offsetPage(many, q('page=10&per_page=100'), { itemsKey: 'x', cap: 1000 }), /first 1000 records/);
      assert.deepEqual(offsetBody(last, 'x'), last.items);
    });
    it('walks checkpoints to the end', () => {
      const seen: string[] = [];
      let from = '';
      for (let i = 0; i < 10; i++) {
        const page = checkpointPage(items, q(`take=7${from ? `&from=${from}` : ''}`), (item) => item.id);
        seen.push(...page.items.map((item) => item.id));
        if (!page.next) break;
        assert.equal(decodeCheckpoint(page.next), page.items[page.items.length - 1].id);
        from = page.next;
      }
      assert.deepEqual(
        seen,
        items.map((item) => item.id),
      );
      assert.throws(() => checkpointPage(items, q('take=101'), (item) => item.id), /less than or equal to 100/);
    });
  });

  it('token bucket: burst, then refusal, then refill; headers reflect it', () => {
    const limiter = new RateLimiter({ perSecond: 2, burst: 3 });
    const t0 = 1_000_000;
    assert.deepEqual(
      [limiter.take(t0), limiter.take(t0), limiter.take(t0)].map((d) => [d.allowed, d.remaining]),
      [
        [true, 2],
        [true, 1],
        [true, 0],
      ],
    );
    const denied = limiter.take(t0);
    assert.equal(denied.allowed, false);
    assert.equal(denied.limit, 3);
    assert.equal(denied.reset, Math.ceil(t0 / 1000 + 3 / 2));
    assert.equal(limiter.take(t0 + 500).allowed, true);
    assert.equal(new RateLimiter(null).take().allowed, true);
  });

  it('collection indexes follow updates and deletes', () => {
    const c = new Collection<{ id: string; email: string }>('x', (i) => i.id).addIndex('email', (i) => i.email);
    c.insert({ id: '1', email: 'a@x' });
    assert.equal(c.insert({ id: '1', email: 'dup' }), false);
    c.update('1', (i) => {
      i.email = 'b@x';
    });
    assert.deepEqual(c.findBy('email', 'a@x'), []);
    assert.equal(c.firstBy('email', 'b@x')?.id, '1');
    c.delete('1');
    assert.equal(c.size, 0);
    assert.deepEqual(c.findBy('email', 'b@x'), []);
    // Several items under one key, then back to one.
    c.insert({ id: '2', email: 'same' });
    c.insert({ id: '3', email: 'same' });
    c.insert({ id: '4', email: 'same' });
    assert.deepEqual(
      c.findBy('email', 'same').map((i) => i.id),
      ['2', '3', '4'],
    );
    c.delete('3');
    c.update('4', (i) => {
      i.email = 'other';
    });
    assert.deepEqual(
      c.findBy('email', 'same').map((i) => i.id),
      ['2'],
    );
    assert.deepEqual(
      c.findBy('email', 'other').map((i) => i.id),
      ['4'],
    );
    c.delete('2');
    assert.deepEqual(c.findBy('email', 'same'), []);
  });

  it('log ids strictly increase; checkpoint reads after an id', () => {
    const logs = new LogStore(new Clock(), () => 'h', 5);
    const ids = Array.from({ length: 7 }, () => logs.write({ type: 's' }).log_id);
    for (let i = 1; i < ids.length; i++) assert.ok(ids[i] > ids[i - 1]);
    assert.equal(logs.size, 5, 'oldest events dropped past maxEvents');
    assert.deepEqual(
      logs.after(ids[4], 10).map((e) => e.log_id),
      ids.slice(5),
    );
    assert.deepEqual(
      logs.after(undefined, 2).map((e) => e.log_id),
      ids.slice(2, 4),
    );
    assert.equal(logs.get(ids[0]), undefined);
  });

  it("a tenant's log restored after a restart keeps its ids, and new events come after them", async () => {
    const first = await startEmulator({ port: 0 });
    let kept: LogEvent[];
    try {
      for (const description of ['one', 'two']) first.logs.write({ type: 'fp', description });
      kept = first.logs.all().map((e) => ({ ...e }));
    } finally {
      await first.close();
    }
    const second = await startEmulator({ port: 0 });
    try {
      second.logs.restore(kept);
      assert.deepEqual(
        second.logs.all().map((e) => e.log_id),
        kept.map((e) => e.log_id),
      );
      const next = second.logs.write({ type: 'fp', description: 'three' }).log_id;
      assert.ok(next > kept[1].log_id, `${next} after ${kept[1].log_id}`);
      assert.throws(() => second.logs.restore([kept[0]]), /not after the log's last/);
    } finally {
      await second.close();
    }
  });

  it('log ids and event offsets of a restarted emulator come after those of the run before', async () => {
    // A watcher keeps its place (a log_id, an event offset) across a restart of `npm start`,
    // which starts a new, empty emulator: its ids must sort after the stored ones.
    const first = await startEmulator({ port: 0 });
    let oldId: string;
    let oldOffset: string;
    try {
      oldId = first.logs.write({ type: 'fp', description: 'before the restart' }).log_id;
      oldOffset = (
        (await call(first.url, 'POST', '/__emulator/events/publish', { type: 'user.created', object: { user_id: 'auth0|old' } })).body as { offset: string }
      ).offset;
    } finally {
      await first.close();
    }
    const second = await startEmulator({ port: 0 });
    try {
      const newId = second.logs.write({ type: 'fp', description: 'after the restart' }).log_id;
      assert.equal(newId.length, oldId.length, 'the same fixed width');
      assert.ok(newId > oldId, `${newId} sorts after ${oldId}`);
      const api = client(second.url, second.managementToken());
      const read = await api('GET', `/api/v2/logs?from=${oldId}&take=10`);
      assert.equal(read.status, 200);
      assert.deepEqual(
        (read.body as { log_id: string; description: string }[]).map((e) => [e.log_id, e.description]),
        [[newId, 'after the restart']],
      );
      // An offset of the run before reads this run's events from its first (as a log_id of before
      // does), not an invalid offset (400); once this run drops events, it has expired (410).
      const published = (await call(second.url, 'POST', '/__emulator/events/publish', { type: 'user.created', object: { user_id: 'auth0|new' } })).body as {
        offset: string;
      };
      const aborter = new AbortController();
      const stream = await fetch(`${second.url}/api/v2/events`, {
        headers: { authorization: `Bearer ${second.managementToken()}`, 'Last-Event-ID': oldOffset },
        signal: aborter.signal,
      });
      assert.equal(stream.status, 200);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      try {
        while (!text.includes(`id: ${published.offset}\n`)) {
          const chunk = await reader.read();
          if (chunk.done) break;
          text += Buffer.from(chunk.value).toString('utf8');
        }
      } finally {
        aborter.abort();
      }
      assert.match(text, /auth0\|new/);
      assert.doesNotMatch(text, /offset_expired/);
      await call(second.url, 'POST', '/__emulator/events/expire', {});
      const expired = await api('GET', '/api/v2/events', undefined, { headers: { 'Last-Event-ID': oldOffset } });
      assert.equal(expired.status, 410, expired.text);
    } finally {
      await second.close();
    }
  });

  it('clock: speed and advance move emulated time', () => {
    const clock = new Clock();
    const before = clock.now();
    clock.advance(3_600_000);
    assert.ok(clock.now() - before >= 3_600_000);
    clock.setSpeed(1000);
    assert.equal(clock.realDelay(5000), 5);
    assert.throws(() => clock.setSpeed(0), RangeError);
  });

  it('reset returns to the start state, start seed included', async () => {
    const seeded = await startEmulator({ port: 0, seed: { users: [{ email: 'start@example.com', password: 'x' }] } });
    try {
      seeded.seed({ users: [{ email: 'later@example.com', password: 'x' }] });
      seeded.logs.write({ type: 's' });
      assert.equal(seeded.state.users.size, 2);
      seeded.reset();
      assert.deepEqual(
        seeded.state.users.list().map((u) => u.email),
        ['start@example.com'],
      );
      assert.equal(seeded.logs.size, 0);
    } finally {
      await seeded.close();
    }
  });

  it('a failed start closes the server and names the broken routes module', async () => {
    const server = new EmulatorServer({ port: 0 });
    const broken = [(() => undefined) as RoutesModule, undefined as unknown as RoutesModule];
    await assert.rejects(server.start(broken), /routes module #1 .* is not a function/);
    const duplicate: RoutesModule = (routes) => {
      routes.raw('GET', '/x', () => 1);
      routes.raw('GET', '/x', () => 2);
    };
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const second = new EmulatorServer({ port });
    await assert.rejects(second.start([duplicate]), /registered twice/);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/x`), TypeError, 'nothing listens any more');
  });

  it('CLI arguments', () => {
    assert.deepEqual(parseArgs(['--port', '4011', '--client-id', 'abc', '--client-secret=s3', '--rate-limit', '10', '--burst', '20']), {
      port: 4011,
      clientId: 'abc',
      clientSecret: 's3',
      rateLimit: { perSecond: 10, burst: 20 },
    });
    assert.throws(() => parseArgs(['--burst', '3']), /--rate-limit/);
    assert.throws(() => parseArgs(['--nope']), /unknown option/);
    assert.throws(() => parseArgs(['--port']), /needs a value/);
  });
});

describe('emulator core over HTTP', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ port: 0, clientId: 'fixed-client', clientSecret: 'fixed-secret' });
  });
  after(() => emu.close());
  beforeEach(() => {
    emu.reset();
    emu.faults.clear();
    emu.rateLimiter.configure(null);
  });

  it('start options: fixed credentials, url, domain and audience', () => {
    assert.equal(emu.clientId, 'fixed-client');
    assert.equal(emu.clientSecret, 'fixed-secret');
    assert.match(emu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(emu.domain, `127.0.0.1:${emu.port}`);
    assert.equal(emu.managementAudience, `https://127.0.0.1:${emu.port}/api/v2/`);
    const db = emu.state.connectionByName('Username-Password-Authentication');
    assert.match(db?.id ?? '', /^con_[A-Za-z0-9]{16}$/);
  });

  it('management token checks: missing, malformed, foreign, expired, wrong audience, scope', async () => {
    const api = (token?: string) => call(emu.url, 'GET', '/api/v2/users', undefined, { token });
    const missing = await api();
    assert.equal(missing.status, 401);
    assert.deepEqual(missing.body, { statusCode: 401, error: 'Unauthorized', message: 'Missing authentication' });
    assert.equal((await api('not-a-jwt')).status, 401);
    const good = emu.managementToken();
    const [h, p] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), scope: 'read:users' })).toString('base64url')}.${good.split('.')[2]}`;
    assert.equal((await api(forged)).body.message, 'Invalid token');
    assert.equal((await api(good)).status, 200);
    const short = emu.managementToken(undefined, 60);
    emu.clock.advance(61_000);
    const expired = await api(short);
    assert.equal(expired.status, 401);
    assert.match(expired.body.message, /Expired token/);
    const narrow = emu.managementToken(['read:roles']);
    const forbidden = await api(narrow);
    assert.equal(forbidden.status, 403);
    assert.deepEqual(forbidden.body, {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Insufficient scope, expected any of: read:users',
      errorCode: 'insufficient_scope',
    });
  });

  it('a token for another audience is refused', async () => {
    emu.seed({
      resourceServers: [{ identifier: 'https://other.api/', scopes: [{ value: 'read:users' }] }],
      clientGrants: [{ client_id: emu.clientId, audience: 'https://other.api/', scope: ['read:users'] }],
    });
    const res = await call(emu.url, 'POST', '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: emu.clientId,
      client_secret: emu.clientSecret,
      audience: 'https://other.api/',
    });
    assert.equal(res.status, 200);
    const answer = await call(emu.url, 'GET', '/api/v2/users', undefined, { token: res.body.access_token });
    assert.equal(answer.status, 401);
    assert.equal(answer.body.message, 'Bad audience: https://other.api/');
  });

  it("unknown paths answer Auth0's 404 body; bad JSON answers 400", async () => {
    const api = client(emu.url, emu.managementToken());
    assert.deepEqual((await api('GET', '/api/v2/nothing-here')).body, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
    const res = await fetch(`${emu.url}/api/v2/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.managementToken()}`, 'content-type': 'application/json' },
      body: '{"email":',
    });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { message: string }).message, 'Invalid request payload JSON format');
  });

  it("rate-limit headers on every management answer; 429 with Auth0's body and an api_limit log when empty", async () => {
    const api = client(emu.url, emu.managementToken());
    const open = await api('GET', '/api/v2/users');
    assert.equal(open.headers.get('x-ratelimit-limit'), '1000');
    emu.rateLimiter.configure({ perSecond: 0.001, burst: 2 });
    const first = await api('GET', '/api/v2/users');
    assert.equal(first.headers.get('x-ratelimit-limit'), '2');
    assert.equal(first.headers.get('x-ratelimit-remaining'), '1');
    assert.ok(Number(first.headers.get('x-ratelimit-reset')) >= Math.floor(Date.now() / 1000));
    await api('GET', '/api/v2/users');
    const limited = await api('GET', '/api/v2/users/whatever');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(limited.body.message, 'Too many requests. Check the X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers.');
    assert.equal(emu.logs.all().at(-1)?.type, 'api_limit');
    const unauthenticated = await call(emu.url, 'GET', '/api/v2/users');
    assert.equal(unauthenticated.status, 429, 'the bucket is checked before the token');
    // The control endpoint is never limited.
    assert.equal((await call(emu.url, 'GET', '/__emulator/info')).status, 200);
  });

  it('rate limit is set through the control endpoint too', async () => {
    const set = await call(emu.url, 'PUT', '/__emulator/rate-limit', { perSecond: 5, burst: 7 });
    assert.deepEqual(set.body, { enabled: true, perSecond: 5, burst: 7 });
    const answer = await call(emu.url, 'GET', '/api/v2/users', undefined, { token: emu.managementToken() });
    assert.equal(answer.headers.get('x-ratelimit-limit'), '7');
    assert.deepEqual((await call(emu.url, 'DELETE', '/__emulator/rate-limit')).body, { enabled: false });
    assert.equal((await call(emu.url, 'PUT', '/__emulator/rate-limit', { perSecond: 0 })).status, 400);
  });

  it('faults: forced 5xx, 429, malformed JSON, dropped connection, latency, path prefix', async () => {
    const api = client(emu.url, emu.managementToken());
    emu.faults.set({ errorNext: 1, errorStatus: 500 });
    const error = await api('GET', '/api/v2/users');
    assert.deepEqual(error.body, { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
    assert.equal((await api('GET', '/api/v2/users')).status, 200, 'a …Next fault stops after its count');

    await call(emu.url, 'PATCH', '/__emulator/faults', { rateLimitNext: 1 });
    const limited = await api('GET', '/api/v2/users');
    assert.equal(limited.status, 429);
    assert.ok(limited.headers.get('x-ratelimit-reset'));

    emu.faults.set({ malformedNext: 1 });
    const malformed = await fetch(`${emu.url}/api/v2/users`, { headers: { authorization: `Bearer ${emu.managementToken()}` } });
    assert.equal(malformed.status, 200);
    await assert.rejects(malformed.json(), SyntaxError);

    emu.faults.set({ dropNext: 1 });
    await assert.rejects(fetch(`${emu.url}/api/v2/users`), TypeError);

    emu.faults.clear();
    emu.faults.set({ pathPrefix: '/oauth/', errorRate: 1 });
    assert.equal((await api('GET', '/api/v2/users')).status, 200);
    const authError = await call(emu.url, 'POST', '/oauth/token', { grant_type: 'client_credentials' });
    assert.equal(authError.status, 503);
    assert.equal(authError.body.error, 'server_error');
    emu.faults.clear();

    emu.faults.set({ latencyMs: 150 });
    const started = Date.now();
    await api('GET', '/api/v2/users');
    assert.ok(Date.now() - started >= 140, 'latency added');
    assert.equal((await call(emu.url, 'PUT', '/__emulator/faults', { errorRate: 2 })).status, 400);
    assert.equal((await call(emu.url, 'PUT', '/__emulator/faults', { nonsense: 1 })).status, 400);
    const cleared = await call(emu.url, 'DELETE', '/__emulator/faults');
    assert.equal(cleared.body.latencyMs, 0);
  });

  it('clock control over HTTP', async () => {
    const before = (await call(emu.url, 'GET', '/__emulator/clock')).body;
    assert.equal(before.speed, 1);
    const after = (await call(emu.url, 'POST', '/__emulator/clock', { speed: 10, advanceMs: 86_400_000 })).body;
    assert.equal(after.speed, 10);
    assert.ok(Date.parse(after.now) - Date.parse(before.now) >= 86_400_000);
    assert.equal(emu.clock.speed, 10);
    await call(emu.url, 'POST', '/__emulator/clock', { reset: true });
    assert.equal(emu.clock.speed, 1);
  });

  it('seed and reset over HTTP; management writes log sapi/fapi, reads do not', async () => {
    const seeded = await call(emu.url, 'POST', '/__emulator/seed', {
      users: [{ email: 'seeded@example.com', password: 'Passw0rd!', roles: ['admin'] }],
      roles: [{ name: 'admin', description: 'Admins' }],
      organizations: [{ name: 'acme', members: ['seeded@example.com'], connections: ['Username-Password-Authentication'] }],
    });
    assert.equal(seeded.status, 204);
    const user = emu.state.users.firstBy('email', 'seeded@example.com');
    assert.ok(user);
    const role = emu.state.roles.firstBy('name', 'admin');
    assert.deepEqual(emu.state.userRoles.rightsOf(user.user_id), [role?.id]);
    const org = emu.state.organizations.firstBy('name', 'acme');
    assert.ok(org && emu.state.orgMembers.has(org.id, user.user_id));

    const api = client(emu.url, emu.managementToken());
    const logsBefore = emu.logs.size;
    await api('GET', `/api/v2/users/${encodeURIComponent(user.user_id)}`);
    assert.equal(emu.logs.size, logsBefore, 'a GET writes no log event');
    await api('PATCH', `/api/v2/users/${encodeURIComponent(user.user_id)}`, { name: 'New Name' });
    const sapi = emu.logs.all().at(-1);
    assert.equal(sapi?.type, 'sapi');
    assert.equal(sapi?.description, 'Update a User');
    assert.equal(sapi?.client_id, emu.clientId);
    assert.equal(JSON.stringify(sapi).includes('Passw0rd'), false);
    await api('PATCH', '/api/v2/users/auth0%7Cnobody', { name: 'x' });
    assert.equal(emu.logs.all().at(-1)?.type, 'fapi');

    assert.equal((await call(emu.url, 'POST', '/__emulator/reset')).status, 204);
    assert.equal(emu.state.users.size, 0);
    assert.equal(emu.logs.size, 0);
    assert.equal(emu.state.clients.has(emu.clientId), true, 'defaults come back after reset');
    const bad = await call(emu.url, 'POST', '/__emulator/seed', { users: [{ email: 'x@example.com', password: 'p', roles: ['missing'] }] });
    assert.equal(bad.status, 400);
  });

  it('outbox is readable in process and over HTTP, and can be emptied', async () => {
    emu.outbox.push({ channel: 'email', to: 'A@Example.com', kind: 'test', body: 'hello' });
    emu.outbox.push({ channel: 'sms', to: '+15550001', kind: 'test', body: 'code 1' });
    assert.equal(emu.outbox.last('a@example.com')?.body, 'hello');
    const all = await call(emu.url, 'GET', '/__emulator/outbox');
    assert.equal(all.body.length, 2);
    const one = await call(emu.url, 'GET', '/__emulator/outbox?to=%2B15550001');
    assert.deepEqual(
      one.body.map((m: { body: string }) => m.body),
      ['code 1'],
    );
    await call(emu.url, 'DELETE', '/__emulator/outbox');
    assert.equal(emu.outbox.messages.length, 0);
  });
});
