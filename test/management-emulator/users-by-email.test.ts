/**
 * auth0-users-by-email in Node-RED against the emulator: exact, case-insensitive e-mail lookup
 * that follows creates, changes and deletes.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { createUser, unique } from './fixtures';

describe('management nodes against the emulator: users by e-mail', function () {
  this.timeout(60000);
  const h = useHarness();

  it('finds a user by e-mail whatever its case, follows an e-mail change and a delete', async () => {
    const email = `${unique('Mixed.Case')}@Example.com`;
    const user = await createUser(h, { email });
    const found = payloadOf<Msg[]>(await h.run('users_by_email', 'search_users_by_email', { email: email.toUpperCase() }));
    assert.deepEqual(
      found.map((u) => u.user_id),
      [user.user_id],
    );

    const projected = payloadOf<Msg[]>(await h.run('users_by_email', 'search_users_by_email', { email, fields: 'user_id,email' }));
    assert.deepEqual(Object.keys(projected[0]).sort(), ['email', 'user_id']);
    const excluded = payloadOf<Msg[]>(await h.run('users_by_email', 'search_users_by_email', { email, fields: ['identities'], include_fields: false }));
    assert.ok(!('identities' in excluded[0]) && 'user_id' in excluded[0]);

    const changed = `${unique('changed')}@example.com`;
    await h.run('users', 'update', { id: user.user_id, body: { email: changed } });
    assert.deepEqual(payloadOf(await h.run('users_by_email', 'search_users_by_email', { email })), []);
    assert.equal(payloadOf<Msg[]>(await h.run('users_by_email', 'search_users_by_email', { email: changed })).length, 1);

    await h.run('users', 'delete', { id: user.user_id });
    assert.deepEqual(payloadOf(await h.run('users_by_email', 'search_users_by_email', { email: changed })), []);
  });

  it('fails without an e-mail before sending anything, naming the input', async () => {
    const failure = await h.fail('users_by_email', 'search_users_by_email', {});
    assert.match(failure.message, /"email"/);
    assert.equal(failure.statusCode, 0);
  });

  it('exercised every users_by_email operation', () => {
    h.assertAllExercised('users_by_email');
  });
});
