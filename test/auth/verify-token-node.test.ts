/**
 * auth0-verify-token in a real Node-RED runtime, against a loopback tenant that publishes keys
 * generated here: the two outputs, the 401 message, where claims go, the checks fed from the
 * message, key rotation pacing, and failures that are not the token's fault going to Catch.
 */
import assert from 'node:assert/strict';
import { coreNodes, helper, nextMessage, nodeModules } from '../helpers/node-red';
import { accessClaims, hs256WithPublicKey, makeKey, nowSeconds, signRs256, unsignedToken } from './jwt-fixtures';
import { KeyServer } from './key-server';

type Msg = Record<string, unknown>;

const API = 'https://api.example.com/';
const CLIENT_ID = 'verify-test-client';

describe('auth0-verify-token node', function () {
  this.timeout(20000);
  const keyA = makeKey('kid-a');
  const keyB = makeKey('kid-b');
  let tenant: KeyServer;

  beforeEach(async () => {
    tenant = new KeyServer(keyA);
    await tenant.start();
  });
  afterEach(async () => {
    await helper.unload();
    await tenant.close();
  });

  async function load(props: Msg, options: { tenant?: boolean } = {}): Promise<void> {
    await helper.load(
      [...nodeModules('auth/auth0-verify-token'), ...coreNodes('25-catch.js')],
      [
        { id: 'tab', type: 'tab', label: 'verify' },
        { id: 'cfg', type: 'auth0-config', domain: tenant.domain, protocol: 'http', retries: 0 },
        {
          id: 'verify',
          type: 'auth0-verify-token',
          z: 'tab',
          x: 100,
          y: 100,
          ...(options.tenant === false ? {} : { tenant: 'cfg' }),
          wires: [['valid'], ['invalid']],
          ...props,
        },
        { id: 'valid', type: 'helper', z: 'tab', x: 300, y: 100 },
        { id: 'invalid', type: 'helper', z: 'tab', x: 300, y: 200 },
        { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 300, scope: null, uncaught: false, wires: [['caught']] },
        { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 300 },
      ],
      { cfg: { clientId: CLIENT_ID } },
    );
  }

  /** Sends a message and resolves with the first output that answers: `valid`, `invalid` or `caught`. */
  function verify(msg: Msg): Promise<{ port: string; msg: Msg }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no output')), 10000);
      for (const port of ['valid', 'invalid', 'caught']) {
        helper.getNode(port)?.on('input', (out: Msg) => {
          clearTimeout(timer);
          resolve({ port, msg: out });
        });
      }
      helper.getNode('verify')?.receive(msg);
    });
  }

  const bearer = (token: string): Msg => ({ req: { headers: { authorization: `Bearer ${token}` } } });

  it('sends a valid access token to output 1 with its claims, issuer defaulting to the tenant', async () => {
    await load({ tokenType: 'access', audience: API });
    const token = signRs256(accessClaims(tenant.issuer, API), keyA);
    const { port, msg } = await verify({ ...bearer(token), payload: 'ignored', topic: 'kept' });
    assert.equal(port, 'valid');
    assert.equal((msg.payload as Msg).sub, 'auth0|user1');
    assert.equal(msg.topic, 'kept');
    assert.equal(tenant.fetches, 1);
    await verify(bearer(token));
    assert.equal(tenant.fetches, 1, 'the keys are cached');
  });

  it('refuses to output 2 with a 401, a WWW-Authenticate header and the reason', async () => {
    await load({ tokenType: 'access', audience: API, output: 'user' });
    const expired = signRs256(accessClaims(tenant.issuer, API, { exp: nowSeconds() - 600 }), keyA);
    const { port, msg } = await verify({ ...bearer(expired), user: { stale: true } });
    assert.equal(port, 'invalid');
    assert.equal(msg.statusCode, 401);
    assert.deepEqual(Object.keys(msg.payload as object).sort(), ['code', 'error', 'reason']);
    assert.equal((msg.payload as Msg).code, 'expired');
    assert.match(String((msg.headers as Msg)['WWW-Authenticate']), /^Bearer error="invalid_token", error_description="[^"]+"$/);
    assert.equal(msg.user, undefined, 'a refused message carries no user');
    const none = await verify({ payload: {} });
    assert.equal((none.msg.payload as Msg).code, 'no_token');
    assert.equal((none.msg.headers as Msg)['WWW-Authenticate'], 'Bearer');
  });

  it('refuses alg none and HS256 forgeries without fetching keys, and wrong issuer or audience', async () => {
    await load({ tokenType: 'access', audience: API });
    const claims = accessClaims(tenant.issuer, API);
    assert.equal(((await verify(bearer(`${unsignedToken(claims, 'kid-a')}AAAA`))).msg.payload as Msg).code, 'unsupported_alg');
    assert.equal(((await verify(bearer(hs256WithPublicKey(claims, keyA)))).msg.payload as Msg).code, 'unsupported_alg');
    assert.equal(tenant.fetches, 0);
    assert.equal(((await verify(bearer(signRs256(accessClaims('https://evil.example/', API), keyA)))).msg.payload as Msg).code, 'wrong_issuer');
    assert.equal(((await verify(bearer(signRs256(accessClaims(tenant.issuer, 'https://other/'), keyA)))).msg.payload as Msg).code, 'wrong_audience');
  });

  it('ID tokens: audience from the tenant, nonce from msg, max_age, organization; claims to msg.user', async () => {
    await load({
      tokenType: 'id',
      nonce: 'login.nonce',
      nonceType: 'msg',
      maxAge: '3600',
      maxAgeType: 'num',
      organization: 'org_abc',
      organizationType: 'str',
      output: 'user',
    });
    const now = nowSeconds();
    const id = (extra: Msg) =>
      signRs256(
        { iss: tenant.issuer, sub: 'auth0|u', aud: CLIENT_ID, iat: now, exp: now + 600, auth_time: now - 60, nonce: 'n-1', org_id: 'org_abc', ...extra },
        keyA,
      );
    const ok = await verify({ payload: { id_token: id({}), access_token: 'x.y.z' }, login: { nonce: 'n-1' } });
    assert.equal(ok.port, 'valid');
    assert.equal((ok.msg.user as Msg).org_id, 'org_abc');
    assert.deepEqual(Object.keys(ok.msg.payload as object).sort(), ['access_token', 'id_token'], 'payload left as it was');
    assert.equal(((await verify({ payload: id({}), login: { nonce: 'n-2' } })).msg.payload as Msg).code, 'wrong_nonce');
    assert.equal(((await verify({ payload: id({}) })).msg.payload as Msg).code, 'missing_expectation', 'a nonce check with nothing to compare refuses');
    assert.equal(((await verify({ payload: id({ auth_time: now - 7200 }), login: { nonce: 'n-1' } })).msg.payload as Msg).code, 'login_too_old');
    assert.equal(((await verify({ payload: id({ org_id: 'org_zzz' }), login: { nonce: 'n-1' } })).msg.payload as Msg).code, 'wrong_organization');
    assert.equal(((await verify({ payload: id({ aud: 'another-client' }), login: { nonce: 'n-1' } })).msg.payload as Msg).code, 'wrong_audience');
  });

  it('a key id it does not know: refetched at most once per interval', async () => {
    tenant.keys = [keyA, keyB];
    await load({ tokenType: 'access', audience: API });
    // First contact: one fetch finds the rotated-in key.
    assert.equal((await verify(bearer(signRs256(accessClaims(tenant.issuer, API), keyB)))).port, 'valid');
    assert.equal(tenant.fetches, 1);
    const stranger = makeKey('kid-unknown');
    for (let i = 0; i < 3; i += 1) {
      const { msg } = await verify(bearer(signRs256(accessClaims(tenant.issuer, API), stranger)));
      assert.equal((msg.payload as Msg).code, 'unknown_key');
    }
    assert.equal(tenant.fetches, 1, 'made-up key ids do not make the node hammer the tenant');
  });

  it('keys that cannot be fetched, a missing audience or tenant: an error for Catch nodes, no output', async () => {
    tenant.failing = true;
    await load({ tokenType: 'access', audience: API });
    const down = await verify(bearer(signRs256(accessClaims(tenant.issuer, API), keyA)));
    assert.equal(down.port, 'caught');
    assert.match(String((down.msg.error as Msg).message), /503|unavailable/i);
    await helper.unload();

    await load({ tokenType: 'access' });
    const noAudience = await verify(bearer(signRs256(accessClaims(tenant.issuer, API), keyA)));
    assert.equal(noAudience.port, 'caught');
    assert.match(String((noAudience.msg.error as Msg).message), /audience/);
    await helper.unload();

    await load({ tokenType: 'access', audience: API }, { tenant: false });
    const noTenant = await verify(bearer('a.b.c'));
    assert.equal(noTenant.port, 'caught');
    assert.match(String((noTenant.msg.error as Msg).message), /tenant/i);
  });

  it('while the keys cannot be fetched, 25 tokens make one fetch: the failure is remembered, each token gets it', async () => {
    tenant.failing = true;
    await load({ tokenType: 'access', audience: API });
    for (let i = 0; i < 25; i += 1) {
      const down = await verify(bearer(signRs256(accessClaims(tenant.issuer, API), keyA)));
      assert.equal(down.port, 'caught');
      assert.match(String((down.msg.error as Msg).message), /503|unavailable/i);
    }
    assert.equal(tenant.fetches, 1, 'one fetch for 25 tokens while the endpoint fails');
  });

  it('never writes the token into a status or a log line', async () => {
    await load({ tokenType: 'access', audience: API });
    const statuses: unknown[] = [];
    (helper.getNode('verify') as unknown as { on(e: string, f: (c: { args: unknown[] }) => void): void }).on('call:status', (call) => statuses.push(call.args));
    const tokens = [
      signRs256(accessClaims(tenant.issuer, API), keyA),
      signRs256(accessClaims(tenant.issuer, 'https://other/'), keyA),
      signRs256(accessClaims(tenant.issuer, API, { exp: nowSeconds() - 900 }), keyA),
    ];
    for (const token of tokens) await verify(bearer(token));
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(statuses.length >= 3);
    const seen = JSON.stringify([statuses, helper.log().args]);
    for (const token of tokens) for (const part of token.split('.')) assert.ok(!seen.includes(part));
    const next = nextMessage(helper.getNode('valid'));
    helper.getNode('verify')?.receive(bearer(tokens[0]));
    await next;
  });
});
