import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { Auth0Error } from '../../nodes/shared/errors';
import type { ClientStatus, TenantClient } from '../../nodes/shared/http-types';
import { CLIENT_SECRET, TestServer, bearer, json, optionsFor, rejectionOf, text, withTokenEndpoint } from './helpers';

const STATIC_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.static-token-payload.signature';
const ALLOWED_KEYS = new Set(['name', 'statusCode', 'errorCode', 'error', 'resetAt', 'operation']);

/** Every way an error can be shown or logged. */
function renderings(err: Error): string[] {
  return [err.message, String(err.stack), JSON.stringify(err), inspect(err, { depth: 10, showHidden: true }), String(err)];
}

function assertClean(err: Error, secrets: string[]): void {
  for (const shown of renderings(err)) {
    for (const secret of secrets) assert.ok(!shown.includes(secret), `a secret leaked into: ${shown.slice(0, 300)}`);
  }
  for (const key of Object.keys(err)) assert.ok(ALLOWED_KEYS.has(key), `unexpected property "${key}" on the error`);
  assert.equal((err as { cause?: unknown }).cause, undefined);
}

describe('tenant client: errors', function () {
  let server: TestServer;
  let client: TenantClient;

  beforeEach(async function () {
    server = await TestServer.start();
    client = createTenantClient(optionsFor(server, { token: STATIC_TOKEN }));
  });

  afterEach(async function () {
    client.close();
    await server.close();
  });

  describe('normalisation of the service error bodies', function () {
    async function errorFor(status: number, body: unknown, asText?: string): Promise<Auth0Error> {
      server.setHandler((_req, res) =>
        asText !== undefined ? text(res, status, asText, typeof body === 'string' ? body : 'text/plain') : json(res, status, body),
      );
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users/u1', auth: 'management', operation: 'users.get' }));
      assert.ok(err instanceof Auth0Error, String(err));
      assertClean(err, [STATIC_TOKEN]);
      return err;
    }

    it('Management API: {statusCode, error, message, errorCode}', async function () {
      const err = await errorFor(404, { statusCode: 404, error: 'Not Found', message: 'The user does not exist.', errorCode: 'inexistent_user' });
      assert.equal(err.name, 'Auth0Error');
      assert.equal(err.statusCode, 404);
      assert.equal(err.errorCode, 'inexistent_user');
      assert.equal(err.error, 'Not Found');
      assert.equal(err.message, 'The user does not exist.');
      assert.equal(err.operation, 'users.get');
      assert.deepEqual(JSON.parse(JSON.stringify(err)), {
        name: 'Auth0Error',
        message: 'The user does not exist.',
        statusCode: 404,
        errorCode: 'inexistent_user',
        error: 'Not Found',
        operation: 'users.get',
      });
    });

    it('Management API without errorCode', async function () {
      const err = await errorFor(400, { statusCode: 400, error: 'Bad Request', message: 'Payload validation error: Invalid email.' });
      assert.equal(err.statusCode, 400);
      assert.equal(err.errorCode, undefined);
      assert.equal(err.error, 'Bad Request');
      assert.equal(err.message, 'Payload validation error: Invalid email.');
    });

    it('Authentication API: {error, error_description}', async function () {
      const err = await errorFor(403, { error: 'invalid_grant', error_description: 'Wrong email or password.' });
      assert.equal(err.statusCode, 403);
      assert.equal(err.errorCode, 'invalid_grant');
      assert.equal(err.error, 'invalid_grant');
      assert.equal(err.message, 'Wrong email or password.');
    });

    it('database connections: {code, description}', async function () {
      const err = await errorFor(400, { code: 'user_exists', description: 'The user already exists.' });
      assert.equal(err.errorCode, 'user_exists');
      assert.equal(err.message, 'The user already exists.');
      assert.equal(err.error, 'Bad Request');
    });

    it('password policy: {name, message, code, description: {rules}, statusCode}', async function () {
      const rules = { rules: [{ message: 'At least %d characters in length', format: [8], code: 'lengthAtLeast', verified: false }] };
      const err = await errorFor(400, {
        name: 'PasswordStrengthError',
        message: 'Password is too weak',
        code: 'invalid_password',
        description: rules,
        statusCode: 400,
      });
      assert.equal(err.errorCode, 'invalid_password');
      assert.equal(err.error, 'PasswordStrengthError');
      assert.equal(err.message, 'Password is too weak');
      const bare = await errorFor(400, { code: 'invalid_password', description: rules });
      assert.equal(bare.message, JSON.stringify(rules));
    });

    it('a text body', async function () {
      const err = await errorFor(502, 'text/plain', 'upstream connect error or disconnect/reset before headers');
      assert.equal(err.statusCode, 502);
      assert.equal(err.errorCode, undefined);
      assert.equal(err.error, 'Bad Gateway');
      assert.equal(err.message, 'upstream connect error or disconnect/reset before headers');
    });

    it('an HTML page, reduced to its text', async function () {
      const err = await errorFor(503, 'text/html', '<html><head><style>p{}</style></head><body><h1>503</h1><p>Service   Unavailable</p></body></html>');
      assert.equal(err.message, '503 Service Unavailable');
      assert.equal(err.error, 'Service Unavailable');
    });

    it('no body at all', async function () {
      const err = await errorFor(500, 'text/plain', '');
      assert.equal(err.message, 'users.get: HTTP 500 Internal Server Error');
      assert.equal(err.error, 'Internal Server Error');
    });

    it('a very long body is clipped', async function () {
      const err = await errorFor(500, 'text/plain', 'x'.repeat(5000));
      assert.ok(err.message.length <= 500);
    });

    it('names the request when the spec has no operation', async function () {
      server.setHandler((_req, res) => json(res, 500, {}));
      const err = await rejectionOf(client.request({ method: 'DELETE', path: '/api/v2/roles/r1', auth: 'management' }));
      assert.equal(err.message, 'DELETE /api/v2/roles/r1: HTTP 500 Internal Server Error');
      assert.equal(err.operation, 'DELETE /api/v2/roles/r1');
    });
  });

  describe('no token or secret in errors, logs or status', function () {
    it('scrubs a static token the service echoes back', async function () {
      server.setHandler((req, res) => json(res, 401, { statusCode: 401, error: 'Unauthorized', message: `Bad token: ${bearer(req)} (Bearer ${bearer(req)})` }));
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }));
      assert.equal(err.message, 'Bad token: [redacted] (Bearer [redacted])');
      assertClean(err, [STATIC_TOKEN]);
    });

    it('scrubs fetched tokens and the client secret, and keeps them out of log lines and status', async function () {
      const lines: string[] = [];
      const statuses: ClientStatus[] = [];
      let tokenCalls = 0;
      const tokenHandler = withTokenEndpoint(
        (req, res) => {
          // The first token is refused (401, refreshed once), then the service echoes what it got.
          if (bearer(req) === 'token-1-abcdef') return json(res, 401, { message: `expired: ${bearer(req)}` });
          json(res, 403, { statusCode: 403, error: 'Forbidden', message: `Insufficient scope for ${bearer(req)}`, errorCode: 'insufficient_scope' });
        },
        { expiresIn: 86400 },
      );
      server.setHandler((req, res, raw) => {
        if (req.path === '/oauth/token' && ++tokenCalls === 3) {
          const sent = JSON.parse(req.body.toString()) as { client_secret: string };
          return json(res, 401, { error: 'access_denied', error_description: `Unauthorized client secret ${sent.client_secret}` });
        }
        return tokenHandler(req, res, raw);
      });
      let now = Date.now();
      const fetching = createTenantClient(optionsFor(server, { log: (_level, message) => lines.push(message) }), { now: () => now });
      fetching.onStatus((s) => statuses.push(s));
      try {
        const scoped = await rejectionOf(fetching.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }));
        assert.equal(scoped.statusCode, 403);
        assert.equal(scoped.message, 'Insufficient scope for [redacted]');
        // A day later the token has expired: the third fetch's error echoes the client secret.
        now += 86_400_000;
        const denied = await rejectionOf(fetching.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }));
        assert.equal(denied.statusCode, 401);
        assert.equal(denied.errorCode, 'access_denied');
        assert.match(denied.message, /Unauthorized client secret \[redacted\]/);
        for (const err of [scoped, denied]) assertClean(err, [CLIENT_SECRET, 'token-1-abcdef', 'token-2-abcdef']);
      } finally {
        fetching.close();
      }
      assert.ok(lines.length >= 3, 'token fetches and the 401 refresh are logged');
      assert.ok(lines.some((l) => /management token obtained/.test(l)));
      assert.ok(lines.some((l) => /token rejected \(401\)/.test(l)));
      const shown = [...lines, ...statuses.map((s) => s.text)].join('\n');
      for (const secret of [CLIENT_SECRET, 'token-1-abcdef', 'token-2-abcdef']) assert.ok(!shown.includes(secret), `${secret} was logged`);
    });

    it('scrubs secret values of the request body (password, OTP, refresh token) the service echoes', async function () {
      const password = 'hunter2-correct-horse';
      const otp = '492817';
      const refresh = 'v1.MRrt-refresh-token-value';
      server.setHandler((req, res) => json(res, 403, { error: 'invalid_grant', error_description: `rejected ${req.body.toString()}` }));
      const form = await rejectionOf(
        client.request({
          method: 'POST',
          path: '/oauth/token',
          auth: 'none',
          contentType: 'form',
          body: { grant_type: 'password', username: 'me@x.y', password, otp },
        }),
      );
      assert.ok(form.message.includes('me%40x.y'), 'what is not secret is kept');
      assertClean(form, [password, encodeURIComponent(password), otp]);
      const jsonBody = await rejectionOf(
        client.request({
          method: 'POST',
          path: '/oauth/token',
          auth: 'none',
          contentType: 'json',
          body: { grant_type: 'refresh_token', refresh_token: refresh, client_secret: 'another-secret-1' },
        }),
      );
      assertClean(jsonBody, [refresh, 'another-secret-1']);
    });

    it('network errors and rate-limit errors carry nothing of the request', async function () {
      server.setHandler((_req, _res, raw) => {
        raw.socket.destroy();
      });
      const dropped = await rejectionOf(client.request({ method: 'POST', path: '/api/v2/users', auth: 'management', body: { password: 'p4ssw0rd-secret' } }));
      assertClean(dropped, [STATIC_TOKEN, 'p4ssw0rd-secret']);
      server.setHandler((req, res) => json(res, 429, { message: `slow down ${String(req.headers.authorization)}` }, { 'Retry-After': '0' }));
      const noRetries = createTenantClient(optionsFor(server, { token: STATIC_TOKEN, retries: 0 }));
      const limited = await rejectionOf(noRetries.request({ method: 'GET', path: '/api/v2/users', auth: 'management' })).finally(() => noRetries.close());
      assert.match(limited.message, /^slow down Bearer \[redacted\]\. Not retried/);
      assertClean(limited, [STATIC_TOKEN]);
    });
  });
});
