/**
 * The emulator's Actions (asynchronous builds, versions, bindings, executions), sessions, refresh
 * tokens and authentication methods, over HTTP: Auth0's status codes and shapes, and logins and
 * token grants that really create the sessions and refresh tokens the Management API then ends.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { useEmulator } from './groups-support';
import { TRIGGER_IDS } from '../../emulator/management/actions/triggers';
import { ACTION_TRIGGERS } from '../../nodes/actions/triggers';
import { call, client } from './http';

const CODE =
  'exports.onExecutePostLogin = async (event, api) => { api.idToken.setCustomClaim("https://x/roles", event.user.app_metadata.roles); console.log("ran"); };';
const PASSWORD = 'Correct-Horse-9';

/** Polls the action until its build has finished. */
async function built(api: ReturnType<typeof client>, id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const answer = await api('GET', `/api/v2/actions/actions/${id}`);
    if (answer.body.status !== 'pending') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the build never finished');
}

describe('emulator: actions, sessions, refresh tokens, authentication methods', function () {
  this.timeout(30_000);
  const tenant = useEmulator();
  let emu: Emulator;
  let api: ReturnType<typeof client>;
  beforeEach(() => ({ emu, api } = tenant));

  it('knows the same triggers as the nodes', () => {
    assert.deepEqual([...TRIGGER_IDS].sort(), [...ACTION_TRIGGERS].sort());
  });

  it('builds an action asynchronously (pending, then built), deploys it as a version, binds it, and records executions at login', async () => {
    const created = await api('POST', '/api/v2/actions/actions', {
      name: 'claims',
      supported_triggers: [{ id: 'post-login', version: 'v3' }],
      code: CODE,
      secrets: [{ name: 'KEY', value: 's3cret' }],
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'pending');
    assert.deepEqual(
      created.body.secrets.map((s: { name: string }) => s.name),
      ['KEY'],
    );
    assert.ok(!JSON.stringify(created.body).includes('s3cret'), 'secret values are never returned');
    assert.equal((await api('POST', `/api/v2/actions/actions/${created.body.id}/deploy`)).status, 400, 'not deployable while pending');
    assert.equal((await built(api, created.body.id)).status, 'built');

    const deployed = await api('POST', `/api/v2/actions/actions/${created.body.id}/deploy`);
    assert.equal(deployed.status, 200);
    assert.equal(deployed.body.number, 1);
    assert.equal(deployed.body.deployed, true);
    const bound = await api('PATCH', '/api/v2/actions/triggers/post-login/bindings', { bindings: [{ ref: { type: 'action_name', value: 'claims' } }] });
    assert.equal(bound.status, 200);
    assert.equal(bound.body.bindings[0].action.name, 'claims');
    assert.equal(bound.body.bindings[0].display_name, 'claims');
    const listed = await api('GET', '/api/v2/actions/triggers/post-login/bindings');
    assert.equal(listed.body.total, 1);

    const tested = await api('POST', `/api/v2/actions/actions/${created.body.id}/test`, { payload: { user: { app_metadata: { roles: ['admin'] } } } });
    assert.equal(tested.status, 200);
    assert.deepEqual(tested.body.payload.commands, [{ name: 'idToken.setCustomClaim', args: ['https://x/roles', ['admin']] }]);
    assert.equal(tested.body.payload.logs, 'ran');

    // A login runs the post-login trigger: its log event names the execution.
    emu.seed({ users: [{ email: 'ada@example.com', password: PASSWORD }] });
    const login = await call(emu.url, 'POST', '/oauth/token', {
      grant_type: 'password',
      username: 'ada@example.com',
      password: PASSWORD,
      client_id: emu.webClient.clientId,
      client_secret: emu.webClient.clientSecret,
      scope: 'openid',
    });
    assert.equal(login.status, 200);
    const success = emu.logs.all().find((e) => e.type === 's');
    const executionId = (success?.details as { actions: { executions: string[] } }).actions.executions[0];
    const execution = await api('GET', `/api/v2/actions/executions/${executionId}`);
    assert.equal(execution.body.trigger_id, 'post-login');
    assert.deepEqual(
      execution.body.results.map((r: { action_name: string }) => r.action_name),
      ['claims'],
    );
    assert.equal((await api('GET', '/api/v2/actions/executions/nope')).status, 404);

    // Versions: update, deploy again, roll back to 1.
    await api('PATCH', `/api/v2/actions/actions/${created.body.id}`, { code: CODE.replace('ran', 'ran 2') });
    await built(api, created.body.id);
    await api('POST', `/api/v2/actions/actions/${created.body.id}/deploy`);
    const versions = await api('GET', `/api/v2/actions/actions/${created.body.id}/versions`);
    assert.deepEqual(
      versions.body.versions.map((v: { number: number }) => v.number),
      [2, 1],
    );
    const first = versions.body.versions[1];
    const rolled = await api('POST', `/api/v2/actions/actions/${created.body.id}/versions/${first.id}/deploy`, {});
    assert.equal(rolled.status, 200);
    assert.equal(rolled.body.number, 3);
    assert.equal(rolled.body.code, CODE);

    // A bound action is not deleted without force.
    assert.equal((await api('DELETE', `/api/v2/actions/actions/${created.body.id}`)).status, 400);
    assert.equal((await api('DELETE', `/api/v2/actions/actions/${created.body.id}?force=true`)).status, 204);
    assert.equal((await api('GET', '/api/v2/actions/triggers/post-login/bindings')).body.total, 0);
  });

  it("fails the build of code that does not parse, with the build's errors, and refuses to deploy or bind it", async () => {
    const created = await api('POST', '/api/v2/actions/actions', {
      name: 'broken',
      supported_triggers: [{ id: 'post-login' }],
      code: 'exports.onExecutePostLogin = async (event, api) => {',
    });
    const action = await built(api, created.body.id);
    assert.equal(action.status, 'failed');
    assert.match(JSON.stringify(action.errors), /SyntaxError/);
    assert.equal((await api('POST', `/api/v2/actions/actions/${created.body.id}/deploy`)).status, 400);
    const bind = await api('PATCH', '/api/v2/actions/triggers/post-login/bindings', { bindings: [{ ref: { type: 'action_id', value: created.body.id } }] });
    assert.equal(bind.status, 400);
    assert.equal(bind.body.errorCode, 'action_not_deployed');
    const tested = await api('POST', `/api/v2/actions/actions/${created.body.id}/test`, { payload: {} });
    assert.equal(tested.status, 200);
    assert.match(tested.body.payload.error.msg, /SyntaxError/, 'a test run of code that does not compile reports the error');
  });

  it("answers Auth0's errors: unknown trigger, missing action, scope", async () => {
    assert.equal((await api('GET', '/api/v2/actions/triggers/post-whatever/bindings')).status, 400);
    const missing = await api('PATCH', '/api/v2/actions/triggers/post-login/bindings', { bindings: [{ ref: { type: 'action_name', value: 'ghost' } }] });
    assert.equal(missing.status, 404);
    assert.equal((await api('GET', '/api/v2/actions/actions/nope')).status, 404);
    const readOnly = client(emu.url, emu.managementToken(['read:actions']));
    const refused = await readOnly('POST', '/api/v2/actions/actions', { name: 'x', supported_triggers: [{ id: 'post-login' }] });
    assert.equal(refused.status, 403);
    const triggers = await api('GET', '/api/v2/actions/triggers');
    assert.equal(triggers.body.triggers.find((t: { id: string }) => t.id === 'post-login').version, 'v3');
  });

  it('a refresh token from a password grant is listed, and once deleted the next refresh grant fails', async () => {
    emu.seed({ users: [{ email: 'leaver@example.com', password: PASSWORD }] });
    const userId = emu.state.users.firstBy('email', 'leaver@example.com')!.user_id;
    const web = emu.webClient;
    const login = await call(emu.url, 'POST', '/oauth/token', {
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: 'Username-Password-Authentication',
      username: 'leaver@example.com',
      password: PASSWORD,
      client_id: web.clientId,
      client_secret: web.clientSecret,
      scope: 'openid offline_access',
    });
    assert.equal(login.status, 200);
    const refresh = () =>
      call(emu.url, 'POST', '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: login.body.refresh_token,
        client_id: web.clientId,
        client_secret: web.clientSecret,
      });
    assert.equal((await refresh()).status, 200);

    const tokens = await api('GET', `/api/v2/users/${encodeURIComponent(userId)}/refresh-tokens`);
    assert.equal(tokens.status, 200);
    assert.equal(tokens.body.tokens.length, 1);
    const token = tokens.body.tokens[0];
    assert.equal(token.client_id, web.clientId);
    assert.equal(token.session_id, null, 'a grant without a browser starts no session');
    assert.ok(token.last_exchanged_at);
    assert.ok(!JSON.stringify(tokens.body).includes(login.body.refresh_token), 'the token itself is never shown');
    const listed = await api('GET', `/api/v2/refresh-tokens?user_id=${encodeURIComponent(userId)}`);
    assert.equal(listed.body.refresh_tokens[0].id, token.id);
    assert.equal((await api('GET', '/api/v2/refresh-tokens')).status, 400);
    const patched = await api('PATCH', `/api/v2/refresh-tokens/${token.id}`, { refresh_token_metadata: { device: 'kiosk' } });
    assert.deepEqual(patched.body.refresh_token_metadata, { device: 'kiosk' });

    assert.equal((await api('DELETE', `/api/v2/refresh-tokens/${token.id}`)).status, 202);
    const denied = await refresh();
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error, 'invalid_grant');
    assert.equal((await api('GET', `/api/v2/refresh-tokens/${token.id}`)).status, 404);
  });

  it('a browser login starts a session; revoke-access ends it and revokes its refresh tokens', async () => {
    emu.seed({ users: [{ email: 'browser@example.com', password: PASSWORD }] });
    const userId = emu.state.users.firstBy('email', 'browser@example.com')!.user_id;
    const web = emu.webClient;
    const redirect = 'http://localhost:3000/callback';
    const authorize = await call(
      emu.url,
      'GET',
      `/authorize?${new URLSearchParams({ client_id: web.clientId, redirect_uri: redirect, response_type: 'code', scope: 'openid offline_access', username: 'browser@example.com', password: PASSWORD })}`,
    );
    assert.equal(authorize.status, 302);
    const code = new URL(String(authorize.headers.get('location'))).searchParams.get('code')!;
    const exchanged = await call(emu.url, 'POST', '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: web.clientId,
      client_secret: web.clientSecret,
    });
    assert.equal(exchanged.status, 200);

    const user = encodeURIComponent(userId);
    const listed = await api('GET', `/api/v2/users/${user}/sessions`);
    assert.equal(listed.body.sessions.length, 1);
    const session = listed.body.sessions[0];
    assert.deepEqual(session.clients, [{ client_id: web.clientId }]);
    assert.equal(session.authentication.methods[0].name, 'pwd');
    assert.equal((await api('GET', `/api/v2/sessions/${session.id}`)).body.user_id, userId);
    const tokens = await api('GET', `/api/v2/users/${user}/refresh-tokens`);
    assert.equal(tokens.body.tokens[0].session_id, session.id);
    const updated = await api('PATCH', `/api/v2/sessions/${session.id}`, { session_metadata: { kiosk: true } });
    assert.deepEqual(updated.body.session_metadata, { kiosk: true });

    assert.equal((await api('POST', `/api/v2/users/${user}/revoke-access`)).status, 202);
    assert.equal((await api('GET', `/api/v2/sessions/${session.id}`)).status, 404);
    assert.deepEqual((await api('GET', `/api/v2/users/${user}/refresh-tokens`)).body.tokens, []);
    const denied = await call(emu.url, 'POST', '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: exchanged.body.refresh_token,
      client_id: web.clientId,
      client_secret: web.clientSecret,
    });
    assert.equal(denied.status, 403);
  });

  it('deleting sessions keeps refresh tokens; revoking a session ends its tokens too', async () => {
    emu.seed({ users: [{ email: 'two@example.com', password: PASSWORD }] });
    const userId = emu.state.users.firstBy('email', 'two@example.com')!.user_id;
    const web = emu.webClient;
    const redirect = 'http://localhost:3000/callback';
    const loginOnce = async () => {
      const authorize = await call(
        emu.url,
        'GET',
        `/authorize?${new URLSearchParams({ client_id: web.clientId, redirect_uri: redirect, scope: 'openid offline_access', username: 'two@example.com', password: PASSWORD })}`,
      );
      const code = new URL(String(authorize.headers.get('location'))).searchParams.get('code')!;
      return (
        await call(emu.url, 'POST', '/oauth/token', {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirect,
          client_id: web.clientId,
          client_secret: web.clientSecret,
        })
      ).body;
    };
    await loginOnce();
    await loginOnce();
    const user = encodeURIComponent(userId);
    const sessions = (await api('GET', `/api/v2/users/${user}/sessions`)).body.sessions;
    assert.equal(sessions.length, 2);
    const page = await api('GET', `/api/v2/users/${user}/sessions?take=1`);
    assert.equal(page.body.sessions.length, 1);
    assert.ok(page.body.next);

    assert.equal((await api('POST', `/api/v2/sessions/${sessions[0].id}/revoke`)).status, 202);
    assert.equal((await api('GET', `/api/v2/users/${user}/refresh-tokens`)).body.tokens.length, 1);
    assert.equal((await api('DELETE', `/api/v2/users/${user}/sessions`)).status, 202);
    assert.deepEqual((await api('GET', `/api/v2/users/${user}/sessions`)).body.sessions, []);
    assert.equal((await api('GET', `/api/v2/users/${user}/refresh-tokens`)).body.tokens.length, 1, 'deleting sessions keeps refresh tokens');
    assert.equal((await api('DELETE', `/api/v2/users/${user}/refresh-tokens`)).status, 202);
    assert.deepEqual((await api('GET', `/api/v2/users/${user}/refresh-tokens`)).body.tokens, []);
    assert.equal((await api('GET', '/api/v2/users/auth0%7Cnobody/sessions')).status, 404);
  });

  it("manages a user's authentication methods", async () => {
    emu.seed({ users: [{ email: 'mfa@example.com', password: PASSWORD }] });
    const user = encodeURIComponent(emu.state.users.firstBy('email', 'mfa@example.com')!.user_id);
    const path = `/api/v2/users/${user}/authentication-methods`;
    const phone = await api('POST', path, { type: 'phone', phone_number: '+15551234567' });
    assert.equal(phone.status, 201);
    assert.match(phone.body.id, /^phone\|dev_/);
    assert.equal(phone.body.preferred_authentication_method, 'sms');
    assert.equal((await api('POST', path, { type: 'phone', phone_number: '+15551234567' })).status, 409);
    assert.equal((await api('POST', path, { type: 'phone' })).status, 400);
    const totp = await api('POST', path, { type: 'totp', totp_secret: 'JBSWY3DPEHPK3PXP' });
    assert.equal(totp.body.totp_secret, undefined, 'the secret is never shown');
    const listed = await api('GET', `${path}?include_totals=true`);
    assert.equal(listed.body.total, 2);
    const methodPath = `${path}/${encodeURIComponent(phone.body.id)}`;
    assert.equal((await api('PATCH', methodPath, { preferred_authentication_method: 'voice' })).body.preferred_authentication_method, 'voice');
    assert.equal((await api('GET', methodPath)).body.phone_number, '+15551234567');
    assert.equal((await api('DELETE', methodPath)).status, 204);
    assert.equal((await api('GET', methodPath)).status, 404);
    const replaced = await api('PUT', path, [{ type: 'email', email: 'mfa@example.com' }]);
    assert.equal(replaced.status, 200);
    assert.deepEqual(
      (await api('GET', path)).body.map((m: { type: string }) => m.type),
      ['email'],
    );
    assert.equal((await api('DELETE', path)).status, 204);
    assert.deepEqual((await api('GET', path)).body, []);
  });
});
