/**
 * auth0-rate-limit-policies in Node-RED against the emulator (early access): create, filter,
 * checkpoint paging, read, update, delete.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus } from './fixtures';

const policy = (client: string): Msg => ({
  resource: 'oauth_authentication_api',
  consumer: 'client',
  consumer_selector: client,
  configuration: { action: 'block', limit: 60 },
});

describe('management nodes against the emulator: rate_limit_policies', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a policy, reads it, changes its configuration and deletes it', async () => {
    const created = payloadOf(await h.run('rate_limit_policies', 'create', { body: policy('client_a') }));
    assert.equal(created.consumer_selector, 'client_a');
    assert.equal((await h.fail('rate_limit_policies', 'create', { body: policy('client_a') })).statusCode, 409, 'one policy per client');
    const updated = payloadOf(await h.run('rate_limit_policies', 'update', { id: created.id, body: { configuration: { action: 'block', limit: 10 } } }));
    assert.deepEqual(updated.configuration, { action: 'block', limit: 10 });
    assert.deepEqual(payloadOf(await h.run('rate_limit_policies', 'get', { id: created.id })).configuration, { action: 'block', limit: 10 });
    assertStatus(await h.run('rate_limit_policies', 'delete', { id: created.id }), 'delete', 204);
    assert.equal((await h.fail('rate_limit_policies', 'get', { id: created.id })).statusCode, 404);
  });

  it('filters by consumer selector and pages by checkpoint through every policy', async () => {
    for (let n = 0; n < 12; n++) await h.run('rate_limit_policies', 'create', { body: policy(`client_${n}`) });
    const one = itemsOf(payloadOf(await h.run('rate_limit_policies', 'all', { consumer_selector: 'client_7' })), 'rate_limit_policies');
    assert.deepEqual(
      one.map((p) => p.consumer_selector),
      ['client_7'],
    );
    const first = payloadOf(await h.run('rate_limit_policies', 'all', { take: 5 }));
    assert.equal(itemsOf(first, 'rate_limit_policies').length, 5);
    assert.equal(typeof first.next, 'string', 'a next checkpoint');
    const all = itemsOf(payloadOf(await h.run('rate_limit_policies', 'all', { take: 5 }, 'all')));
    assert.equal(all.length, 12);
  });

  it('exercised every rate_limit_policies operation', () => {
    h.assertAllExercised('rate_limit_policies');
  });
});
