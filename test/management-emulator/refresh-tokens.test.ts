/**
 * auth0-refresh-tokens in Node-RED against the emulator: refresh tokens from real token grants,
 * listed (early access), read, annotated, deleted and revoked in bulk; a revoked token then fails
 * the refresh_token grant.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createUser } from './fixtures';
import { offlineLogin, refreshGrant } from './login-fixtures';

describe('management nodes against the emulator: refresh tokens', function () {
  this.timeout(60000);
  const h = useHarness();

  it("lists, reads, annotates and deletes a user's refresh token; the next refresh grant fails", async () => {
    const user = await createUser(h);
    const login = await offlineLogin(h.emulator, String(user.email), PASSWORD);
    const listed = itemsOf<Msg>(payloadOf(await h.run('refresh_tokens', 'list', { user_id: user.user_id })), 'refresh_tokens');
    assert.equal(listed.length, 1);
    const id = listed[0].id as string;
    assert.ok(!JSON.stringify(listed).includes(login.refresh_token), 'the token itself is never listed');
    const all = await h.run('refresh_tokens', 'list', { user_id: user.user_id, client_id: h.emulator.webClient.clientId }, 'all');
    assert.equal(payloadOf<unknown[]>(all).length, 1);

    const read = payloadOf(await h.run('refresh_tokens', 'get', { id }));
    assert.equal(read.user_id, user.user_id);
    const updated = payloadOf(await h.run('refresh_tokens', 'update', { id, refresh_token_metadata: { device: 'kiosk-7' } }));
    assert.deepEqual(updated.refresh_token_metadata, { device: 'kiosk-7' });

    assert.equal((await refreshGrant(h.emulator, login.refresh_token)).status, 200);
    assertStatus(await h.run('refresh_tokens', 'delete', { id }), 'delete', 202);
    const denied = await refreshGrant(h.emulator, login.refresh_token);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error, 'invalid_grant');
    await h.gone('refresh_tokens', 'get', { id });
  });

  it('revokes in bulk, by ids and by user', async () => {
    const user = await createUser(h);
    const a = await offlineLogin(h.emulator, String(user.email), PASSWORD);
    const b = await offlineLogin(h.emulator, String(user.email), PASSWORD);
    const ids = itemsOf<Msg>(payloadOf(await h.run('refresh_tokens', 'list', { user_id: user.user_id })), 'refresh_tokens').map((t) => t.id as string);
    assert.equal(ids.length, 2);
    assertStatus(await h.run('refresh_tokens', 'revoke', { ids: ids[0] }), 'revoke', 202);
    assert.equal((await refreshGrant(h.emulator, a.refresh_token)).status, 403);
    assert.equal((await refreshGrant(h.emulator, b.refresh_token)).status, 200);
    await h.run('refresh_tokens', 'revoke', { user_id: user.user_id, client_id: h.emulator.webClient.clientId });
    assert.equal((await refreshGrant(h.emulator, b.refresh_token)).status, 403);
    const refused = await h.fail('refresh_tokens', 'revoke', {});
    assert.equal(refused.statusCode, 400);
  });

  it('list needs user_id: refused before any request, naming it', async () => {
    const failure = await h.fail('refresh_tokens', 'list', {});
    assert.equal((failure.msg.auth0 as Msg).input, 'user_id');
  });

  it('exercised every refresh tokens operation', () => {
    h.assertAllExercised('refresh_tokens');
  });
});
