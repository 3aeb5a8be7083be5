/**
 * auth0-grants in Node-RED against the emulator: the grant a refresh token stands for, listed
 * and deleted (which revokes the refresh token).
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createUser, passwordLogin, tokenRequest } from './fixtures';

describe('management nodes against the emulator: grants', function () {
  this.timeout(60000);
  const h = useHarness();

  it('lists the grant of a login with offline_access, deletes it, and the refresh token stops working', async () => {
    const user = await createUser(h);
    const login = await passwordLogin(h.emulator, String(user.email), PASSWORD, 'openid offline_access');
    const refreshToken = String(login.body.refresh_token);
    assert.ok(refreshToken.length > 10);

    const grants = itemsOf(payloadOf(await h.run('grants', 'all', { extra_params: { user_id: user.user_id } })));
    assert.equal(grants.length, 1);
    assert.equal(grants[0].clientID, h.emulator.webClient.clientId);
    assert.ok((grants[0].scope as string[]).includes('offline_access'));

    const refresh = () =>
      tokenRequest(h.emulator, {
        grant_type: 'refresh_token',
        client_id: h.emulator.webClient.clientId,
        client_secret: h.emulator.webClient.clientSecret,
        refresh_token: refreshToken,
      });
    assert.equal((await refresh()).status, 200);
    assertStatus(await h.run('grants', 'delete', { id: grants[0].id }), 'delete', 204);
    assert.deepEqual(itemsOf(payloadOf(await h.run('grants', 'all', { extra_params: { user_id: user.user_id } }))), []);
    assert.equal((await refresh()).status, 403, 'deleting the grant revoked the refresh token');
  });

  it('lists every grant with fetch all pages; explicit paging inputs win over extra_params', async () => {
    h.emulator.seed({
      grants: Array.from({ length: 103 }, (_, i) => ({
        user_id: `auth0|seeded${i}`,
        clientID: h.emulator.webClient.clientId,
        audience: 'urn:seeded',
        scope: ['openid'],
      })),
    });
    const all = await h.run('grants', 'all', { extra_params: { audience: 'urn:seeded' } }, 'all');
    const grants = itemsOf(payloadOf(all));
    assert.equal(grants.length, 103);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.pages, 2);
    const page = itemsOf(payloadOf(await h.run('grants', 'all', { per_page: 3, extra_params: { audience: 'urn:seeded', per_page: 50 } })));
    assert.equal(page.length, 3);
  });

  it('deletes every grant of one user, and only theirs', async () => {
    const [ann, bob] = [await createUser(h), await createUser(h)];
    for (const user of [ann, bob]) await passwordLogin(h.emulator, String(user.email), PASSWORD, 'openid offline_access');
    const of = async (userId: unknown) => itemsOf(payloadOf(await h.run('grants', 'all', { user_id: userId })));
    assert.equal((await of(ann.user_id)).length, 1);
    assertStatus(await h.run('grants', 'delete_by_user_id', { user_id: ann.user_id }), 'delete_by_user_id', 204);
    assert.deepEqual(await of(ann.user_id), []);
    assert.equal((await of(bob.user_id)).length, 1);
  });

  it('exercised every grants operation', () => {
    h.assertAllExercised('grants');
  });
});
