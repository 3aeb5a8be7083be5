import assert from 'node:assert/strict';
import type { Readable } from 'node:stream';
import { gzipSync, brotliCompressSync, deflateSync } from 'node:zlib';
import busboy from 'busboy';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { InputError } from '../../nodes/shared/errors';
import type { RequestSpec, TenantClient } from '../../nodes/shared/http-types';
import { type Recorded, TestServer, json, optionsFor, rejectionOf, text } from './helpers';

const TOKEN = 'static-management-token';

interface ParsedMultipart {
  fields: Record<string, string>;
  files: { field: string; filename: string; mimeType: string; data: string }[];
}

function parseMultipart(req: Recorded): Promise<ParsedMultipart> {
  return new Promise((resolve, reject) => {
    const parsed: ParsedMultipart = { fields: {}, files: [] };
    const parser = busboy({ headers: req.headers });
    parser.on('field', (name, value) => {
      parsed.fields[name] = String(value);
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => parsed.files.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks).toString() }));
    });
    parser.on('close', () => resolve(parsed));
    parser.on('error', reject);
    parser.end(req.body);
  });
}

describe('tenant client: what is sent and what comes back', function () {
  let server: TestServer;
  let client: TenantClient;

  beforeEach(async function () {
    server = await TestServer.start();
    client = createTenantClient(optionsFor(server, { token: TOKEN }));
  });

  afterEach(async function () {
    client.close();
    await server.close();
  });

  describe('compressed answers', function () {
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      it(`asks for and decodes ${encoding}: a JSON answer and a streamed one`, async function () {
        const body = JSON.stringify({ user_id: 'auth0|z', note: 'x'.repeat(5000) });
        server.setHandler((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
          res.end(compress(Buffer.from(body)));
        });
        const answer = await client.request<{ user_id: string; note: string }>({ method: 'GET', path: '/api/v2/users/x', auth: 'management' });
        assert.equal(answer.data.user_id, 'auth0|z');
        assert.equal(answer.data.note.length, 5000);
        assert.equal(answer.headers['content-encoding'], undefined, 'the body handed on is decoded');
        assert.match(String(server.requests[0]?.headers['accept-encoding']), new RegExp(encoding));
        const streamed = await client.request<Readable>({
          method: 'GET',
          path: '/api/v2/users/x',
          auth: 'management',
          responseType: 'stream',
          signal: new AbortController().signal,
        });
        const chunks: Buffer[] = [];
        for await (const chunk of streamed.data) chunks.push(chunk as Buffer);
        assert.equal(Buffer.concat(chunks).toString('utf8'), body);
      });
    }
  });

  describe('the target', function () {
    it('appends only the path and the query to the base URL', async function () {
      await client.request({
        method: 'GET',
        path: '/api/v2/users/auth0%7Cabc%2F1%3F%23',
        query: { q: 'email:"a b@c.d"', fields: 'user_id,email', include_totals: 'true', plus: 'a+b&c=d' },
        auth: 'management',
      });
      const [req] = server.requests;
      assert.equal(req?.path, '/api/v2/users/auth0%7Cabc%2F1%3F%23');
      assert.equal(req?.url.split('?')[1], 'q=email%3A%22a%20b%40c.d%22&fields=user_id%2Cemail&include_totals=true&plus=a%2Bb%26c%3Dd');
      assert.equal(req?.query.get('q'), 'email:"a b@c.d"');
      assert.equal(req?.query.get('plus'), 'a+b&c=d');
      assert.equal(req?.headers.host, server.domain);
      assert.equal(req?.headers.authorization, `Bearer ${TOKEN}`);
    });

    const badPaths: [string, RegExp][] = [
      ['//evil.example.com/x', /must not start with "\/\/"/],
      ['https://evil.example.com/x', /must start with "\/"/],
      ['/redirect/https://evil.example.com', /URL scheme/],
      ['api/v2/users', /must start with "\/"/],
      ['/api/v2/users\\..\\oauth', /must not contain "\\"/],
      ['/api/v2/users/../../oauth/token', /"\." or "\.\." segments/],
      ['/api/v2/users/%2e%2E/x', /"\." or "\.\." segments/],
      ['/api/v2/users?x=1', /"\?" or "#"/],
      ['/api/v2/users#frag', /"\?" or "#"/],
      ['/api/v2/users/a b', /spaces or control characters/],
      ['/api/v2/users/a\r\nHost: evil', /spaces or control characters/],
      ['', /missing/],
    ];
    for (const [path, reason] of badPaths) {
      it(`rejects the path ${JSON.stringify(path)} before any request`, async function () {
        const err = await rejectionOf(client.request({ method: 'GET', path, auth: 'management' }));
        assert.ok(err instanceof InputError);
        assert.equal(err.input, 'path');
        assert.match(err.message, reason);
        assert.equal(server.requests.length, 0);
      });
    }

    it('rejects headers that would take over the token, the host or the framing', async function () {
      for (const name of ['Authorization', 'host', 'Auth0-Client', 'Content-Length', 'Transfer-Encoding', 'Content-Type']) {
        const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', headers: { [name]: 'x' } }));
        assert.ok(err instanceof InputError, name);
        assert.equal(err.input, 'headers');
      }
      const injected = await rejectionOf(
        client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', headers: { 'Auth0-Custom-Domain': 'a\r\nX-Evil: 1' } }),
      );
      assert.ok(injected instanceof InputError);
      assert.equal(server.requests.length, 0);
    });

    it("sends a user's own token (bearerToken) on an auth 'none' request, and only there", async function () {
      await client.request({ method: 'GET', path: '/userinfo', auth: 'none', bearerToken: 'user-access-token-1' });
      assert.equal(server.requests[0]?.headers.authorization, 'Bearer user-access-token-1');
      const withManagement = await rejectionOf(
        client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', bearerToken: 'user-access-token-1' }),
      );
      assert.ok(withManagement instanceof InputError);
      assert.equal(withManagement.input, 'bearerToken');
      const injected = await rejectionOf(client.request({ method: 'GET', path: '/userinfo', auth: 'none', bearerToken: 'abc\r\nHost: evil' }));
      assert.ok(injected instanceof InputError);
      assert.doesNotMatch(injected.message, /abc/);
      assert.equal(server.requests.length, 1);
    });

    it("a 401 to a user's token is reported, not answered with a management token", async function () {
      server.setHandler((req, res) => json(res, 401, { error: 'invalid_token', error_description: `bad ${String(req.headers.authorization)}` }));
      const err = await rejectionOf(client.request({ method: 'GET', path: '/userinfo', auth: 'none', bearerToken: 'user-access-token-1' }));
      assert.equal(err.statusCode, 401);
      assert.equal(err.message, 'bad Bearer [redacted]');
      assert.equal(server.requests.length, 1);
    });

    it('sends extra headers such as Auth0-Custom-Domain', async function () {
      await client.request({
        method: 'POST',
        path: '/api/v2/tickets/password-change',
        auth: 'management',
        headers: { 'Auth0-Custom-Domain': 'login.example.com' },
        body: {},
      });
      assert.equal(server.requests[0]?.headers['auth0-custom-domain'], 'login.example.com');
    });
  });

  describe('telemetry', function () {
    it('sends Auth0-Client: base64 JSON with this package, its version, Node.js and Node-RED', async function () {
      await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
      const header = String(server.requests[0]?.headers['auth0-client']);
      const info = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const pkg = require('../../../package.json') as { name: string; version: string };
      assert.deepEqual(info, { name: '@idflow/node-red-auth0', version: pkg.version, env: { node: process.version, 'node-red': '4.1.15' } });
      assert.equal(server.requests[0]?.headers['user-agent'], `@idflow/node-red-auth0/${pkg.version}`);
    });

    it('sends no Auth0-Client header when telemetry is off', async function () {
      const quiet = createTenantClient(optionsFor(server, { token: TOKEN, telemetry: false }));
      try {
        await quiet.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
        await quiet.request({ method: 'POST', path: '/oauth/token', auth: 'none', body: {} });
      } finally {
        quiet.close();
      }
      assert.equal(server.requests.length, 2);
      for (const req of server.requests) assert.equal(req.headers['auth0-client'], undefined);
    });
  });

  describe('bodies', function () {
    it('sends JSON', async function () {
      await client.request({
        method: 'PATCH',
        path: '/api/v2/users/u1',
        auth: 'management',
        contentType: 'json',
        body: { app_metadata: { plan: 'pro' }, blocked: false },
      });
      const [req] = server.requests;
      assert.equal(req?.method, 'PATCH');
      assert.equal(req?.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(req.body.toString()), { app_metadata: { plan: 'pro' }, blocked: false });
    });

    it('sends a form (application/x-www-form-urlencoded)', async function () {
      await client.request({
        method: 'POST',
        path: '/oauth/token',
        auth: 'none',
        contentType: 'form',
        body: { grant_type: 'password', username: 'a b@c.d', scope: 'openid profile', skip: undefined, n: 3 },
      });
      const [req] = server.requests;
      assert.equal(req?.headers['content-type'], 'application/x-www-form-urlencoded');
      const form = new URLSearchParams(req.body.toString());
      assert.deepEqual(Object.fromEntries(form), { grant_type: 'password', username: 'a b@c.d', scope: 'openid profile', n: '3' });
      assert.equal(req?.headers.authorization, undefined);
    });

    it('sends multipart with a proper boundary and length, files as file parts', async function () {
      const users = Buffer.from(JSON.stringify([{ email: 'a@b.c' }, { email: 'd@e.f' }]));
      await client.request({
        method: 'POST',
        path: '/api/v2/jobs/users-imports',
        auth: 'management',
        contentType: 'multipart',
        body: {
          fields: { connection_id: 'con_123', upsert: 'true', send_completion_email: 'false' },
          files: [{ field: 'users', filename: 'users.json', contentType: 'application/json', data: users }],
        },
      });
      const [req] = server.requests;
      assert.match(String(req?.headers['content-type']), /^multipart\/form-data; boundary=\S+$/);
      assert.equal(Number(req?.headers['content-length']), req?.body.length, 'a Content-Length, not chunked');
      assert.equal(req?.headers['transfer-encoding'], undefined);
      const parsed = await parseMultipart(req);
      assert.deepEqual(parsed.fields, { connection_id: 'con_123', upsert: 'true', send_completion_email: 'false' });
      assert.deepEqual(parsed.files, [{ field: 'users', filename: 'users.json', mimeType: 'application/json', data: users.toString() }]);
    });

    it('rejects a malformed multipart or form body before any request', async function () {
      const spec: RequestSpec = { method: 'POST', path: '/api/v2/jobs/users-imports', auth: 'management', contentType: 'multipart', body: { users: [] } };
      const err = await rejectionOf(client.request(spec));
      assert.ok(err instanceof InputError);
      assert.equal(err.input, 'body');
      const form = await rejectionOf(client.request({ method: 'POST', path: '/oauth/token', auth: 'none', contentType: 'form', body: 'a=1' }));
      assert.ok(form instanceof InputError);
      assert.equal(server.requests.length, 0);
    });

    it('sends no body when there is none', async function () {
      await client.request({ method: 'DELETE', path: '/api/v2/users/u1', auth: 'management' });
      assert.equal(server.requests[0]?.body.length, 0);
      assert.equal(server.requests[0]?.headers['content-type'], undefined);
    });
  });

  describe('responses', function () {
    it('gives lower-case headers, the parsed rate-limit state and the JSON body', async function () {
      server.setHandler((_req, res) =>
        json(res, 200, { users: [] }, { 'X-RateLimit-Limit': '50', 'X-RateLimit-Remaining': '49', 'X-RateLimit-Reset': '1700000000', 'X-Custom-Thing': 'Yes' }),
      );
      const response = await client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data, { users: [] });
      assert.deepEqual(response.rateLimit, { limit: 50, remaining: 49, reset: 1700000000 });
      assert.equal(response.headers['x-custom-thing'], 'Yes');
      assert.ok(Object.keys(response.headers).every((name) => name === name.toLowerCase()));
      assert.equal(response.headers['authorization'], undefined);
    });

    it('gives text for a text body, an empty string for no body', async function () {
      server.setHandler((req, res) => {
        if (req.path !== '/empty') return text(res, 200, 'OK');
        res.writeHead(204);
        res.end();
      });
      assert.equal((await client.request({ method: 'GET', path: '/text', auth: 'none' })).data, 'OK');
      const empty = await client.request({ method: 'DELETE', path: '/empty', auth: 'none' });
      assert.equal(empty.statusCode, 204);
      assert.equal(empty.data, '');
      assert.deepEqual(empty.rateLimit, {});
    });

    it('a success whose JSON body does not parse fails as invalid_response', async function () {
      server.setHandler((_req, res) => text(res, 200, '{"users": [', 'application/json'));
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', operation: 'users.list' }));
      assert.equal(err.statusCode, 200);
      assert.equal(err.errorCode, 'invalid_response');
      assert.match(err.message, /^users\.list: .* answered HTTP 200 with a body that is not valid JSON$/);
    });

    it('honours responseType text, buffer and stream', async function () {
      server.setHandler((_req, res) => json(res, 200, { a: 1 }));
      const asText = await client.request({ method: 'GET', path: '/x', auth: 'none', responseType: 'text' });
      assert.equal(asText.data, '{"a":1}');
      const asBuffer = await client.request<Buffer>({ method: 'GET', path: '/x', auth: 'none', responseType: 'buffer' });
      assert.ok(Buffer.isBuffer(asBuffer.data));
      assert.equal(asBuffer.data.toString(), '{"a":1}');
      const asStream = await client.request<Readable>({ method: 'GET', path: '/x', auth: 'none', responseType: 'stream' });
      const chunks: Buffer[] = [];
      for await (const chunk of asStream.data) chunks.push(chunk as Buffer);
      assert.equal(Buffer.concat(chunks).toString(), '{"a":1}');
    });

    it('a streamed download frees its slot at the headers, so a slow reader does not stall the tenant', async function () {
      const single = createTenantClient(optionsFor(server, { token: TOKEN, maxConcurrent: 1 }));
      try {
        server.setHandler((req, res) => {
          if (req.path !== '/big') return json(res, 200, {});
          res.writeHead(200);
          res.write('part'); // and never ends
        });
        const download = await single.request<Readable>({ method: 'GET', path: '/big', auth: 'none', responseType: 'stream' });
        const other = await single.request({ method: 'GET', path: '/api/v2/users', auth: 'management' });
        assert.equal(other.statusCode, 200);
        download.data.destroy();
      } finally {
        single.close();
      }
    });

    it('an error answer to a streamed request is read and reported like any other', async function () {
      server.setHandler((_req, res) => json(res, 404, { statusCode: 404, error: 'Not Found', message: 'No such job', errorCode: 'inexistent_job' }));
      const err = await rejectionOf(client.request({ method: 'GET', path: '/api/v2/jobs/x', auth: 'management', responseType: 'stream' }));
      assert.equal(err.statusCode, 404);
      assert.equal(err.errorCode, 'inexistent_job');
      assert.equal(err.message, 'No such job');
    });

    it('does not follow redirects unless asked', async function () {
      server.setHandler((req, res) => {
        if (req.path === '/v2/logout') {
          res.writeHead(302, { Location: 'https://app.example.com/bye' });
          res.end();
          return;
        }
        json(res, 200, {});
      });
      const response = await client.request({ method: 'GET', path: '/v2/logout', query: { returnTo: 'https://app.example.com/bye' }, auth: 'none' });
      assert.equal(response.statusCode, 302);
      assert.equal(response.headers.location, 'https://app.example.com/bye');
      assert.equal(server.requests.length, 1);
    });

    it('follows redirects on the tenant when asked, never to another host', async function () {
      server.setHandler((req, res) => {
        if (req.path === '/start') {
          res.writeHead(302, { Location: '/next' });
          res.end();
          return;
        }
        if (req.path === '/next') {
          res.writeHead(307, { Location: 'http://other.example.com/steal' });
          res.end();
          return;
        }
        json(res, 200, {});
      });
      const response = await client.request({ method: 'GET', path: '/start', auth: 'management', followRedirects: true });
      assert.equal(response.statusCode, 307, 'the redirect to another host is handed back');
      assert.equal(response.headers.location, 'http://other.example.com/steal');
      assert.deepEqual(
        server.requests.map((r) => r.path),
        ['/start', '/next'],
      );
      assert.equal(server.requests[1]?.headers.authorization, `Bearer ${TOKEN}`);
    });
  });

  describe('configuration', function () {
    it('an unusable domain fails each request with a ConfigError, and creating the client does not throw', async function () {
      for (const domain of ['evil.com/path?', 'my_tenant.auth0.com', 'user@evil.com', 'a b.com', '-tenant.auth0.com', 'tenant.auth0.com:99999', '']) {
        const broken = createTenantClient({ ...optionsFor(server, { token: TOKEN }), domain });
        try {
          const err = await rejectionOf(broken.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }));
          assert.equal(err.name, 'ConfigError', domain);
          assert.match(err.message, /is not a host name/, domain);
        } finally {
          broken.close();
        }
      }
      assert.equal(server.requests.length, 0, 'nothing was sent');
    });
  });
});
