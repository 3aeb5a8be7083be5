/**
 * The emulator's declared resources (resources.ts) as the newer groups use them: lists that page by
 * offset or by checkpoint, list filters, fields computed at creation, nested collections, write-only
 * properties, scopes and Auth0's 404 for what does not exist; and the relations computed from
 * groups (effective roles and permissions).
 */
import assert from 'node:assert/strict';
import { useEmulator } from './groups-support';

describe('emulator groups: declared resources', () => {
  const h = useEmulator();

  it('a list that pages by offset (with totals) or by checkpoint, whichever the request asks for', async () => {
    const flow = (await h.call('POST', '/api/v2/flows', { name: 'f' })).body;
    const executions = Array.from({ length: 5 }, (_, i) => ({ id: `afe_${i}`, _parent: flow.id, status: 'final' }));
    h.emu.seed({ collections: { 'flow-executions': [...executions, { id: 'afe_other', _parent: 'af_other', status: 'final' }] } });
    const base = `/api/v2/flows/${flow.id}/executions`;
    const offset = await h.call('GET', `${base}?page=1&per_page=2&include_totals=true`);
    assert.deepEqual([offset.body.total, offset.body.start, offset.body.executions.map((e: { id: string }) => e.id)], [5, 2, ['afe_2', 'afe_3']]);
    assert.deepEqual(
      (await h.call('GET', base)).body.map((e: { id: string }) => e.id),
      executions.map((e) => e.id),
      "a bare array, only this flow's",
    );
    const first = await h.call('GET', `${base}?take=3`);
    assert.equal(first.body.executions.length, 3);
    const second = await h.call('GET', `${base}?take=3&from=${first.body.next}`);
    assert.deepEqual(
      second.body.executions.map((e: { id: string }) => e.id),
      ['afe_3', 'afe_4'],
    );
    assert.equal(second.body.next, undefined);
    assert.equal((await h.call('GET', `/api/v2/flows/af_missing/executions`)).status, 404);
  });

  it('list filters, and fields computed at creation', async () => {
    for (const status of ['draft', 'active']) {
      const created = await h.call('POST', '/api/v2/experimentation/feature-flags', { name: `flag-${status}`, parameters: {} });
      if (status === 'active') await h.call('POST', `/api/v2/experimentation/feature-flags/${created.body.id}/status`, { status });
    }
    const active = await h.call('GET', '/api/v2/experimentation/feature-flags?status=active');
    assert.deepEqual(
      active.body.feature_flags.map((f: { name: string }) => f.name),
      ['flag-active'],
    );

    const org = (await h.call('POST', '/api/v2/organizations', { name: 'acme' })).body;
    const domain = await h.call('POST', `/api/v2/organizations/${org.id}/discovery-domains`, { domain: 'acme.example.com' });
    assert.equal(domain.status, 201);
    assert.equal(domain.body.verification_host, '_auth0-challenge.acme.example.com');
    assert.match(domain.body.verification_txt, /^auth0-domain-verification=\w{32}$/);
    assert.equal((await h.call('POST', `/api/v2/organizations/${org.id}/discovery-domains`, { domain: 'acme.example.com' })).status, 409);
    assert.equal((await h.call('POST', '/api/v2/organizations/org_none/discovery-domains', { domain: 'x.example.com' })).status, 404);
    assert.equal((await h.call('POST', `/api/v2/organizations/${org.id}/discovery-domains`, { domain: 'y.example.com', extra: 1 })).status, 400);
  });

  it('write-only properties, scopes, and 404 for unknown items and routes', async () => {
    const vault = await h.call('POST', '/api/v2/flows/vault/connections', {
      name: 'mailer',
      app_id: 'SENDGRID',
      setup: { type: 'API_KEY', api_key: 'SG.secret' },
    });
    assert.equal(vault.status, 200);
    assert.ok(!JSON.stringify(vault.body).includes('SG.secret'));
    assert.ok(!JSON.stringify((await h.call('GET', `/api/v2/flows/vault/connections/${vault.body.id}`)).body).includes('SG.secret'));
    const readOnly = h.emu.managementToken(['read:forms']);
    assert.equal((await h.call('GET', '/api/v2/forms', undefined, readOnly)).status, 200);
    assert.equal((await h.call('POST', '/api/v2/forms', { name: 'x' }, readOnly)).status, 403);
    assert.equal((await h.call('GET', '/api/v2/forms/ap_missing')).status, 404);
    assert.equal((await h.call('GET', '/api/v2/forms/ap_1/nothing-here')).status, 404);
    const templates = await h.call('GET', '/api/v2/connection-profiles/templates');
    assert.ok(templates.body.connection_profile_templates.length > 0, 'the templates route is not read as a profile id');
  });
});

describe('emulator groups: groups and effective access', () => {
  const h = useEmulator();

  it('a user holds the roles of their groups, and their permissions, each with its source', async () => {
    const api = 'https://reports.example.com/';
    await h.call('POST', '/api/v2/resource-servers', { identifier: api, scopes: [{ value: 'read:reports' }, { value: 'export:reports' }] });
    const user = (
      await h.call('POST', '/api/v2/users', { connection: 'Username-Password-Authentication', email: 'eve@example.com', password: 'Str0ng-pass!word' })
    ).body;
    const role = (await h.call('POST', '/api/v2/roles', { name: 'reporters' })).body;
    await h.call('POST', `/api/v2/roles/${role.id}/permissions`, { permissions: [{ resource_server_identifier: api, permission_name: 'export:reports' }] });
    await h.call('POST', `/api/v2/users/${encodeURIComponent(user.user_id)}/permissions`, {
      permissions: [{ resource_server_identifier: api, permission_name: 'read:reports' }],
    });
    h.emu.seed({ collections: { groups: [{ id: 'grp_1', name: 'analysts', members: [user.user_id] }] } });
    assert.equal((await h.call('POST', '/api/v2/groups/grp_1/roles', { roles: [role.id] })).status, 204);

    const userPath = `/api/v2/users/${encodeURIComponent(user.user_id)}`;
    const roles = await h.call('GET', `${userPath}/effective-roles`);
    assert.deepEqual(
      roles.body.roles.map((r: { id: string; sources: string[] }) => [r.id, r.sources]),
      [[role.id, ['groups']]],
    );
    const permissions = await h.call('GET', `${userPath}/effective-permissions?resource_server_identifier=${encodeURIComponent(api)}`);
    const byName = Object.fromEntries(permissions.body.permissions.map((p: { permission_name: string; sources: string[] }) => [p.permission_name, p.sources]));
    assert.deepEqual(byName, { 'read:reports': ['direct'], 'export:reports': ['roles'] });
    assert.equal((await h.call('GET', `${userPath}/effective-permissions`)).status, 400, 'resource_server_identifier is required');
    assert.deepEqual(
      (await h.call('GET', `/api/v2/roles/${role.id}/groups`)).body.groups.map((g: { id: string }) => g.id),
      ['grp_1'],
    );

    assert.equal((await h.call('DELETE', '/api/v2/groups/grp_1')).status, 204);
    assert.deepEqual((await h.call('GET', `${userPath}/effective-roles`)).body.roles, []);
  });
});
