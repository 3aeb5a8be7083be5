/**
 * auth0-organizations in Node-RED against the emulator: organizations, their connections,
 * invitations, members and member roles.
 */
import { strict as assert } from 'assert';
import { itemsOf, payloadOf, startHarness, type Harness, type Msg } from './harness';
import { DB, PASSWORD, assertStatus, createUser, unique } from './fixtures';

describe('management nodes against the emulator: organizations', function () {
  this.timeout(60000);
  let h: Harness;
  let dbConnectionId: string;
  before(async () => {
    h = await startHarness();
    const connections = itemsOf(payloadOf(await h.run('connections', 'all', { strategy: 'auth0' })));
    dbConnectionId = String(connections.find((c) => c.name === DB)?.id);
  });
  after(async () => {
    await h.close();
  });

  const newOrg = async (): Promise<Msg> => payloadOf(await h.run('organizations', 'create_organization', { body: { name: unique('acme-'), display_name: 'Acme' } }));

  it('creates an organization, reads it by id, name and list, updates it, deletes it, then reads 404', async () => {
    const org = await newOrg();
    assert.match(String(org.id), /^org_/);
    assert.equal(payloadOf(await h.run('organizations', 'get_organization', { id: org.id })).display_name, 'Acme');
    assert.equal(payloadOf(await h.run('organizations', 'get_organization_by_name', { name: org.name })).id, org.id);
    const listed = payloadOf(await h.run('organizations', 'all_organizations', {}));
    assert.ok(itemsOf(listed, 'organizations').some((o) => o.id === org.id));

    await h.run('organizations', 'update_organization', { id: org.id, body: { display_name: 'Acme Corp', metadata: { tier: 'gold' } } });
    const read = payloadOf(await h.run('organizations', 'get_organization', { id: org.id }));
    assert.equal(read.display_name, 'Acme Corp');
    assert.deepEqual(read.metadata, { tier: 'gold' });

    assertStatus(await h.run('organizations', 'delete_organization', { id: org.id }), 'delete_organization', 204);
    await h.gone('organizations', 'get_organization', { id: org.id });
    await h.gone('organizations', 'get_organization_by_name', { name: org.name });
  });

  it('lists every organization with fetch all pages (checkpoint) and by checkpoint by hand', async () => {
    h.emulator.seed({ organizations: Array.from({ length: 110 }, (_, i) => ({ name: `bulk-org-${i}` })) });
    const total = h.emulator.state.organizations.size;
    const all = await h.run('organizations', 'all_organizations', {}, 'all');
    const orgs = itemsOf(payloadOf(all));
    assert.equal(orgs.length, total);
    assert.equal(new Set(orgs.map((o) => o.id)).size, total);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.mode, 'checkpoint');

    const first = payloadOf(await h.run('organizations', 'all_organizations', { take: 100 }));
    assert.equal(itemsOf(first, 'organizations').length, 100);
    const rest = payloadOf(await h.run('organizations', 'all_organizations', { take: 100, from_param: first.next }));
    assert.equal(itemsOf(rest, 'organizations').length, total - 100);
    assert.equal(rest.next, undefined, 'no next checkpoint after the last page');

    const items = await h.runItems('organizations', 'all_organizations', {});
    assert.equal(items.length, total);
  });

  it('enables a connection, reads it back, updates it, lists it, removes it, then reads 404', async () => {
    const org = await newOrg();
    const created = await h.run('organizations', 'create_organization_connection', { id: org.id, body: { connection_id: dbConnectionId, assign_membership_on_login: false } });
    assertStatus(created, 'create_organization_connection', 201);
    const read = payloadOf(await h.run('organizations', 'get_organization_connection', { id: org.id, connection_id: dbConnectionId }));
    assert.equal((read.connection as Msg).name, DB);
    assert.equal(read.assign_membership_on_login, false);

    await h.run('organizations', 'update_organization_connection', { id: org.id, connection_id: dbConnectionId, body: { assign_membership_on_login: true } });
    assert.equal(payloadOf(await h.run('organizations', 'get_organization_connection', { id: org.id, connection_id: dbConnectionId })).assign_membership_on_login, true);
    const listed = itemsOf(payloadOf(await h.run('organizations', 'all_organization_connections', { id: org.id })));
    assert.deepEqual(listed.map((c) => c.connection_id), [dbConnectionId]);
    const all = itemsOf(payloadOf(await h.run('organizations', 'all_organization_connections', { id: org.id }, 'all')));
    assert.equal(all.length, 1);

    assertStatus(await h.run('organizations', 'delete_organization_connection', { id: org.id, connection_id: dbConnectionId }), 'delete_organization_connection', 204);
    await h.gone('organizations', 'get_organization_connection', { id: org.id, connection_id: dbConnectionId });
  });

  it('creates an invitation with a URL, reads it back, lists it, deletes it, then reads 404', async () => {
    const org = await newOrg();
    const invitation = payloadOf(await h.run('organizations', 'create_organization_invitation', {
      id: org.id,
      body: { inviter: { name: 'Admin' }, invitee: { email: 'invitee@example.com' }, client_id: h.emulator.webClient.clientId, send_invitation_email: true },
    }));
    const url = new URL(String(invitation.invitation_url));
    assert.equal(url.searchParams.get('organization'), org.id);
    assert.ok(url.searchParams.get('invitation'));
    assert.ok(h.emulator.outbox.to('invitee@example.com').some((m) => m.kind === 'organization_invitation'), 'the invitation was e-mailed');

    const read = payloadOf(await h.run('organizations', 'get_organization_invitation', { id: org.id, invitation_id: invitation.id }));
    assert.deepEqual(read.invitee, { email: 'invitee@example.com' });
    const listed = itemsOf(payloadOf(await h.run('organizations', 'all_organization_invitations', { id: org.id })));
    assert.deepEqual(listed.map((i) => i.id), [invitation.id]);
    const all = itemsOf(payloadOf(await h.run('organizations', 'all_organization_invitations', { id: org.id }, 'all')));
    assert.equal(all.length, 1);

    assertStatus(await h.run('organizations', 'delete_organization_invitation', { id: org.id, invitation_id: invitation.id }), 'delete_organization_invitation', 204);
    await h.gone('organizations', 'get_organization_invitation', { id: org.id, invitation_id: invitation.id });
  });

  it('adds members, lists them by page, checkpoint and all pages, removes one', async () => {
    const org = await newOrg();
    const first = await createUser(h);
    const second = await createUser(h);
    assertStatus(await h.run('organizations', 'create_organization_members', { id: org.id, body: { members: [first.user_id, second.user_id] } }), 'create_organization_members', 204);
    const page = payloadOf(await h.run('organizations', 'all_organization_members', { id: org.id, page: 0, per_page: 10 }));
    assert.deepEqual(itemsOf(page, 'members').map((m) => m.user_id).sort(), [first.user_id, second.user_id].sort());

    h.emulator.seed({ users: Array.from({ length: 101 }, (_, i) => ({ email: `orgmember${i}@example.com`, password: PASSWORD })) });
    const seeded = [...h.emulator.state.users.values()].filter((u) => (u.email ?? '').startsWith('orgmember')).map((u) => u.user_id);
    await h.run('organizations', 'create_organization_members', { id: org.id, body: { members: seeded } });
    const checkpoint = payloadOf(await h.run('organizations', 'all_organization_members', { id: org.id, take: 20 }));
    assert.equal(itemsOf(checkpoint, 'members').length, 20);
    assert.equal(typeof checkpoint.next, 'string');
    const all = itemsOf(payloadOf(await h.run('organizations', 'all_organization_members', { id: org.id }, 'all')));
    assert.equal(all.length, 103);
    assert.equal(new Set(all.map((m) => m.user_id)).size, 103);

    await h.run('organizations', 'delete_organization_members', { id: org.id, body: { members: [second.user_id] } });
    const after = itemsOf(payloadOf(await h.run('organizations', 'all_organization_members', { id: org.id }, 'all')));
    assert.equal(after.length, 102);
    assert.ok(!after.some((m) => m.user_id === second.user_id));
    assert.deepEqual(itemsOf(payloadOf(await h.run('users', 'list_organizations', { id: second.user_id })), 'organizations'), []);
  });

  it('assigns, lists and removes roles of a member', async () => {
    const org = await newOrg();
    const user = await createUser(h);
    const role = payloadOf(await h.run('roles', 'create', { body: { name: unique('org-admin') } }));
    await h.run('organizations', 'create_organization_members', { id: org.id, body: { members: [user.user_id] } });
    assertStatus(await h.run('organizations', 'create_organization_member_roles', { id: org.id, user_id: user.user_id, body: { roles: [role.id] } }), 'create_organization_member_roles', 204);
    const roles = itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_roles', { id: org.id, user_id: user.user_id })));
    assert.deepEqual(roles.map((r) => r.id), [role.id]);
    const all = itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_roles', { id: org.id, user_id: user.user_id }, 'all')));
    assert.deepEqual(all.map((r) => r.name), [role.name]);
    await h.run('organizations', 'delete_organization_member_roles', { id: org.id, user_id: user.user_id, body: { roles: [role.id] } });
    assert.deepEqual(itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_roles', { id: org.id, user_id: user.user_id }))), []);
  });

  it('exercised every organizations operation', () => {
    h.assertAllExercised('organizations');
  });
});
