/**
 * auth0-sessions in Node-RED against the emulator: sessions started by browser logins, read,
 * annotated, revoked (with their refresh tokens) and deleted.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createUser } from './fixtures';
import { browserLogin, refreshGrant } from './login-fixtures';

describe('management nodes against the emulator: sessions', function () {
  this.timeout(60000);
  const h = useHarness();

  const sessionsOf = async (userId: string): Promise<Msg[]> => itemsOf<Msg>(payloadOf(await h.run('users', 'get_sessions', { user_id: userId })), 'sessions');

  it('reads and annotates a session, revokes it with its refresh token, deletes another', async () => {
    const user = await createUser(h);
    const first = await browserLogin(h.emulator, String(user.email), PASSWORD);
    await browserLogin(h.emulator, String(user.email), PASSWORD);
    const [one, two] = await sessionsOf(String(user.user_id));
    assert.ok(one && two, 'two logins, two sessions');

    const read = payloadOf(await h.run('sessions', 'get', { id: one.id }));
    assert.equal(read.user_id, user.user_id);
    assert.deepEqual(read.clients, [{ client_id: h.emulator.webClient.clientId }]);
    const updated = payloadOf(await h.run('sessions', 'update', { id: one.id, session_metadata: { reason: 'audit' } }));
    assert.deepEqual(updated.session_metadata, { reason: 'audit' });

    assert.equal((await refreshGrant(h.emulator, first.refresh_token)).status, 200);
    assertStatus(await h.run('sessions', 'revoke', { id: one.id }), 'revoke', 202);
    assert.equal((await refreshGrant(h.emulator, first.refresh_token)).status, 403, "the session's refresh token is revoked with it");
    await h.gone('sessions', 'get', { id: one.id });

    assertStatus(await h.run('sessions', 'delete', { id: two.id }), 'delete', 202);
    assert.deepEqual(await sessionsOf(String(user.user_id)), []);
  });

  it('a missing session reaches Catch as 404; a missing id fails before any request', async () => {
    await h.gone('sessions', 'get', { id: 'no-such-session' });
    const failure = await h.fail('sessions', 'revoke', {});
    assert.equal((failure.msg.auth0 as Msg).input, 'id');
  });

  it('exercised every sessions operation', () => {
    h.assertAllExercised('sessions');
  });
});
