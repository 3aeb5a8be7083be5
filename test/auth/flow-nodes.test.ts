/**
 * The Authentication API flow nodes end to end in Node-RED against the emulator: the device
 * flow to completion (approved on the verification page), denial and expiry; backchannel login
 * approved through the emulator's control; MFA enrolment, challenges and every MFA grant;
 * PAR, passkeys, dynamic client registration, OIDC logout, jwt-bearer and token exchange.
 * No secret given or received shows up in a status or a log line.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { Emulator } from '../../emulator';
import { totpCode } from '../../emulator/authentication/totp';
import { coreNodes, helper, nextMessage, nodeModules } from '../helpers/node-red';
import { useEmulator } from '../helpers/emulator';

type Msg = Record<string, unknown>;

const MODULES = [
  'auth/auth0-token',
  'auth/auth0-device-flow',
  'auth/auth0-backchannel',
  'auth/auth0-mfa',
  'auth/auth0-par',
  'auth/auth0-passkeys',
  'auth/auth0-client-registration',
  'auth/auth0-logout',
  'auth/auth0-enterprise',
  'auth/auth0-passwordless',
];
const PASSWORD = 'Demo-passw0rd!';
const CALLBACK = 'http://127.0.0.1:1880/callback';

async function control(emu: Emulator, method: string, path: string, body?: unknown): Promise<Msg> {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Msg) : {};
}

async function management(emu: Emulator, method: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${emu.managementToken()}` },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.text()}`);
}

describe('auth flow nodes end to end against the emulator', function () {
  this.timeout(30000);
  let emu: Emulator;
  let userId: string;
  let statuses: unknown[];

  useEmulator((started) => (emu = started));
  beforeEach(async () => {
    emu.reset();
    emu.seed({ users: [{ email: 'ada@example.com', password: PASSWORD, name: 'Ada' }] });
    userId = emu.state.users.firstBy('email', 'ada@example.com')?.user_id ?? '';
    // Polls one second apart, so the flows finish quickly (Auth0 asks for five).
    await control(emu, 'PUT', '/__emulator/auth-flows', { deviceInterval: 1, backchannelInterval: 1 });
    statuses = [];
    await helper.startServer();
  });
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
  });

  function grant(clientId: string, ...grants: string[]): void {
    emu.state.clients.update(clientId, (c) => {
      c.grant_types = [...(c.grant_types ?? []), ...grants];
    });
  }

  /** A tab with the tenant (the given credentials), the nodes and a catch-all; statuses recorded. */
  async function load(nodes: Msg[], credentials: { clientId: string; clientSecret?: string }): Promise<void> {
    await helper.load(
      [...nodeModules(...MODULES), ...coreNodes('25-catch.js')],
      [
        { id: 'tab', type: 'tab', label: 'flows' },
        { id: 'cfg', type: 'auth0-config', domain: emu.domain, protocol: 'http', retries: 0 },
        ...nodes.map((node) => ({ z: 'tab', x: 100, y: 100, tenant: 'cfg', version: 1, wires: [['out']], ...node })),
        { id: 'out', type: 'helper', z: 'tab', x: 300, y: 100 },
        { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 300, scope: null, uncaught: false, wires: [['caught']] },
        { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 300 },
      ],
      { cfg: credentials },
    );
    for (const node of nodes) {
      (helper.getNode(String(node.id)) as unknown as { on(e: string, fn: (c: { args: unknown[] }) => void): void }).on('call:status', (call) =>
        statuses.push(call.args),
      );
    }
  }

  async function send(nodeId: string, msg: Msg, outId = 'out'): Promise<Msg> {
    const next = nextMessage(helper.getNode(outId), 20000);
    helper.getNode(nodeId)?.receive(msg);
    return next;
  }

  function assertNoSecret(...secrets: string[]): void {
    const seen = JSON.stringify([statuses, helper.log().args]);
    for (const secret of secrets.filter(Boolean)) assert.ok(!seen.includes(secret), `a secret (${secret.slice(0, 4)}…) appears in a status or a log line`);
  }

  describe('auth0-device-flow', () => {
    beforeEach(() => grant(emu.spaClient.clientId, 'urn:ietf:params:oauth:grant-type:device_code'));

    it('shows the user code, waits for the approval on the verification page, then sends the tokens', async () => {
      await load(
        [{ id: 'device', type: 'auth0-device-flow', operation: 'login', params: { scope: { value: 'openid profile offline_access', type: 'str' } } }],
        { clientId: emu.spaClient.clientId },
      );
      const first = await send('device', { payload: {} });
      const shown = first.payload as Msg;
      assert.match(String(shown.user_code), /^[A-Z]{4}-[A-Z]{4}$/);
      assert.equal(shown.verification_uri, `${emu.url}/activate`);
      assert.ok(String(shown.verification_uri_complete).includes(String(shown.user_code)));
      assert.equal(shown.device_code, undefined, 'the device code stays in the node');
      assert.equal((first.auth0 as Msg).stage, 'started');
      const tokens = nextMessage(helper.getNode('out'), 20000);
      // The user opens the verification page, logs in and confirms.
      const pageRes = await fetch(String(shown.verification_uri_complete));
      assert.match(await pageRes.text(), /name="user_code" value="[A-Z]{4}-[A-Z]{4}"/);
      const confirm = await fetch(`${emu.url}/activate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user_code: String(shown.user_code).toLowerCase(), username: 'ada@example.com', password: PASSWORD, action: 'approve' }),
      });
      assert.equal(confirm.status, 200);
      const done = await tokens;
      const payload = done.payload as Msg;
      assert.ok(payload.access_token && payload.id_token && payload.refresh_token);
      assert.equal((done.auth0 as Msg).operation, 'login');
      assertNoSecret(String(payload.access_token), String(payload.refresh_token));
    });

    it('fails with access_denied when the user cancels', async () => {
      await load([{ id: 'device', type: 'auth0-device-flow', operation: 'login' }], { clientId: emu.spaClient.clientId });
      const first = await send('device', { payload: { scope: 'openid' } });
      const caught = nextMessage(helper.getNode('caught'), 20000);
      await control(emu, 'POST', '/__emulator/device', { user_code: (first.payload as Msg).user_code, action: 'deny' });
      const failure = await caught;
      assert.equal((failure.auth0 as Msg).errorCode, 'access_denied');
      assert.equal((failure.auth0 as Msg).statusCode, 403);
    });

    it('fails with expired_token when the code expires first', async () => {
      await load([{ id: 'device', type: 'auth0-device-flow', operation: 'login' }], { clientId: emu.spaClient.clientId });
      await send('device', { payload: {} });
      const caught = nextMessage(helper.getNode('caught'), 20000);
      emu.clock.advance(901_000);
      const failure = await caught;
      assert.equal((failure.auth0 as Msg).errorCode, 'expired_token');
    });

    it('a poll faster than the interval is answered slow_down; one request_code and one poll answer authorization_pending', async () => {
      await load(
        [
          { id: 'device', type: 'auth0-device-flow', operation: 'request_code' },
          { id: 'token', type: 'auth0-token', operation: 'device_code' },
        ],
        { clientId: emu.spaClient.clientId },
      );
      const codes = (await send('device', { payload: {} })).payload as Msg;
      assert.ok(codes.device_code, 'request_code gives the device code to the flow');
      const pending = await send('token', { payload: { device_code: codes.device_code } }, 'caught');
      assert.equal((pending.auth0 as Msg).errorCode, 'authorization_pending');
      const slow = await send('token', { payload: { device_code: codes.device_code } }, 'caught');
      assert.equal((slow.auth0 as Msg).errorCode, 'slow_down');
      assertNoSecret(String(codes.device_code));
    });

    it('stops polling when the node closes', async () => {
      await load([{ id: 'device', type: 'auth0-device-flow', operation: 'login' }], { clientId: emu.spaClient.clientId });
      await send('device', { payload: {} });
      await helper.unload();
      const [record] = (await control(emu, 'GET', '/__emulator/device')) as unknown as Msg[];
      await control(emu, 'POST', '/__emulator/device', { user_code: record.user_code, action: 'approve' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [after] = (await control(emu, 'GET', '/__emulator/device')) as unknown as Msg[];
      assert.equal(after.status, 'approved', 'no poll collected the tokens after the close');
    });
  });

  it('auth0-backchannel: the request goes out, the user approves on their device, the tokens come', async () => {
    grant(emu.webClient.clientId, 'urn:openid:params:grant-type:ciba');
    await load([{ id: 'ciba', type: 'auth0-backchannel', operation: 'login' }], { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret });
    const first = await send('ciba', { payload: { binding_message: 'Order 1234', login_hint: { format: 'iss_sub', iss: emu.issuer, sub: userId } } });
    assert.ok((first.payload as Msg).auth_req_id);
    const tokens = nextMessage(helper.getNode('out'), 20000);
    const pending = (await control(emu, 'GET', '/__emulator/backchannel')) as unknown as Msg[];
    assert.equal(pending[0].binding_message, 'Order 1234');
    await control(emu, 'POST', '/__emulator/backchannel', { action: 'approve' });
    const done = await tokens;
    assert.ok((done.payload as Msg).id_token);
    assertNoSecret(emu.webClient.clientSecret);
  });

  it('auth0-mfa: mfa_required, enrol an authenticator app, log in with its code, a challenge, a recovery code, SMS, list and delete', async () => {
    grant(
      emu.webClient.clientId,
      'http://auth0.com/oauth/grant-type/mfa-otp',
      'http://auth0.com/oauth/grant-type/mfa-oob',
      'http://auth0.com/oauth/grant-type/mfa-recovery-code',
    );
    await management(emu, 'PUT', '/api/v2/guardian/policies', ['all-applications']);
    await load(
      [
        { id: 'token', type: 'auth0-token', operation: '' },
        { id: 'mfa', type: 'auth0-mfa', operation: '' },
      ],
      { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret },
    );
    const login = { operation: 'password', payload: { username: 'ada@example.com', password: PASSWORD, scope: 'openid' } };
    const required = await send('token', login, 'caught');
    assert.equal((required.auth0 as Msg).errorCode, 'mfa_required');
    const mfaToken = String((required.auth0 as Msg).mfa_token);
    assert.ok(mfaToken.length > 20, 'msg.auth0.mfa_token holds the token');
    assert.ok(!JSON.stringify(required.error).includes(mfaToken), 'not in msg.error');

    // Enrol an authenticator app: a secret (for the QR code) and a recovery code.
    const enrolled = (await send('mfa', { operation: 'associate', payload: { mfa_token: mfaToken, authenticator_types: ['otp'] } })).payload as Msg;
    assert.equal(enrolled.authenticator_type, 'otp');
    assert.match(String(enrolled.barcode_uri), /^otpauth:\/\/totp\//);
    const recovery = (enrolled.recovery_codes as string[])[0];
    const code = totpCode(String(enrolled.secret), emu.clock.nowSeconds());
    const confirmed = await send('token', { operation: 'mfa_otp', payload: { mfa_token: mfaToken, otp: code } });
    assert.ok((confirmed.payload as Msg).id_token);

    // The next login: mfa_required, an otp challenge, the app's code.
    const again = String(((await send('token', login, 'caught')).auth0 as Msg).mfa_token);
    const challenged = (await send('mfa', { operation: 'challenge', payload: { mfa_token: again, challenge_type: 'otp' } })).payload as Msg;
    assert.deepEqual(challenged, { challenge_type: 'otp' });
    const wrong = await send('token', { operation: 'mfa_otp', payload: { mfa_token: again, otp: '000000' === code ? '111111' : '000000' } }, 'caught');
    assert.equal((wrong.auth0 as Msg).errorCode, 'invalid_grant');
    const listed = (await send('mfa', { operation: 'list_authenticators', payload: { mfa_token: again } })).payload as Msg[];
    assert.deepEqual(listed.map((a) => [a.authenticator_type, a.active]).sort(), [
      ['otp', true],
      ['recovery-code', true],
    ]);

    // A recovery code logs in and is replaced.
    const recovered = (await send('token', { operation: 'mfa_recovery_code', payload: { mfa_token: again, recovery_code: recovery } })).payload as Msg;
    assert.ok(recovered.access_token);
    assert.ok(recovered.recovery_code && recovered.recovery_code !== recovery);

    // SMS: enrol with a phone number, the binding code arrives by SMS.
    const third = String(((await send('token', login, 'caught')).auth0 as Msg).mfa_token);
    const sms = (
      await send('mfa', {
        operation: 'associate',
        payload: { mfa_token: third, authenticator_types: 'oob', oob_channels: 'sms', phone_number: '+14155550100' },
      })
    ).payload as Msg;
    assert.equal(sms.binding_method, 'prompt');
    const smsCode = String(emu.outbox.last('+14155550100')?.code);
    const bySms = await send('token', { operation: 'mfa_oob', payload: { mfa_token: third, oob_code: sms.oob_code, binding_code: smsCode } });
    assert.ok((bySms.payload as Msg).access_token);

    // Delete the SMS authenticator again.
    const fourth = String(((await send('token', login, 'caught')).auth0 as Msg).mfa_token);
    const all = (await send('mfa', { operation: 'list_authenticators', payload: { mfa_token: fourth } })).payload as Msg[];
    const smsAuthenticator = all.find((a) => a.oob_channel === 'sms');
    assert.ok(smsAuthenticator);
    const deleted = await send('mfa', { operation: 'delete_authenticator', payload: { mfa_token: fourth, id: smsAuthenticator.id } });
    assert.equal((deleted.auth0 as Msg).statusCode, 204);
    const left = (await send('mfa', { operation: 'list_authenticators', payload: { mfa_token: fourth } })).payload as Msg[];
    assert.equal(left.length, 2);
    assertNoSecret(mfaToken, again, third, fourth, String(enrolled.secret), recovery, code, smsCode, emu.webClient.clientSecret);
  });

  it('auth0-par: the pushed request gives an /authorize URL that logs the user in', async () => {
    await load([{ id: 'par', type: 'auth0-par', operation: 'pushed_authorization_request' }], {
      clientId: emu.webClient.clientId,
      clientSecret: emu.webClient.clientSecret,
    });
    const pushed = await send('par', { payload: { redirect_uri: CALLBACK, state: 'st-1', scope: 'openid profile' } });
    const payload = pushed.payload as Msg;
    assert.match(String(payload.request_uri), /^urn:ietf:params:oauth:request_uri:/);
    assert.equal(pushed.statusCode, 302);
    const url = new URL(String(payload.url));
    assert.deepEqual([...url.searchParams.keys()].sort(), ['client_id', 'request_uri']);
    const res = await fetch(url, { redirect: 'manual' });
    const callback = new URL(String(res.headers.get('location')));
    assert.equal(`${callback.origin}${callback.pathname}`, CALLBACK);
    assert.equal(callback.searchParams.get('state'), 'st-1');
    assert.ok(callback.searchParams.get('code'));
    const replay = await fetch(url, { redirect: 'manual' });
    assert.equal(replay.status, 400, 'a request_uri is used once');
  });

  it('auth0-passkeys: sign up with a passkey, then log in with it', async () => {
    grant(emu.spaClient.clientId, 'urn:okta:params:oauth:grant-type:webauthn');
    await load(
      [
        { id: 'passkeys', type: 'auth0-passkeys', operation: '' },
        { id: 'token', type: 'auth0-token', operation: 'passkey_login' },
      ],
      { clientId: emu.spaClient.clientId },
    );
    const credential = (type: string, challenge: unknown) => ({
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(JSON.stringify({ type, challenge, origin: emu.url })).toString('base64url'),
        authenticatorData: 'AA',
        signature: 'AA',
      },
    });
    const registration = (await send('passkeys', { operation: 'register', payload: { user_profile: { email: 'grace@example.com', name: 'Grace' } } }))
      .payload as Msg;
    const options = registration.authn_params_public_key as Msg;
    assert.equal((options.user as Msg).name, 'grace@example.com');
    const signedUp = await send('token', {
      payload: { auth_session: registration.auth_session, authn_response: credential('webauthn.create', options.challenge), scope: 'openid email' },
    });
    assert.ok((signedUp.payload as Msg).id_token);
    const login = (await send('passkeys', { operation: 'challenge', payload: {} })).payload as Msg;
    const loggedIn = await send('token', {
      payload: { auth_session: login.auth_session, authn_response: credential('webauthn.get', (login.authn_params_public_key as Msg).challenge) },
    });
    assert.ok((loggedIn.payload as Msg).access_token);
    const replay = await send('token', { payload: { auth_session: login.auth_session, authn_response: credential('webauthn.get', 'x') } }, 'caught');
    assert.equal((replay.auth0 as Msg).errorCode, 'invalid_grant');
  });

  it('auth0-client-registration: refused until the tenant allows it, then a new application', async () => {
    await load([{ id: 'dcr', type: 'auth0-client-registration', operation: 'register' }], { clientId: emu.clientId, clientSecret: emu.clientSecret });
    const refused = await send('dcr', { payload: { client_name: 'Third party', redirect_uris: [CALLBACK] } }, 'caught');
    assert.equal((refused.auth0 as Msg).statusCode, 403);
    await management(emu, 'PATCH', '/api/v2/tenants/settings', { flags: { enable_dynamic_client_registration: true } });
    const created = (await send('dcr', { payload: { client_name: 'Third party', redirect_uris: [CALLBACK] } })).payload as Msg;
    assert.ok(created.client_id && created.client_secret);
    assert.equal(emu.state.clients.get(String(created.client_id))?.is_first_party, false);
  });

  it('auth0-logout oidc_logout: the id token names the application, the browser goes to post_logout_redirect_uri', async () => {
    await load(
      [
        { id: 'token', type: 'auth0-token', operation: 'password' },
        { id: 'logout', type: 'auth0-logout', operation: 'oidc_logout' },
      ],
      { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret },
    );
    const tokens = (await send('token', { payload: { username: 'ada@example.com', password: PASSWORD, scope: 'openid' } })).payload as Msg;
    const out = await send('logout', { payload: { id_token_hint: tokens.id_token, post_logout_redirect_uri: 'http://127.0.0.1:1880/bye', state: 's1' } });
    assert.equal(out.statusCode, 302);
    assert.equal((out.payload as Msg).statusCode, 302);
    const refused = await send('logout', { payload: { id_token_hint: tokens.id_token, post_logout_redirect_uri: 'https://evil.example/' } }, 'caught');
    assert.equal((refused.auth0 as Msg).statusCode, 400);
  });

  it('auth0-token jwt_bearer and token_exchange: assertions signed for the tenant become tokens; others are refused', async () => {
    grant(emu.webClient.clientId, 'urn:ietf:params:oauth:grant-type:jwt-bearer', 'urn:ietf:params:oauth:grant-type:token-exchange');
    await load([{ id: 'token', type: 'auth0-token', operation: '' }], { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret });
    const now = Math.floor(emu.clock.now() / 1000);
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: emu.webClient.clientId, sub: userId, aud: emu.issuer, iat: now, exp: now + 60 })}`;
    const assertion = `${unsigned}.${createHmac('sha256', emu.webClient.clientSecret).update(unsigned).digest('base64url')}`;
    const bearer = await send('token', { operation: 'jwt_bearer', payload: { assertion, scope: 'openid' } });
    const idToken = String((bearer.payload as Msg).id_token);
    assert.ok(idToken.split('.').length === 3);
    const forged = await send('token', { operation: 'jwt_bearer', payload: { assertion: `${unsigned}.AAAA` } }, 'caught');
    assert.equal((forged.auth0 as Msg).errorCode, 'invalid_grant');
    const exchanged = await send('token', {
      operation: 'token_exchange',
      payload: { subject_token: idToken, subject_token_type: 'urn:acme:legacy-token', scope: 'openid' },
    });
    assert.ok((exchanged.payload as Msg).access_token);
    const reserved = await send(
      'token',
      { operation: 'token_exchange', payload: { subject_token: idToken, subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' } },
      'caught',
    );
    assert.equal((reserved.auth0 as Msg).statusCode, 400);
    assertNoSecret(assertion, idToken, emu.webClient.clientSecret);
  });

  it('auth0-mfa push: an oob challenge waits (authorization_pending) until the user approves on the phone', async () => {
    grant(emu.webClient.clientId, 'http://auth0.com/oauth/grant-type/mfa-oob');
    await management(emu, 'PUT', '/api/v2/guardian/policies', ['all-applications']);
    await load(
      [
        { id: 'token', type: 'auth0-token', operation: '' },
        { id: 'mfa', type: 'auth0-mfa', operation: '' },
      ],
      { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret },
    );
    const required = await send('token', { operation: 'password', payload: { username: 'ada@example.com', password: PASSWORD, scope: 'openid' } }, 'caught');
    const mfaToken = String((required.auth0 as Msg).mfa_token);
    const push = (await send('mfa', { operation: 'associate', payload: { mfa_token: mfaToken, authenticator_types: ['oob'], oob_channels: ['auth0'] } }))
      .payload as Msg;
    assert.equal(push.oob_channel, 'auth0');
    assert.equal(push.binding_method, undefined, 'no code to type for a push');
    const pending = await send('token', { operation: 'mfa_oob', payload: { mfa_token: mfaToken, oob_code: push.oob_code } }, 'caught');
    assert.equal((pending.auth0 as Msg).errorCode, 'authorization_pending');
    await control(emu, 'POST', '/__emulator/mfa/push', { action: 'approve' });
    const done = await send('token', { operation: 'mfa_oob', payload: { mfa_token: mfaToken, oob_code: push.oob_code } });
    assert.ok((done.payload as Msg).id_token);
    const authenticators = (await control(emu, 'GET', `/__emulator/mfa/authenticators?user_id=${encodeURIComponent(userId)}`)) as unknown as Msg[];
    assert.ok(authenticators.some((a) => a.oob_channel === 'auth0' && a.active === true));
  });

  it('auth0-enterprise and auth0-logout: SAML and WS-Fed login URLs, IdP-initiated SSO, SAML logout, global token revocation', async () => {
    grant(emu.webClient.clientId, 'password');
    emu.seed({
      connections: [
        {
          name: 'acme-saml',
          strategy: 'samlp',
          enabled_clients: [emu.webClient.clientId],
          options: { idpinitiated: { enabled: true, client_id: emu.webClient.clientId, client_authorizequery: `redirect_uri=${CALLBACK}&scope=openid` } },
        },
      ],
    });
    await load(
      [
        { id: 'enterprise', type: 'auth0-enterprise', operation: '' },
        { id: 'logout', type: 'auth0-logout', operation: '' },
        { id: 'token', type: 'auth0-token', operation: '' },
      ],
      { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret },
    );
    const saml = await send('enterprise', { operation: 'saml_login_url', payload: { RelayState: 'r1' } });
    assert.equal((saml.payload as Msg).url, `${emu.url}/samlp/${emu.webClient.clientId}?RelayState=r1`);
    assert.equal((saml.payload as Msg).statusCode, 200);
    assert.equal(saml.statusCode, 302);
    const wsfed = await send('enterprise', { operation: 'wsfed_login_url', payload: { wreply: 'http://127.0.0.1:1880/wsfed', wctx: 'c' } });
    const wsfedUrl = new URL(String((wsfed.payload as Msg).url));
    assert.equal(wsfedUrl.pathname, `/wsfed/${emu.webClient.clientId}`);
    assert.deepEqual(Object.fromEntries(wsfedUrl.searchParams), { wreply: 'http://127.0.0.1:1880/wsfed', wctx: 'c' });
    const badReply = await send('enterprise', { operation: 'wsfed_login_url', payload: { wreply: 'https://evil.example/' } }, 'caught');
    assert.equal((badReply.auth0 as Msg).statusCode, 400);
    const samlResponse = Buffer.from(
      '<samlp:Response><saml:Assertion><saml:Subject><saml:NameID>Sam@Acme.example</saml:NameID></saml:Subject></saml:Assertion></samlp:Response>',
    ).toString('base64');
    const sso = await send('enterprise', { operation: 'idp_initiated_sso', payload: { connection: 'acme-saml', SAMLResponse: samlResponse } });
    const location = new URL(String((sso.payload as Msg).location));
    assert.ok(location.searchParams.get('code'));
    assert.equal(sso.statusCode, 302);
    assert.ok(emu.state.users.firstBy('email', 'sam@acme.example'), 'the IdP user exists');
    const samlLogout = await send('logout', {
      operation: 'saml_logout',
      payload: { client_id: emu.webClient.clientId, SAMLRequest: 'PHNhbWxwOkxvZ291dFJlcXVlc3QvPg==' },
    });
    assert.equal((samlLogout.payload as Msg).statusCode, 200);
    // Universal Logout: Ada's refresh token stops working.
    const tokens = (
      await send('token', { operation: 'password', payload: { username: 'ada@example.com', password: PASSWORD, scope: 'openid offline_access' } })
    ).payload as Msg;
    assert.ok(tokens.refresh_token);
    const revoked = await send('logout', {
      operation: 'global_token_revocation',
      payload: {
        logout_token: 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwczovL2lkcC5leGFtcGxlIn0.',
        connection_name: 'Username-Password-Authentication',
        subject: { format: 'email', email: 'ada@example.com' },
      },
    });
    assert.equal((revoked.auth0 as Msg).statusCode, 204);
    const refused = await send('token', { operation: 'refresh_token', payload: { refresh_token: tokens.refresh_token } }, 'caught');
    assert.equal((refused.auth0 as Msg).errorCode, 'invalid_grant');
    assertNoSecret(String(tokens.refresh_token), samlResponse);
  });

  it("passwordless verify, tokeninfo, unlink, and a connected account's token (Token Vault)", async () => {
    grant(emu.webClient.clientId, 'urn:auth0:params:oauth:grant-type:token-exchange:federated-connection-access-token');
    await load(
      [
        { id: 'passwordless', type: 'auth0-passwordless', operation: '' },
        { id: 'token', type: 'auth0-token', operation: '' },
      ],
      { clientId: emu.webClient.clientId, clientSecret: emu.webClient.clientSecret },
    );
    emu.seed({ connections: [{ name: 'sms', strategy: 'sms', enabled_clients: [emu.webClient.clientId] }] });
    await send('passwordless', { operation: 'sms', payload: { phone_number: '+14155550123' } });
    const code = String(emu.outbox.last('+14155550123')?.code);
    const wrong = await send(
      'passwordless',
      {
        operation: 'verify',
        payload: { connection: 'sms', username: '+14155550123', password: code === '000000' ? '111111' : '000000', redirect_uri: CALLBACK },
      },
      'caught',
    );
    assert.equal((wrong.auth0 as Msg).statusCode, 403);
    const verified = await send('passwordless', {
      operation: 'verify',
      payload: { connection: 'sms', username: '+14155550123', password: code, redirect_uri: CALLBACK },
    });
    assert.equal((verified.auth0 as Msg).statusCode, 200);

    emu.state.users.update(userId, (u) => {
      u.identities[0].access_token = 'provider-access-token';
    });
    const tokens = (
      await send('token', { operation: 'password', payload: { username: 'ada@example.com', password: PASSWORD, scope: 'openid offline_access' } })
    ).payload as Msg;
    const vault = await send('token', {
      operation: 'access_token_for_connection',
      payload: { subject_token: tokens.refresh_token, connection: 'Username-Password-Authentication' },
    });
    assert.equal((vault.payload as Msg).access_token, 'provider-access-token');
    assertNoSecret('provider-access-token', String(tokens.refresh_token), code);
  });
});
