/**
 * auth0-client-grants in Node-RED against the emulator: a grant created, changed and deleted here
 * changes what /oauth/token issues.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, createApi, tokenRequest, unique } from './fixtures';

describe('management nodes against the emulator: client grants', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a grant, reads it back, updates its scopes, deletes it; /oauth/token follows', async () => {
    const audience = await createApi(h, ['read:a', 'write:a']);
    const client = payloadOf(await h.run('clients', 'create', { body: { name: unique('Job '), app_type: 'non_interactive' } }));
    const token = () =>
      tokenRequest(h.emulator, {
        grant_type: 'client_credentials',
        client_id: String(client.client_id),
        client_secret: String(client.client_secret),
        audience,
      });
    assert.equal((await token()).status, 403, 'no grant, no token');

    const created = await h.run('client_grants', 'create', { body: { client_id: client.client_id, audience, scope: ['read:a'] } });
    assertStatus(created, 'create', 201);
    const grant = payloadOf(created);
    let listed = itemsOf(payloadOf(await h.run('client_grants', 'all', { client_id: client.client_id })));
    assert.deepEqual(
      listed.map((g) => [g.id, g.audience, g.scope]),
      [[grant.id, audience, ['read:a']]],
    );
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
    // The list pages by checkpoint too, which fetch all pages prefers (no 1,000-result cap, no total).
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.mode, 'checkpoint');
    const bare = payloadOf(await h.run('client_grants', 'all', { audience, per_page: 5 }));
    assert.ok(Array.isArray(bare), 'include_totals defaults to false: a bare array');
    const totals = payloadOf(await h.run('client_grants', 'all', { audience, per_page: 5, include_totals: true }));
    assert.equal(totals.total, 105);
  });

  it('reads one grant, and lists the organizations it is associated with (page and checkpoint)', async () => {
    const audience = await createApi(h, ['read:things']);
    const grant = payloadOf(
      await h.run('client_grants', 'create', {
        body: { client_id: h.emulator.webClient.clientId, audience, scope: ['read:things'], organization_usage: 'allow' },
      }),
    );
    assert.deepEqual(payloadOf(await h.run('client_grants', 'get', { id: grant.id })).scope, ['read:things']);
    assert.deepEqual(itemsOf(payloadOf(await h.run('client_grants', 'get_organizations', { id: grant.id }))), []);
    const org = payloadOf(await h.run('organizations', 'create_organization', { body: { name: unique('grantee-') } }));
    await h.run('organizations', 'add_client_grant', { id: org.id, grant_id: grant.id });
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('client_grants', 'get_organizations', { id: grant.id }))).map((o) => o.id),
      [org.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('client_grants', 'get_organizations', { id: grant.id, take: 10 })), 'organizations').map((o) => o.id),
      [org.id],
    );
    assert.equal(itemsOf(payloadOf(await h.run('client_grants', 'get_organizations', { id: grant.id }, 'all'))).length, 1);
    await h.gone('client_grants', 'get_organizations', { id: 'cgr_none' });
  });

  it('lists grants by checkpoint and by subject type', async () => {
    const checkpoint = payloadOf(await h.run('client_grants', 'all', { take: 1 }));
    assert.equal(itemsOf(checkpoint, 'client_grants').length, 1);
    assert.equal(typeof checkpoint.next, 'string');
    const users = itemsOf(payloadOf(await h.run('client_grants', 'all', { subject_type: 'user' })));
    assert.ok(users.every((g) => g.subject_type === 'user'));
  });

  it('exercised every client_grants operation', () => {
    h.assertAllExercised('client_grants');
  });
});
