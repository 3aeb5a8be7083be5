/**
 * Private key JWT: the assertion's claims and signature, the emulator's checks of it (as Auth0
 * documents them: signature, aud, exp and its 5-minute limit, iss/sub, a replayed jti refused),
 * and the config node in Node-RED getting a token with a key and no secret; the authentication
 * nodes using the key too; a 403 naming the scope; domain and credentials from the environment.
 */
import assert from 'node:assert/strict';
import { constants, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { startEmulator, type Emulator } from '../../emulator';
import { CLIENT_ASSERTION_TYPE, createAssertionSigner, normalisePem, readPrivateKey, signAssertion } from '../../nodes/tenant-client/client-assertion';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { ConfigError } from '../../nodes/shared/errors';
import { coreNodes, helper, nextMessage, nodeModules } from '../helpers/node-red';
import { registerKey, rsaKeyPair, type RegisteredKey } from './private-key-fixtures';

type Msg = Record<string, unknown>;

function decode(jwt: string): { header: Msg; claims: Msg; input: string; signature: Buffer } {
  const [h, c, s] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Msg,
    claims: JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Msg,
    input: `${h}.${c}`,
    signature: Buffer.from(s, 'base64url'),
  };
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A hand-made assertion with any claims (to test the emulator's refusals). */
function handMade(privateKeyPem: string, header: Msg, claims: Msg): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), createPrivateKey(privateKeyPem)).toString('base64url')}`;
}

async function tokenWith(emulator: Emulator, assertion: string, extra: Record<string, string> = {}): Promise<{ status: number; body: Msg }> {
  const response = await fetch(`${emulator.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      audience: emulator.managementAudience,
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      ...extra,
    }),
  });
  return { status: response.status, body: (await response.json()) as Msg };
}

describe('private key JWT', function () {
  this.timeout(30000);

  describe('the client assertion', () => {
    const pair = rsaKeyPair();

    it('has iss = sub = the client id, aud https://{domain}/, a short exp, iat, a unique jti and the kid', () => {
      const signer = createAssertionSigner({ clientId: 'app123', domain: 'tenant.eu.auth0.com', privateKey: pair.privateKeyPem, keyId: 'kid-0123456789' });
      const first = decode(signer.sign());
      const second = decode(signer.sign());
      assert.deepEqual(first.header, { alg: 'RS256', typ: 'JWT', kid: 'kid-0123456789' });
      assert.equal(first.claims.iss, 'app123');
      assert.equal(first.claims.sub, 'app123');
      assert.equal(first.claims.aud, 'https://tenant.eu.auth0.com/');
      const now = Math.floor(Date.now() / 1000);
      assert.ok(Math.abs((first.claims.iat as number) - now) <= 2);
      assert.equal((first.claims.exp as number) - (first.claims.iat as number), 60, 'one minute, as Auth0 recommends (at most 5)');
      assert.match(String(first.claims.jti), /^[0-9a-f-]{36}$/);
      assert.notEqual(first.claims.jti, second.claims.jti, 'a new jti for every assertion');
      assert.ok(verify('sha256', Buffer.from(first.input), createPublicKey(pair.publicKeyPem), first.signature));
    });

    it('signs with RS384 and PS256 as chosen, and leaves out kid when none is set', () => {
      const key = readPrivateKey(pair.privateKeyPem);
      const rs384 = decode(signAssertion(key, { clientId: 'a', domain: 'd.example', alg: 'RS384' }));
      assert.deepEqual(rs384.header, { alg: 'RS384', typ: 'JWT' });
      assert.ok(verify('sha384', Buffer.from(rs384.input), createPublicKey(pair.publicKeyPem), rs384.signature));
      const ps256 = decode(signAssertion(key, { clientId: 'a', domain: 'd.example', alg: 'PS256' }));
      assert.equal(ps256.header.alg, 'PS256');
      assert.ok(
        verify(
          'sha256',
          Buffer.from(ps256.input),
          { key: createPublicKey(pair.publicKeyPem), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
          ps256.signature,
        ),
      );
    });

    it('refuses a key that is not a PEM private key, without quoting it', () => {
      const bogus = '-----BEGIN PRIVATE KEY-----\nnot-a-key-but-secret-text\n-----END PRIVATE KEY-----';
      assert.throws(
        () => readPrivateKey(bogus),
        (err: Error) => err instanceof ConfigError && /private key/.test(err.message) && !err.message.includes('secret-text'),
      );
      assert.throws(() => readPrivateKey(pair.publicKeyPem), ConfigError);
    });

    it('reads a key whose newlines were written as \\n (an environment variable on one line)', () => {
      const oneLine = pair.privateKeyPem.replace(/\n/g, '\\n');
      assert.equal(readPrivateKey(oneLine).asymmetricKeyType, 'rsa');
    });

    it('reads a key whose line breaks were lost (pasted into a one-line password field) or became spaces', () => {
      assert.equal(readPrivateKey(pair.privateKeyPem.replace(/\n/g, '')).asymmetricKeyType, 'rsa');
      assert.equal(readPrivateKey(pair.privateKeyPem.replace(/\n/g, ' ')).asymmetricKeyType, 'rsa');
      assert.equal(normalisePem(pair.privateKeyPem), pair.privateKeyPem, 'a well-formed PEM is kept as it is');
    });
  });

  describe('the emulator checks it as Auth0 does', () => {
    let emulator: Emulator;
    let key: RegisteredKey;
    before(async () => {
      emulator = await startEmulator({ port: 0 });
      key = await registerKey(emulator, emulator.clientId);
    });
    after(async () => {
      await emulator.close();
    });

    const claims = (over: Msg = {}): Msg => {
      const now = Math.floor(Date.now() / 1000);
      return {
        iss: emulator.clientId,
        sub: emulator.clientId,
        aud: `https://${emulator.domain}/`,
        iat: now,
        exp: now + 60,
        jti: `jti-${Math.random()}`,
        ...over,
      };
    };

    it('gives a token for a valid assertion, and refuses the same assertion again (replayed jti)', async () => {
      const assertion = signAssertion(readPrivateKey(key.privateKeyPem), { clientId: emulator.clientId, domain: emulator.domain, keyId: key.kid });
      const first = await tokenWith(emulator, assertion);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(typeof first.body.access_token, 'string');
      const replay = await tokenWith(emulator, assertion);
      assert.equal(replay.status, 401);
      assert.equal(replay.body.error, 'invalid_client');
      assert.match(String(replay.body.error_description), /jti/);
    });

    it('refuses a wrong audience, an expired assertion, one living over 5 minutes, iss other than sub, another key, an unknown kid', async () => {
      const cases: [string, string, RegExp][] = [
        ['audience', handMade(key.privateKeyPem, { alg: 'RS256' }, claims({ aud: 'https://elsewhere.example/' })), /aud/],
        [
          'expired',
          handMade(key.privateKeyPem, { alg: 'RS256' }, claims({ iat: Math.floor(Date.now() / 1000) - 120, exp: Math.floor(Date.now() / 1000) - 60 })),
          /exp/,
        ],
        ['too long', handMade(key.privateKeyPem, { alg: 'RS256' }, claims({ exp: Math.floor(Date.now() / 1000) + 600 })), /5 minutes/],
        ['iss/sub', handMade(key.privateKeyPem, { alg: 'RS256' }, claims({ sub: 'someone-else' })), /iss/],
        ['no jti', handMade(key.privateKeyPem, { alg: 'RS256' }, claims({ jti: undefined })), /jti/],
        ['other key', handMade(rsaKeyPair().privateKeyPem, { alg: 'RS256' }, claims()), /signature/],
        ['unknown kid', handMade(key.privateKeyPem, { alg: 'RS256', kid: 'no-such-kid-000' }, claims()), /kid/],
        ['other alg', handMade(key.privateKeyPem, { alg: 'HS256' }, claims()), /alg/],
      ];
      for (const [name, assertion, reason] of cases) {
        const answer = await tokenWith(emulator, assertion);
        assert.equal(answer.status, 401, `${name}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.error, 'invalid_client', name);
        assert.match(String(answer.body.error_description), reason, name);
      }
    });

    it('refuses a wrong client_assertion_type and an assertion together with a secret', async () => {
      const assertion = handMade(key.privateKeyPem, { alg: 'RS256' }, claims());
      assert.equal((await tokenWith(emulator, assertion, { client_assertion_type: 'urn:other' })).status, 400);
      assert.equal((await tokenWith(emulator, assertion, { client_secret: emulator.clientSecret })).status, 400);
    });
  });

  describe('the config node and the nodes of the tenant', () => {
    let emulator: Emulator;
    let key: RegisteredKey;
    before(async () => {
      emulator = await startEmulator({ port: 0 });
      key = await registerKey(emulator, emulator.clientId, 'PS256');
    });
    after(async () => {
      await emulator.close();
    });
    beforeEach(async () => {
      await helper.startServer();
    });
    afterEach(async () => {
      await helper.unload();
      await helper.stopServer();
      for (const name of ['AUTH0_TEST_DOMAIN', 'AUTH0_TEST_CLIENT_ID', 'AUTH0_TEST_PRIVATE_KEY']) delete process.env[name];
    });

    function flow(config: Msg, node: Msg): unknown[] {
      return [
        { id: 'tab', type: 'tab', label: 'test' },
        { id: 'cfg', type: 'auth0-config', domain: emulator.domain, protocol: 'http', retries: 0, ...config },
        { id: 'n', z: 'tab', x: 100, y: 100, tenant: 'cfg', wires: [['out']], ...node },
        { id: 'out', type: 'helper', z: 'tab', x: 300, y: 100 },
        { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 200, scope: null, uncaught: false, wires: [['caught']] },
        { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 200 },
      ];
    }

    it('gets a management token with the private key (no secret) and runs an operation; the key is in no log line or status', async () => {
      await helper.load(
        [...nodeModules('users/auth0-users'), ...coreNodes('25-catch.js')],
        flow({ signingAlg: 'PS256', keyId: key.kid }, { type: 'auth0-users', operation: 'list' }),
        { cfg: { clientId: emulator.clientId, privateKey: key.privateKeyPem } },
      );
      const next = nextMessage(helper.getNode('out'));
      helper.getNode('n')?.receive({ payload: {} });
      const msg = await next;
      assert.ok(Array.isArray((msg.payload as Msg).users), 'the users list arrived');
      const logged = JSON.stringify(helper.log().args);
      assert.ok(!logged.includes('PRIVATE KEY') && !logged.includes(key.privateKeyPem.slice(40, 80)), 'no key in the log');
    });

    it('a bad key fails the request with a ConfigError naming the private key, not quoting it', async () => {
      const bogus = '-----BEGIN PRIVATE KEY-----\nMIIsecretsecretsecret\n-----END PRIVATE KEY-----';
      await helper.load([...nodeModules('users/auth0-users'), ...coreNodes('25-catch.js')], flow({}, { type: 'auth0-users', operation: 'list' }), {
        cfg: { clientId: emulator.clientId, privateKey: bogus },
      });
      const next = nextMessage(helper.getNode('caught'));
      helper.getNode('n')?.receive({ payload: {} });
      const caught = await next;
      const error = caught.error as Msg;
      assert.match(String(error.message), /private key/);
      assert.ok(!JSON.stringify(caught).includes('secretsecret'));
    });

    it("auth0-token client_credentials for the tenant's own application signs with the key instead of a secret", async () => {
      await helper.load(
        [...nodeModules('auth/auth0-token'), ...coreNodes('25-catch.js')],
        flow(
          { signingAlg: 'PS256' },
          { type: 'auth0-token', operation: 'client_credentials', params: { audience: { value: emulator.managementAudience, type: 'str' } }, version: 1 },
        ),
        { cfg: { clientId: emulator.clientId, privateKey: key.privateKeyPem } },
      );
      const next = nextMessage(helper.getNode('out'));
      helper.getNode('n')?.receive({ payload: {} });
      const msg = await next;
      assert.equal(typeof (msg.payload as Msg).access_token, 'string', JSON.stringify(msg.payload));
      assert.ok(!JSON.stringify(msg).includes('client_assertion'), 'the assertion is not in the output');
    });

    it('auth0-passwordless start signs with the key too: a registered key is accepted, an unregistered one refused', async () => {
      const run = async (privateKey: string): Promise<Msg> => {
        await helper.load(
          [...nodeModules('auth/auth0-passwordless'), ...coreNodes('25-catch.js')],
          flow(
            { signingAlg: 'PS256' },
            {
              type: 'auth0-passwordless',
              operation: 'email',
              params: { email: { value: 'pkjwt@example.com', type: 'str' }, send: { value: 'code', type: 'str' } },
              version: 1,
            },
          ),
          { cfg: { clientId: emulator.clientId, privateKey } },
        );
        const done = Promise.race([
          nextMessage(helper.getNode('out')).then((m) => ({ ok: m })),
          nextMessage(helper.getNode('caught')).then((m) => ({ caught: m })),
        ]);
        helper.getNode('n')?.receive({ payload: {} });
        const result = await done;
        await helper.unload();
        return result;
      };
      const accepted = await run(key.privateKeyPem);
      assert.ok(accepted.ok, JSON.stringify(accepted));
      const refused = await run(rsaKeyPair().privateKeyPem);
      const error = (refused.caught as Msg | undefined)?.error as Msg | undefined;
      assert.ok(error, 'an unregistered key is refused');
      assert.match(String(error.message), /signature/i);
    });

    it('a 403 for a missing scope names the scope the operation needs, in the error that reaches Catch', async () => {
      emulator.seed({
        clients: [
          {
            name: 'read-only worker',
            client_id: 'readonly-worker',
            client_secret: 'readonly-worker-secret-value',
            app_type: 'non_interactive',
            grant_types: ['client_credentials'],
          },
        ],
        clientGrants: [{ client_id: 'readonly-worker', audience: emulator.managementAudience, scope: ['read:users'] }],
      });
      await helper.load([...nodeModules('users/auth0-users'), ...coreNodes('25-catch.js')], flow({}, { type: 'auth0-users', operation: 'create' }), {
        cfg: { clientId: 'readonly-worker', clientSecret: 'readonly-worker-secret-value' },
      });
      const next = nextMessage(helper.getNode('caught'));
      helper
        .getNode('n')
        ?.receive({ payload: { body: { connection: 'Username-Password-Authentication', email: 'x@example.com', password: 'Str0ng-pass!word' } } });
      const caught = await next;
      const error = caught.error as Msg;
      assert.match(String(error.message), /users\.create needs the scope create:users/);
      assert.ok(!String(error.message).includes('readonly-worker-secret-value'));
    });

    it('takes the domain, client id and private key from environment variables (${NAME} in the properties and credentials)', async () => {
      process.env.AUTH0_TEST_DOMAIN = emulator.domain;
      process.env.AUTH0_TEST_CLIENT_ID = emulator.clientId;
      process.env.AUTH0_TEST_PRIVATE_KEY = key.privateKeyPem.replace(/\n/g, '\\n');
      await helper.load(
        [...nodeModules('users/auth0-users'), ...coreNodes('25-catch.js')],
        flow({ domain: '${AUTH0_TEST_DOMAIN}', signingAlg: 'PS256' }, { type: 'auth0-users', operation: 'list' }),
        { cfg: { clientId: '${AUTH0_TEST_CLIENT_ID}', privateKey: '${AUTH0_TEST_PRIVATE_KEY}' } },
      );
      const next = nextMessage(helper.getNode('out'));
      helper.getNode('n')?.receive({ payload: {} });
      assert.ok(Array.isArray(((await next).payload as Msg).users));
    });

    it('takes a client secret from an environment variable too', async () => {
      process.env.AUTH0_TEST_CLIENT_ID = emulator.clientId;
      process.env.AUTH0_TEST_CLIENT_SECRET = emulator.clientSecret;
      try {
        await helper.load([...nodeModules('users/auth0-users'), ...coreNodes('25-catch.js')], flow({}, { type: 'auth0-users', operation: 'list' }), {
          cfg: { clientId: '${AUTH0_TEST_CLIENT_ID}', clientSecret: '${AUTH0_TEST_CLIENT_SECRET}' },
        });
        const next = nextMessage(helper.getNode('out'));
        helper.getNode('n')?.receive({ payload: {} });
        assert.ok(Array.isArray(((await next).payload as Msg).users));
      } finally {
        delete process.env.AUTH0_TEST_CLIENT_SECRET;
      }
    });

    it('the tenant client alone: a private key and no secret is enough credentials', async () => {
      const client = createTenantClient({
        domain: emulator.domain,
        protocol: 'http',
        telemetry: false,
        connectTimeout: 5,
        readTimeout: 5,
        retries: 0,
        clientId: emulator.clientId,
        privateKey: key.privateKeyPem,
        signingAlg: 'PS256',
      });
      try {
        const token = await client.getManagementToken();
        assert.equal(decode(token).claims.azp, emulator.clientId);
      } finally {
        client.close();
      }
    });
  });
});
