/**
 * auth0-users in Node-RED against the emulator: every operation, with the state read back.
 */
import assert from 'node:assert/strict';
import { assertDeprecated, itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createApi, createUser, passwordLogin, unique } from './fixtures';
import { offboardingOperations } from '../../nodes/users/offboarding-operations';

describe('management nodes against the emulator: users', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a user, reads it back (get, list, search), updates it, deletes it, then reads 404', async () => {
    const created = await createUser(h, { user_metadata: { plan: 'free' }, name: 'Ada Original' });
    const id = created.user_id as string;
    assert.match(id, /^auth0\|/);
    assert.ok(!('password' in created), 'no password in the output');

    const read = payloadOf(await h.run('users', 'get', { id }));
    assert.equal(read.email, created.email);
    assert.deepEqual(read.user_metadata, { plan: 'free' });

    const projected = payloadOf(await h.run('users', 'get', { id, fields: ['email', 'user_id'] }));
    assert.deepEqual(Object.keys(projected).sort(), ['email', 'user_id']);

    const listed = payloadOf(await h.run('users', 'list', { q: `email:"${String(created.email)}"` }));
    assert.equal(listed.total, 1, 'include_totals defaults to true');
    assert.deepEqual(
      itemsOf(listed, 'users').map((u) => u.user_id),
      [id],
    );

    const updated = await h.run('users', 'update', { id, body: { name: 'Ada Changed', user_metadata: { plan: 'pro' }, app_metadata: { tier: 2 } } });
    assertStatus(updated, 'update', 200);
    const after = payloadOf(await h.run('users', 'get', { id }));
    assert.equal(after.name, 'Ada Changed');
    assert.deepEqual(after.user_metadata, { plan: 'pro' });
    assert.deepEqual(after.app_metadata, { tier: 2 });
    const byMetadata = payloadOf(await h.run('users', 'list', { q: 'app_metadata.tier:2' }));
    assert.deepEqual(
      itemsOf(byMetadata, 'users').map((u) => u.user_id),
      [id],
    );

    assertStatus(await h.run('users', 'delete', { id }), 'delete', 204);
    const gone = await h.gone('users', 'get', { id });
    assert.equal(gone.errorCode, 'inexistent_user');
    const search = payloadOf(await h.run('users', 'list', { q: `email:"${String(created.email)}"` }));
    assert.equal(search.total, 0);
  });

  it('lists every user with fetch all pages, as one array and one message per item', async () => {
    h.emulator.seed({ users: Array.from({ length: 130 }, (_, i) => ({ email: `bulk${i}@example.com`, password: PASSWORD })) });
    const total = h.emulator.state.users.size;
    assert.ok(total >= 130);
    const all = await h.run('users', 'list', {}, 'all');
    const users = itemsOf(payloadOf(all));
    assert.equal(users.length, total);
    assert.equal(new Set(users.map((u) => u.user_id)).size, total);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.pages, 2);

    const perItem = await h.runItems('users', 'list', { q: 'email:bulk1*' });
    const expected = [...h.emulator.state.users.values()].filter((u) => (u.email ?? '').startsWith('bulk1')).length;
    assert.equal(perItem.length, expected);
    assert.ok(perItem.every((m) => String((m.payload as Msg).email).startsWith('bulk1')));

    const onePage = payloadOf(await h.run('users', 'list', {}));
    assert.equal(itemsOf(onePage, 'users').length, 25, 'per_page defaults to 25');
  });

  it("stops fetching all pages at Auth0's 1,000-result cap and says so", async () => {
    h.emulator.seed({ users: Array.from({ length: 1000 }, (_, i) => ({ email: `cap${i}@example.com`, password: PASSWORD })) });
    assert.ok(h.emulator.state.users.size > 1000);
    const all = await h.run('users', 'list', {}, 'all');
    const paging = (all.auth0 as Msg & { paging: Msg }).paging;
    assert.equal(itemsOf(payloadOf(all)).length, 1000);
    assert.equal(paging.truncated, true);
    assert.equal(paging.total, h.emulator.state.users.size, 'the total the service reported');
  });

  it('delete_all_users is deprecated: a clear error, nothing sent', async () => {
    await assertDeprecated(h, 'users', 'delete_all_users', {}, /no longer offered.*delete/i);
  });

  it('adds, lists and removes roles of a user', async () => {
    const user = await createUser(h);
    const role = payloadOf(await h.run('roles', 'create', { body: { name: unique('role'), description: 'r' } }));
    assertStatus(await h.run('users', 'add_roles', { id: user.user_id, roles: [role.id] }), 'add_roles', 204);
    let roles = itemsOf(payloadOf(await h.run('users', 'list_roles', { id: user.user_id })), 'roles');
    assert.deepEqual(
      roles.map((r) => r.id),
      [role.id],
    );
    const all = itemsOf(payloadOf(await h.run('users', 'list_roles', { id: user.user_id }, 'all')));
    assert.deepEqual(
      all.map((r) => r.name),
      [role.name],
    );
    await h.run('users', 'remove_roles', { id: user.user_id, roles: String(role.id) });
    roles = itemsOf(payloadOf(await h.run('users', 'list_roles', { id: user.user_id })), 'roles');
    assert.deepEqual(roles, []);
  });

  it('adds, lists and removes permissions of a user', async () => {
    const user = await createUser(h);
    const api = await createApi(h, ['read:things', 'write:things']);
    const permissions = [
      { resource_server_identifier: api, permission_name: 'read:things' },
      { resource_server_identifier: api, permission_name: 'write:things' },
    ];
    assertStatus(await h.run('users', 'add_permissions', { id: user.user_id, permissions }), 'add_permissions', 201);
    let listed = itemsOf(payloadOf(await h.run('users', 'list_permissions', { id: user.user_id })), 'permissions');
    assert.deepEqual(listed.map((p) => p.permission_name).sort(), ['read:things', 'write:things']);
    const all = itemsOf(payloadOf(await h.run('users', 'list_permissions', { id: user.user_id }, 'all')));
    assert.equal(all.length, 2);
    await h.run('users', 'remove_permissions', { id: user.user_id, permissions: [permissions[0]] });
    listed = itemsOf(payloadOf(await h.run('users', 'list_permissions', { id: user.user_id })), 'permissions');
    assert.deepEqual(
      listed.map((p) => p.permission_name),
      ['write:things'],
    );
  });

  it('lists the organizations of a user', async () => {
    const user = await createUser(h);
    const org = payloadOf(await h.run('organizations', 'create_organization', { body: { name: unique('org') } }));
    await h.run('organizations', 'create_organization_members', { id: org.id, body: { members: [user.user_id] } });
    const orgs = itemsOf(payloadOf(await h.run('users', 'list_organizations', { id: user.user_id })), 'organizations');
    assert.deepEqual(
      orgs.map((o) => o.id),
      [org.id],
    );
    const all = itemsOf(payloadOf(await h.run('users', 'list_organizations', { id: user.user_id }, 'all')));
    assert.deepEqual(
      all.map((o) => o.name),
      [org.name],
    );
  });

  it('reads the log events of a user after logins against /oauth/token', async () => {
    const user = await createUser(h);
    assert.equal((await passwordLogin(h.emulator, String(user.email), PASSWORD)).status, 200);
    assert.equal((await passwordLogin(h.emulator, String(user.email), 'wrong-password')).status, 403);
    const events = itemsOf(payloadOf(await h.run('users', 'get_log_events', { user_id: user.user_id })));
    assert.deepEqual(
      events.map((e) => e.type),
      ['fp', 's'],
      'newest first',
    );
    assert.ok(events.every((e) => e.user_id === user.user_id));
    const oldestFirst = itemsOf(payloadOf(await h.run('users', 'get_log_events', { user_id: user.user_id, sort: 'date:1' })));
    assert.deepEqual(
      oldestFirst.map((e) => e.type),
      ['s', 'fp'],
    );
    const all = itemsOf(payloadOf(await h.run('users', 'get_log_events', { user_id: user.user_id }, 'all')));
    assert.equal(all.length, 2);
  });

  it('multifactor: enrollments, delete authenticators, delete a provider, remembered browsers, recovery code', async () => {
    const user = await createUser(h);
    const userId = user.user_id as string;
    const state = h.emulator.state;
    state.enrollments.insert({
      id: `dev_${unique('e')}`,
      user_id: userId,
      status: 'confirmed',
      type: 'authenticator',
      name: 'Phone',
      auth_method: 'authenticator',
    });
    state.enrollments.insert({ id: `dev_${unique('e')}`, user_id: userId, status: 'confirmed', type: 'sms', phone_number: '+15550100', auth_method: 'sms' });
    const enrollments = payloadOf<Msg[]>(await h.run('users', 'get_guardian_enrollments', { user_id: userId }));
    assert.equal(enrollments.length, 2);
    assertStatus(await h.run('users', 'delete_authenticators', { id: userId }), 'delete_authenticators', 204);
    assert.deepEqual(payloadOf(await h.run('users', 'get_guardian_enrollments', { user_id: userId })), []);

    state.users.update(userId, (u) => {
      u.multifactor = ['google-authenticator', 'duo'];
    });
    await h.run('users', 'delete_multifactor', { id: userId, provider: 'google-authenticator' });
    assert.deepEqual(payloadOf(await h.run('users', 'get', { id: userId })).multifactor, ['duo']);

    assertStatus(await h.run('users', 'invalidate_remembered_browsers', { user_id: userId }), 'invalidate_remembered_browsers', 204);
    assert.equal(typeof state.userSecrets.get(userId)?.browsersInvalidatedAt, 'number');

    const first = payloadOf(await h.run('users', 'regenerate_recovery_code', { user_id: userId }));
    const second = payloadOf(await h.run('users', 'regenerate_recovery_code', { user_id: userId }));
    assert.match(String(first.recovery_code), /^[A-Z0-9]{24}$/);
    assert.notEqual(first.recovery_code, second.recovery_code, 'a new code replaces the old one');
    assert.equal(state.userSecrets.get(userId)?.recoveryCode, second.recovery_code);
  });

  it('links an account as an identity of another, then unlinks it back into a user', async () => {
    const primary = await createUser(h);
    const secondary = await createUser(h);
    const secondaryLocalId = String(secondary.user_id).replace(/^auth0\|/, '');
    const linked = await h.run('users', 'link_user_account', { id: primary.user_id, body: { provider: 'auth0', user_id: secondaryLocalId } });
    assertStatus(linked, 'link_user_account', 201);
    assert.deepEqual(
      payloadOf<Msg[]>(linked).map((i) => i.user_id),
      [String(primary.user_id).slice(6), secondaryLocalId],
    );
    const merged = payloadOf(await h.run('users', 'get', { id: primary.user_id }));
    assert.equal((merged.identities as Msg[]).length, 2);
    await h.gone('users', 'get', { id: secondary.user_id });

    const unlinked = payloadOf<Msg[]>(await h.run('users', 'unlink_user_account', { id: primary.user_id, provider: 'auth0', user_id: secondaryLocalId }));
    assert.equal(unlinked.length, 1);
    const restored = payloadOf(await h.run('users', 'get', { id: secondary.user_id }));
    assert.equal(restored.email, secondary.email);
    assert.equal(((await h.run('users', 'get', { id: primary.user_id })).payload as Msg & { identities: Msg[] }).identities.length, 1);
  });

  it('sends a Catch node the 404 of an operation on a missing user', async () => {
    const failure = await h.fail('users', 'list_roles', { id: 'auth0|nobody' });
    assert.equal(failure.statusCode, 404);
    assert.equal(failure.errorCode, 'inexistent_user');
  });

  it('effective access: roles and permissions with their sources, directly and through groups', async () => {
    const user = await createUser(h);
    const api = await createApi(h, ['read:reports', 'export:reports']);
    const [direct, viaGroup] = [
      payloadOf(await h.run('roles', 'create', { body: { name: unique('Direct') } })),
      payloadOf(await h.run('roles', 'create', { body: { name: unique('ViaGroup') } })),
    ];
    await h.run('roles', 'add_permissions', { id: direct.id, permissions: [{ resource_server_identifier: api, permission_name: 'read:reports' }] });
    await h.run('roles', 'add_permissions', {
      id: viaGroup.id,
      permissions: ['read:reports', 'export:reports'].map((permission_name) => ({ resource_server_identifier: api, permission_name })),
    });
    await h.run('users', 'add_roles', { id: user.user_id, roles: [direct.id] });
    const group = { id: `grp_${unique('g')}`, name: unique('analysts'), members: [user.user_id], roles: [viaGroup.id] };
    h.emulator.seed({ collections: { groups: [group] } });

    assert.deepEqual(
      itemsOf(payloadOf(await h.run('users', 'list_groups', { id: user.user_id }))).map((g) => g.id),
      [group.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('users', 'list_groups', { id: user.user_id }, 'all'))).map((g) => g.id),
      [group.id],
    );
    const roles = itemsOf(payloadOf(await h.run('users', 'list_effective_roles', { id: user.user_id })), 'roles');
    assert.deepEqual(
      roles.map((r) => [r.id, r.sources]).sort(),
      [
        [direct.id, ['direct']],
        [viaGroup.id, ['groups']],
      ].sort(),
    );
    assert.equal(itemsOf(payloadOf(await h.run('users', 'list_effective_roles', { id: user.user_id }, 'all'))).length, 2);
    const sourceGroups = itemsOf(payloadOf(await h.run('users', 'list_effective_role_groups', { id: user.user_id, role_id: viaGroup.id })), 'groups');
    assert.deepEqual(
      sourceGroups.map((g) => g.id),
      [group.id],
    );

    const permissions = itemsOf(
      payloadOf(await h.run('users', 'list_effective_permissions', { id: user.user_id, resource_server_identifier: api })),
      'permissions',
    );
    assert.deepEqual(permissions.map((p) => [p.permission_name, p.sources]).sort(), [
      ['export:reports', ['roles']],
      ['read:reports', ['roles']],
    ]);
    assert.equal(
      itemsOf(payloadOf(await h.run('users', 'list_effective_permissions', { id: user.user_id, resource_server_identifier: api }, 'all'))).length,
      2,
    );
    const grantedBy = itemsOf(
      payloadOf(
        await h.run('users', 'list_effective_permission_roles', { id: user.user_id, resource_server_identifier: api, permission_name: 'read:reports' }),
      ),
      'roles',
    );
    assert.deepEqual(grantedBy.map((r) => r.id).sort(), [direct.id, viaGroup.id].sort());
    const missing = await h.fail('users', 'list_effective_permissions', { id: user.user_id });
    assert.equal(missing.statusCode, 0, 'refused before sending');
    assert.match(missing.message, /resource_server_identifier/);
  });

  it('lists connected accounts, and clears what the risk assessors know of a user', async () => {
    const user = await createUser(h);
    const DB = String((user.identities as Msg[])[0].connection);
    h.emulator.seed({
      collections: {
        'connected-accounts': [
          {
            id: `cac_${unique('a')}`,
            user_id: user.user_id,
            connection: 'google-oauth2',
            strategy: 'google-oauth2',
            access_type: 'offline',
            scopes: ['calendar'],
          },
        ],
        'risk-known-devices': [{ id: unique('dev'), user_id: user.user_id, connection: DB }],
      },
    });
    const accounts = itemsOf(payloadOf(await h.run('users', 'list_connected_accounts', { id: user.user_id })), 'connected_accounts');
    assert.deepEqual(
      accounts.map((a) => [a.strategy, a.access_type]),
      [['google-oauth2', 'offline']],
    );
    assert.ok(!('user_id' in accounts[0]));
    assert.equal(itemsOf(payloadOf(await h.run('users', 'list_connected_accounts', { id: user.user_id }, 'all'))).length, 1);

    assertStatus(await h.run('users', 'clear_risk_assessments', { id: user.user_id, connection: DB, assessors: 'new-device' }), 'clear_risk_assessments', 204);
    assert.deepEqual(
      h.emulator.state
        .collection('risk-known-devices')
        .list()
        .filter((d) => d.user_id === user.user_id),
      [],
    );
    assert.equal((await h.fail('users', 'clear_risk_assessments', { id: user.user_id, connection: 'nowhere', assessors: ['new-device'] })).statusCode, 404);
  });

  it('exercised every users operation', () => {
    // The offboarding operations have their own file (users-offboarding.test.ts).
    h.assertAllExercised(
      'users',
      offboardingOperations.map((op) => op.id),
    );
  });
});
