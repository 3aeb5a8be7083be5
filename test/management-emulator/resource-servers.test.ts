/**
 * auth0-resource-servers in Node-RED against the emulator: CRUD by id and by identifier.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, unique } from './fixtures';

describe('management nodes against the emulator: resource servers', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates an API, reads it by id and identifier, updates it, deletes it, then reads 404', async () => {
    const identifier = `https://${unique('orders')}.example.com/api`;
    const created = await h.run('resource_servers', 'create', {
      body: { identifier, name: 'Orders', scopes: [{ value: 'read:orders', description: 'Read orders' }] },
    });
    assertStatus(created, 'create', 201);
    const api = payloadOf(created);
    assert.equal(payloadOf(await h.run('resource_servers', 'get', { id: api.id })).name, 'Orders');
    assert.equal(payloadOf(await h.run('resource_servers', 'get', { id: identifier })).id, api.id, 'an identifier works as the id (URL-encoded)');
    const listed = itemsOf(payloadOf(await h.run('resource_servers', 'get_all', {})));
    assert.ok(listed.some((s) => s.identifier === identifier));

    await h.run('resource_servers', 'update', {
      id: api.id,
      body: { name: 'Orders v2', token_lifetime: 3600, scopes: [{ value: 'read:orders' }, { value: 'write:orders' }] },
    });
    const read = payloadOf(await h.run('resource_servers', 'get', { id: api.id }));
    assert.equal(read.name, 'Orders v2');
    assert.equal(read.token_lifetime, 3600);
    assert.deepEqual(
      (read.scopes as Msg[]).map((s) => s.value),
      ['read:orders', 'write:orders'],
    );

    assertStatus(await h.run('resource_servers', 'delete', { id: api.id }), 'delete', 204);
    assert.equal((await h.gone('resource_servers', 'get', { id: api.id })).errorCode, 'inexistent_resource_server');
  });

  it('lists every API with fetch all pages', async () => {
    h.emulator.seed({ resourceServers: Array.from({ length: 104 }, (_, i) => ({ identifier: `urn:bulk:${i}` })) });
    const all = await h.run('resource_servers', 'get_all', {}, 'all');
    const servers = itemsOf(payloadOf(all));
    assert.equal(servers.length, h.emulator.state.resourceServers.size);
    assert.equal(new Set(servers.map((s) => s.id)).size, servers.length);
    assert.ok(Array.isArray(payloadOf(await h.run('resource_servers', 'get_all', { per_page: 2 }))), 'include_totals defaults to false');
  });

  it('refuses to change the Management API itself (400 to Catch)', async () => {
    const failure = await h.fail('resource_servers', 'update', { id: h.emulator.managementAudience, body: { name: 'mine' } });
    assert.equal(failure.statusCode, 400);
  });

  it('exercised every resource_servers operation', () => {
    h.assertAllExercised('resource_servers');
  });
});
