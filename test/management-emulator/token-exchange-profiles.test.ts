/** auth0-token-exchange-profiles in Node-RED against the emulator: CRUD and Auth0's body checks. */
import assert from 'node:assert/strict';
import { useHarness } from './harness';
import { unique } from './fixtures';
import { CRUD_OPS, crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: token exchange profiles', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a profile, reads it, lists it (all pages too), updates it, deletes it, then reads 404', async () => {
    await crudRoundTrip(h, {
      group: 'token_exchange_profiles',
      ops: CRUD_OPS,
      itemsKey: 'token_exchange_profiles',
      pages: true,
      body: { name: unique('tep'), subject_token_type: `urn:${unique('acme')}:legacy-token`, action_id: 'act_1', type: 'custom_authentication' },
      change: { name: unique('renamed') },
    });
  });

  it('refuses an unknown type and a second profile for the same subject token type', async () => {
    const body = { name: unique('tep'), subject_token_type: `urn:${unique('x')}:token`, action_id: 'act_1', type: 'custom_authentication' };
    assert.equal((await h.fail('token_exchange_profiles', 'create', { body: { ...body, type: 'other' } })).statusCode, 400);
    await h.run('token_exchange_profiles', 'create', { body });
    assert.equal((await h.fail('token_exchange_profiles', 'create', { body: { ...body, name: unique('tep') } })).statusCode, 409);
  });

  it('exercised every token_exchange_profiles operation', () => {
    h.assertAllExercised('token_exchange_profiles');
  });
});
