/**
 * auth0-connections in Node-RED against the emulator: CRUD, deleting a connection's user by
 * e-mail, and deleting a connection with its users.
 */
import { strict as assert } from 'assert';
import { itemsOf, payloadOf, startHarness, type Harness, type Msg } from './harness';
import { PASSWORD, assertStatus, passwordLogin, unique } from './fixtures';

describe('management nodes against the emulator: connections', function () {
  this.timeout(60000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h.close();
  });

  const newConnection = async (): Promise<Msg> => {
    const name = unique('db-');
    const created = await h.run('connections', 'create', {
      body: { name, strategy: 'auth0', enabled_clients: [h.emulator.webClient.clientId], options: { requires_username: false } },
    });
    assertStatus(created, 'create', 201);
    return payloadOf(created);
  };

  it('creates a connection, reads it back, updates it, deletes it with its users, then reads 404', async () => {
    const connection = await newConnection();
    const read = payloadOf(await h.run('connections', 'get', { id: connection.id }));
    assert.equal(read.name, connection.name);
    assert.deepEqual(read.enabled_clients, [h.emulator.webClient.clientId]);
    assert.deepEqual(payloadOf(await h.run('connections', 'get', { id: connection.id, fields: ['name', 'strategy'] })), { name: connection.name, strategy: 'auth0' });
    const databases = itemsOf(payloadOf(await h.run('connections', 'all', { strategy: 'auth0' })));
    assert.ok(databases.some((c) => c.id === connection.id));
    assert.ok(databases.every((c) => c.strategy === 'auth0'));
    const passwordless = itemsOf(payloadOf(await h.run('connections', 'all', { strategy: 'email' })));
    assert.ok(!passwordless.some((c) => c.id === connection.id));

    await h.run('connections', 'update', { id: connection.id, body: { options: { brute_force_protection: false }, display_name: 'Members' } });
    const updated = payloadOf(await h.run('connections', 'get', { id: connection.id }));
    assert.deepEqual(updated.options, { brute_force_protection: false }, 'options are replaced whole');
    assert.equal(updated.display_name, 'Members');

    const user = payloadOf(await h.run('users', 'create', { body: { connection: connection.name, email: `${unique('c')}@example.com`, password: PASSWORD } }));
    assertStatus(await h.run('connections', 'delete', { id: connection.id }), 'delete', 202);
    assert.equal((await h.gone('connections', 'get', { id: connection.id })).errorCode, 'inexistent_connection');
    await h.gone('users', 'get', { id: user.user_id });
  });

  it('deletes a database user by e-mail', async () => {
    const connection = await newConnection();
    const email = `${unique('leaver')}@example.com`;
    const user = payloadOf(await h.run('users', 'create', { body: { connection: connection.name, email, password: PASSWORD } }));
    assertStatus(await h.run('connections', 'delete_user_by_email', { id: connection.id, email }), 'delete_user_by_email', 204);
    await h.gone('users', 'get', { id: user.user_id });
    assert.deepEqual(payloadOf(await h.run('users_by_email', 'search_users_by_email', { email })), []);
    assert.notEqual((await passwordLogin(h.emulator, email, PASSWORD)).status, 200);

    const failure = await h.fail('connections', 'delete_user_by_email', { id: connection.id });
    assert.match(failure.message, /"email"/, 'a missing e-mail is named before anything is sent');
  });

  it('lists every connection with fetch all pages', async () => {
    h.emulator.seed({ connections: Array.from({ length: 105 }, (_, i) => ({ name: `bulk-${i}`, strategy: 'auth0' })) });
    const all = await h.run('connections', 'all', {}, 'all');
    const connections = itemsOf(payloadOf(all));
    assert.equal(connections.length, h.emulator.state.connections.size);
    assert.equal(new Set(connections.map((c) => c.id)).size, connections.length);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.pages, 2);
    const items = await h.runItems('connections', 'all', { strategy: 'email' });
    assert.deepEqual(items.map((m) => (m.payload as Msg).name), ['email']);
  });

  it('exercised every connections operation', () => {
    h.assertAllExercised('connections');
  });
});
