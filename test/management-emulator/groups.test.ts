/**
 * auth0-groups in Node-RED against the emulator: groups come from directories, so they are seeded;
 * the node lists, reads and deletes them, reads their members, and gives and takes roles, which
 * their members then hold (read back through users' effective roles).
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, createUser, unique } from './fixtures';

describe('management nodes against the emulator: groups', function () {
  this.timeout(60000);
  const h = useHarness();

  const seedGroup = (fields: Msg): Msg => {
    const group = {
      id: `grp_${unique('g')}`,
      name: unique('engineering'),
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...fields,
    };
    h.emulator.seed({ collections: { groups: [group] } });
    return group;
  };

  it('lists groups (filtered, by page, by checkpoint, all pages), reads one, deletes it, then reads 404', async () => {
    const connection = h.emulator.state.connections.list()[0];
    const group = seedGroup({ connection_id: connection.id, external_id: unique('ext'), members: [] });
    const byName = itemsOf(payloadOf(await h.run('groups', 'list', { name: group.name })));
    assert.deepEqual(
      byName.map((g) => g.id),
      [group.id],
    );
    assert.ok(!('members' in byName[0]), 'membership is not part of the group');
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('groups', 'list', { external_id: group.external_id }))).map((g) => g.id),
      [group.id],
    );
    for (let i = 0; i < 5; i++) seedGroup({});
    const totals = payloadOf(await h.run('groups', 'list', { include_totals: true, per_page: 2 }));
    assert.equal(itemsOf(totals, 'groups').length, 2);
    const checkpoint = payloadOf(await h.run('groups', 'list', { take: 2 }));
    assert.equal(itemsOf(checkpoint, 'groups').length, 2);
    assert.equal(typeof checkpoint.next, 'string');
    const all = itemsOf(payloadOf(await h.run('groups', 'list', {}, 'all')));
    assert.equal(all.length, totals.total);

    assert.equal(payloadOf(await h.run('groups', 'get', { id: group.id })).name, group.name);
    assertStatus(await h.run('groups', 'delete', { id: group.id }), 'delete', 204);
    assert.equal((await h.gone('groups', 'get', { id: group.id })).errorCode, 'inexistent_group');
  });

  it('lists the members of a group', async () => {
    const [ann, bob] = [await createUser(h), await createUser(h)];
    const group = seedGroup({ members: [ann.user_id, bob.user_id] });
    const members = itemsOf(payloadOf(await h.run('groups', 'list_members', { id: group.id })), 'members');
    assert.deepEqual(members.map((m) => m.id).sort(), [ann.user_id, bob.user_id].sort());
    assert.equal(members[0].member_type, 'user');
    assert.equal(itemsOf(payloadOf(await h.run('groups', 'list_members', { id: group.id }, 'all'))).length, 2);
  });

  it('gives roles to a group, whose members then hold them; takes them back', async () => {
    const user = await createUser(h);
    const group = seedGroup({ members: [user.user_id] });
    const role = payloadOf(await h.run('roles', 'create', { body: { name: unique('Readers') } }));
    assertStatus(await h.run('groups', 'add_roles', { id: group.id, roles: [role.id] }), 'add_roles', 204);
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('groups', 'list_roles', { id: group.id })), 'roles').map((r) => r.id),
      [role.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('groups', 'list_roles', { id: group.id }, 'all'))).map((r) => r.id),
      [role.id],
    );
    const effective = itemsOf(payloadOf(await h.run('users', 'list_effective_roles', { id: user.user_id })), 'roles');
    assert.deepEqual(
      effective.map((r) => [r.id, r.sources]),
      [[role.id, ['groups']]],
    );

    await h.run('groups', 'remove_roles', { id: group.id, roles: String(role.id) });
    assert.deepEqual(itemsOf(payloadOf(await h.run('groups', 'list_roles', { id: group.id })), 'roles'), []);
    assert.deepEqual(itemsOf(payloadOf(await h.run('users', 'list_effective_roles', { id: user.user_id })), 'roles'), []);
    assert.equal((await h.fail('groups', 'add_roles', { id: group.id, roles: ['rol_none'] })).statusCode, 404);
  });

  it('exercised every groups operation', () => {
    h.assertAllExercised('groups');
  });
});
