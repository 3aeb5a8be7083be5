/**
 * The emulator's Authentication API flow endpoints over HTTP, as Auth0 answers them: shapes and
 * status codes of the device flow, the verification page, PAR, DCR, the MFA API's credential,
 * /login/unlink, and a route it does not know (404, never a made-up success).
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { call } from './http';
import { useEmulator } from '../helpers/emulator';

describe('emulator: Authentication API flows over HTTP', () => {
  let emu: Emulator;
  const post = (path: string, body: unknown, form = false) => call(emu.url, 'POST', path, body, { form });

  useEmulator((started) => (emu = started));
  beforeEach(() => {
    emu.reset();
    emu.seed({
      users: [
        { email: 'ada@example.com', password: 'Demo-passw0rd!' },
        { email: 'bob@example.com', password: 'Demo-passw0rd!' },
      ],
    });
  });

  it('device code: refused without the grant, then the RFC 8628 answer; the page refuses a wrong password', async () => {
    const spa = emu.spaClient.clientId;
    const refused = await post('/oauth/device/code', { client_id: spa, scope: 'openid' }, true);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'unauthorized_client');
    emu.state.clients.update(spa, (c) => {
      c.grant_types = [...(c.grant_types ?? []), 'urn:ietf:params:oauth:grant-type:device_code'];
    });
    const started = await post('/oauth/device/code', { client_id: spa, scope: 'openid' }, true);
    assert.equal(started.status, 200);
    assert.deepEqual(Object.keys(started.body).sort(), ['device_code', 'expires_in', 'interval', 'user_code', 'verification_uri', 'verification_uri_complete']);
    assert.equal(started.body.interval, 5);
    assert.equal(started.body.expires_in, 900);
    const page = await call(
      emu.url,
      'POST',
      '/activate',
      { user_code: started.body.user_code, username: 'ada@example.com', password: 'wrong', action: 'approve' },
      { form: true },
    );
    assert.equal(page.status, 401);
    assert.match(page.text, /Wrong email or password/);
    const poll = await post(
      '/oauth/token',
      { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: spa, device_code: started.body.device_code },
      true,
    );
    assert.equal(poll.status, 403);
    assert.deepEqual(Object.keys(poll.body).sort(), ['error', 'error_description']);
    assert.equal(poll.body.error, 'authorization_pending');
    const unknown = await post('/oauth/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: spa, device_code: 'nope' }, true);
    assert.equal(unknown.body.error, 'invalid_grant');
  });

  it('PAR needs the client secret and a registered callback; 201 with request_uri and expires_in', async () => {
    const web = emu.webClient;
    const noSecret = await post('/oauth/par', { client_id: web.clientId, response_type: 'code', redirect_uri: 'http://127.0.0.1:3000/cb' }, true);
    assert.equal(noSecret.status, 401);
    const badCallback = await post(
      '/oauth/par',
      { client_id: web.clientId, client_secret: web.clientSecret, response_type: 'code', redirect_uri: 'https://evil.example/' },
      true,
    );
    assert.equal(badCallback.status, 400);
    const pushed = await post(
      '/oauth/par',
      { client_id: web.clientId, client_secret: web.clientSecret, response_type: 'code', redirect_uri: 'http://127.0.0.1:3000/cb' },
      true,
    );
    assert.equal(pushed.status, 201);
    assert.equal(pushed.body.expires_in, 30);
    const other = await call(emu.url, 'GET', `/authorize?client_id=${emu.spaClient.clientId}&request_uri=${encodeURIComponent(pushed.body.request_uri)}`);
    assert.equal(other.status, 400, 'another client cannot use the pushed request');
  });

  it('the MFA API wants the mfa_token as Bearer: 401 without it', async () => {
    const list = await call(emu.url, 'GET', '/mfa/authenticators');
    assert.equal(list.status, 401);
    const bogus = await call(emu.url, 'GET', '/mfa/authenticators', undefined, { token: 'not-a-token' });
    assert.equal(bogus.status, 401);
    assert.equal(bogus.body.error, 'invalid_token');
    const challenge = await post('/mfa/challenge', { mfa_token: 'nope', client_id: emu.webClient.clientId, challenge_type: 'otp' });
    assert.equal(challenge.status, 403);
    assert.equal(challenge.body.error, 'invalid_grant');
  });

  it("/login/unlink: the primary user's access token unlinks a linked identity, which is a user again", async () => {
    const ada = emu.state.users.firstBy('email', 'ada@example.com')!;
    const bob = emu.state.users.firstBy('email', 'bob@example.com')!;
    const [provider, id] = [bob.user_id.slice(0, bob.user_id.indexOf('|')), bob.user_id.slice(bob.user_id.indexOf('|') + 1)];
    const linked = await call(
      emu.url,
      'POST',
      `/api/v2/users/${encodeURIComponent(ada.user_id)}/identities`,
      { provider, user_id: id },
      { token: emu.managementToken() },
    );
    assert.equal(linked.status, 201);
    assert.equal(emu.state.users.get(bob.user_id), undefined);
    const login = await post('/oauth/token', {
      grant_type: 'password',
      client_id: emu.webClient.clientId,
      client_secret: emu.webClient.clientSecret,
      username: 'ada@example.com',
      password: 'Demo-passw0rd!',
      scope: 'openid',
    });
    const refused = await post('/login/unlink', { access_token: 'forged', user_id: bob.user_id });
    assert.equal(refused.status, 401);
    const unlinked = await post('/login/unlink', { access_token: login.body.access_token, user_id: bob.user_id });
    assert.equal(unlinked.status, 200);
    assert.equal(emu.state.users.get(ada.user_id)?.identities.length, 1);
    assert.ok(emu.state.users.get(bob.user_id), 'the identity is a user again');
  });

  it('dynamic registration is refused unless the tenant allows it; a route it does not know is 404', async () => {
    const refused = await post('/oidc/register', { client_name: 'x', redirect_uris: ['https://x.example/cb'] });
    assert.equal(refused.status, 403);
    const unknown = await post('/oauth/unknown-endpoint', {});
    assert.equal(unknown.status, 404);
    const unknownMfa = await call(emu.url, 'GET', '/mfa/unknown');
    assert.equal(unknownMfa.status, 404);
  });
});
