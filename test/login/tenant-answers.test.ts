/**
 * The login's token and key requests read at most MAX_LOGIN_ANSWER_BYTES once decoded: a gzip bomb
 * from a wrong or hostile tenant URL fails the login with an error naming the limit, and the
 * process does not grow by hundreds of MB.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveOptions } from '../../login/options';
import { LoginError, OidcClient } from '../../login/oidc-client';
import { AnswerTooLargeError, tenantRequest } from '../../login/tenant-requests';
import { gzipBomb, peakGrowth } from '../helpers/answer-size';

describe('login: answers from the tenant are size-capped', function () {
  this.timeout(30_000);
  let server: http.Server;
  let port = 0;
  let bomb: Buffer;
  const seen: string[] = [];

  before(async () => {
    bomb = await gzipBomb(160 * 1024 * 1024);
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': bomb.length });
        res.end(bomb);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a token answer of 160 MB once decoded fails the login naming the limit', async () => {
    const options = resolveOptions(
      { domain: `127.0.0.1:${port}`, protocol: 'http', clientId: 'abc', clientSecret: 'login-client-secret-value', baseUrl: 'https://nodered.example.com' },
      { cookieSecret: false, permissions: false },
    );
    const oidc = new OidcClient(options);
    const pending = oidc.startLogin('/');
    let failure: unknown;
    const growth = await peakGrowth(async () => {
      failure = await oidc
        .finishLogin({ state: pending.state, code: 'the-code' }, pending, 'https://nodered.example.com/auth0/callback')
        .catch((err: unknown) => err);
    });
    assert.ok(failure instanceof LoginError, String(failure));
    assert.equal(failure.message, "the tenant's answer is larger than 256 KB once decoded, the most the login reads");
    assert.ok(!failure.message.includes('login-client-secret-value') && !failure.message.includes('the-code'));
    assert.ok(growth < 100 * 1024 * 1024, `the process grew ${Math.round(growth / 1024 / 1024)} MB`);
    assert.deepEqual(seen.slice(-1), ['POST /oauth/token']);
  });

  it('a signing-key answer of 160 MB once decoded is refused the same way', async () => {
    let failure: unknown;
    const growth = await peakGrowth(async () => {
      failure = await tenantRequest(`http://127.0.0.1:${port}/.well-known/jwks.json`, 10_000).catch((err: unknown) => err);
    });
    assert.ok(failure instanceof AnswerTooLargeError, String(failure));
    assert.ok(growth < 100 * 1024 * 1024, `the process grew ${Math.round(growth / 1024 / 1024)} MB`);
    assert.deepEqual(seen.slice(-1), ['GET /.well-known/jwks.json']);
  });

  it("a proxy named by the environment (HTTP_PROXY) carries the login's requests, as it does the tenant client's", async () => {
    const proxied: string[] = [];
    const proxy = http.createServer((req, res) => {
      proxied.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"keys":[]}');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy, http_proxy: process.env.http_proxy };
    process.env.HTTP_PROXY = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    delete process.env.http_proxy;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    try {
      // Port 1: nothing listens there, so only the proxy can answer.
      const answer = await tenantRequest('http://127.0.0.1:1/.well-known/jwks.json', 5000);
      assert.equal(answer.status, 200);
      assert.deepEqual(await answer.json(), { keys: [] });
      assert.deepEqual(proxied, ['GET http://127.0.0.1:1/.well-known/jwks.json']);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
