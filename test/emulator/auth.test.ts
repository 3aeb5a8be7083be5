/** The emulator's Authentication API: token grants, authorize, revoke, logout, userinfo, passwordless, signup, legacy and metadata. */
import assert from 'node:assert/strict';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { startEmulator, type Emulator } from '../../emulator';
import { call } from './http';

const PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const OTP = 'http://auth0.com/oauth/grant-type/passwordless/otp';
const DB = 'Username-Password-Authentication';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- token claims of any shape
function claimsOf(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
}

describe('emulator Authentication API', function () {
  this.timeout(20_000);
  let emu: Emulator;
  const post = (path: string, body: unknown, form = false) => call(emu.url, 'POST', path, body, { form });
  const get = (path: string, headers: Record<string, string> = {}) => call(emu.url, 'GET', path, undefined, { headers });
  const web = () => ({ client_id: emu.webClient.clientId, client_secret: emu.webClient.clientSecret });

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(() => {
    emu.reset();
    emu.seed({
      users: [
        { email: 'ann@example.com', password: 'Passw0rd!', name: 'Ann' },
        { email: 'bob@example.com', password: 'Passw0rd!' },
      ],
    });
  });

  describe('/oauth/token', () => {
    it('client_credentials (form body) issues an RS256 JWT the JWKS verifies, with audience, scopes and expiry', async () => {
      const res = await post(
        '/oauth/token',
        {
          grant_type: 'client_credentials',
          client_id: emu.clientId,
          client_secret: emu.clientSecret,
          audience: emu.managementAudience,
          scope: 'read:users create:users nonexistent',
        },
        true,
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.token_type, 'Bearer');
      assert.equal(res.body.expires_in, 86400);
      assert.deepEqual(res.body.scope.split(' ').sort(), ['create:users', 'read:users']);
      const [h, p, s] = res.body.access_token.split('.');
      const header = JSON.parse(Buffer.from(h, 'base64url').toString());
      assert.equal(header.alg, 'RS256');
      const jwks = (await get('/.well-known/jwks.json')).body;
      const jwk = jwks.keys.find((k: { kid: string }) => k.kid === header.kid);
      const key = createPublicKey({ key: jwk, format: 'jwk' });
      assert.equal(verify('sha256', Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url')), true);
      const claims = claimsOf(res.body.access_token);
      assert.equal(claims.aud, emu.managementAudience);
      assert.equal(claims.iss, `${emu.url}/`);
      assert.equal(claims.sub, `${emu.clientId}@clients`);
      assert.equal(claims.exp - claims.iat, 86400);
    });

    it('client_credentials errors: wrong secret, unknown audience, no client grant, unsupported grant', async () => {
      const wrong = await post('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: emu.clientId,
        client_secret: 'nope',
        audience: emu.managementAudience,
      });
      assert.equal(wrong.status, 401);
      assert.deepEqual(wrong.body, { error: 'access_denied', error_description: 'Unauthorized' });
      assert.equal(JSON.stringify(emu.logs.all()).includes('nope'), false, 'no secret in the logs');
      assert.equal(emu.logs.all().at(-1)?.type, 'feccft');
      const noApi = await post('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: emu.clientId,
        client_secret: emu.clientSecret,
        audience: 'https://nothing/',
      });
      assert.deepEqual(noApi.body, { error: 'access_denied', error_description: 'Service not found: https://nothing/' });
      const webGrant = await post('/oauth/token', { grant_type: 'client_credentials', ...web(), audience: emu.managementAudience });
      assert.equal(webGrant.status, 403);
      const unsupported = await post('/oauth/token', { grant_type: 'magic', ...web() });
      assert.deepEqual(unsupported.body, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type: magic' });
    });

    it('password-realm: tokens with id_token claims; wrong password fp, unknown user fu', async () => {
      const ok = await post('/oauth/token', {
        grant_type: PASSWORD_REALM,
        ...web(),
        username: 'ann@example.com',
        password: 'Passw0rd!',
        realm: DB,
        scope: 'openid profile email',
      });
      assert.equal(ok.status, 200);
      const id = claimsOf(ok.body.id_token);
      assert.equal(id.aud, emu.webClient.clientId);
      assert.equal(id.iss, `${emu.url}/`);
      assert.equal(id.email, 'ann@example.com');
      assert.equal(id.name, 'Ann');
      assert.equal(typeof id.auth_time, 'number');
      assert.equal(ok.body.refresh_token, undefined, 'no refresh token without offline_access');
      assert.equal(emu.logs.all().at(-1)?.type, 's');
      const user = emu.state.users.firstBy('email', 'ann@example.com');
      assert.equal(user?.logins_count, 1);

      const bad = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'ann@example.com', password: 'wrong', realm: DB });
      assert.deepEqual([bad.status, bad.body], [403, { error: 'invalid_grant', error_description: 'Wrong email or password.' }]);
      assert.equal(emu.logs.all().at(-1)?.type, 'fp');
      const unknown = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'zed@example.com', password: 'x', realm: DB });
      assert.equal(unknown.status, 403);
      assert.equal(emu.logs.all().at(-1)?.type, 'fu');
      const missing = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'ann@example.com', realm: DB });
      assert.deepEqual(missing.body, { error: 'invalid_request', error_description: 'Missing required parameter: password' });
    });

    it('password grant uses the default directory; HTTP Basic client authentication works', async () => {
      const basic = Buffer.from(`${emu.webClient.clientId}:${emu.webClient.clientSecret}`).toString('base64');
      const res = await call(
        emu.url,
        'POST',
        '/oauth/token',
        { grant_type: 'password', username: 'bob@example.com', password: 'Passw0rd!', scope: 'openid' },
        { headers: { authorization: `Basic ${basic}` } },
      );
      assert.equal(res.status, 200);
      assert.equal(claimsOf(res.body.id_token).sub, emu.state.users.firstBy('email', 'bob@example.com')?.user_id);
    });

    it('ten wrong passwords from one IP block the account (limit_wc); user-blocks releases it', async () => {
      for (let i = 0; i < 10; i++) {
        await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'bob@example.com', password: `bad${i}`, realm: DB });
      }
      assert.ok(emu.logs.all().some((e) => e.type === 'limit_wc'));
      const blocked = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'bob@example.com', password: 'Passw0rd!', realm: DB });
      assert.equal(blocked.status, 429);
      assert.equal(blocked.body.error, 'too_many_attempts');
      assert.equal(emu.outbox.last('bob@example.com')?.kind, 'blocked_account');
      const token = emu.managementToken();
      const bob = emu.state.users.firstBy('email', 'bob@example.com')!;
      const blocks = await call(emu.url, 'GET', `/api/v2/user-blocks/${encodeURIComponent(bob.user_id)}`, undefined, { token });
      assert.deepEqual(blocks.body, { blocked_for: [{ identifier: 'bob@example.com', ip: '127.0.0.1', connection: DB }] });
      const byIdentifier = await call(emu.url, 'GET', '/api/v2/user-blocks?identifier=bob%40example.com', undefined, { token });
      assert.equal(byIdentifier.body.blocked_for.length, 1);
      assert.equal((await call(emu.url, 'DELETE', '/api/v2/user-blocks?identifier=bob%40example.com', undefined, { token })).status, 204);
      const again = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'bob@example.com', password: 'Passw0rd!', realm: DB });
      assert.equal(again.status, 200);
    });

    it('a user blocked by an administrator cannot log in', async () => {
      const ann = emu.state.users.firstBy('email', 'ann@example.com')!;
      emu.state.users.update(ann.user_id, (u) => {
        u.blocked = true;
      });
      const res = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'ann@example.com', password: 'Passw0rd!', realm: DB });
      assert.deepEqual([res.status, res.body], [401, { error: 'unauthorized', error_description: 'user is blocked' }]);
    });
  });

  describe('/authorize and the authorization code grant', () => {
    const redirectUri = 'http://localhost:3000/callback';

    it('redirects with code and state for login_hint; the code (confidential client) gives tokens once', async () => {
      const res = await get(
        `/authorize?response_type=code&client_id=${emu.webClient.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&state=xyz&nonce=n-1&scope=${encodeURIComponent('openid email offline_access')}&login_hint=bob%40example.com`,
      );
      assert.equal(res.status, 302);
      const location = new URL(res.headers.get('location')!);
      assert.equal(`${location.origin}${location.pathname}`, redirectUri);
      assert.equal(location.searchParams.get('state'), 'xyz');
      const code = location.searchParams.get('code')!;
      const token = await post('/oauth/token', { grant_type: 'authorization_code', ...web(), code, redirect_uri: redirectUri });
      assert.equal(token.status, 200);
      const id = claimsOf(token.body.id_token);
      assert.equal(id.email, 'bob@example.com');
      assert.equal(id.nonce, 'n-1');
      assert.ok(token.body.refresh_token);
      const reuse = await post('/oauth/token', { grant_type: 'authorization_code', ...web(), code, redirect_uri: redirectUri });
      assert.deepEqual(reuse.body, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
      assert.ok(emu.logs.all().some((e) => e.type === 'seacft'));
      assert.ok(emu.logs.all().some((e) => e.type === 'feacft'));
    });

    it('PKCE S256 and plain for the public SPA; a wrong verifier fails', async () => {
      const verifier = 'a-verifier-that-is-long-enough-0123456789-abcdefghij';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const spa = emu.spaClient.clientId;
      const start = async (query: string) => {
        const res = await get(`/authorize?response_type=code&client_id=${spa}&redirect_uri=${encodeURIComponent(redirectUri)}&scope=openid&${query}`);
        return new URL(res.headers.get('location')!).searchParams.get('code')!;
      };
      const code = await start(`code_challenge=${challenge}&code_challenge_method=S256&username=ann%40example.com&password=Passw0rd!`);
      const ok = await post('/oauth/token', { grant_type: 'authorization_code', client_id: spa, code, code_verifier: verifier, redirect_uri: redirectUri });
      assert.equal(ok.status, 200);
      assert.equal(claimsOf(ok.body.id_token).email, undefined, 'only the openid scope');
      const plainCode = await start('code_challenge=plain-secret-value&code_challenge_method=plain');
      const plain = await post('/oauth/token', {
        grant_type: 'authorization_code',
        client_id: spa,
        code: plainCode,
        code_verifier: 'plain-secret-value',
        redirect_uri: redirectUri,
      });
      assert.equal(plain.status, 200);
      const badCode = await start(`code_challenge=${challenge}&code_challenge_method=S256`);
      const bad = await post('/oauth/token', {
        grant_type: 'authorization_code',
        client_id: spa,
        code: badCode,
        code_verifier: 'wrong',
        redirect_uri: redirectUri,
      });
      assert.deepEqual(bad.body, { error: 'invalid_grant', error_description: 'Failed to verify code verifier' });
    });

    it('errors: bad password redirects with access_denied; unknown callback is refused; organization membership is checked', async () => {
      const denied = await get(
        `/authorize?response_type=code&client_id=${emu.webClient.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&state=s&username=ann%40example.com&password=nope`,
      );
      const params = new URL(denied.headers.get('location')!).searchParams;
      assert.equal(params.get('error'), 'access_denied');
      assert.equal(params.get('state'), 's');
      const mismatch = await get(
        `/authorize?response_type=code&client_id=${emu.webClient.clientId}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
      );
      assert.equal(mismatch.status, 400);
      emu.seed({ organizations: [{ name: 'acme', members: ['ann@example.com'] }] });
      const org = emu.state.organizations.firstBy('name', 'acme')!;
      const inOrg = await get(
        `/authorize?response_type=code&client_id=${emu.webClient.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&scope=openid&organization=acme&login_hint=ann%40example.com`,
      );
      const code = new URL(inOrg.headers.get('location')!).searchParams.get('code')!;
      const tokens = await post('/oauth/token', { grant_type: 'authorization_code', ...web(), code, redirect_uri: redirectUri });
      assert.equal(claimsOf(tokens.body.id_token).org_id, org.id);
      const outside = await get(
        `/authorize?response_type=code&client_id=${emu.webClient.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&organization=acme&login_hint=bob%40example.com`,
      );
      assert.equal(new URL(outside.headers.get('location')!).searchParams.get('error'), 'access_denied');
    });

    it('implicit flow returns tokens in the fragment', async () => {
      const res = await get(
        `/authorize?response_type=${encodeURIComponent('id_token token')}&client_id=${emu.webClient.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&nonce=abc`,
      );
      const location = res.headers.get('location')!;
      const fragment = new URLSearchParams(location.split('#')[1]);
      assert.ok(fragment.get('access_token'));
      assert.equal(claimsOf(fragment.get('id_token')!).nonce, 'abc');
    });
  });

  describe('refresh tokens, revocation, userinfo', () => {
    async function login(scope = 'openid profile email offline_access') {
      const res = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'ann@example.com', password: 'Passw0rd!', realm: DB, scope });
      return res.body as { access_token: string; refresh_token: string; id_token: string };
    }

    it('refresh_token gives new tokens without rotation; revoke ends every token of the grant', async () => {
      const first = await login();
      const second = await login();
      const refreshed = await post('/oauth/token', { grant_type: 'refresh_token', ...web(), refresh_token: first.refresh_token });
      assert.equal(refreshed.status, 200);
      assert.ok(refreshed.body.access_token);
      assert.equal(refreshed.body.refresh_token, undefined, 'rotation is off');
      const again = await post('/oauth/token', { grant_type: 'refresh_token', ...web(), refresh_token: first.refresh_token });
      assert.equal(again.status, 200, 'the same refresh token still works');
      const widened = await post('/oauth/token', {
        grant_type: 'refresh_token',
        ...web(),
        refresh_token: first.refresh_token,
        scope: 'openid read:everything',
      });
      assert.equal(widened.status, 403);
      const revoked = await post('/oauth/revoke', { ...web(), token: first.refresh_token });
      assert.equal(revoked.status, 200);
      for (const token of [first.refresh_token, second.refresh_token]) {
        const after = await post('/oauth/token', { grant_type: 'refresh_token', ...web(), refresh_token: token });
        assert.deepEqual(after.body, { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' });
      }
      assert.ok(emu.logs.all().some((e) => e.type === 'srrt'));
    });

    it("userinfo returns the claims of the token's scopes; a bad token is 401", async () => {
      const { access_token } = await login('openid email');
      const info = await get('/userinfo', { authorization: `Bearer ${access_token}` });
      assert.equal(info.status, 200);
      assert.equal(info.body.email, 'ann@example.com');
      assert.equal(info.body.name, undefined, 'profile not asked for');
      assert.equal((await get('/userinfo', { authorization: 'Bearer nope' })).status, 401);
      assert.equal((await get('/userinfo')).status, 401);
    });
  });

  it('/v2/logout redirects only to allowed URLs', async () => {
    const ok = await get(`/v2/logout?client_id=${emu.webClient.clientId}&returnTo=${encodeURIComponent('http://localhost:3000/bye')}&federated`);
    assert.equal(ok.status, 302);
    assert.equal(ok.headers.get('location'), 'http://localhost:3000/bye');
    const bad = await get(`/v2/logout?client_id=${emu.webClient.clientId}&returnTo=${encodeURIComponent('https://evil.example/')}`);
    assert.equal(bad.status, 400);
    assert.equal((await get('/v2/logout')).status, 200);
    assert.ok(emu.logs.all().some((e) => e.type === 'slo' && (e.details as { federated: boolean }).federated === true));
  });

  it('discovery: openid-configuration points at the emulator', async () => {
    const config = (await get('/.well-known/openid-configuration')).body;
    assert.equal(config.issuer, `${emu.url}/`);
    assert.equal(config.jwks_uri, `${emu.url}/.well-known/jwks.json`);
    assert.ok(config.code_challenge_methods_supported.includes('S256'));
  });

  describe('passwordless', () => {
    it('email code: start puts the code in the outbox; the OTP grant logs in (signing up a new user)', async () => {
      const start = await post('/passwordless/start', { client_id: emu.webClient.clientId, connection: 'email', email: 'new@example.com', send: 'code' });
      assert.equal(start.status, 200);
      assert.equal(start.body.email, 'new@example.com');
      const message = emu.outbox.last('new@example.com')!;
      assert.match(message.code!, /^\d{6}$/);
      const viaHttp = await get('/__emulator/outbox?to=new%40example.com');
      assert.equal(viaHttp.body[0].code, message.code);
      const wrong = await post('/oauth/token', { grant_type: OTP, ...web(), realm: 'email', username: 'new@example.com', otp: '000000x' });
      assert.equal(wrong.status, 403);
      const ok = await post('/oauth/token', {
        grant_type: OTP,
        ...web(),
        realm: 'email',
        username: 'new@example.com',
        otp: message.code,
        scope: 'openid email',
      });
      assert.equal(ok.status, 200);
      assert.match(claimsOf(ok.body.id_token).sub, /^email\|/);
      assert.ok(emu.logs.all().some((e) => e.type === 'ss'));
      const reuse = await post('/oauth/token', { grant_type: OTP, ...web(), realm: 'email', username: 'new@example.com', otp: message.code });
      assert.equal(reuse.status, 403, 'a code is used once');
    });

    it('email link: the link logs in and redirects with a code', async () => {
      await post('/passwordless/start', {
        client_id: emu.webClient.clientId,
        connection: 'email',
        email: 'ann@example.com',
        send: 'link',
        authParams: { redirect_uri: 'http://localhost:3000/cb', state: 'st', scope: 'openid' },
      });
      const link = emu.outbox.last('ann@example.com')!.link!;
      const res = await fetch(link, { redirect: 'manual' });
      assert.equal(res.status, 302);
      const location = new URL(res.headers.get('location')!);
      assert.equal(location.searchParams.get('state'), 'st');
      const token = await post('/oauth/token', {
        grant_type: 'authorization_code',
        ...web(),
        code: location.searchParams.get('code'),
        redirect_uri: 'http://localhost:3000/cb',
      });
      assert.equal(token.status, 200);
    });

    it('sms code', async () => {
      const start = await post('/passwordless/start', { client_id: emu.webClient.clientId, connection: 'sms', phone_number: '+15550100' });
      assert.equal(start.body.phone_number, '+15550100');
      const code = emu.outbox.last('+15550100')!.code!;
      const ok = await post('/oauth/token', { grant_type: OTP, ...web(), realm: 'sms', username: '+15550100', otp: code, scope: 'openid' });
      assert.equal(ok.status, 200);
      assert.match(claimsOf(ok.body.id_token).sub, /^sms\|/);
    });
  });

  describe('database connections', () => {
    it('signup creates the user (ss); a duplicate or weak password fails (fs)', async () => {
      const ok = await post('/dbconnections/signup', {
        client_id: emu.webClient.clientId,
        connection: DB,
        email: 'cat@example.com',
        password: 'Passw0rd!',
        given_name: 'Cat',
        user_metadata: { a: '1' },
      });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.email, 'cat@example.com');
      assert.equal(ok.body.given_name, 'Cat');
      assert.match(ok.body._id, /^[0-9a-f]{24}$/);
      assert.ok(emu.state.users.has(`auth0|${ok.body._id}`));
      const dup = await post('/dbconnections/signup', { client_id: emu.webClient.clientId, connection: DB, email: 'cat@example.com', password: 'Passw0rd!' });
      assert.deepEqual(dup.body, { name: 'BadRequestError', code: 'invalid_signup', description: 'Invalid sign up', statusCode: 400 });
      const weak = await post('/dbconnections/signup', { client_id: emu.webClient.clientId, connection: DB, email: 'dog@example.com', password: 'abc' });
      assert.equal(weak.status, 400);
      assert.equal(weak.body.name, 'PasswordStrengthError');
      assert.deepEqual(
        emu.logs
          .all()
          .map((e) => e.type)
          .filter((t) => t === 'ss' || t === 'fs'),
        ['ss', 'fs', 'fs'],
      );
      assert.equal(JSON.stringify(emu.logs.all()).includes('Passw0rd!'), false);
    });

    it('change_password mails a working reset link', async () => {
      const res = await post('/dbconnections/change_password', { client_id: emu.webClient.clientId, connection: DB, email: 'ann@example.com' });
      assert.equal(res.status, 200);
      assert.equal(res.body, "We've just sent you an email to reset your password.");
      const link = emu.outbox.last('ann@example.com')!.link!;
      const ticket = new URL(link).searchParams.get('ticket')!;
      assert.equal((await fetch(link)).status, 200);
      const reset = await post('/lo/reset', { ticket, newPassword: 'N3w-Passw0rd' }, true);
      assert.equal(reset.status, 200);
      const login = await post('/oauth/token', { grant_type: PASSWORD_REALM, ...web(), username: 'ann@example.com', password: 'N3w-Passw0rd', realm: DB });
      assert.equal(login.status, 200);
      const unknown = await post('/dbconnections/change_password', { client_id: emu.webClient.clientId, connection: DB, email: 'nobody@example.com' });
      assert.equal(unknown.status, 200, 'same answer for an unknown e-mail');
    });
  });

  describe('legacy and metadata endpoints', () => {
    it('/oauth/ro with a database connection', async () => {
      const ok = await post('/oauth/ro', {
        client_id: emu.webClient.clientId,
        connection: DB,
        username: 'ann@example.com',
        password: 'Passw0rd!',
        grant_type: 'password',
        scope: 'openid',
      });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.token_type, 'bearer');
      assert.ok(ok.body.id_token);
      const bad = await post('/oauth/ro', {
        client_id: emu.webClient.clientId,
        connection: DB,
        username: 'ann@example.com',
        password: 'x',
        grant_type: 'password',
      });
      assert.deepEqual([bad.status, bad.body.error], [401, 'invalid_user_password']);
    });

    it('/oauth/access_token with a social connection and an emulator provider token', async () => {
      emu.seed({ connections: [{ name: 'google-oauth2', strategy: 'google-oauth2' }] });
      const ok = await post('/oauth/access_token', {
        client_id: emu.webClient.clientId,
        connection: 'google-oauth2',
        access_token: 'emulator-social:sam@example.com',
        scope: 'openid',
      });
      assert.equal(ok.status, 200);
      const user = emu.state.users.get(claimsOf(ok.body.id_token).sub)!;
      assert.equal(user.identities[0].isSocial, true);
      assert.equal(user.identities[0].provider, 'google-oauth2');
      const bad = await post('/oauth/access_token', { client_id: emu.webClient.clientId, connection: 'google-oauth2', access_token: 'real-google-token' });
      assert.equal(bad.status, 401);
    });

    it('/delegation and /tokeninfo take an id_token', async () => {
      const login = await post('/oauth/token', {
        grant_type: PASSWORD_REALM,
        ...web(),
        username: 'ann@example.com',
        password: 'Passw0rd!',
        realm: DB,
        scope: 'openid',
      });
      const delegated = await post('/delegation', {
        client_id: emu.webClient.clientId,
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        id_token: login.body.id_token,
        target: emu.spaClient.clientId,
        scope: 'openid email',
      });
      assert.equal(delegated.status, 200);
      assert.equal(claimsOf(delegated.body.id_token).aud, emu.spaClient.clientId);
      const info = await post('/tokeninfo', { id_token: login.body.id_token });
      assert.equal(info.body.email, 'ann@example.com');
      assert.equal((await post('/tokeninfo', { id_token: 'a.b.c' })).status, 401);
    });

    it('SAML and WS-Fed metadata', async () => {
      const saml = await get(`/samlp/metadata/${emu.webClient.clientId}`);
      assert.equal(saml.status, 200);
      assert.match(saml.headers.get('content-type')!, /xml/);
      assert.match(saml.text, /<EntityDescriptor[\s\S]*<RSAKeyValue><Modulus>/);
      assert.equal((await get('/samlp/metadata/unknown')).status, 404);
      const wsfed = await get(`/wsfed/${emu.webClient.clientId}/FederationMetadata/2007-06/FederationMetadata.xml`);
      assert.match(wsfed.text, /PassiveRequestorEndpoint/);
      assert.equal((await get('/wsfed/FederationMetadata/2007-06/FederationMetadata.xml')).status, 200);
    });
  });
});
