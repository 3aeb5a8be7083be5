import assert from 'node:assert/strict';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { Auth0Error, ConfigError } from '../../nodes/shared/errors';
import type { TenantClient } from '../../nodes/shared/http-types';
import { CLIENT_ID, CLIENT_SECRET, TestServer, bearer, json, optionsFor, rejectionOf, withTokenEndpoint } from './helpers';

const usersList = { method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' } as const;

describe('tenant client: management token', function () {
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

  it('fetches a token with the client-credentials grant on first use and sends it', async function () {
    const handler = withTokenEndpoint((_req, res) => json(res, 200, [{ user_id: 'auth0|1' }]));
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server));
    assert.equal(server.requests.length, 0, 'nothing is fetched before the first request');

    const response = await client.request(usersList);

    assert.deepEqual(response.data, [{ user_id: 'auth0|1' }]);
    const [tokenRequest, apiRequest] = server.requests;
    assert.equal(tokenRequest?.method, 'POST');
    assert.equal(tokenRequest?.path, '/oauth/token');
    assert.match(String(tokenRequest?.headers['content-type']), /^application\/json/);
    assert.deepEqual(JSON.parse(tokenRequest.body.toString()), {
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      audience: `https://${server.domain}/api/v2/`,
    });
    assert.equal(tokenRequest?.headers.authorization, undefined, 'the token request carries no bearer token');
    assert.equal(apiRequest?.path, '/api/v2/users');
    assert.equal(bearer(apiRequest), 'token-1-abcdef');
  });

  it('uses the configured audience', async function () {
    server.setHandler(withTokenEndpoint((_req, res) => json(res, 200, {})));
    client = createTenantClient(optionsFor(server, { audience: 'https://custom.example.com/api/v2/' }));
    await client.request(usersList);
    assert.equal(JSON.parse(server.to('/oauth/token')[0].body.toString()).audience, 'https://custom.example.com/api/v2/');
  });

  it('caches the token across requests', async function () {
    const handler = withTokenEndpoint((_req, res) => json(res, 200, {}));
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server));
    for (let i = 0; i < 5; i++) await client.request(usersList);
    assert.equal(handler.issued(), 1);
    assert.deepEqual(server.to('/api/v2/users').map(bearer), Array(5).fill('token-1-abcdef'));
    assert.equal(await client.getManagementToken(), 'token-1-abcdef');
    assert.equal(handler.issued(), 1);
  });

  it('renews the token before it expires (at 90 % of its lifetime), not earlier', async function () {
    const handler = withTokenEndpoint((_req, res) => json(res, 200, {}), { expiresIn: 3600 });
    server.setHandler(handler);
    let now = Date.now();
    client = createTenantClient(optionsFor(server), { now: () => now });

    await client.request(usersList);
    now += 3000_000; // 50 min of 60: still fresh
    await client.request(usersList);
    assert.equal(handler.issued(), 1);

    now += 300_000; // 55 min: past 90 % (54 min), before expiry
    await client.request(usersList);
    assert.equal(handler.issued(), 2);
    assert.deepEqual(server.to('/api/v2/users').map(bearer), ['token-1-abcdef', 'token-1-abcdef', 'token-2-abcdef']);
  });

  it('renews a short-lived token no earlier than half its lifetime', async function () {
    const handler = withTokenEndpoint((_req, res) => json(res, 200, {}), { expiresIn: 100 });
    server.setHandler(handler);
    let now = Date.now();
    client = createTenantClient(optionsFor(server), { now: () => now });
    await client.request(usersList);
    now += 45_000; // before half of 100 s
    await client.request(usersList);
    assert.equal(handler.issued(), 1);
    now += 10_000; // 55 s: past max(min(90, 40), 50) = 50 s
    await client.request(usersList);
    assert.equal(handler.issued(), 2);
  });

  it('when a renewal fails while the token is still good, keeps using it and tries again 15 s later', async function () {
    let failing = false;
    const handler = withTokenEndpoint((_req, res) => json(res, 200, {}), {
      expiresIn: 3600,
      fail: () => (failing ? { status: 503, body: { message: 'down' } } : undefined),
    });
    server.setHandler(handler);
    let now = Date.now();
    const warnings: string[] = [];
    client = createTenantClient(optionsFor(server, { log: (level, line) => level === 'warn' && warnings.push(line) }), { now: () => now });
    await client.request(usersList);
    failing = true;
    now += 3300_000; // 55 min: renewal due
    await client.request(usersList);
    await client.request(usersList); // within 15 s of the failure: no new attempt
    assert.equal(handler.issued(), 2);
    assert.deepEqual(server.to('/api/v2/users').map(bearer), Array(3).fill('token-1-abcdef'));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /renewal failed; using the current token/);
    failing = false;
    now += 20_000;
    await client.request(usersList);
    assert.equal(handler.issued(), 3);
    assert.equal(bearer(server.to('/api/v2/users')[3]), 'token-3-abcdef');
    now += 3600_000; // way past expiry with a failing endpoint: the failure is reported
    failing = true;
    const err = await rejectionOf(client.request(usersList));
    assert.equal(err.statusCode, 503);
    assert.equal(err.message, 'could not get a Management API token: down');
  });

  it('lets 100 concurrent callers share a single token fetch', async function () {
    const handler = withTokenEndpoint((_req, res) => json(res, 200, {}), { delayMs: 100 });
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server, { maxConcurrent: 8 }));
    const c = client;
    const results = await Promise.all(Array.from({ length: 100 }, () => c.request(usersList)));
    assert.equal(results.length, 100);
    assert.equal(handler.issued(), 1);
    assert.equal(server.to('/oauth/token').length, 1);
    assert.ok(server.to('/api/v2/users').every((r) => bearer(r) === 'token-1-abcdef'));
  });

  it('does not cache a failed fetch: concurrent callers share the failure, the next call fetches again', async function () {
    const handler = withTokenEndpoint((_req, res) => json(res, 200, { ok: true }), {
      delayMs: 50,
      fail: (n) => (n === 1 ? { status: 401, body: { error: 'access_denied', error_description: 'Unauthorized' } } : undefined),
    });
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server));
    const c = client;
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => c.request(usersList)));
    assert.equal(handler.issued(), 1, 'one fetch for all 20 callers');
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'rejected');
      const err = outcome.reason as Auth0Error;
      assert.ok(err instanceof Auth0Error);
      assert.equal(err.statusCode, 401);
      assert.equal(err.errorCode, 'access_denied');
      assert.equal(err.operation, 'users.list');
      assert.match(err.message, /Management API token.*Unauthorized/);
    }
    assert.equal(server.to('/api/v2/users').length, 0, 'no API request without a token');

    const response = await client.request(usersList);
    assert.deepEqual(response.data, { ok: true });
    assert.equal(handler.issued(), 2);
  });

  it('on a 401, fetches a fresh token and retries once', async function () {
    const handler = withTokenEndpoint((req, res) => {
      if (bearer(req) === 'token-1-abcdef')
        return json(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Expired token received for JSON Web Token validation' });
      json(res, 200, { ok: true });
    });
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server));
    const response = await client.request(usersList);
    assert.deepEqual(response.data, { ok: true });
    assert.equal(handler.issued(), 2);
    assert.deepEqual(server.to('/api/v2/users').map(bearer), ['token-1-abcdef', 'token-2-abcdef']);
  });

  it('retries a 401 only once, then reports it', async function () {
    const handler = withTokenEndpoint((_req, res) => json(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }));
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server));
    const err = await rejectionOf(client.request(usersList));
    assert.ok(err instanceof Auth0Error);
    assert.equal(err.statusCode, 401);
    assert.equal(err.message, 'Invalid token');
    assert.equal(server.to('/api/v2/users').length, 2);
    assert.equal(handler.issued(), 2);
  });

  it('concurrent 401s share one refresh', async function () {
    const handler = withTokenEndpoint((req, res) => (bearer(req) === 'token-1-abcdef' ? json(res, 401, { message: 'Expired token' }) : json(res, 200, {})), {
      delayMs: 30,
    });
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server));
    await client.getManagementToken();
    const c = client;
    await Promise.all(Array.from({ length: 10 }, () => c.request(usersList)));
    assert.equal(handler.issued(), 2);
  });

  it('uses a static token as it is: no fetch, and no refresh on a 401', async function () {
    const handler = withTokenEndpoint((req, res) =>
      bearer(req) === 'static-token-value' && req.path === '/api/v2/users' ? json(res, 200, []) : json(res, 401, { message: 'Invalid token' }),
    );
    server.setHandler(handler);
    client = createTenantClient(optionsFor(server, { token: 'static-token-value' }));
    await client.request(usersList);
    assert.equal(await client.getManagementToken(), 'static-token-value');
    const err = await rejectionOf(client.request({ ...usersList, path: '/api/v2/roles' }));
    assert.equal(err.statusCode, 401);
    assert.equal(server.to('/api/v2/roles').length, 1, 'not retried');
    assert.equal(handler.issued(), 0);
  });

  it('without a token or credentials, fails with a ConfigError naming what is missing, before any request', async function () {
    client = createTenantClient(optionsFor(server, { clientSecret: undefined }));
    const err = await rejectionOf(client.request(usersList));
    assert.ok(err instanceof ConfigError);
    assert.match(err.message, /Client Secret/);
    assert.doesNotMatch(err.message, /Client ID or/);
    client.close();

    client = createTenantClient(optionsFor(server, { clientId: undefined, clientSecret: undefined }));
    const both = await rejectionOf(client.getManagementToken());
    assert.ok(both instanceof ConfigError);
    assert.match(both.message, /Client ID or Client Secret/);
    assert.equal(server.requests.length, 0);
  });

  it('sends requests with auth "none" without any token and without fetching one', async function () {
    client = createTenantClient(optionsFor(server, { clientId: undefined, clientSecret: undefined }));
    await client.request({ method: 'GET', path: '/userinfo', auth: 'none' });
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].headers.authorization, undefined);
  });

  it('reports an answer without an access_token', async function () {
    server.setHandler((req, res) => json(res, 200, req.path === '/oauth/token' ? { token_type: 'Bearer' } : {}));
    client = createTenantClient(optionsFor(server));
    const err = await rejectionOf(client.request(usersList));
    assert.equal(err.errorCode, 'invalid_token_response');
  });

  it('gives the config node its credentials as defaults', function () {
    client = createTenantClient(optionsFor(server));
    assert.equal(client.defaultCredential('clientId'), CLIENT_ID);
    assert.equal(client.defaultCredential('clientSecret'), CLIENT_SECRET);
    assert.equal(client.baseUrl, `http://${server.domain}`);
    assert.equal(client.domain, server.domain);
  });
});
