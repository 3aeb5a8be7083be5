/**
 * The official `auth0` SDK (v7) drives the emulator's Actions, sessions and refresh tokens: its
 * actions, sessions and refreshTokens clients (and the users sub-clients) work against it.
 */
import assert from 'node:assert/strict';
import { ManagementError } from 'auth0';
import { startEmulator, type Emulator } from '../../emulator';
import { call } from './http';
import { sdkClient } from './sdk-client';

const PASSWORD = 'Correct-Horse-9';

describe('emulator driven by the official auth0 SDK: actions, sessions, refresh tokens', function () {
  this.timeout(30_000);
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('actions: create, wait for the build, deploy, bind, list versions and bindings', async () => {
    const client = sdkClient(emu);
    const created = await client.actions.create({
      name: 'sdk-action',
      supported_triggers: [{ id: 'post-login', version: 'v3' }],
      code: 'exports.onExecutePostLogin = async () => {};',
    });
    assert.equal(created.status, 'pending');
    let action = await client.actions.get(String(created.id));
    for (let i = 0; i < 50 && action.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      action = await client.actions.get(String(created.id));
    }
    assert.equal(action.status, 'built');
    const version = await client.actions.deploy(String(created.id));
    assert.equal(version.number, 1);
    const bound = await client.actions.triggers.bindings.updateMany('post-login', {
      bindings: [{ ref: { type: 'action_id', value: String(created.id) }, display_name: 'sdk' }],
    });
    assert.equal(bound.bindings?.[0].display_name, 'sdk');
    const bindings = await client.actions.triggers.bindings.list('post-login');
    assert.equal(bindings.data.length, 1);
    const versions = await client.actions.versions.list(String(created.id));
    assert.equal(versions.data[0].number, 1);
    const listed = await client.actions.list({ actionName: 'sdk-action' });
    assert.equal(listed.data[0].deployed_version?.id, version.id);
    const triggers = await client.actions.triggers.list();
    assert.ok(triggers.triggers?.some((t) => t.id === 'post-login'));
    await assert.rejects(client.actions.get('missing'), (err: ManagementError) => err.statusCode === 404);
  });

  it("sessions and refresh tokens: list a user's, read, revoke; the refresh grant then fails", async () => {
    emu.seed({ users: [{ email: 'sdk@example.com', password: PASSWORD }] });
    const userId = emu.state.users.firstBy('email', 'sdk@example.com')!.user_id;
    const web = emu.webClient;
    const redirect = 'http://localhost:3000/callback';
    const authorize = await call(
      emu.url,
      'GET',
      `/authorize?${new URLSearchParams({ client_id: web.clientId, redirect_uri: redirect, scope: 'openid offline_access', username: 'sdk@example.com', password: PASSWORD })}`,
    );
    const code = new URL(String(authorize.headers.get('location'))).searchParams.get('code')!;
    const tokens = (
      await call(emu.url, 'POST', '/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirect,
        client_id: web.clientId,
        client_secret: web.clientSecret,
      })
    ).body;

    const client = sdkClient(emu);
    const sessions = await client.users.sessions.list(userId);
    assert.equal(sessions.data.length, 1);
    const session = await client.sessions.get(String(sessions.data[0].id));
    assert.equal(session.user_id, userId);
    await client.sessions.update(String(session.id), { session_metadata: { via: 'sdk' } });

    const listed = await client.refreshTokens.list({ user_id: userId });
    assert.equal(listed.data.length, 1);
    const token = await client.refreshTokens.get(String(listed.data[0].id));
    assert.equal(token.session_id, session.id);
    const perUser = await client.users.refreshToken.list(userId);
    assert.equal(perUser.data[0].id, token.id);

    await client.sessions.revoke(String(session.id));
    await assert.rejects(client.sessions.get(String(session.id)), (err: ManagementError) => err.statusCode === 404);
    const denied = await call(emu.url, 'POST', '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: web.clientId,
      client_secret: web.clientSecret,
    });
    assert.equal(denied.status, 403);
    await client.users.revokeAccess(userId);
    await client.refreshTokens.revoke({ user_id: userId });
    assert.equal((await client.refreshTokens.list({ user_id: userId })).data.length, 0);
  });
});
