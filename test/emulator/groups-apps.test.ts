/**
 * Applications, client grants, APIs and connections on the emulator: state written, read back,
 * changed and deleted, with Auth0's paging, scopes and errors.
 */
import assert from 'node:assert/strict';
import { DEFAULT_DB_CONNECTION } from '../../emulator/core/state';
import { useEmulator } from './groups-support';

describe('emulator groups: clients', () => {
  const h = useEmulator();

  it('creates, reads, updates, rotates and deletes a client', async () => {
    const created = await h.call('POST', '/api/v2/clients', { name: 'My App', app_type: 'spa', callbacks: ['http://localhost:3000/cb'] });
    assert.equal(created.status, 201);
    const id = created.body.client_id;
    assert.match(id, /^[A-Za-z0-9]{32}$/);
    assert.equal(created.body.token_endpoint_auth_method, 'none');
    assert.deepEqual(created.body.grant_types, ['authorization_code', 'implicit', 'refresh_token']);

    // Bodies are held against Auth0's description and refused in Auth0's words.
    const extra = await h.call('POST', '/api/v2/clients', { name: 'x', colour: 'blue' });
    assert.deepEqual(extra.body, {
      statusCode: 400,
      error: 'Bad Request',
      message: "Payload validation error: 'Additional properties not allowed: colour'.",
      errorCode: 'invalid_body',
    });
    const mistyped = await h.call('POST', '/api/v2/clients', { name: 'x', is_first_party: 'yes' });
    assert.equal(mistyped.body.message, "Payload validation error: 'Expected type boolean but found type string' on property is_first_party.");
    assert.equal((await h.call('POST', '/api/v2/clients', { app_type: 'spa' })).body.message, "Payload validation error: 'Missing required property: name'.");
    assert.equal(
      (await h.call('POST', '/api/v2/clients', { name: 'x', app_type: 'desktop' })).body.message,
      'Payload validation error: \'No enum match for: "desktop"\' on property app_type.',
    );

    const regular = await h.call('POST', '/api/v2/clients', { name: 'Backend', app_type: 'regular_web' });
    assert.equal(typeof regular.body.client_secret, 'string');

    const read = await h.call('GET', `/api/v2/clients/${id}`);
    assert.equal(read.body.name, 'My App');
    assert.deepEqual(read.body.callbacks, ['http://localhost:3000/cb']);
    const projected = await h.call('GET', `/api/v2/clients/${id}?fields=name,client_id&include_fields=true`);
    assert.deepEqual(Object.keys(projected.body).sort(), ['client_id', 'name']);

    const updated = await h.call('PATCH', `/api/v2/clients/${id}`, { name: 'Renamed', allowed_logout_urls: ['http://localhost:3000'] });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.name, 'Renamed');
    assert.equal((await h.call('GET', `/api/v2/clients/${id}`)).body.name, 'Renamed');

    const backendId = regular.body.client_id;
    const before = (await h.call('GET', `/api/v2/clients/${backendId}`)).body.client_secret;
    const rotated = await h.call('POST', `/api/v2/clients/${backendId}/rotate-secret`);
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.client_secret, before);
    assert.equal((await h.call('GET', `/api/v2/clients/${backendId}`)).body.client_secret, rotated.body.client_secret);

    assert.equal((await h.call('DELETE', `/api/v2/clients/${id}`)).status, 204);
    const gone = await h.call('GET', `/api/v2/clients/${id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.errorCode, 'inexistent_client');
    assert.equal((await h.call('DELETE', `/api/v2/clients/${id}`)).status, 204, 'deleting twice is not an error');
  });

  it('shows client_secret only to a token with read:client_keys, and needs update:client_keys to set it', async () => {
    const id = (await h.call('POST', '/api/v2/clients', { name: 'Keys' })).body.client_id;
    const readOnly = h.emu.managementToken(['read:clients', 'update:clients']);
    const shown = await h.call('GET', `/api/v2/clients/${id}`, undefined, readOnly);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.client_secret, undefined);
    assert.equal(shown.body.signing_keys, undefined);
    const listed = await h.call('GET', '/api/v2/clients', undefined, readOnly);
    assert.ok(listed.body.every((c: Record<string, unknown>) => c.client_secret === undefined));
    assert.ok((await h.call('GET', `/api/v2/clients/${id}`)).body.client_secret, 'shown with read:client_keys');

    const refused = await h.call('PATCH', `/api/v2/clients/${id}`, { client_secret: 'x'.repeat(48) }, readOnly);
    assert.equal(refused.status, 403);
    assert.equal((await h.call('POST', `/api/v2/clients/${id}/rotate-secret`, undefined, readOnly)).status, 403);
    const set = await h.call('PATCH', `/api/v2/clients/${id}`, { client_secret: 'y'.repeat(48) });
    assert.equal(set.body.client_secret, 'y'.repeat(48));
  });

  it('pages and filters the list, and validates bodies', async () => {
    for (let i = 0; i < 5; i++) await h.call('POST', '/api/v2/clients', { name: `App ${i}`, app_type: 'native' });
    const page = await h.call('GET', '/api/v2/clients?page=1&per_page=2&include_totals=true');
    assert.equal(page.body.total, 8); // 3 default clients + 5
    assert.equal(page.body.start, 2);
    assert.equal(page.body.limit, 2);
    assert.equal(page.body.clients.length, 2);
    const natives = await h.call('GET', '/api/v2/clients?app_type=native');
    assert.equal(natives.body.length, 5);
    assert.equal((await h.call('POST', '/api/v2/clients', {})).status, 400);
    const extra = await h.call('POST', '/api/v2/clients', { name: 'X', colour: 'red' });
    assert.equal(extra.status, 400);
    assert.match(extra.body.message, /Additional properties not allowed: colour/);
    assert.equal((await h.call('POST', '/api/v2/clients', { name: '<b>' })).status, 400);
    assert.equal((await h.call('POST', '/api/v2/clients', { name: 'X', app_type: 'toaster' })).status, 400);
  });
});

describe('emulator groups: client grants and resource servers', () => {
  const h = useEmulator();

  it('creates an API, grants a client its scopes, and the token endpoint honours the grant', async () => {
    const api = await h.call('POST', '/api/v2/resource-servers', {
      name: 'Orders',
      identifier: 'https://orders.example.com',
      scopes: [{ value: 'read:orders', description: 'Read orders' }, { value: 'write:orders' }],
    });
    assert.equal(api.status, 201);
    assert.equal(api.body.signing_alg, 'RS256');
    assert.equal(api.body.token_lifetime, 86400);
    const byIdentifier = await h.call('GET', `/api/v2/resource-servers/${encodeURIComponent('https://orders.example.com')}`);
    assert.equal(byIdentifier.body.id, api.body.id);
    assert.equal((await h.call('POST', '/api/v2/resource-servers', { identifier: 'https://orders.example.com' })).status, 409);

    const app = await h.call('POST', '/api/v2/clients', { name: 'Worker', app_type: 'non_interactive' });
    const grant = await h.call('POST', '/api/v2/client-grants', {
      client_id: app.body.client_id,
      audience: 'https://orders.example.com',
      scope: ['read:orders'],
    });
    assert.equal(grant.status, 201);
    assert.match(grant.body.id, /^cgr_/);
    assert.equal(
      (await h.call('POST', '/api/v2/client-grants', { client_id: app.body.client_id, audience: 'https://orders.example.com', scope: [] })).status,
      409,
    );

    const tokenAnswer = await fetch(`${h.emu.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: app.body.client_id,
        client_secret: app.body.client_secret,
        audience: 'https://orders.example.com',
      }),
    });
    assert.equal(tokenAnswer.status, 200);
    assert.equal(((await tokenAnswer.json()) as { scope: string }).scope, 'read:orders');

    const patched = await h.call('PATCH', `/api/v2/client-grants/${grant.body.id}`, { scope: ['read:orders', 'write:orders'] });
    assert.deepEqual(patched.body.scope, ['read:orders', 'write:orders']);
    assert.deepEqual((await h.call('GET', `/api/v2/client-grants/${grant.body.id}`)).body.scope, ['read:orders', 'write:orders']);
    const filtered = await h.call('GET', `/api/v2/client-grants?audience=${encodeURIComponent('https://orders.example.com')}`);
    assert.equal(filtered.body.length, 1);
    const checkpoint = await h.call('GET', '/api/v2/client-grants?take=1');
    assert.equal(checkpoint.body.client_grants.length, 1);
    assert.ok(checkpoint.body.next, 'more than one grant exists');
    const second = await h.call('GET', `/api/v2/client-grants?take=1&from=${checkpoint.body.next}`);
    assert.notEqual(second.body.client_grants[0].id, checkpoint.body.client_grants[0].id);

    const updatedApi = await h.call('PATCH', `/api/v2/resource-servers/${api.body.id}`, { token_lifetime: 3600 });
    assert.equal(updatedApi.body.token_lifetime, 3600);
    assert.equal((await h.call('DELETE', `/api/v2/resource-servers/${api.body.id}`)).status, 204);
    assert.equal((await h.call('GET', `/api/v2/resource-servers/${api.body.id}`)).status, 404);
    assert.equal((await h.call('GET', `/api/v2/client-grants/${grant.body.id}`)).status, 404, 'grants of a deleted API go too');
  });

  it('refuses grants for unknown clients or APIs, and leaves the Management API alone', async () => {
    assert.equal((await h.call('POST', '/api/v2/client-grants', { client_id: 'nope', audience: h.emu.managementAudience, scope: [] })).status, 404);
    const app = await h.call('POST', '/api/v2/clients', { name: 'W' });
    assert.equal((await h.call('POST', '/api/v2/client-grants', { client_id: app.body.client_id, audience: 'https://nowhere', scope: [] })).status, 404);
    assert.equal((await h.call('POST', '/api/v2/client-grants', { client_id: app.body.client_id })).status, 400);
    const system = (await h.call('GET', '/api/v2/resource-servers')).body.find((s: { is_system: boolean }) => s.is_system);
    assert.equal((await h.call('PATCH', `/api/v2/resource-servers/${system.id}`, { name: 'mine' })).status, 400);
    assert.equal((await h.call('DELETE', `/api/v2/resource-servers/${system.id}`)).status, 400);
  });
});

describe('emulator groups: connections', () => {
  const h = useEmulator();

  it('creates, reads, updates and deletes a connection, with its users', async () => {
    const created = await h.call('POST', '/api/v2/connections', { name: 'partners-db', strategy: 'auth0', options: { requires_username: false } });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^con_[A-Za-z0-9]{16}$/);
    assert.deepEqual(created.body.realms, ['partners-db']);
    assert.equal((await h.call('POST', '/api/v2/connections', { name: 'partners-db', strategy: 'auth0' })).status, 409);
    assert.equal((await h.call('POST', '/api/v2/connections', { name: 'bad name!', strategy: 'auth0' })).status, 400);
    assert.equal((await h.call('POST', '/api/v2/connections', { name: 'x', strategy: 'myspace' })).status, 400);

    const id = created.body.id;
    await h.call('PATCH', `/api/v2/connections/${id}`, { options: { passwordPolicy: 'fair', requires_username: true } });
    const patched = await h.call('PATCH', `/api/v2/connections/${id}`, { display_name: 'Partners', options: { passwordPolicy: 'low' } });
    assert.equal(patched.body.display_name, 'Partners');
    assert.equal(patched.body.options.passwordPolicy, 'low');
    assert.equal(patched.body.options.requires_username, undefined, 'options are replaced whole');
    assert.deepEqual(patched.body.options.mfa, { active: true, return_enroll_settings: true }, "with the strategy's defaults again, as Auth0 answers");
    assert.equal((await h.call('PATCH', `/api/v2/connections/${id}`, { name: 'other' })).status, 400, 'the name cannot change');
    assert.equal((await h.call('GET', `/api/v2/connections/${id}`)).body.display_name, 'Partners');

    h.emu.seed({
      users: [
        { email: 'p1@example.com', password: 'Secret-123!', connection: 'partners-db' },
        { email: 'p2@example.com', password: 'Secret-123!', connection: 'partners-db' },
      ],
    });
    const byEmail = await h.call('DELETE', `/api/v2/connections/${id}/users?email=${encodeURIComponent('p1@example.com')}`);
    assert.equal(byEmail.status, 204);
    assert.equal(h.emu.state.users.firstBy('email', 'p1@example.com'), undefined);
    assert.ok(h.emu.state.users.firstBy('email', 'p2@example.com'));
    assert.equal((await h.call('DELETE', `/api/v2/connections/${id}/users`)).status, 400, 'email is required');

    assert.equal((await h.call('DELETE', `/api/v2/connections/${id}`)).status, 202);
    assert.equal((await h.call('GET', `/api/v2/connections/${id}`)).status, 404);
    assert.equal(h.emu.state.users.firstBy('email', 'p2@example.com'), undefined, 'its users are deleted with it');
    assert.equal((await h.call('DELETE', `/api/v2/connections/${id}`)).status, 204, 'deleting it again is done too, as Auth0 answers');
  });

  it('lists with filters, offset paging and checkpoint paging', async () => {
    for (const name of ['a-db', 'b-db']) await h.call('POST', '/api/v2/connections', { name, strategy: 'auth0' });
    await h.call('POST', '/api/v2/connections', { name: 'gh', strategy: 'github' });
    const db = await h.call('GET', '/api/v2/connections?strategy=auth0');
    assert.deepEqual(
      db.body.map((c: { name: string }) => c.name),
      [DEFAULT_DB_CONNECTION, 'a-db', 'b-db'],
    );
    const named = await h.call('GET', '/api/v2/connections?name=gh&fields=name,strategy');
    assert.deepEqual(named.body, [{ name: 'gh', strategy: 'github' }]);
    const totals = await h.call('GET', '/api/v2/connections?per_page=2&page=0&include_totals=true');
    assert.equal(totals.body.total, 6);
    assert.equal(totals.body.connections.length, 2);
    const seen: string[] = [];
    let next: string | undefined;
    do {
      const page = await h.call('GET', `/api/v2/connections?take=4${next ? `&from=${next}` : ''}`);
      seen.push(...page.body.connections.map((c: { name: string }) => c.name));
      next = page.body.next;
    } while (next);
    assert.equal(seen.length, 6);
    assert.equal(new Set(seen).size, 6);
  });
});
