/**
 * The tenant client's hot path says and sends what the plain way did: the Authorization header
 * (carried by axios as any header) carries the same bytes plain axios sends, a
 * success body is parsed once with the same answers, and close() still ends queued requests.
 */
import assert from 'node:assert/strict';
import axios from 'axios';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { bodyValue, successBody } from '../../nodes/tenant-client/error-mapping';
import { buildUrl, queryString } from '../../nodes/tenant-client/request-target';
import type { TenantClient } from '../../nodes/shared/http-types';
import { Auth0Error } from '../../nodes/shared/errors';
import { ClientStatusPublisher } from '../../nodes/tenant-client/client-status';
import { TestServer, json, optionsFor, text } from './helpers';

describe('tenant client hot path', function () {
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

  describe('the Authorization header', function () {
    // Values a pasted static token may carry: spaces, tabs, a line break, control and non-Latin-1 characters.
    const oddTokens = ['plain.token.value', '  padded.token\t', 'line.break\n', 'trailing\r\n', 'ctrl\u0001char\u007f', 'latin\u00e9\u00ff', 'wide\u20acchar'];

    for (const token of oddTokens) {
      it(`sends ${JSON.stringify(token)} as plain axios would`, async function () {
        client = createTenantClient(optionsFor(server, { token }));
        await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
        await axios.get(`http://${server.domain}/api/v2/users`, { headers: { Authorization: `Bearer ${token}` } });
        const [ours, plain] = server.requests;
        assert.ok(ours && plain);
        assert.equal(ours.headers.authorization, plain.headers.authorization);
      });
    }

    it('is sent again on every request, and follows a new token', async function () {
      client = createTenantClient(optionsFor(server, { token: 'first-token' }));
      await client.request({ method: 'GET', path: '/api/v2/a', auth: 'management' });
      await client.request({ method: 'GET', path: '/api/v2/b', auth: 'management' });
      await client.request({ method: 'GET', path: '/userinfo', auth: 'none', bearerToken: 'user-token-1' });
      await client.request({ method: 'GET', path: '/oauth/x', auth: 'none' });
      assert.deepEqual(
        server.requests.map((r) => r.headers.authorization),
        ['Bearer first-token', 'Bearer first-token', 'Bearer user-token-1', undefined],
      );
    });
  });

  describe('a success body parsed once', function () {
    const cases: [string, string | undefined][] = [
      ['{"a":1}', 'application/json'],
      ['  {"a":1}\n', 'application/json; charset=utf-8'],
      ['[1,2]', 'text/plain'],
      ['{"a":', 'text/plain'],
      ['', 'application/json'],
      ['   ', 'application/json'],
      ['\ufeff{"a":1}', 'application/json'],
      ['{"a":', 'application/json'],
      ['<html>proxy</html>', 'application/json'],
      ['hello', undefined],
      ['"text"', 'application/problem+json'],
    ];
    for (const [body, contentType] of cases) {
      it(`${JSON.stringify(body)} as ${contentType ?? 'no type'}`, function () {
        const buffer = Buffer.from(body, 'utf8');
        const parsed = successBody(buffer, contentType);
        // The answers of the two-step reading it replaced.
        const isJson = /[/+]json\b/i.test(contentType ?? '');
        let malformed = false;
        if (isJson && body.trim() !== '') {
          try {
            JSON.parse(body);
          } catch {
            malformed = true;
          }
        }
        assert.equal(parsed.malformed, malformed);
        if (!malformed) assert.deepEqual(parsed.value, bodyValue(buffer, contentType));
      });
    }

    it('a JSON answer that does not parse is an error, not a payload', async function () {
      server.setHandler((_req, res) => text(res, 200, '{"user_id":', 'application/json'));
      client = createTenantClient(optionsFor(server, { token: 'tok-1' }));
      await assert.rejects(
        client.request({ method: 'GET', path: '/api/v2/users/x', auth: 'management' }),
        (err: unknown) => err instanceof Auth0Error && err.errorCode === 'invalid_response',
      );
    });
  });

  describe('close', function () {
    it('ends the request in flight and the queued ones, with or without a caller signal', async function () {
      server.setHandler(() => undefined); // never answers
      // A read timeout far beyond the test's: only close() can end the request on the wire.
      client = createTenantClient(optionsFor(server, { token: 'tok-1', maxConcurrent: 1, readTimeout: 600 }));
      const caller = new AbortController();
      const pending = [
        client.request({ method: 'GET', path: '/api/v2/slow', auth: 'management', signal: caller.signal }),
        client.request({ method: 'GET', path: '/api/v2/queued', auth: 'management' }),
        client.request({ method: 'GET', path: '/api/v2/queued', auth: 'management', signal: caller.signal }),
      ];
      while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      client.close();
      const outcomes = await Promise.allSettled(pending);
      for (const outcome of outcomes) {
        assert.equal(outcome.status, 'rejected');
        assert.equal((outcome.reason as Auth0Error).errorCode, 'CLIENT_CLOSED');
      }
      assert.equal(server.requests.length, 1);
    });

    it('a caller that aborts ends only its own requests', async function () {
      let answer: (() => void) | undefined;
      server.setHandler((_req, res) => {
        answer = () => json(res, 200, { ok: true });
      });
      client = createTenantClient(optionsFor(server, { token: 'tok-1', maxConcurrent: 1 }));
      const caller = new AbortController();
      const first = client.request({ method: 'GET', path: '/api/v2/first', auth: 'management' });
      const mine = client.request({ method: 'GET', path: '/api/v2/mine', auth: 'management', signal: caller.signal });
      while (!answer) await new Promise((resolve) => setTimeout(resolve, 5));
      caller.abort();
      await assert.rejects(mine, (err: unknown) => err instanceof Auth0Error && err.errorCode === 'ABORT_ERR');
      answer();
      assert.deepEqual((await first).data, { ok: true });
    });
  });
  describe('the request URL written without a parse', function () {
    const bases = ['https://tenant.eu.auth0.com', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'https://Tenant.Auth0.com'];
    const paths = [
      '/api/v2/users/auth0%7C123',
      "/api/v2/users/a!$&'()*+,;=:@~-._b",
      '/api/v2/users/%E2%82%AC',
      '/api/v2/roles/rol_1/permissions',
      '/api/v2/users/x"y',
      '/api/v2/users/x{y}',
      '/api/v2/users/x`y',
      '/api/v2/users/x<y>',
      '/api/v2/users/\u00e9t\u00e9',
      '/api/v2/users/%zz',
    ];
    const queries: (Record<string, string | string[]> | undefined)[] = [
      undefined,
      { q: 'email:"a@b.c"', search_engine: 'v3' },
      { fields: "name,o'neil", include_fields: 'true' },
      { list: ['a b', 'c&d'], page: '0' },
      { '\u00e9': '\u20ac' },
    ];
    for (const base of bases) {
      it(`is the URL a parser writes, on ${base}`, function () {
        for (const path of paths) {
          for (const query of queries) {
            const qs = queryString(query);
            assert.equal(buildUrl(base, path, query), new URL(base + path + (qs ? `?${qs}` : '')).toString(), `${path} ${JSON.stringify(query)}`);
          }
        }
      });
    }
  });

  describe("an answer's headers", function () {
    it('come with lower-case names, repeated ones joined, read off axios without a copy', async function () {
      server.setHandler((_req, res) => {
        res.setHeader('Set-Cookie', ['a=1', 'b=2']);
        res.setHeader('X-RateLimit-Remaining', '7');
        res.setHeader('X-Mixed-Case', 'Value Kept');
        json(res, 200, { ok: true });
      });
      client = createTenantClient(optionsFor(server));
      const answer = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'none' });
      assert.equal(answer.headers['set-cookie'], 'a=1, b=2');
      assert.equal(answer.headers['x-mixed-case'], 'Value Kept');
      assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
      assert.equal(answer.rateLimit.remaining, 7);
      assert.ok(Object.keys(answer.headers).every((name) => name === name.toLowerCase()));
      assert.equal(Object.getPrototypeOf(answer.headers), Object.prototype);
    });
  });

  describe('the status', function () {
    it('is worked out only while someone listens: no immediate, no limiter snapshot per request otherwise', async function () {
      let snapshots = 0;
      const status = new ClientStatusPublisher(() => {
        snapshots += 1;
        return { active: 1, queued: 0 };
      });
      for (let i = 0; i < 10; i++) status.refresh();
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(snapshots, 0);
      const seen: string[] = [];
      status.onStatus((s) => seen.push(s.state));
      status.refresh();
      status.refresh();
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(snapshots, 1);
      assert.deepEqual(seen, ['requesting']);
      status.close();
    });

    it('tells a listener that comes after a stretch with nobody listening the next status, even one an earlier listener heard', async function () {
      let busy = true;
      const status = new ClientStatusPublisher(() => ({ active: busy ? 1 : 0, queued: 0 }));
      const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
      const first: string[] = [];
      const off = status.onStatus((s) => first.push(s.state));
      status.refresh();
      await tick();
      assert.deepEqual(first, ['requesting']);
      // The first listener leaves while the request runs; it ends with nobody listening.
      off();
      busy = false;
      status.refresh();
      await tick();
      const second: string[] = [];
      status.onStatus((s) => second.push(s.state));
      busy = true;
      status.refresh();
      await tick();
      busy = false;
      status.refresh();
      await tick();
      assert.deepEqual(second, ['requesting', 'idle']);
      status.close();
    });
  });
});
