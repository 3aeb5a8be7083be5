/**
 * auth0-user-blocks in Node-RED against the emulator: blocks made by repeated failed logins at
 * /oauth/token, read and released by user id and by identifier.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { DB, PASSWORD, assertStatus, createUser, passwordLogin } from './fixtures';

/** Auth0 blocks an account after 10 failed logins from one IP. */
const FAILED_LOGINS_TO_BLOCK = 10;

describe('management nodes against the emulator: user blocks', function () {
  this.timeout(60000);
  const h = useHarness();

  const failLogins = async (email: string): Promise<void> => {
    for (let i = 0; i < FAILED_LOGINS_TO_BLOCK; i += 1) {
      assert.equal((await passwordLogin(h.emulator, email, 'not-the-password')).status, 403);
    }
  };
  const blocksOf = (msg: Msg): Msg[] => payloadOf<{ blocked_for: Msg[] }>(msg).blocked_for;

  it('reads a block by user id and by identifier after failed logins, then unblocks by identifier', async () => {
    const user = await createUser(h);
    const email = String(user.email);
    assert.deepEqual(blocksOf(await h.run('user_blocks', 'get', { id: user.user_id })), [], 'no block yet');

    await failLogins(email);
    const login = await passwordLogin(h.emulator, email, PASSWORD);
    assert.equal(login.status, 429, 'the right password is refused while blocked');

    const byId = blocksOf(await h.run('user_blocks', 'get', { id: user.user_id }));
    assert.equal(byId.length, 1);
    assert.equal(byId[0].identifier, email);
    assert.equal(byId[0].connection, DB);
    assert.equal(typeof byId[0].ip, 'string');
    const byIdentifier = blocksOf(await h.run('user_blocks', 'get_by_identifier', { identifier: email }));
    assert.deepEqual(byIdentifier, byId);

    assertStatus(await h.run('user_blocks', 'unblock_by_identifier', { identifier: email }), 'unblock_by_identifier', 204);
    assert.deepEqual(blocksOf(await h.run('user_blocks', 'get_by_identifier', { identifier: email })), []);
    assert.equal((await passwordLogin(h.emulator, email, PASSWORD)).status, 200, 'the user can log in again');
  });

  it('unblocks by user id', async () => {
    const user = await createUser(h);
    await failLogins(String(user.email));
    assert.equal(blocksOf(await h.run('user_blocks', 'get', { id: user.user_id })).length, 1);
    assertStatus(await h.run('user_blocks', 'unblock', { id: user.user_id }), 'unblock', 204);
    assert.deepEqual(blocksOf(await h.run('user_blocks', 'get', { id: user.user_id })), []);
    assert.equal((await passwordLogin(h.emulator, String(user.email), PASSWORD)).status, 200);
  });

  it('sends a Catch node the 404 of a user that does not exist', async () => {
    await h.gone('user_blocks', 'get', { id: 'auth0|nobody-here' });
  });

  it('exercised every user_blocks operation', () => {
    h.assertAllExercised('user_blocks');
  });
});
