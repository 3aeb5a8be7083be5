/**
 * auth0-device-credentials in Node-RED against the emulator: public keys created, listed with
 * filters and deleted; refresh tokens show up as credentials and deleting one revokes it.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createUser, passwordLogin, tokenRequest, unique } from './fixtures';

describe('management nodes against the emulator: device credentials', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a public key, reads it back by filters, deletes it, and it is gone', async () => {
    const deviceId = unique('device-');
    const created = await h.run('device_credentials', 'create', {
      body: {
        device_name: 'Phone',
        type: 'public_key',
        value: 'LS0tLS1CRUdJTi1QVUJMSUMtS0VZLS0tLS0=',
        device_id: deviceId,
        client_id: h.emulator.webClient.clientId,
      },
    });
    assertStatus(created, 'create', 201);
    const id = payloadOf(created).id;
    const listed = itemsOf(payloadOf(await h.run('device_credentials', 'get', { type: 'public_key', client_id: h.emulator.webClient.clientId })));
    const mine = listed.filter((c) => c.id === id);
    assert.equal(mine.length, 1);
    assert.equal(mine[0].device_id, deviceId);
    assert.ok(!('value' in mine[0]), 'the key value is never returned');

    assertStatus(await h.run('device_credentials', 'delete', { id }), 'delete', 204);
    const after = itemsOf(payloadOf(await h.run('device_credentials', 'get', { type: 'public_key' })));
    assert.ok(!after.some((c) => c.id === id));
  });

  it('shows a refresh token as a credential of its user; deleting it revokes the token', async () => {
    const user = await createUser(h);
    const login = await passwordLogin(h.emulator, String(user.email), PASSWORD, 'openid offline_access');
    const listed = itemsOf(
      payloadOf(await h.run('device_credentials', 'get', { user_id: user.user_id, type: 'refresh_token', include_totals: true })),
      'device_credentials',
    );
    assert.equal(listed.length, 1);
    assert.equal(listed[0].client_id, h.emulator.webClient.clientId);
    await h.run('device_credentials', 'delete', { id: listed[0].id });
    const refresh = await tokenRequest(h.emulator, {
      grant_type: 'refresh_token',
      client_id: h.emulator.webClient.clientId,
      client_secret: h.emulator.webClient.clientSecret,
      refresh_token: String(login.body.refresh_token),
    });
    assert.equal(refresh.status, 403);
    assert.deepEqual(itemsOf(payloadOf(await h.run('device_credentials', 'get', { user_id: user.user_id }))), []);
  });

  it('lists every credential with fetch all pages', async () => {
    h.emulator.seed({
      deviceCredentials: Array.from({ length: 102 }, (_, i) => ({
        device_name: `d${i}`,
        device_id: `bulk${i}`,
        user_id: 'auth0|bulk-owner',
        client_id: h.emulator.webClient.clientId,
      })),
    });
    const all = await h.run('device_credentials', 'get', { user_id: 'auth0|bulk-owner' }, 'all');
    assert.equal(itemsOf(payloadOf(all)).length, 102);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.pages, 2);
  });

  it('exercised every device_credentials operation', () => {
    h.assertAllExercised('device_credentials');
  });
});
