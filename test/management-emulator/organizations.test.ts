/**
 * auth0-organizations in Node-RED against the emulator: organizations, their connections,
 * invitations, members and member roles.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness, type Msg } from './harness';
import { DB, PASSWORD, assertStatus, createUser, unique } from './fixtures';

describe('management nodes against the emulator: organizations', function () {
  this.timeout(60000);
  const h = useHarness();
  let dbConnectionId: string;
  before(async () => {
    const connections = itemsOf(payloadOf(await h.run('connections', 'all', { strategy: 'auth0' })));
    dbConnectionId = String(connections.find((c) => c.name === DB)?.id);
  });

  const newOrg = async (): Promise<Msg> =>
    payloadOf(await h.run('organizations', 'create_organization', { body: { name: unique('acme-'), display_name: 'Acme' } }));

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

  it('searches organizations in Lucene and SCIM syntax, sorted, by checkpoint and with fetch all pages', async () => {
    const tag = unique('find')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    h.emulator.seed({ organizations: ['zulu', 'alpha', 'mike'].map((word) => ({ name: `${tag}-${word}`, display_name: `Found ${word}` })) });
    const names = (payload: Msg): string[] => itemsOf(payload, 'organizations').map((o) => String(o.name));
    const lucene = payloadOf(await h.run('organizations', 'search_organizations', { q: `name:${tag}*`, sort: 'name' }));
    assert.deepEqual(names(lucene), [`${tag}-alpha`, `${tag}-mike`, `${tag}-zulu`]);
    const scim = payloadOf(await h.run('organizations', 'search_organizations', { q: `name sw "${tag}" and display_name ew "mike"`, parser: 'scim' }));
    assert.deepEqual(names(scim), [`${tag}-mike`]);
    const first = payloadOf(await h.run('organizations', 'search_organizations', { q: `name:${tag}*`, sort: 'name', take: 2 }));
    assert.deepEqual(names(first), [`${tag}-alpha`, `${tag}-mike`]);
    const rest = payloadOf(await h.run('organizations', 'search_organizations', { q: `name:${tag}*`, sort: 'name', take: 2, from_param: first.next }));
    assert.deepEqual(names(rest), [`${tag}-zulu`]);
    assert.equal(rest.next, undefined);
    const all = await h.run('organizations', 'search_organizations', { q: `name:${tag}*`, take: 1 }, 'all');
    assert.equal(itemsOf(payloadOf(all)).length, 3);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.mode, 'checkpoint');
    assert.equal((await h.fail('organizations', 'search_organizations', { q: 'secret_field:x' })).statusCode, 400);
  });

  it('enables a connection, reads it back, updates it, lists it, removes it, then reads 404', async () => {
    const org = await newOrg();
    const created = await h.run('organizations', 'create_organization_connection', {
      id: org.id,
      body: { connection_id: dbConnectionId, assign_membership_on_login: false },
    });
    assertStatus(created, 'create_organization_connection', 201);
    const read = payloadOf(await h.run('organizations', 'get_organization_connection', { id: org.id, connection_id: dbConnectionId }));
    assert.equal((read.connection as Msg).name, DB);
    assert.equal(read.assign_membership_on_login, false);

    await h.run('organizations', 'update_organization_connection', { id: org.id, connection_id: dbConnectionId, body: { assign_membership_on_login: true } });
    assert.equal(
      payloadOf(await h.run('organizations', 'get_organization_connection', { id: org.id, connection_id: dbConnectionId })).assign_membership_on_login,
      true,
    );
    const listed = itemsOf(payloadOf(await h.run('organizations', 'all_organization_connections', { id: org.id })));
    assert.deepEqual(
      listed.map((c) => c.connection_id),
      [dbConnectionId],
    );
    const all = itemsOf(payloadOf(await h.run('organizations', 'all_organization_connections', { id: org.id }, 'all')));
    assert.equal(all.length, 1);

    assertStatus(
      await h.run('organizations', 'delete_organization_connection', { id: org.id, connection_id: dbConnectionId }),
      'delete_organization_connection',
      204,
    );
    await h.gone('organizations', 'get_organization_connection', { id: org.id, connection_id: dbConnectionId });
  });

  it('creates an invitation with a URL, reads it back, lists it, deletes it, then reads 404', async () => {
    const org = await newOrg();
    const invitation = payloadOf(
      await h.run('organizations', 'create_organization_invitation', {
        id: org.id,
        body: { inviter: { name: 'Admin' }, invitee: { email: 'invitee@example.com' }, client_id: h.emulator.webClient.clientId, send_invitation_email: true },
      }),
    );
    const url = new URL(String(invitation.invitation_url));
    assert.equal(url.searchParams.get('organization'), org.id);
    assert.ok(url.searchParams.get('invitation'));
    assert.ok(
      h.emulator.outbox.to('invitee@example.com').some((m) => m.kind === 'organization_invitation'),
      'the invitation was e-mailed',
    );

    const read = payloadOf(await h.run('organizations', 'get_organization_invitation', { id: org.id, invitation_id: invitation.id }));
    assert.deepEqual(read.invitee, { email: 'invitee@example.com' });
    const listed = itemsOf(payloadOf(await h.run('organizations', 'all_organization_invitations', { id: org.id })));
    assert.deepEqual(
      listed.map((i) => i.id),
      [invitation.id],
    );
    const all = itemsOf(payloadOf(await h.run('organizations', 'all_organization_invitations', { id: org.id }, 'all')));
    assert.equal(all.length, 1);

    assertStatus(
      await h.run('organizations', 'delete_organization_invitation', { id: org.id, invitation_id: invitation.id }),
      'delete_organization_invitation',
      204,
    );
    await h.gone('organizations', 'get_organization_invitation', { id: org.id, invitation_id: invitation.id });
  });

  it('adds members, lists them by page, checkpoint and all pages, removes one', async () => {
    const org = await newOrg();
    const first = await createUser(h);
    const second = await createUser(h);
    assertStatus(
      await h.run('organizations', 'create_organization_members', { id: org.id, body: { members: [first.user_id, second.user_id] } }),
      'create_organization_members',
      204,
    );
    const page = payloadOf(await h.run('organizations', 'all_organization_members', { id: org.id, page: 0, per_page: 10 }));
    assert.deepEqual(
      itemsOf(page, 'members')
        .map((m) => m.user_id)
        .sort(),
      [first.user_id, second.user_id].sort(),
    );

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
    assertStatus(
      await h.run('organizations', 'create_organization_member_roles', { id: org.id, user_id: user.user_id, body: { roles: [role.id] } }),
      'create_organization_member_roles',
      204,
    );
    const roles = itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_roles', { id: org.id, user_id: user.user_id })));
    assert.deepEqual(
      roles.map((r) => r.id),
      [role.id],
    );
    const all = itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_roles', { id: org.id, user_id: user.user_id }, 'all')));
    assert.deepEqual(
      all.map((r) => r.name),
      [role.name],
    );
    await h.run('organizations', 'delete_organization_member_roles', { id: org.id, user_id: user.user_id, body: { roles: [role.id] } });
    assert.deepEqual(itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_roles', { id: org.id, user_id: user.user_id }))), []);
  });

  it('associates a client grant that allows organizations, lists it from both sides, removes it; a deny grant is refused', async () => {
    const org = await newOrg();
    const audience = `https://${unique('api')}.example.com/`;
    await h.run('resource_servers', 'create', { body: { identifier: audience, name: unique('api'), scopes: [{ value: 'read:data', description: 'read' }] } });
    const grant = payloadOf(
      await h.run('client_grants', 'create', {
        body: { client_id: h.emulator.webClient.clientId, audience, scope: ['read:data'], organization_usage: 'allow' },
      }),
    );
    assertStatus(await h.run('organizations', 'add_client_grant', { id: org.id, grant_id: grant.id }), 'add_client_grant', 201);
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'get_client_grants', { id: org.id, audience }))).map((g) => g.id),
      [grant.id],
    );
    assert.deepEqual(itemsOf(payloadOf(await h.run('organizations', 'get_client_grants', { id: org.id, audience: 'https://other/' }))), []);
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'get_client_grants', { id: org.id }, 'all'))).map((g) => g.id),
      [grant.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('client_grants', 'get_organizations', { id: grant.id }))).map((o) => o.id),
      [org.id],
    );
    assertStatus(await h.run('organizations', 'delete_client_grant', { id: org.id, grant_id: grant.id }), 'delete_client_grant', 204);
    assert.deepEqual(itemsOf(payloadOf(await h.run('organizations', 'get_client_grants', { id: org.id }))), []);
    await h.gone('organizations', 'delete_client_grant', { id: org.id, grant_id: grant.id });

    const denied = payloadOf(await h.run('client_grants', 'create', { body: { client_id: h.emulator.spaClient.clientId, audience, scope: [] } }));
    assert.equal((await h.fail('organizations', 'add_client_grant', { id: org.id, grant_id: denied.id })).statusCode, 400);
  });

  it('associates applications with an organization, reads, updates and removes them', async () => {
    const org = await newOrg();
    const clientId = h.emulator.webClient.clientId;
    assertStatus(
      await h.run('organizations', 'create_organization_clients', { id: org.id, body: { clients: [{ client_id: clientId }] } }),
      'create_organization_clients',
      204,
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'all_organization_clients', { id: org.id }))).map((c) => c.client_id),
      [clientId],
    );
    assert.equal(payloadOf(await h.run('organizations', 'get_organization_client', { id: org.id, client_id: clientId })).client_id, clientId);
    const updated = payloadOf(await h.run('organizations', 'update_organization_client', { id: org.id, client_id: clientId, body: { show_as_button: true } }));
    assert.equal(updated.show_as_button, true);
    await h.run('organizations', 'delete_organization_clients', { id: org.id, body: { clients: [clientId] } });
    await h.gone('organizations', 'get_organization_client', { id: org.id, client_id: clientId });
    assert.equal((await h.fail('organizations', 'create_organization_clients', { id: org.id, body: { clients: ['nobody'] } })).statusCode, 404);
  });

  it('manages connections through the newer endpoint: add, read, update, list, remove', async () => {
    const org = await newOrg();
    const created = await h.run('organizations', 'create_organization_all_connection', {
      id: org.id,
      body: { connection_id: dbConnectionId, show_as_button: false },
    });
    assertStatus(created, 'create_organization_all_connection', 201);
    assert.equal(
      payloadOf(await h.run('organizations', 'get_organization_all_connection', { id: org.id, connection_id: dbConnectionId })).show_as_button,
      false,
    );
    await h.run('organizations', 'update_organization_all_connection', { id: org.id, connection_id: dbConnectionId, body: { show_as_button: true } });
    const listed = itemsOf(payloadOf(await h.run('organizations', 'all_organization_all_connections', { id: org.id })));
    assert.deepEqual(
      listed.map((c) => [c.connection_id, c.show_as_button]),
      [[dbConnectionId, true]],
    );
    assert.equal(itemsOf(payloadOf(await h.run('organizations', 'all_organization_all_connections', { id: org.id }, 'all'))).length, 1);
    // The same enabled connection, seen through the older endpoint.
    assert.equal(itemsOf(payloadOf(await h.run('organizations', 'all_organization_connections', { id: org.id }))).length, 1);
    // Only the newer endpoint knows a connection can be there but disabled, and filters on it.
    await h.run('organizations', 'update_organization_all_connection', {
      id: org.id,
      connection_id: dbConnectionId,
      body: { is_enabled: false, organization_access_level: 'readonly' },
    });
    assert.deepEqual(itemsOf(payloadOf(await h.run('organizations', 'all_organization_all_connections', { id: org.id, is_enabled: true }))), []);
    const disabled = itemsOf(payloadOf(await h.run('organizations', 'all_organization_all_connections', { id: org.id, is_enabled: false })));
    assert.deepEqual(
      disabled.map((c) => [c.connection_id, c.organization_access_level]),
      [[dbConnectionId, 'readonly']],
    );
    assert.equal(
      (await h.fail('organizations', 'update_organization_connection', { id: org.id, connection_id: dbConnectionId, body: { is_enabled: true } })).statusCode,
      400,
    );
    assertStatus(
      await h.run('organizations', 'delete_organization_all_connection', { id: org.id, connection_id: dbConnectionId }),
      'delete_organization_all_connection',
      204,
    );
    await h.gone('organizations', 'get_organization_all_connection', { id: org.id, connection_id: dbConnectionId });
  });

  it('adds a discovery domain with its DNS proof, reads it by id and name, verifies it, lists it, deletes it', async () => {
    const org = await newOrg();
    const domain = `${unique('acme')}.example.com`;
    const created = payloadOf(await h.run('organizations', 'create_organization_discovery_domain', { id: org.id, body: { domain } }));
    assert.equal(created.status, 'pending');
    assert.match(String(created.verification_txt), /^auth0-domain-verification=/);
    assert.equal(created.verification_host, `_auth0-challenge.${domain}`);
    const where = { id: org.id, discovery_domain_id: created.id };
    assert.equal(payloadOf(await h.run('organizations', 'get_organization_discovery_domain', where)).domain, domain);
    assert.equal(payloadOf(await h.run('organizations', 'get_organization_discovery_domain_by_name', { id: org.id, discovery_domain: domain })).id, created.id);
    await h.run('organizations', 'update_organization_discovery_domain', { ...where, body: { status: 'verified', use_for_organization_discovery: true } });
    const listed = itemsOf(payloadOf(await h.run('organizations', 'all_organization_discovery_domains', { id: org.id })), 'domains');
    assert.deepEqual(
      listed.map((d) => [d.domain, d.status]),
      [[domain, 'verified']],
    );
    assert.equal(itemsOf(payloadOf(await h.run('organizations', 'all_organization_discovery_domains', { id: org.id }, 'all'))).length, 1);
    assert.equal((await h.fail('organizations', 'create_organization_discovery_domain', { id: org.id, body: { domain } })).statusCode, 409);
    assertStatus(await h.run('organizations', 'delete_organization_discovery_domain', where), 'delete_organization_discovery_domain', 204);
    await h.gone('organizations', 'get_organization_discovery_domain', where);
    await h.gone('organizations', 'get_organization_discovery_domain_by_name', { id: org.id, discovery_domain: domain });
  });

  it('gives a group roles in an organization: its member holds them there, with their sources', async () => {
    const org = await newOrg();
    const [member, direct] = [await createUser(h), await createUser(h)];
    await h.run('organizations', 'create_organization_members', { id: org.id, body: { members: [member.user_id, direct.user_id] } });
    const [viaGroup, assigned] = [
      payloadOf(await h.run('roles', 'create', { body: { name: unique('org-reader') } })),
      payloadOf(await h.run('roles', 'create', { body: { name: unique('org-writer') } })),
    ];
    const group = { id: `grp_${unique('g')}`, name: unique('sales'), members: [member.user_id] };
    h.emulator.seed({ collections: { groups: [group] } });

    assertStatus(
      await h.run('organizations', 'create_organization_group_roles', { organization_id: org.id, group_id: group.id, roles: [viaGroup.id] }),
      'create_organization_group_roles',
      204,
    );
    await h.run('organizations', 'create_organization_member_roles', { id: org.id, user_id: member.user_id, body: { roles: [assigned.id] } });
    await h.run('organizations', 'create_organization_member_roles', { id: org.id, user_id: direct.user_id, body: { roles: [viaGroup.id] } });

    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'all_organization_group_roles', { organization_id: org.id, group_id: group.id })), 'roles').map(
        (r) => r.id,
      ),
      [viaGroup.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'all_organization_groups', { organization_id: org.id })), 'groups').map((g) => g.id),
      [group.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'all_organization_groups', { organization_id: org.id }, 'all'))).map((g) => g.id),
      [group.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'all_organization_role_groups', { organization_id: org.id, role_id: viaGroup.id })), 'groups').map(
        (g) => g.id,
      ),
      [group.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('organizations', 'all_organization_role_members', { id: org.id, role_id: viaGroup.id }))).map((u) => u.user_id),
      [direct.user_id],
    );

    const effective = itemsOf(
      payloadOf(await h.run('organizations', 'all_organization_member_effective_roles', { id: org.id, user_id: member.user_id })),
      'roles',
    );
    assert.deepEqual(
      effective.map((r) => [r.id, r.sources]).sort(),
      [
        [assigned.id, ['direct']],
        [viaGroup.id, ['groups']],
      ].sort(),
    );
    assert.equal(
      itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_effective_roles', { id: org.id, user_id: member.user_id }, 'all'))).length,
      2,
    );
    const sources = itemsOf(
      payloadOf(await h.run('organizations', 'all_organization_member_role_source_groups', { id: org.id, user_id: member.user_id, role_id: viaGroup.id })),
      'groups',
    );
    assert.deepEqual(
      sources.map((g) => g.id),
      [group.id],
    );

    await h.run('organizations', 'delete_organization_group_roles', { organization_id: org.id, group_id: group.id, roles: [viaGroup.id] });
    const after = itemsOf(payloadOf(await h.run('organizations', 'all_organization_member_effective_roles', { id: org.id, user_id: member.user_id })), 'roles');
    assert.deepEqual(
      after.map((r) => r.id),
      [assigned.id],
    );
  });

  it('sends the completed list inputs as given: sort, fields, include_totals', async () => {
    const org = await newOrg();
    await h.run('organizations', 'create_organization_invitation', {
      id: org.id,
      body: { inviter: { name: 'Ann' }, invitee: { email: `${unique('i')}@example.com` }, client_id: h.emulator.webClient.clientId },
    });
    const page = payloadOf(
      await h.run('organizations', 'all_organization_invitations', { id: org.id, include_totals: true, fields: 'id,invitee', sort: 'created_at:-1' }),
    );
    const [invitation] = itemsOf(page, 'invitations');
    assert.deepEqual(Object.keys(invitation).sort(), ['id', 'invitee']);
    const one = payloadOf(
      await h.run('organizations', 'get_organization_invitation', { id: org.id, invitation_id: invitation.id, fields: ['id'], include_fields: true }),
    );
    assert.deepEqual(Object.keys(one), ['id']);
  });

  it('exercised every organizations operation', () => {
    h.assertAllExercised('organizations');
  });
});
