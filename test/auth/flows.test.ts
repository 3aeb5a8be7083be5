/**
 * The authentication nodes end to end in a real Node-RED runtime against the local emulator:
 * the authorization-code flow with PKCE through token, userinfo, verification, refresh and
 * revocation; passwordless by e-mail code; sign-up then login; logout and a protected endpoint
 * behind http in. Secrets given in messages never show up in a status, a log line or an error.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as path from 'node:path';
import type { Emulator } from '../../emulator';
import { coreNodes, helper, nextMessage, nodeModules } from '../helpers/node-red';
import { captureHttpNode, serveHttpNodes } from '../helpers/http-node';
import { AUTH_FLOW_MODULES } from './flow-modules';
import { useEmulator } from '../helpers/emulator';

type Msg = Record<string, unknown>;
type TestNode = NonNullable<ReturnType<typeof helper.getNode>>;

const CALLBACK = 'http://127.0.0.1:1880/callback';

/** Node-RED's http in / http response and function nodes, for the flows a user would wire. */
function coreFlowNodes(): unknown[] {
  const core = path.dirname(require.resolve('@node-red/nodes/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return ['network/21-httpin.js', 'function/10-function.js'].map((file) => require(path.join(core, 'core', file)));
}

function modules(): unknown[] {
  return [...nodeModules(...AUTH_FLOW_MODULES), ...coreNodes('25-catch.js'), ...coreFlowNodes(), captureHttpNode];
}

/** GET without following redirects. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** Every status text and log line of the runtime, for the "no secret anywhere" checks. */
class Witness {
  readonly statuses: unknown[] = [];

  watch(...nodes: (TestNode | null)[]): void {
    for (const node of nodes) {
      (node as unknown as { on(event: string, fn: (call: { args: unknown[] }) => void): void }).on('call:status', (call) => this.statuses.push(call.args));
    }
  }

  assertNever(secrets: string[], extra: unknown[] = []): void {
    assert.ok(this.statuses.length > 0, 'the nodes reported a status (the check below is not vacuous)');
    const seen = JSON.stringify([this.statuses, helper.log().args, extra]);
    for (const secret of secrets) assert.ok(!seen.includes(secret), `a secret (${secret.slice(0, 4)}…) appears in a status, a log line or an error`);
  }
}

describe('auth nodes end to end against the emulator', function () {
  this.timeout(30000);
  let emu: Emulator;

  useEmulator((started) => (emu = started));
  beforeEach(async () => {
    emu.reset();
    await helper.startServer();
  });
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
  });

  /** A tab with the tenant (the web application's credentials), the nodes given, and a catch-all. */
  function flow(nodes: Msg[]): unknown[] {
    return [
      { id: 'tab', type: 'tab', label: 'auth' },
      { id: 'cfg', type: 'auth0-config', domain: emu.domain, protocol: 'http', retries: 0 },
      ...nodes.map((node) => ({ z: 'tab', x: 100, y: 100, tenant: 'cfg', ...node })),
      { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 300, scope: null, uncaught: false, wires: [['caught']] },
      { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 300 },
    ];
  }
  const webCredentials = (): Record<string, unknown> => ({ cfg: { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret } });
  const out = (id: string): Msg => ({ id, type: 'helper' });

  async function send(nodeId: string, outId: string, msg: Msg): Promise<Msg> {
    const next = nextMessage(helper.getNode(outId));
    helper.getNode(nodeId)?.receive(msg);
    return next;
  }

  it('authorize (PKCE) → code → token → userinfo → verify → refresh → revoke → the refresh fails', async () => {
    await helper.load(
      modules(),
      flow([
        {
          id: 'authorize',
          type: 'auth0-authorize',
          operation: 'authorize_url_pkce',
          version: 1,
          wires: [['authorized']],
          params: { redirect_uri: { value: CALLBACK, type: 'str' }, scope: { value: 'openid profile email offline_access', type: 'str' } },
        },
        out('authorized'),
        { id: 'token', type: 'auth0-token', operation: '', version: 1, wires: [['tokens']] },
        out('tokens'),
        { id: 'userinfo', type: 'auth0-userinfo', operation: 'userinfo', version: 1, wires: [['profile']] },
        out('profile'),
        {
          id: 'verifyId',
          type: 'auth0-verify-token',
          tokenType: 'id',
          nonce: 'nonce',
          nonceType: 'msg',
          maxAge: '300',
          maxAgeType: 'num',
          wires: [['validId'], ['invalidId']],
        },
        out('validId'),
        out('invalidId'),
        {
          id: 'verifyAccess',
          type: 'auth0-verify-token',
          tokenType: 'access',
          audience: `${emu.issuer}userinfo`,
          output: 'user',
          wires: [['validAccess'], ['invalidAccess']],
        },
        out('validAccess'),
        out('invalidAccess'),
        { id: 'revoke', type: 'auth0-revoke-token', operation: 'revoke_refresh_token', version: 1, wires: [['revoked']] },
        out('revoked'),
      ]),
      webCredentials(),
    );
    emu.seed({ users: [{ email: 'ada@example.com', password: 'Demo-passw0rd!', name: 'Ada' }] });
    const witness = new Witness();
    witness.watch(...['authorize', 'token', 'userinfo', 'verifyId', 'verifyAccess', 'revoke'].map((id) => helper.getNode(id)));

    // 1. The /authorize URL, as an http response node would redirect to it.
    const authorized = await send('authorize', 'authorized', { payload: {} });
    const login = authorized.payload as Record<string, string>;
    assert.equal(authorized.statusCode, 302);
    assert.equal((authorized.headers as Record<string, string>).Location, login.url);
    assert.ok(login.url.startsWith(`${emu.url}/authorize?`));

    // 2. The browser's trip: the emulator logs its first user in and redirects with a code.
    const redirect = await get(login.url);
    assert.equal(redirect.status, 302);
    const callback = new URL(String(redirect.headers.location));
    assert.equal(`${callback.origin}${callback.pathname}`, CALLBACK);
    assert.equal(callback.searchParams.get('state'), login.state);
    const code = callback.searchParams.get('code') ?? '';
    assert.ok(code.length > 10);

    // 3. Code + verifier → tokens, client_id from the tenant.
    const exchanged = await send('token', 'tokens', {
      operation: 'authorization_code_pkce',
      payload: { code, code_verifier: login.code_verifier, redirect_uri: CALLBACK },
    });
    const tokens = exchanged.payload as Record<string, string>;
    assert.ok(tokens.access_token && tokens.id_token && tokens.refresh_token, 'access, id and refresh token');
    assert.equal((exchanged.auth0 as Msg).operation, 'authorization_code_pkce');

    // 4. Userinfo with the access token.
    const profile = await send('userinfo', 'profile', { payload: { access_token: tokens.access_token } });
    const claims = profile.payload as Record<string, string>;
    assert.match(claims.sub, /\|/);
    assert.ok(claims.email, 'the email scope releases the e-mail address');

    // 5. The ID token (nonce from the message, max_age) and the access token (Bearer header, claims to msg.user).
    const validId = await send('verifyId', 'validId', { payload: tokens, nonce: login.nonce });
    assert.equal((validId.payload as Msg).sub, claims.sub);
    assert.equal((validId.payload as Msg).nonce, login.nonce);
    const wrongNonce = await send('verifyId', 'invalidId', { payload: tokens, nonce: 'not-the-nonce' });
    assert.equal(wrongNonce.statusCode, 401);
    assert.equal((wrongNonce.payload as Msg).code, 'wrong_nonce');
    const validAccess = await send('verifyAccess', 'validAccess', { req: { headers: { authorization: `Bearer ${tokens.access_token}` } }, payload: 'kept' });
    assert.equal((validAccess.user as Msg).sub, claims.sub);
    assert.equal(validAccess.payload, 'kept');
    const idAsAccess = await send('verifyAccess', 'invalidAccess', { payload: tokens.id_token });
    assert.equal((idAsAccess.payload as Msg).code, 'wrong_audience');

    // 6. Refresh, revoke, and the refresh token no longer works.
    const refreshed = await send('token', 'tokens', { operation: 'refresh_token', payload: { refresh_token: tokens.refresh_token } });
    assert.ok((refreshed.payload as Msg).access_token);
    const revoked = await send('revoke', 'revoked', { payload: { token: tokens.refresh_token } });
    assert.equal((revoked.auth0 as Msg).statusCode, 200);
    const failed = await send('token', 'caught', { operation: 'refresh_token', payload: { refresh_token: tokens.refresh_token } });
    const error = failed.error as Msg;
    assert.equal((failed.auth0 as Msg).statusCode, 403);
    assert.equal((failed.auth0 as Msg).errorCode, 'invalid_grant');

    witness.assertNever([tokens.refresh_token, tokens.access_token, tokens.id_token, login.code_verifier, code, emu.webClient.clientSecret], [error]);
  });

  it('passwordless: an e-mail code from the outbox logs the user in', async () => {
    await helper.load(
      modules(),
      flow([
        { id: 'start', type: 'auth0-passwordless', operation: 'email', version: 1, params: { send: { value: 'code', type: 'str' } }, wires: [['started']] },
        out('started'),
        {
          id: 'token',
          type: 'auth0-token',
          operation: 'passwordless_login',
          version: 1,
          params: { realm: { value: 'email', type: 'str' } },
          wires: [['tokens']],
        },
        out('tokens'),
        { id: 'verify', type: 'auth0-verify-token', tokenType: 'id', wires: [['valid'], ['invalid']] },
        out('valid'),
        out('invalid'),
      ]),
      webCredentials(),
    );
    const witness = new Witness();
    witness.watch(helper.getNode('start'), helper.getNode('token'), helper.getNode('verify'));

    const started = await send('start', 'started', { payload: { email: 'Pat@Example.com' } });
    assert.equal((started.payload as Msg).email, 'Pat@Example.com');
    const mail = emu.outbox.last('pat@example.com');
    assert.ok(mail?.code, 'the tenant e-mailed a code');
    const otp = String(mail.code);

    const wrong = await send('token', 'caught', {
      payload: { username: 'Pat@Example.com', otp: '000000' === otp ? '111111' : '000000', scope: 'openid email' },
    });
    assert.equal((wrong.auth0 as Msg).statusCode, 403);

    const tokens = await send('token', 'tokens', { payload: { username: 'Pat@Example.com', otp, scope: 'openid email' } });
    const valid = await send('verify', 'valid', { payload: tokens.payload });
    assert.equal(String((valid.payload as Msg).email).toLowerCase(), 'pat@example.com');
    witness.assertNever([otp, emu.webClient.clientSecret]);
  });

  it('sign-up, then login with the password (password realm and the legacy endpoint), and the change-password text', async () => {
    await helper.load(
      modules(),
      flow([
        {
          id: 'db',
          type: 'auth0-database',
          operation: '',
          version: 1,
          params: { connection: { value: 'Username-Password-Authentication', type: 'str' } },
          wires: [['dbOut']],
        },
        out('dbOut'),
        {
          id: 'token',
          type: 'auth0-token',
          operation: 'login',
          version: 1,
          params: { realm: { value: 'Username-Password-Authentication', type: 'str' } },
          wires: [['tokens']],
        },
        out('tokens'),
      ]),
      webCredentials(),
    );
    const witness = new Witness();
    witness.watch(helper.getNode('db'), helper.getNode('token'));
    const password = 'Sup3r-secret-Passw0rd!';

    const signedUp = await send('db', 'dbOut', {
      operation: 'signup',
      payload: { email: 'new@example.com', password, given_name: 'New', user_metadata: { plan: 'free' } },
    });
    assert.equal((signedUp.payload as Msg).email, 'new@example.com');
    assert.ok(!JSON.stringify(signedUp.payload).includes(password));
    const user = emu.state.users.list().find((u) => u.email === 'new@example.com');
    assert.equal(user?.given_name, 'New');
    assert.deepEqual(user?.user_metadata, { plan: 'free' });

    const login = await send('token', 'tokens', { payload: { username: 'new@example.com', password, scope: 'openid' } });
    assert.ok((login.payload as Msg).id_token);
    const legacy = await send('db', 'dbOut', { operation: 'login', payload: { username: 'new@example.com', password } });
    assert.ok((legacy.payload as Msg).id_token || (legacy.payload as Msg).access_token);

    const refused = await send('token', 'caught', { payload: { username: 'new@example.com', password: 'Wr0ng-Passw0rd-Given!' } });
    assert.equal((refused.auth0 as Msg).statusCode, 403);

    const changed = await send('db', 'dbOut', { operation: 'change_password', payload: { email: 'new@example.com' } });
    assert.equal(typeof changed.payload, 'string');
    witness.assertNever([password, 'Wr0ng-Passw0rd-Given!', emu.webClient.clientSecret], [refused.error]);
  });

  it('http in → auth0-logout → http response redirects the browser to the logout URL', async () => {
    await helper.load(
      modules(),
      flow([
        { id: 'in', type: 'http in', url: '/logout', method: 'get', wires: [['logout']] },
        {
          id: 'logout',
          type: 'auth0-logout',
          operation: 'logout',
          version: 1,
          params: { returnTo: { value: 'http://127.0.0.1:1880/bye', type: 'str' } },
          wires: [['res']],
        },
        { id: 'res', type: 'http response' },
      ]),
      webCredentials(),
    );
    const server = await serveHttpNodes();
    const answer = await get(`${server.url}/logout`).finally(() => server.close());
    assert.equal(answer.status, 302);
    const location = new URL(String(answer.headers.location));
    assert.equal(`${location.origin}${location.pathname}`, `${emu.url}/v2/logout`);
    assert.equal(location.searchParams.get('client_id'), emu.webClient.clientId);
    assert.equal(location.searchParams.get('returnTo'), 'http://127.0.0.1:1880/bye');
    // Following it, as the browser does, lands on returnTo.
    const atAuth0 = await get(location.toString());
    assert.equal(atAuth0.status, 302);
    assert.equal(atAuth0.headers.location, 'http://127.0.0.1:1880/bye');
    assert.ok(
      emu.logs.all().some((event) => event.type === 'slo'),
      'the tenant logged the logout',
    );
  });

  it('a protected endpoint: http in → verify-token → http response answers 200 or 401', async () => {
    await helper.load(
      modules(),
      flow([
        { id: 'in', type: 'http in', url: '/api/hello', method: 'get', wires: [['verify']] },
        { id: 'verify', type: 'auth0-verify-token', tokenType: 'access', audience: emu.managementAudience, output: 'user', wires: [['hello'], ['res']] },
        { id: 'hello', type: 'function', func: 'msg.payload = { hello: msg.user.sub }; return msg;', wires: [['res']] },
        { id: 'res', type: 'http response' },
        {
          id: 'token',
          type: 'auth0-token',
          operation: 'client_credentials',
          version: 1,
          params: { audience: { value: emu.managementAudience, type: 'str' } },
          wires: [['tokens']],
        },
        out('tokens'),
      ]),
      { cfg: { clientId: emu.clientId, clientSecret: emu.clientSecret } },
    );
    const server = await serveHttpNodes();
    const base = server.url;
    try {
      const tokens = await send('token', 'tokens', { payload: {} });
      const token = (tokens.payload as Msg).access_token as string;

      const ok = await get(`${base}/api/hello`, { authorization: `Bearer ${token}` });
      assert.equal(ok.status, 200);
      assert.deepEqual(JSON.parse(ok.body), { hello: `${emu.clientId}@clients` });

      const none = await get(`${base}/api/hello`);
      assert.equal(none.status, 401);
      assert.equal(none.headers['www-authenticate'], 'Bearer');
      assert.equal(JSON.parse(none.body).code, 'no_token');

      const tampered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      const bad = await get(`${base}/api/hello`, { authorization: `Bearer ${tampered}` });
      assert.equal(bad.status, 401);
      assert.match(String(bad.headers['www-authenticate']), /error="invalid_token"/);
      assert.ok(!bad.body.includes(tampered.split('.')[1]), 'the refusal does not quote the token');
    } finally {
      await server.close();
    }
  });

  it('metadata documents come back as text; a missing input fails before any request, naming it', async () => {
    await helper.load(
      modules(),
      flow([
        { id: 'ent', type: 'auth0-enterprise', operation: '', version: 1, wires: [['meta']] },
        out('meta'),
        { id: 'social', type: 'auth0-social', operation: 'login', version: 1, wires: [['socialOut']] },
        out('socialOut'),
      ]),
      webCredentials(),
    );
    const saml = await send('ent', 'meta', { operation: 'saml_metadata', payload: {} });
    assert.equal(typeof saml.payload, 'string');
    assert.match(String(saml.payload), /EntityDescriptor/);
    const wsfed = await send('ent', 'meta', { operation: 'wsfed_metadata' });
    assert.match(String(wsfed.payload), /EntityDescriptor/);
    const missing = await send('social', 'caught', { payload: { access_token: 'provider-token-value' } });
    assert.equal((missing.auth0 as Msg).input, 'connection');
    assert.ok(!JSON.stringify(missing.error).includes('provider-token-value'));
  });
});
