/**
 * auth0-client-grants in Node-RED against the emulator: a grant created, changed and deleted here
 * changes what /oauth/token issues.
 */
import { strict as assert } from 'assert';
import { itemsOf, payloadOf, startHarness, type Harness, type Msg } from './harness';
import { assertStatus, createApi, tokenRequest, unique } from './fixtures';

describe('management nodes against the emulator: client grants', function () {
  this.timeout(60000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h.close();
  });

  it('creates a grant, reads it back, updates its scopes, deletes it; /oauth/token follows', async () => {
    const audience = await createApi(h, ['read:a', 'write:a']);
    const client = payloadOf(await h.run('clients', 'create', { body: { name: unique('Job '), app_type: 'non_interactive' } }));
    const token = () => tokenRequest(h.emulator, { grant_type: 'client_credentials', client_id: String(client.client_id), client_secret: String(client.client_secret), audience });
    assert.equal((await token()).status, 403, 'no grant, no token');

    const created = await h.run('client_grants', 'create', { body: { client_id: client.client_id, audience, scope: ['read:a'] } });
    assertStatus(created, 'create', 201);
    const grant = payloadOf(created);
    let listed = itemsOf(payloadOf(await h.run('client_grants', 'all', { client_id: client.client_id })));
    assert.deepEqual(listed.map((g) => [g.id, g.audience, g.scope]), [[grant.id, audience, ['read:a']]]);
    assert.equal((await token()).body.scope, 'read:a');

    await h.run('client_grants', 'update', { id: grant.id, body: { scope: ['read:a', 'write:a'] } });
    listed = itemsOf(payloadOf(await h.run('client_grants', 'all', { audience, client_id: client.client_id })));
    assert.deepEqual(listed[0].scope, ['read:a', 'write:a']);
    assert.equal((await token()).body.scope, 'read:a write:a');

    assertStatus(await h.run('client_grants', 'delete', { id: grant.id }), 'delete', 204);
    assert.deepEqual(itemsOf(payloadOf(await h.run('client_grants', 'all', { client_id: client.client_id }))), []);
    assert.equal((await token()).status, 403);
    await h.gone('client_grants', 'update', { id: grant.id, body: { scope: [] } });
  });

  it('lists every grant with fetch all pages, include_totals as asked', async () => {
    const audience = await createApi(h, ['x']);
    h.emulator.seed({ clients: Array.from({ length: 105 }, (_, i) => ({ name: `granted ${i}`, client_id: `granted${i}` })) });
    h.emulator.seed({ clientGrants: Array.from({ length: 105 }, (_, i) => ({ client_id: `granted${i}`, audience, scope: ['x'] })) });
    const all = await h.run('client_grants', 'all', { audience }, 'all');
    const grants = itemsOf(payloadOf(all));
    assert.equal(grants.length, 105);
    assert.ok(grants.every((g) => g.audience === audience));
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.total, 105);
    const bare = payloadOf(await h.run('client_grants', 'all', { audience, per_page: 5 }));
    assert.ok(Array.isArray(bare), 'include_totals defaults to false: a bare array');
    const totals = payloadOf(await h.run('client_grants', 'all', { audience, per_page: 5, include_totals: true }));
    assert.equal(totals.total, 105);
  });

  it('exercised every client_grants operation', () => {
    h.assertAllExercised('client_grants');
  });
});
