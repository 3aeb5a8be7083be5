/**
 * auth0-roles in Node-RED against the emulator: CRUD, permissions and users of a role.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createApi, createUser, unique } from './fixtures';

describe('management nodes against the emulator: roles', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a role, reads it back, updates it, deletes it, then reads 404', async () => {
    const name = unique('Editors');
    const role = payloadOf(await h.run('roles', 'create', { body: { name, description: 'can edit' } }));
    assert.match(String(role.id), /^rol_/);
    assert.equal(payloadOf(await h.run('roles', 'get', { id: role.id })).description, 'can edit');
    const filtered = payloadOf(await h.run('roles', 'list', { name_filter: name.toLowerCase() }));
    assert.equal(filtered.total, 1, 'include_totals defaults to true');
    assert.deepEqual(
      itemsOf(filtered, 'roles').map((r) => r.id),
      [role.id],
    );

    const updated = payloadOf(await h.run('roles', 'update', { id: role.id, body: { description: 'can edit and publish' } }));
    assert.equal(updated.description, 'can edit and publish');
    assert.equal(payloadOf(await h.run('roles', 'get', { id: role.id })).description, 'can edit and publish');

    assertStatus(await h.run('roles', 'delete', { id: role.id }), 'delete', 200);
    assert.equal((await h.gone('roles', 'get', { id: role.id })).errorCode, 'inexistent_role');
    assert.equal(payloadOf(await h.run('roles', 'list', { name_filter: name })).total, 0);
  });

  it('lists every role with fetch all pages', async () => {
    h.emulator.seed({ roles: Array.from({ length: 120 }, (_, i) => ({ name: `bulk-role-${i}` })) });
    const all = await h.run('roles', 'list', {}, 'all');
    const roles = itemsOf(payloadOf(all));
    assert.equal(roles.length, h.emulator.state.roles.size);
    assert.equal(new Set(roles.map((r) => r.id)).size, roles.length);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.total, roles.length);
    assert.equal(itemsOf(payloadOf(await h.run('roles', 'list', {})), 'roles').length, 25, 'per_page defaults to 25');
  });

  it('adds, lists and removes the permissions of a role', async () => {
    const api = await createApi(h, ['read:reports', 'export:reports']);
    const role = payloadOf(await h.run('roles', 'create', { body: { name: unique('Reporter') } }));
    const permissions = ['read:reports', 'export:reports'].map((permission_name) => ({ resource_server_identifier: api, permission_name }));
    assertStatus(await h.run('roles', 'add_permissions', { id: role.id, permissions }), 'add_permissions', 201);
    let listed = itemsOf(payloadOf(await h.run('roles', 'list_permissions', { id: role.id })), 'permissions');
    assert.deepEqual(listed.map((p) => p.permission_name).sort(), ['export:reports', 'read:reports']);
    assert.equal(listed[0].resource_server_identifier, api);
    const all = itemsOf(payloadOf(await h.run('roles', 'list_permissions', { id: role.id }, 'all')));
    assert.equal(all.length, 2);
    await h.run('roles', 'remove_permissions', { id: role.id, permissions: [permissions[1]] });
    listed = itemsOf(payloadOf(await h.run('roles', 'list_permissions', { id: role.id })), 'permissions');
    assert.deepEqual(
      listed.map((p) => p.permission_name),
      ['read:reports'],
    );

    // Permissions of a role reach its users.
    const user = await createUser(h);
    await h.run('roles', 'add_users', { id: role.id, users: [user.user_id] });
    const viaRole = itemsOf(payloadOf(await h.run('users', 'list_permissions', { id: user.user_id })), 'permissions');
    assert.deepEqual(
      viaRole.map((p) => p.permission_name),
      ['read:reports'],
    );
  });

  it('adds users to a role and lists them by page and by checkpoint, across pages', async () => {
    const role = payloadOf(await h.run('roles', 'create', { body: { name: unique('Members') } }));
    const user = await createUser(h);
    assertStatus(await h.run('roles', 'add_users', { id: role.id, users: String(user.user_id) }), 'add_users', 200);
    const page = payloadOf(await h.run('roles', 'list_users', { id: role.id }));
    assert.equal(page.total, 1);
    assert.deepEqual(
      itemsOf(page, 'users').map((u) => u.user_id),
      [user.user_id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('users', 'list_roles', { id: user.user_id })), 'roles').map((r) => r.id),
      [role.id],
    );

    h.emulator.seed({ users: Array.from({ length: 105 }, (_, i) => ({ email: `member${i}@example.com`, password: PASSWORD, roles: [String(role.id)] })) });
    const firstCheckpoint = payloadOf(await h.run('roles', 'list_users', { id: role.id, take: 50 }));
    assert.equal(itemsOf(firstCheckpoint, 'users').length, 50);
    assert.equal(typeof firstCheckpoint.next, 'string');
    const second = payloadOf(await h.run('roles', 'list_users', { id: role.id, take: 50, from_param: firstCheckpoint.next }));
    assert.equal(itemsOf(second, 'users').length, 50);
    assert.notEqual(itemsOf(second, 'users')[0].user_id, itemsOf(firstCheckpoint, 'users')[0].user_id);

    const all = await h.run('roles', 'list_users', { id: role.id }, 'all');
    const members = itemsOf(payloadOf(all));
    assert.equal(members.length, 106);
    assert.equal(new Set(members.map((u) => u.user_id)).size, 106);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.mode, 'checkpoint');
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.pages, 2);
  });

  it('gives a role to groups, lists them, takes it back', async () => {
    const role = payloadOf(await h.run('roles', 'create', { body: { name: unique('Grouped') } }));
    const groups = [
      { id: `grp_${unique('a')}`, name: unique('a') },
      { id: `grp_${unique('b')}`, name: unique('b') },
    ];
    h.emulator.seed({ collections: { groups } });
    assertStatus(await h.run('roles', 'add_groups', { id: role.id, groups: groups.map((g) => g.id) }), 'add_groups', 204);
    const listed = itemsOf(payloadOf(await h.run('roles', 'list_groups', { id: role.id })), 'groups');
    assert.deepEqual(listed.map((g) => g.id).sort(), groups.map((g) => g.id).sort());
    assert.equal(itemsOf(payloadOf(await h.run('roles', 'list_groups', { id: role.id }, 'all'))).length, 2);
    await h.run('roles', 'remove_groups', { id: role.id, groups: String(groups[0].id) });
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('roles', 'list_groups', { id: role.id })), 'groups').map((g) => g.id),
      [groups[1].id],
    );
    assert.equal((await h.fail('roles', 'add_groups', { id: role.id, groups: ['grp_none'] })).statusCode, 404);
  });

  it('exercised every roles operation', () => {
    h.assertAllExercised('roles');
  });
});
