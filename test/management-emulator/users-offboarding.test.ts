/**
 * The users offboarding operations in Node-RED against the emulator: a user's sessions and refresh
 * tokens (list, delete all), revoke_access, and every authentication-methods operation; and the
 * whole offboarding path: the user logs in, gets a refresh token, is offboarded, and the next
 * refresh grant fails.
 */
import assert from 'node:assert/strict';
import { offboardingOperations } from '../../nodes/users/offboarding-operations';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createUser } from './fixtures';
import { browserLogin, offlineLogin, refreshGrant } from './login-fixtures';

describe('management nodes against the emulator: users offboarding', function () {
  this.timeout(60000);
  const h = useHarness();

  const tokensOf = async (userId: unknown): Promise<Msg[]> =>
    itemsOf<Msg>(payloadOf(await h.run('users', 'get_refresh_tokens', { user_id: userId })), 'tokens');
  const sessionsOf = async (userId: unknown): Promise<Msg[]> => itemsOf<Msg>(payloadOf(await h.run('users', 'get_sessions', { user_id: userId })), 'sessions');

  it('offboarding: a user logs in with offline_access, is blocked and has access revoked, and the refresh grant fails', async () => {
    const user = await createUser(h);
    const login = await offlineLogin(h.emulator, String(user.email), PASSWORD);
    const browser = await browserLogin(h.emulator, String(user.email), PASSWORD);
    assert.equal((await refreshGrant(h.emulator, login.refresh_token)).status, 200, 'the token works before offboarding');
    assert.equal((await tokensOf(user.user_id)).length, 2);
    assert.equal((await sessionsOf(user.user_id)).length, 1);

    assertStatus(await h.run('users', 'revoke_access', { id: user.user_id }), 'revoke_access', 202);
    for (const token of [login.refresh_token, browser.refresh_token]) {
      const denied = await refreshGrant(h.emulator, token);
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error, 'invalid_grant');
    }
    assert.deepEqual(await tokensOf(user.user_id), []);
    assert.deepEqual(await sessionsOf(user.user_id), []);
  });

  it('revoke_access of one session, keeping refresh tokens when asked', async () => {
    const user = await createUser(h);
    const kept = await browserLogin(h.emulator, String(user.email), PASSWORD);
    const [session] = await sessionsOf(user.user_id);
    await h.run('users', 'revoke_access', { id: user.user_id, session_id: session.id, preserve_refresh_tokens: true });
    assert.deepEqual(await sessionsOf(user.user_id), []);
    assert.equal((await refreshGrant(h.emulator, kept.refresh_token)).status, 200, 'preserve_refresh_tokens keeps them');
  });

  it('deletes all sessions, then all refresh tokens, with fetch all pages on the lists', async () => {
    const user = await createUser(h);
    await browserLogin(h.emulator, String(user.email), PASSWORD);
    await browserLogin(h.emulator, String(user.email), PASSWORD);
    const all = payloadOf<unknown[]>(await h.run('users', 'get_sessions', { user_id: user.user_id }, 'all'));
    assert.equal(all.length, 2);
    assertStatus(await h.run('users', 'delete_sessions', { user_id: user.user_id }), 'delete_sessions', 202);
    assert.deepEqual(await sessionsOf(user.user_id), []);
    assert.equal((await tokensOf(user.user_id)).length, 2, 'deleting sessions keeps refresh tokens');
    assertStatus(await h.run('users', 'delete_refresh_tokens', { user_id: user.user_id }), 'delete_refresh_tokens', 202);
    assert.deepEqual(await tokensOf(user.user_id), []);
  });

  it('manages authentication methods: create, list, get, update, replace all, delete one, delete all', async () => {
    const user = await createUser(h);
    const userId = user.user_id;
    const phone = payloadOf(await h.run('users', 'create_authentication_method', { user_id: userId, body: { type: 'phone', phone_number: '+15551234567' } }));
    assert.match(String(phone.id), /^phone\|dev_/);
    const listed = itemsOf<Msg>(payloadOf(await h.run('users', 'get_authentication_methods', { user_id: userId, include_totals: true })), 'authenticators');
    assert.equal(listed.length, 1);
    const read = payloadOf(await h.run('users', 'get_authentication_method_by_id', { user_id: userId, authentication_method_id: phone.id }));
    assert.equal(read.phone_number, '+15551234567');
    const updated = payloadOf(
      await h.run('users', 'update_authentication_method_by_id', {
        user_id: userId,
        authentication_method_id: phone.id,
        body: { preferred_authentication_method: 'voice' },
      }),
    );
    assert.equal(updated.preferred_authentication_method, 'voice');
    const replaced = payloadOf<Msg[]>(
      await h.run('users', 'update_authentication_methods', {
        user_id: userId,
        body: [
          { type: 'email', email: 'x@example.com' },
          { type: 'totp', totp_secret: 'JBSWY3DPEHPK3PXP' },
        ],
      }),
    );
    assert.deepEqual(
      replaced.map((m) => m.type),
      ['email', 'totp'],
    );
    assertStatus(
      await h.run('users', 'delete_authentication_method_by_id', { user_id: userId, authentication_method_id: replaced[0].id }),
      'delete_authentication_method_by_id',
      204,
    );
    assert.equal(itemsOf(payloadOf(await h.run('users', 'get_authentication_methods', { user_id: userId }))).length, 1);
    assertStatus(await h.run('users', 'delete_authentication_methods', { user_id: userId }), 'delete_authentication_methods', 204);
    assert.deepEqual(payloadOf(await h.run('users', 'get_authentication_methods', { user_id: userId })), []);
    const conflict = await h.fail('users', 'create_authentication_method', { user_id: 'auth0|nobody', body: { type: 'email', email: 'x@example.com' } });
    assert.equal(conflict.statusCode, 404);
  });

  it('exercised every offboarding operation of users', () => {
    const missing = offboardingOperations.map((op) => op.id).filter((id) => !h.exercised.has(`users.${id}`));
    assert.deepEqual(missing, []);
  });
});
