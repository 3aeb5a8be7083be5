/**
 * "Check connection" through Node-RED's admin API (`POST /auth0-config/check`) against the
 * emulator: the scopes, lifetime and rate limit of a working tenant; the operations of the nodes
 * using it whose scopes the token lacks; a wrong domain, client id, secret or key named as such;
 * deployed credentials used only with the deployed domain; no secret or token in any answer.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { missingScopes } from '../../nodes/config/connection-check-route';
import { checkConnection } from '../../nodes/config/connection-check';
import { TestServer, json } from '../tenant-client/helpers';
import { helper, nodeModules } from '../helpers/node-red';
import { registerKey, rsaKeyPair, type RegisteredKey } from '../tenant-client/private-key-fixtures';

type Msg = Record<string, unknown>;

/** The helper's supertest agent on Node-RED's admin app (the helper's types leave it out). */
function adminRequest(): { post(path: string): { send(body: unknown): { expect(status: number): Promise<{ body: unknown }> } } } {
  return (helper as unknown as { request(): ReturnType<typeof adminRequest> }).request();
}
interface Answer {
  result: Msg & { ok: boolean; problem?: string; message?: string; scopes?: string[]; expiresIn?: number; rateLimit?: Msg };
  missing: (Msg & { type: string; operation: string; scopes: string[]; byMessage: boolean })[];
  withheld: string[];
}

const READER = { clientId: 'check-reader', clientSecret: 'check-reader-secret-value-0123456789' };

describe('auth0-config: Check connection (admin endpoint)', function () {
  this.timeout(30000);
  let emulator: Emulator;
  let key: RegisteredKey;

  before(async () => {
    emulator = await startEmulator({ port: 0 });
    emulator.seed({
      clients: [
        {
          name: 'Check reader',
          client_id: READER.clientId,
          client_secret: READER.clientSecret,
          app_type: 'non_interactive',
          grant_types: ['client_credentials'],
        },
        {
          name: 'Check ungranted',
          client_id: 'check-ungranted',
          client_secret: 'check-ungranted-secret-value',
          app_type: 'non_interactive',
          grant_types: ['client_credentials'],
        },
      ],
      clientGrants: [{ client_id: READER.clientId, audience: emulator.managementAudience, scope: ['read:users', 'read:roles'] }],
    });
    key = await registerKey(emulator, READER.clientId);
  });
  after(async () => {
    await emulator.close();
  });
  beforeEach(async () => {
    await helper.startServer();
    await helper.load(
      nodeModules('users/auth0-users', 'roles/auth0-roles'),
      [
        { id: 'tab', type: 'tab', label: 'test' },
        { id: 'cfg', type: 'auth0-config', domain: emulator.domain, protocol: 'http', retries: 0 },
        { id: 'create', type: 'auth0-users', z: 'tab', x: 100, y: 100, tenant: 'cfg', operation: 'create', name: 'new users', wires: [] },
        { id: 'list', type: 'auth0-users', z: 'tab', x: 100, y: 200, tenant: 'cfg', operation: 'list', wires: [] },
        { id: 'any', type: 'auth0-roles', z: 'tab', x: 100, y: 300, tenant: 'cfg', operation: '', wires: [] },
      ],
      { cfg: { clientId: READER.clientId, clientSecret: READER.clientSecret } },
    );
  });
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
  });

  async function check(body: Msg): Promise<Answer> {
    const res = await adminRequest().post('/auth0-config/check').send(body).expect(200);
    const text = JSON.stringify(res.body);
    for (const secret of [READER.clientSecret, emulator.clientSecret, key.privateKeyPem.slice(30, 90), 'PRIVATE KEY']) {
      assert.ok(!text.includes(secret), `a secret in the answer: ${text.slice(0, 300)}`);
    }
    assert.ok(!/eyJ[\w-]+\.[\w-]+\.[\w-]+/.test(text), 'a token in the answer');
    return res.body as Answer;
  }

  it('for the deployed node: the scopes, the lifetime, the rate limit, and the deployed operations the token lacks scopes for', async () => {
    const answer = await check({ id: 'cfg' });
    assert.equal(answer.result.ok, true, JSON.stringify(answer));
    assert.deepEqual([...(answer.result.scopes ?? [])].sort(), ['read:roles', 'read:users']);
    assert.equal(answer.result.expiresIn, 86400);
    assert.equal(answer.result.authentication, 'client secret');
    assert.equal(typeof answer.result.rateLimit?.limit, 'number', 'the Management API rate limit is reported');
    const create = answer.missing.filter((m) => m.id === 'create');
    assert.deepEqual(
      create.map((m) => [m.type, m.operation, m.scopes, m.byMessage]),
      [['auth0-users', 'create', ['create:users'], false]],
    );
    assert.equal(answer.missing.filter((m) => m.id === 'list').length, 0, 'list is covered by read:users');
    const byMessage = answer.missing.filter((m) => m.id === 'any');
    assert.ok(byMessage.length > 0 && byMessage.every((m) => m.byMessage), 'a node whose operation comes from msg lists each operation it could run');
    assert.ok(byMessage.some((m) => m.operation === 'create' && m.scopes.includes('create:roles')));
    assert.ok(!byMessage.some((m) => m.operation === 'list'), 'roles list is covered by read:roles');
  });

  it("for the dialog being edited: typed values, unchanged credentials (__PWRD__) are the deployed ones, and the editor's own node list", async () => {
    const answer = await check({
      id: 'cfg',
      domain: emulator.domain,
      protocol: 'http',
      credentials: { clientId: READER.clientId, clientSecret: '__PWRD__' },
      nodes: [{ id: 'new', type: 'auth0-users', operation: 'delete' }],
    });
    assert.equal(answer.result.ok, true, JSON.stringify(answer));
    assert.deepEqual(
      answer.missing.map((m) => [m.id, m.operation, m.scopes]),
      [['new', 'delete', ['delete:users']]],
    );
  });

  it('names a wrong secret, a wrong client id, a wrong domain and a wrong key', async () => {
    const wrongSecret = await check({ id: 'cfg', credentials: { clientId: READER.clientId, clientSecret: 'not-the-secret-0123456789' } });
    assert.equal(wrongSecret.result.problem, 'clientSecret', JSON.stringify(wrongSecret));
    assert.ok(!JSON.stringify(wrongSecret).includes('not-the-secret-0123456789'), 'not even the wrong secret is echoed');

    const wrongId = await check({ id: 'cfg', credentials: { clientId: 'no-such-client', clientSecret: '__PWRD__' } });
    assert.equal(wrongId.result.problem, 'clientId', JSON.stringify(wrongId));
    assert.match(String(wrongId.result.message), /no-such-client/);

    const unreachable = await check({
      domain: '127.0.0.1:1',
      protocol: 'http',
      credentials: { clientId: READER.clientId, clientSecret: 'typed-secret-value' },
    });
    assert.equal(unreachable.result.problem, 'domain', JSON.stringify(unreachable));
    const notAHost = await check({ domain: 'https://bad host/', credentials: { clientId: READER.clientId, clientSecret: 'typed-secret-value' } });
    assert.equal(notAHost.result.problem, 'domain');

    const otherKey = await check({
      domain: emulator.domain,
      protocol: 'http',
      credentials: { clientId: READER.clientId, privateKey: rsaKeyPair().privateKeyPem },
    });
    assert.equal(otherKey.result.problem, 'privateKey', JSON.stringify(otherKey));
    const notAKey = await check({ domain: emulator.domain, protocol: 'http', credentials: { clientId: READER.clientId, privateKey: 'garbage' } });
    assert.equal(notAKey.result.problem, 'privateKey');

    const noGrant = await check({
      domain: emulator.domain,
      protocol: 'http',
      credentials: { clientId: emulator.webClient.clientId, clientSecret: emulator.webClient.clientSecret },
    });
    assert.equal(noGrant.result.problem, 'clientId', 'a web application may not use the client-credentials grant');
    assert.match(String(noGrant.result.message), /machine-to-machine/);

    const ungranted = await check({
      domain: emulator.domain,
      protocol: 'http',
      credentials: { clientId: 'check-ungranted', clientSecret: 'check-ungranted-secret-value' },
    });
    assert.equal(ungranted.result.problem, 'grant', JSON.stringify(ungranted));
    assert.match(String(ungranted.result.message), /Machine to Machine Applications/);
  });

  it('checks a private key: the token is fetched with a private key JWT', async () => {
    const answer = await check({ domain: emulator.domain, protocol: 'http', credentials: { clientId: READER.clientId, privateKey: key.privateKeyPem } });
    assert.equal(answer.result.ok, true, JSON.stringify(answer));
    assert.equal(answer.result.authentication, 'private key JWT');
  });

  it('checks a static token: its scopes and lifetime, never the token itself; an expired or foreign token is named', async () => {
    const answer = await check({ domain: emulator.domain, protocol: 'http', credentials: { token: emulator.managementToken(['read:users'], 3600) } });
    assert.equal(answer.result.ok, true, JSON.stringify(answer));
    assert.equal(answer.result.authentication, 'static token');
    assert.deepEqual(answer.result.scopes, ['read:users']);
    assert.ok((answer.result.expiresIn ?? 0) > 3500 && (answer.result.expiresIn ?? 0) <= 3600);
    assert.equal((await check({ domain: emulator.domain, protocol: 'http', credentials: { token: 'not-a-jwt-at-all' } })).result.problem, 'token');
    const header = Buffer.from(JSON.stringify({ alg: 'RS256' })).toString('base64url');
    const foreign = `${header}.${Buffer.from(JSON.stringify({ scope: 'read:users', exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url')}.c2ln`;
    assert.equal(
      (await check({ domain: emulator.domain, protocol: 'http', credentials: { token: foreign } })).result.problem,
      'token',
      'a token the tenant did not sign',
    );
  });

  it('never sends a deployed secret to a domain typed over the deployed one', async () => {
    const answer = await check({ id: 'cfg', domain: '127.0.0.1:1', protocol: 'http', credentials: { clientId: READER.clientId, clientSecret: '__PWRD__' } });
    assert.deepEqual(answer.withheld, ['clientSecret']);
    assert.equal(answer.result.ok, false);
    assert.equal(answer.result.problem, 'clientSecret', 'no secret to send: it must be typed again');
  });

  it('a host that is not an Auth0 tenant is named as the domain; an error page naming an unknown client as the client id', async () => {
    const server = await TestServer.start((req, res) => {
      // A tenant-like host for known-app (token refused, /authorize redirects to an error page), a plain 404 page otherwise.
      if (req.path === '/oauth/token' && req.body.includes('known-app')) {
        json(res, 401, { error: 'access_denied', error_description: 'Unauthorized' });
      } else if (req.path === '/authorize') {
        res.writeHead(302, { location: '/error?error=invalid_request&error_description=Unknown+client%3A+known-app' });
        res.end();
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<html><body>Not here</body></html>');
      }
    });
    try {
      const base = { domain: server.domain, protocol: 'http' as const, telemetry: false, connectTimeout: 5, readTimeout: 5, retries: 0 };
      const notAuth0 = await checkConnection({ ...base, clientId: 'other-app', clientSecret: 'some-secret-value' });
      assert.equal(notAuth0.ok ? 'ok' : notAuth0.problem, 'domain');
      const unknown = await checkConnection({ ...base, clientId: 'known-app', clientSecret: 'some-secret-value' });
      assert.equal(unknown.ok ? 'ok' : unknown.problem, 'clientId', JSON.stringify(unknown));
      assert.ok(!JSON.stringify(unknown).includes('some-secret-value'));
    } finally {
      await server.close();
    }
  });

  describe('typed ${NAME} credentials (environment values)', () => {
    const ENV = 'IDFLOW_CHECK_TEST_SECRET';
    before(() => {
      process.env[ENV] = READER.clientSecret;
    });
    after(() => {
      delete process.env[ENV];
    });

    it("are resolved for the deployed node's own domain and protocol", async () => {
      const answer = await check({
        id: 'cfg',
        domain: emulator.domain,
        protocol: 'http',
        credentials: { clientId: READER.clientId, clientSecret: `\${${ENV}}` },
      });
      assert.equal(answer.result.ok, true, JSON.stringify(answer));
    });

    it('one naming a variable that is not set is refused, naming the field and the variable, not sent (as the snapshot refuses it)', async () => {
      const answer = await check({
        id: 'cfg',
        domain: emulator.domain,
        protocol: 'http',
        credentials: { clientId: READER.clientId, clientSecret: '${IDFLOW_CHECK_TEST_UNSET}' },
      });
      assert.equal(answer.result.ok, false, JSON.stringify(answer));
      assert.equal(answer.result.problem, 'clientSecret');
      assert.match(String(answer.result.message), /IDFLOW_CHECK_TEST_UNSET.*not set.*nothing was sent/);
    });

    it('are refused, naming the field, and never sent, with any other domain or protocol, or before the node is deployed', async () => {
      const elsewhere = await TestServer.start((_req, res) => json(res, 401, { error: 'access_denied' }));
      try {
        for (const body of [
          { id: 'cfg', domain: elsewhere.domain, protocol: 'http' },
          { id: 'cfg', domain: emulator.domain, protocol: 'https' },
          { id: 'not-deployed', domain: elsewhere.domain, protocol: 'http' },
          { domain: elsewhere.domain, protocol: 'http' },
        ]) {
          const answer = await check({ ...body, credentials: { clientId: READER.clientId, clientSecret: `\${${ENV}}` } });
          assert.equal(answer.result.ok, false, JSON.stringify(body));
          assert.equal(answer.result.problem, 'clientSecret');
          assert.match(String(answer.result.message), /client secret is an environment variable/);
          assert.match(String(answer.result.message), /not sent/);
        }
        assert.equal(elsewhere.requests.length, 0, 'nothing reached the other host');
      } finally {
        await elsewhere.close();
      }
    });
  });

  it('bounds what an arbitrary host says: plain text, a few hundred characters, a bounded scope list', async () => {
    const markup = '<script>alert(1)</script><b>Unauthorized</b>\u0007';
    const server = await TestServer.start((req, res) => {
      if (req.path === '/oauth/token' && req.body.includes('chatty-app'))
        json(res, 200, {
          access_token: 'opaque',
          expires_in: 60,
          scope: Array.from({ length: 5000 }, (_v, i) => `<i>s${i}</i>${'x'.repeat(300)}`).join(' ') + ' read:clients',
        });
      else if (req.path === '/oauth/token') json(res, 401, { error: 'access_denied', error_description: `${markup}${'y'.repeat(50_000)}` });
      else if (req.path === '/authorize') json(res, 200, {});
      else json(res, 200, { name: `<img src=x onerror=alert(1)>${'n'.repeat(5000)}` });
    });
    try {
      const base = { domain: server.domain, protocol: 'http' as const, telemetry: false, connectTimeout: 5, readTimeout: 5, retries: 0 };
      const refused = await checkConnection({ ...base, clientId: 'other-app', clientSecret: 'some-secret-value' });
      assert.equal(refused.ok, false);
      const message = refused.ok ? '' : refused.message;
      assert.ok(message.length <= 400, `${message.length} characters`);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(message, /[<>\u0000-\u001f]/);
      assert.match(message, /Unauthorized/);
      const chatty = await checkConnection({ ...base, clientId: 'chatty-app', clientSecret: 'some-secret-value' });
      assert.equal(chatty.ok, true, JSON.stringify(chatty).slice(0, 300));
      if (!chatty.ok) return;
      assert.ok(chatty.scopes.length <= 500, `${chatty.scopes.length} scopes`);
      assert.ok(chatty.scopes.every((scope) => scope.length <= 100 && !/[<>]/.test(scope)));
      assert.ok(chatty.application !== undefined && chatty.application.length <= 100 && !/[<>]/.test(chatty.application), chatty.application);
    } finally {
      await server.close();
    }
  });

  it('plain http to a host that is not this machine: the answer carries a warning; on loopback none', async () => {
    const away = await check({ domain: '0.0.0.0:1', protocol: 'http', credentials: { clientId: READER.clientId, clientSecret: 'typed-secret-value' } });
    assert.match(String((away as unknown as Msg).warning), /http for 0\.0\.0\.0, which is not on this machine/);
    const local = await check({ id: 'cfg' });
    assert.equal((local as unknown as Msg).warning, undefined);
  });

  it('missingScopes: an operation is covered by any one of its scopes', () => {
    const missing = missingScopes([{ id: 'a', type: 'auth0-users', operation: 'get' }], ['read:users']);
    assert.deepEqual(missing, []);
  });
});
