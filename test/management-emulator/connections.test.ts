/**
 * auth0-connections in Node-RED against the emulator: CRUD, deleting a connection's user by
 * e-mail, and deleting a connection with its users.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, passwordLogin, unique } from './fixtures';

describe('management nodes against the emulator: connections', function () {
  this.timeout(60000);
  const h = useHarness();

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
    assert.deepEqual(payloadOf(await h.run('connections', 'get', { id: connection.id, fields: ['name', 'strategy'] })), {
      name: connection.name,
      strategy: 'auth0',
    });
    const databases = itemsOf(payloadOf(await h.run('connections', 'all', { strategy: 'auth0' })));
    assert.ok(databases.some((c) => c.id === connection.id));
    assert.ok(databases.every((c) => c.strategy === 'auth0'));
    const passwordless = itemsOf(payloadOf(await h.run('connections', 'all', { strategy: 'email' })));
    assert.ok(!passwordless.some((c) => c.id === connection.id));

    await h.run('connections', 'update', { id: connection.id, body: { options: { brute_force_protection: false }, display_name: 'Members' } });
    const updated = payloadOf(await h.run('connections', 'get', { id: connection.id }));
    const options = updated.options as Msg;
    assert.equal(options.brute_force_protection, false, 'options are replaced whole');
    assert.deepEqual(options.mfa, { active: true, return_enroll_settings: true }, "with the strategy's defaults again, as Auth0 answers");
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
    assert.deepEqual(
      items.map((m) => (m.payload as Msg).name),
      ['email'],
    );
  });

  it('checks the status of a connection; a missing one is 404', async () => {
    const connection = await newConnection();
    assertStatus(await h.run('connections', 'get_status', { id: connection.id }), 'get_status', 200);
    await h.gone('connections', 'get_status', { id: 'con_none' });
  });

  it('lists and changes the applications a connection is enabled for; the application sees it too', async () => {
    const connection = await newConnection();
    const spa = h.emulator.spaClient.clientId;
    const web = h.emulator.webClient.clientId;
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('connections', 'get_clients', { id: connection.id })), 'clients').map((c) => c.client_id),
      [web],
    );
    assertStatus(
      await h.run('connections', 'update_clients', {
        id: connection.id,
        body: [
          { client_id: spa, status: true },
          { client_id: web, status: false },
        ],
      }),
      'update_clients',
      204,
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('connections', 'get_clients', { id: connection.id }, 'all'))).map((c) => c.client_id),
      [spa],
    );
    const ofSpa = itemsOf(payloadOf(await h.run('clients', 'get_connections', { id: spa }, 'all')));
    assert.ok(ofSpa.some((c) => c.id === connection.id));
    assert.equal((await h.fail('connections', 'update_clients', { id: connection.id, body: [{ client_id: 'nobody', status: true }] })).statusCode, 404);
  });

  it('creates signing keys once, then rotates them: the old key stays as previous', async () => {
    const connection = await newConnection();
    assert.deepEqual(payloadOf(await h.run('connections', 'get_keys', { id: connection.id })), []);
    const [first] = payloadOf<Msg[]>(await h.run('connections', 'create_keys', { id: connection.id }));
    assert.equal(first.current, true);
    assert.equal((await h.fail('connections', 'create_keys', { id: connection.id })).statusCode, 409);
    const next = payloadOf(await h.run('connections', 'rotate_keys', { id: connection.id, body: { signing_alg: 'RS256' } }));
    const keys = payloadOf<Msg[]>(await h.run('connections', 'get_keys', { id: connection.id }));
    assert.deepEqual(
      keys.map((k) => [k.kid, k.current, k.previous]),
      [
        [next.kid, true, false],
        [first.kid, false, true],
      ],
    );
  });

  it('configures SCIM: default mapping, update, a token shown once, tenant-wide list, delete', async () => {
    const connection = await newConnection();
    await h.gone('connections', 'get_scim_configuration', { id: connection.id });
    const defaults = payloadOf(await h.run('connections', 'get_scim_default_mapping', { id: connection.id }));
    const created = payloadOf(await h.run('connections', 'create_scim_configuration', { id: connection.id }));
    assert.deepEqual(created.mapping, defaults.mapping);
    const mapping = [{ auth0: 'email', scim: 'userName' }];
    await h.run('connections', 'update_scim_configuration', { id: connection.id, body: { user_id_attribute: 'userName', mapping } });
    assert.deepEqual(payloadOf(await h.run('connections', 'get_scim_configuration', { id: connection.id })).mapping, mapping);
    const listed = itemsOf(payloadOf(await h.run('connections', 'all_scim_configurations', {})), 'scim_configurations');
    assert.ok(listed.some((c) => c.connection_id === connection.id));
    assert.ok(itemsOf(payloadOf(await h.run('connections', 'all_scim_configurations', {}, 'all'))).some((c) => c.connection_id === connection.id));

    const token = payloadOf(await h.run('connections', 'create_scim_token', { id: connection.id, body: { scopes: ['get:users'], token_lifetime: 3600 } }));
    assert.equal(typeof token.token, 'string');
    const tokens = payloadOf<Msg[]>(await h.run('connections', 'get_scim_tokens', { id: connection.id }));
    assert.deepEqual(
      tokens.map((t) => t.token_id),
      [token.token_id],
    );
    assert.ok(!JSON.stringify(tokens).includes(String(token.token)), 'the token value is never shown again');
    assertStatus(await h.run('connections', 'delete_scim_token', { id: connection.id, tokenId: token.token_id }), 'delete_scim_token', 204);
    assert.deepEqual(payloadOf(await h.run('connections', 'get_scim_tokens', { id: connection.id })), []);
    assertStatus(await h.run('connections', 'delete_scim_configuration', { id: connection.id }), 'delete_scim_configuration', 204);
    await h.gone('connections', 'get_scim_configuration', { id: connection.id });
  });

  it('configures directory provisioning: synchronize now, choose groups, tenant-wide list, delete', async () => {
    const connection = await newConnection();
    const defaults = payloadOf(await h.run('connections', 'get_directory_provisioning_default_mapping', { id: connection.id }));
    const created = payloadOf(await h.run('connections', 'create_directory_provisioning', { id: connection.id, body: { synchronize_automatically: true } }));
    assert.deepEqual(created.mapping, defaults.mapping);
    await h.run('connections', 'update_directory_provisioning', { id: connection.id, body: { synchronize_groups: 'selected' } });
    assert.equal(payloadOf(await h.run('connections', 'get_directory_provisioning', { id: connection.id })).synchronize_groups, 'selected');
    const sync = payloadOf(await h.run('connections', 'create_directory_synchronization', { id: connection.id }));
    assert.equal(sync.status, 'pending');
    assert.equal(typeof payloadOf(await h.run('connections', 'get_directory_provisioning', { id: connection.id })).last_synchronization_at, 'string');

    const groupIds = async () => itemsOf(payloadOf(await h.run('connections', 'get_synchronized_groups', { id: connection.id })), 'groups').map((g) => g.id);
    await h.run('connections', 'set_synchronized_groups', { id: connection.id, groups: [{ id: 'g1' }, { id: 'g2' }] });
    await h.run('connections', 'add_synchronized_groups', { id: connection.id, groups: [{ id: 'g3' }] });
    await h.run('connections', 'delete_synchronized_groups', { id: connection.id, groups: [{ id: 'g1' }] });
    assert.deepEqual(await groupIds(), ['g2', 'g3']);
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('connections', 'get_synchronized_groups', { id: connection.id }, 'all'))).map((g) => g.id),
      ['g2', 'g3'],
    );
    const listed = itemsOf(payloadOf(await h.run('connections', 'all_directory_provisionings', {})), 'directory_provisionings');
    assert.ok(listed.some((c) => c.connection_id === connection.id && !('synchronized_groups' in c)));
    assert.ok(itemsOf(payloadOf(await h.run('connections', 'all_directory_provisionings', {}, 'all'))).some((c) => c.connection_id === connection.id));
    assertStatus(await h.run('connections', 'delete_directory_provisioning', { id: connection.id }), 'delete_directory_provisioning', 204);
    await h.gone('connections', 'get_directory_provisioning', { id: connection.id });
  });

  it('lists connections by name and by checkpoint', async () => {
    const connection = await newConnection();
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('connections', 'all', { name: connection.name }))).map((c) => c.id),
      [connection.id],
    );
    const checkpoint = payloadOf(await h.run('connections', 'all', { take: 1 }));
    assert.equal(itemsOf(checkpoint, 'connections').length, 1);
    assert.equal(typeof checkpoint.next, 'string');
  });

  it('exercised every connections operation', () => {
    h.assertAllExercised('connections');
  });
});
