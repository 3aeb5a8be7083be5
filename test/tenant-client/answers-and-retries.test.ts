/**
 * The answer size cap (counted once decoded, so a gzip bomb from a wrong or hostile host is cut
 * early) and the retries of what is transient (axios-retry: a 5xx to a GET, with backoff and
 * Retry-After, counted against the config node's retries together with the 429s).
 */
import assert from 'node:assert/strict';
import type { Readable } from 'node:stream';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { Auth0Error, RateLimitError } from '../../nodes/shared/errors';
import type { TenantClient } from '../../nodes/shared/http-types';
import { TestServer, json, optionsFor, rejectionOf } from './helpers';
import { gzipBomb, peakGrowth } from '../helpers/answer-size';

const TOKEN = 'static-management-token';

describe('tenant client: answer size and transient retries', function () {
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

  describe('the answer size cap', function () {
    let bomb: Buffer;
    before(async function () {
      this.timeout(30_000);
      bomb = await gzipBomb(160 * 1024 * 1024);
    });

    it('a gzip bomb (about 160 KB → 160 MB) fails with an error naming the cap, and the process does not grow by hundreds of MB', async function () {
      assert.ok(bomb.length < 400 * 1024, `the bomb is ${bomb.length} bytes`);
      server.setHandler((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': bomb.length });
        res.end(bomb);
      });
      client = createTenantClient(optionsFor(server, { token: TOKEN }));
      const c = client;
      let err: (Error & Record<string, unknown>) | undefined;
      const growth = await peakGrowth(async () => {
        err = await rejectionOf(c.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
      });
      assert.ok(err instanceof Auth0Error, String(err));
      assert.equal(err.errorCode, 'ERESPONSETOOLARGE');
      assert.equal(err.statusCode, 0);
      assert.match(
        err.message,
        /^users\.list: the answer from 127\.0\.0\.1:\d+ is larger than 32 MB once decoded, the tenant's answer size limit \(auth0-config: Max answer size\)/,
      );
      assert.ok(growth < 120 * 1024 * 1024, `the process grew ${Math.round(growth / 1024 / 1024)} MB`);
      assert.equal(server.requests.length, 1, 'not repeated');
    });

    it('the cap is the config node setting (MB), for plain answers too; a streamed answer is not capped by it', async function () {
      const big = JSON.stringify({ note: 'x'.repeat(1536 * 1024) });
      server.setHandler((_req, res) => json(res, 200, JSON.parse(big)));
      client = createTenantClient(optionsFor(server, { token: TOKEN, maxResponseSize: 1 }));
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users/x', auth: 'management', operation: 'users.get' }));
      assert.equal(err.errorCode, 'ERESPONSETOOLARGE');
      assert.match(err.message, /is larger than 1 MB once decoded/);
      const streamed = await client.request<Readable>({ method: 'GET', path: '/api/v2/users/x', auth: 'management', responseType: 'stream' });
      let length = 0;
      for await (const chunk of streamed.data) length += (chunk as Buffer).length;
      assert.equal(length, big.length);
      const roomy = createTenantClient(optionsFor(server, { token: TOKEN, maxResponseSize: 2 }));
      try {
        const answer = await roomy.request<{ note: string }>({ method: 'GET', path: '/api/v2/users/x', auth: 'management' });
        assert.equal(answer.data.note.length, 1536 * 1024);
      } finally {
        roomy.close();
      }
    });
    it('an error answer to a streamed request is read only as far as the error keeps: an endless 4xx body fails the request, it does not hang it', async function () {
      this.timeout(10_000);
      let sent = 0;
      server.setHandler((_req, res) => {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        const chunk = Buffer.from(`{"message":"bad${' '.repeat(16 * 1024)}`);
        const pump = setInterval(() => {
          sent += chunk.length;
          res.write(chunk);
        }, 1);
        res.on('close', () => clearInterval(pump));
      });
      client = createTenantClient(optionsFor(server, { token: TOKEN }));
      const pending = rejectionOf(
        client.request({ method: 'GET', path: '/api/v2/logs', auth: 'management', responseType: 'stream', operation: 'logs.stream' }),
      );
      const outcome = await Promise.race([pending, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3000))]);
      assert.notEqual(outcome, 'hung', `still reading the error body after 3 s (${Math.round(sent / 1024)} KB sent)`);
      const err = outcome as Error & Record<string, unknown>;
      assert.ok(err instanceof Auth0Error, String(err));
      assert.equal(err.statusCode, 400);
    });
  });

  describe('answers that trickle', function () {
    it('an answer read whole that trickles a byte at a time fails after ten read timeouts from its headers, instead of holding the request forever', async function () {
      this.timeout(20_000);
      server.setHandler((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"note":"');
        const drip = setInterval(() => res.write('x'), 300);
        res.on('close', () => clearInterval(drip));
      });
      client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 1 }));
      const started = Date.now();
      const pending = rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
      const outcome = await Promise.race([pending, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000))]);
      assert.notEqual(outcome, 'hung', 'the trickled answer still holds the request after 15 s');
      const err = outcome as Error & Record<string, unknown>;
      assert.equal(err.errorCode, 'ETIMEDOUT');
      assert.match(err.message, /^users\.list: the answer from 127\.0\.0\.1:\d+ did not end within 10 s of its headers/);
      assert.ok(Date.now() - started >= 9_500, 'not before ten read timeouts');
      assert.equal(server.requests.length, 1, 'a timeout is not repeated');
    });

    it('a streamed answer keeps only its idle timer: one that keeps flowing past ten read timeouts is read to its end', async function () {
      this.timeout(20_000);
      server.setHandler((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.flushHeaders();
        let left = 16;
        const drip = setInterval(() => {
          res.write('y'.repeat(10));
          if (--left === 0) {
            clearInterval(drip);
            res.end();
          }
        }, 400);
        res.on('close', () => clearInterval(drip));
      });
      client = createTenantClient(optionsFor(server, { token: TOKEN, readTimeout: 0.5 }));
      const streamed = await client.request<Readable>({ method: 'GET', path: '/api/v2/x', auth: 'management', responseType: 'stream', streamIdleTimeout: 2 });
      let length = 0;
      for await (const chunk of streamed.data) length += (chunk as Buffer).length;
      assert.equal(length, 160);
    });
  });

  describe('5xx answers', function () {
    it('a GET answered 5xx is sent again after a backoff, honouring Retry-After, and its answer is the last one', async function () {
      let calls = 0;
      server.setHandler((_req, res) => {
        calls += 1;
        if (calls === 1) return json(res, 503, { message: 'busy' }, { 'Retry-After': '1' });
        if (calls === 2) return json(res, 502, { message: 'bad gateway' });
        json(res, 200, { third: true });
      });
      client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 3 }));
      const answer = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
      assert.deepEqual(answer.data, { third: true });
      assert.equal(server.requests.length, 3);
      assert.ok(server.requests[1].at - server.requests[0].at >= 950, 'Retry-After: 1 was waited for');
    });

    it('counts its retries against the config node retries: retries 2, three 503s in a row reach the caller', async function () {
      server.setHandler((_req, res) => json(res, 503, { message: 'down for maintenance' }));
      client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 2 }));
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }));
      assert.equal(err.statusCode, 503);
      assert.equal(err.message, 'down for maintenance');
      assert.equal(server.requests.length, 3);
    });

    it('retries 0 retries nothing; a request that changes something is never repeated after a 5xx', async function () {
      server.setHandler((_req, res) => json(res, 500, { message: 'oops' }));
      client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 0 }));
      assert.equal((await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }))).statusCode, 500);
      client.close();
      client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 3 }));
      for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
        const err = await rejectionOf(client.request({ method, path: '/api/v2/roles/r1', auth: 'management', body: method === 'DELETE' ? undefined : {} }));
        assert.equal(err.statusCode, 500, method);
      }
      assert.equal(server.requests.length, 5, 'each sent once');
    });

    it('5xx retries and 429 retries share one budget', async function () {
      let calls = 0;
      server.setHandler((_req, res) => {
        calls += 1;
        if (calls === 1) return json(res, 503, { message: 'busy' });
        json(res, 429, { message: 'Too many requests' }, { 'Retry-After': '0' });
      });
      client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 2 }));
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }));
      assert.ok(err instanceof RateLimitError, String(err));
      assert.match(err.message, /Gave up after 2 retries/);
      assert.equal(server.requests.length, 3, '503, then 429 retried once, then 429 given up');
    });

    it('close() ends a wait before a retry, and leaves the request closed', async function () {
      server.setHandler((_req, res) => json(res, 503, { message: 'busy' }, { 'Retry-After': '25' }));
      client = createTenantClient(optionsFor(server, { token: TOKEN, retries: 3 }));
      const pending = client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
      while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 50));
      client.close();
      // Within the test's timeout, far below the 25 s wait.
      const err = await rejectionOf(pending);
      assert.equal(err.errorCode, 'CLIENT_CLOSED');
      assert.equal(server.requests.length, 1);
    });
  });
});
