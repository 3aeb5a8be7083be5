/** The emulator's Management API groups of the core: users, users-by-email, tickets, roles, organizations, logs. */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { client } from './http';

const DB = 'Username-Password-Authentication';
const MGMT_SCOPE = (emu: Emulator) => emu.managementAudience;

describe('emulator Management API (core groups)', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let api: ReturnType<typeof client>;
  const enc = encodeURIComponent;

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(() => {
    emu.reset();
    api = client(emu.url, emu.managementToken());
  });

  async function createUser(email: string, extra: Record<string, unknown> = {}) {
    const res = await api('POST', '/api/v2/users', { connection: DB, email, password: 'Passw0rd!', ...extra });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { user_id: string; email: string };
  }

  describe('users', () => {
    it('create validates the body as Auth0 does', async () => {
      const noConnection = await api('POST', '/api/v2/users', { email: 'a@example.com', password: 'Passw0rd!' });
      assert.deepEqual(noConnection.body, {
        statusCode: 400,
        error: 'Bad Request',
        message: "Payload validation error: 'Missing required property: connection'.",
        errorCode: 'invalid_body',
      });
      const unknown = await api('POST', '/api/v2/users', { connection: 'nope', email: 'a@example.com', password: 'Passw0rd!' });
      assert.equal(unknown.body.errorCode, 'inexistent_connection');
      const extra = await api('POST', '/api/v2/users', { connection: DB, email: 'a@example.com', password: 'Passw0rd!', color: 'red' });
      assert.match(extra.body.message, /Additional properties not allowed: color/);
      const weak = await api('POST', '/api/v2/users', { connection: DB, email: 'a@example.com', password: 'short' });
      assert.equal(weak.body.message, 'PasswordStrengthError: Password is too weak');
      const badEmail = await api('POST', '/api/v2/users', { connection: DB, email: 'not-an-email', password: 'Passw0rd!' });
      assert.equal(badEmail.status, 400);
      const user = await createUser('a@example.com');
      assert.equal(JSON.stringify(user).includes('Passw0rd'), false, 'no password in the answer');
      const dup = await api('POST', '/api/v2/users', { connection: DB, email: 'A@example.com', password: 'Passw0rd!' });
      assert.deepEqual([dup.status, dup.body.message], [409, 'The user already exists.']);
    });

    it('get with fields, update with metadata merge, delete, and 404s', async () => {
      const user = await createUser('b@example.com', { app_metadata: { a: 1, b: 2 } });
      const path = `/api/v2/users/${enc(user.user_id)}`;
      assert.deepEqual((await api('GET', `${path}?fields=email,user_id`)).body, { email: 'b@example.com', user_id: user.user_id });
      const excluded = (await api('GET', `${path}?fields=identities,picture&include_fields=false`)).body;
      assert.equal(excluded.identities, undefined);
      assert.equal(excluded.email, 'b@example.com');
      const updated = await api('PATCH', path, { app_metadata: { b: null, c: 3 }, blocked: true });
      assert.deepEqual(updated.body.app_metadata, { a: 1, c: 3 });
      assert.equal(updated.body.blocked, true);
      const narrow = client(emu.url, emu.managementToken(['update:users_app_metadata']));
      assert.equal((await narrow('PATCH', path, { app_metadata: { d: 4 } })).status, 200);
      assert.equal((await narrow('PATCH', path, { name: 'x' })).status, 403);
      assert.equal((await api('DELETE', path)).status, 204);
      const missing = await api('GET', path);
      assert.deepEqual(missing.body, { statusCode: 404, error: 'Not Found', message: 'The user does not exist.', errorCode: 'inexistent_user' });
    });

    it('list: include_totals shape, per_page limits, sort, Lucene q, connection, and the 1,000 cap', async () => {
      emu.seed({
        users: Array.from({ length: 12 }, (_, i) => ({
          email: `u${String(i).padStart(2, '0')}@example.com`,
          password: 'x',
          name: i < 4 ? `Smith ${i}` : `Jones ${i}`,
          app_metadata: { level: i },
        })),
      });
      const totals = (await api('GET', '/api/v2/users?page=1&per_page=5&include_totals=true&sort=email:1')).body;
      assert.deepEqual([totals.start, totals.limit, totals.length, totals.total], [5, 5, 5, 12]);
      assert.equal(totals.users[0].email, 'u05@example.com');
      const desc = (await api('GET', '/api/v2/users?sort=email:-1&per_page=2')).body;
      assert.deepEqual(
        desc.map((u: { email: string }) => u.email),
        ['u11@example.com', 'u10@example.com'],
      );
      assert.equal((await api('GET', '/api/v2/users?per_page=101')).status, 400);
      const smiths = (await api('GET', `/api/v2/users?q=${enc('name:smith*')}&search_engine=v3`)).body;
      assert.equal(smiths.length, 4);
      const range = (await api('GET', `/api/v2/users?q=${enc('app_metadata.level:[3 TO 5] AND NOT email:"u04@example.com"')}`)).body;
      assert.deepEqual(range.map((u: { email: string }) => u.email).sort(), ['u03@example.com', 'u05@example.com']);
      const byConnection = (await api('GET', `/api/v2/users?q=${enc(`identities.connection:"${DB}"`)}&per_page=100`)).body;
      assert.equal(byConnection.length, 12);
      assert.equal((await api('GET', '/api/v2/users?connection=email')).body.length, 0);
      const syntax = await api('GET', `/api/v2/users?q=${enc('name:(')}`);
      assert.deepEqual([syntax.status, syntax.body.errorCode], [400, 'invalid_query_string']);
      const cap = await api('GET', '/api/v2/users?page=10&per_page=100');
      assert.deepEqual([cap.status, cap.body.message], [400, 'You can only page through the first 1000 records']);
    });

    it('users-by-email is exact and case-insensitive', async () => {
      await createUser('Mixed.Case@example.com');
      const found = await api('GET', `/api/v2/users-by-email?email=${enc('mixed.case@EXAMPLE.com')}&fields=email`);
      assert.deepEqual(found.body, [{ email: 'Mixed.Case@example.com' }]);
      assert.deepEqual((await api('GET', '/api/v2/users-by-email?email=mixed%40example.com')).body, []);
      assert.equal((await api('GET', '/api/v2/users-by-email')).status, 400);
    });

    it('roles and permissions of a user (direct and through roles)', async () => {
      const user = await createUser('p@example.com');
      const role = (await api('POST', '/api/v2/roles', { name: 'reader' })).body;
      const perm = { resource_server_identifier: MGMT_SCOPE(emu), permission_name: 'read:users' };
      assert.equal((await api('POST', `/api/v2/roles/${role.id}/permissions`, { permissions: [perm] })).status, 201);
      assert.equal((await api('POST', `/api/v2/users/${enc(user.user_id)}/roles`, { roles: [role.id] })).status, 204);
      const direct = { resource_server_identifier: MGMT_SCOPE(emu), permission_name: 'read:roles' };
      assert.equal((await api('POST', `/api/v2/users/${enc(user.user_id)}/permissions`, { permissions: [direct] })).status, 201);
      const bad = await api('POST', `/api/v2/users/${enc(user.user_id)}/permissions`, {
        permissions: [{ resource_server_identifier: MGMT_SCOPE(emu), permission_name: 'fly:planes' }],
      });
      assert.equal(bad.status, 400);
      const perms = (await api('GET', `/api/v2/users/${enc(user.user_id)}/permissions?include_totals=true`)).body;
      assert.equal(perms.total, 2);
      const viaRole = perms.permissions.find((p: { permission_name: string }) => p.permission_name === 'read:users');
      assert.deepEqual(viaRole.sources, [{ source_id: role.id, source_name: 'reader', source_type: 'ROLE' }]);
      assert.equal(viaRole.resource_server_name, 'Auth0 Management API');
      assert.deepEqual(
        (await api('GET', `/api/v2/users/${enc(user.user_id)}/roles`)).body.map((r: { id: string }) => r.id),
        [role.id],
      );
      await api('DELETE', `/api/v2/users/${enc(user.user_id)}/roles`, { roles: [role.id] });
      await api('DELETE', `/api/v2/users/${enc(user.user_id)}/permissions`, { permissions: [direct] });
      assert.deepEqual((await api('GET', `/api/v2/users/${enc(user.user_id)}/permissions`)).body, []);
      assert.equal((await api('POST', `/api/v2/users/${enc(user.user_id)}/roles`, { roles: ['rol_missing'] })).status, 404);
      assert.equal((await api('POST', `/api/v2/users/${enc(user.user_id)}/roles`, { roles: [] })).status, 400);
    });

    it('organizations and logs of a user', async () => {
      const user = await createUser('o@example.com');
      const org = (await api('POST', '/api/v2/organizations', { name: 'acme' })).body;
      await api('POST', `/api/v2/organizations/${org.id}/members`, { members: [user.user_id] });
      assert.deepEqual(
        (await api('GET', `/api/v2/users/${enc(user.user_id)}/organizations`)).body.map((o: { id: string }) => o.id),
        [org.id],
      );
      await api('PATCH', `/api/v2/users/${enc(user.user_id)}`, { name: 'Olga' });
      emu.logs.write({ type: 's', user_id: user.user_id });
      emu.logs.write({ type: 'fp', user_id: user.user_id });
      const logs = (await api('GET', `/api/v2/users/${enc(user.user_id)}/logs?include_totals=true`)).body;
      assert.equal(logs.total, 2);
      assert.deepEqual(
        logs.logs.map((l: { type: string }) => l.type),
        ['fp', 's'],
        'newest first',
      );
    });

    it('multifactor: enrollments, authenticators, providers, remembered browsers, recovery code', async () => {
      const user = await createUser('m@example.com');
      emu.state.enrollments.insert({ id: 'dev_1', user_id: user.user_id, status: 'confirmed', type: 'authenticator', enrolled_at: new Date().toISOString() });
      emu.state.users.update(user.user_id, (u) => {
        u.multifactor = ['google-authenticator', 'duo'];
      });
      const path = `/api/v2/users/${enc(user.user_id)}`;
      assert.deepEqual(
        (await api('GET', `${path}/enrollments`)).body.map((e: { id: string }) => e.id),
        ['dev_1'],
      );
      assert.equal((await api('DELETE', `${path}/multifactor/duo`)).status, 204);
      assert.deepEqual(emu.state.users.get(user.user_id)?.multifactor, ['google-authenticator']);
      assert.equal((await api('DELETE', `${path}/multifactor/sms`)).status, 400);
      assert.equal((await api('DELETE', `${path}/authenticators`)).status, 204);
      assert.deepEqual((await api('GET', `${path}/enrollments`)).body, []);
      assert.equal((await api('POST', `${path}/multifactor/actions/invalidate-remember-browser`)).status, 204);
      const first = (await api('POST', `${path}/recovery-code-regeneration`)).body.recovery_code;
      const second = (await api('POST', `${path}/recovery-code-regeneration`)).body.recovery_code;
      assert.match(first, /^[A-Z0-9]{24}$/);
      assert.notEqual(first, second);
    });

    it('link and unlink identities', async () => {
      const primary = await createUser('primary@example.com');
      const secondary = await createUser('secondary@example.com');
      const [provider, id] = secondary.user_id.split('|');
      const linked = await api('POST', `/api/v2/users/${enc(primary.user_id)}/identities`, { provider, user_id: id });
      assert.equal(linked.status, 201);
      assert.equal(linked.body.length, 2);
      assert.equal(linked.body[1].profileData.email, 'secondary@example.com');
      assert.equal((await api('GET', `/api/v2/users/${enc(secondary.user_id)}`)).status, 404, 'the secondary is no longer a user');
      const unlinked = await api('DELETE', `/api/v2/users/${enc(primary.user_id)}/identities/${provider}/${id}`);
      assert.equal(unlinked.status, 200);
      assert.equal(unlinked.body.length, 1);
      assert.equal((await api('GET', `/api/v2/users/${enc(secondary.user_id)}`)).body.email, 'secondary@example.com');
      const main = primary.user_id.split('|')[1];
      assert.equal((await api('DELETE', `/api/v2/users/${enc(primary.user_id)}/identities/auth0/${main}`)).status, 400);
    });
  });

  it('tickets: password change and e-mail verification links work', async () => {
    const user = await createUser('t@example.com');
    const change = await api('POST', '/api/v2/tickets/password-change', {
      user_id: user.user_id,
      result_url: 'http://localhost:3000/done',
      mark_email_as_verified: true,
    });
    assert.equal(change.status, 201);
    const ticket = new URL(change.body.ticket).searchParams.get('ticket')!;
    const reset = await fetch(`${emu.url}/lo/reset`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket, newPassword: 'An0ther-Pass' }),
    });
    assert.equal(reset.status, 302);
    assert.match(reset.headers.get('location')!, /^http:\/\/localhost:3000\/done\?success=true/);
    assert.equal(emu.state.users.get(user.user_id)?.email_verified, true);
    assert.ok(emu.logs.all().some((e) => e.type === 'scp'));
    const byEmail = await api('POST', '/api/v2/tickets/password-change', { email: 't@example.com', connection_id: emu.state.connectionByName(DB)!.id });
    assert.equal(byEmail.status, 201);
    const other = await createUser('v@example.com');
    const verify = await api('POST', '/api/v2/tickets/email-verification', { user_id: other.user_id });
    const page = await fetch(verify.body.ticket);
    assert.equal(page.status, 200);
    assert.equal(emu.state.users.get(other.user_id)?.email_verified, true);
    assert.equal((await fetch(verify.body.ticket)).status, 400, 'a ticket is used once');
    assert.equal((await api('POST', '/api/v2/tickets/email-verification', { user_id: 'auth0|nobody' })).status, 404);
  });

  describe('roles', () => {
    it('CRUD, name filter, conflicts', async () => {
      const admin = (await api('POST', '/api/v2/roles', { name: 'Admin', description: 'All' })).body;
      await api('POST', '/api/v2/roles', { name: 'Viewer' });
      assert.equal((await api('POST', '/api/v2/roles', { name: 'admin' })).status, 409);
      assert.equal((await api('POST', '/api/v2/roles', {})).status, 400);
      const filtered = (await api('GET', '/api/v2/roles?name_filter=adm&include_totals=true')).body;
      assert.deepEqual([filtered.total, filtered.roles[0].id], [1, admin.id]);
      assert.equal((await api('PATCH', `/api/v2/roles/${admin.id}`, { description: 'Everything' })).body.description, 'Everything');
      assert.equal((await api('DELETE', `/api/v2/roles/${admin.id}`)).status, 200);
      assert.equal((await api('GET', `/api/v2/roles/${admin.id}`)).status, 404);
    });

    it('role users: page and checkpoint paging', async () => {
      const role = (await api('POST', '/api/v2/roles', { name: 'member' })).body;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await createUser(`ru${i}@example.com`)).user_id);
      assert.equal((await api('POST', `/api/v2/roles/${role.id}/users`, { users: ids })).status, 200);
      const paged = (await api('GET', `/api/v2/roles/${role.id}/users?per_page=2&page=2&include_totals=true`)).body;
      assert.deepEqual([paged.total, paged.users.length, paged.users[0].user_id], [5, 1, ids[4]]);
      const seen: string[] = [];
      let next: string | undefined;
      do {
        const body = (await api('GET', `/api/v2/roles/${role.id}/users?take=2${next ? `&from=${next}` : ''}`)).body;
        seen.push(...body.users.map((u: { user_id: string }) => u.user_id));
        next = body.next;
      } while (next);
      assert.deepEqual(seen, ids);
      assert.equal((await api('POST', `/api/v2/roles/${role.id}/users`, { users: ['auth0|ghost'] })).status, 404);
    });
  });

  describe('organizations', () => {
    it('CRUD, name rules, by name, page and checkpoint lists', async () => {
      assert.equal((await api('POST', '/api/v2/organizations', { name: 'Bad Name' })).status, 400);
      const created = await api('POST', '/api/v2/organizations', { name: 'acme', display_name: 'Acme', metadata: { tier: 'gold' } });
      assert.equal(created.status, 201);
      assert.match(created.body.id, /^org_/);
      for (const name of ['beta', 'gamma']) await api('POST', '/api/v2/organizations', { name });
      assert.equal((await api('GET', '/api/v2/organizations/name/acme')).body.id, created.body.id);
      assert.equal((await api('GET', '/api/v2/organizations/name/none')).status, 404);
      const page = (await api('GET', '/api/v2/organizations?page=0&per_page=2&include_totals=true')).body;
      assert.deepEqual([page.total, page.organizations.length], [3, 2]);
      const first = (await api('GET', '/api/v2/organizations?take=2')).body;
      assert.equal(first.organizations.length, 2);
      const second = (await api('GET', `/api/v2/organizations?take=2&from=${first.next}`)).body;
      assert.deepEqual([second.organizations.map((o: { name: string }) => o.name), second.next], [['gamma'], undefined]);
      const patched = (await api('PATCH', `/api/v2/organizations/${created.body.id}`, { display_name: 'ACME Inc', metadata: { tier: null, region: 'eu' } }))
        .body;
      assert.deepEqual([patched.display_name, patched.metadata], ['ACME Inc', { region: 'eu' }]);
      assert.equal((await api('DELETE', `/api/v2/organizations/${created.body.id}`)).status, 204);
      assert.equal((await api('GET', `/api/v2/organizations/${created.body.id}`)).status, 404);
    });

    it('members, member roles, connections and invitations', async () => {
      const org = (await api('POST', '/api/v2/organizations', { name: 'acme' })).body;
      const base = `/api/v2/organizations/${org.id}`;
      const users = [await createUser('m1@example.com'), await createUser('m2@example.com'), await createUser('m3@example.com')];
      assert.equal((await api('POST', `${base}/members`, { members: users.map((u) => u.user_id) })).status, 204);
      const first = (await api('GET', `${base}/members?take=2`)).body;
      assert.equal(first.members.length, 2);
      const rest = (await api('GET', `${base}/members?take=2&from=${first.next}`)).body;
      assert.deepEqual(
        rest.members.map((m: { email: string }) => m.email),
        ['m3@example.com'],
      );
      const role = (await api('POST', '/api/v2/roles', { name: 'org-admin' })).body;
      const rolesPath = `${base}/members/${enc(users[0].user_id)}/roles`;
      assert.equal((await api('POST', rolesPath, { roles: [role.id] })).status, 204);
      assert.deepEqual(
        (await api('GET', rolesPath)).body.map((r: { id: string }) => r.id),
        [role.id],
      );
      const withRoles = (await api('GET', `${base}/members?fields=user_id,roles`)).body;
      assert.deepEqual(withRoles[0], { user_id: users[0].user_id, roles: [{ id: role.id, name: 'org-admin' }] });
      await api('DELETE', rolesPath, { roles: [role.id] });
      assert.deepEqual((await api('GET', rolesPath)).body, []);
      await api('DELETE', `${base}/members`, { members: [users[2].user_id] });
      assert.equal((await api('GET', `${base}/members/${enc(users[2].user_id)}/roles`)).status, 404);

      const connectionId = emu.state.connectionByName(DB)!.id;
      const added = await api('POST', `${base}/enabled_connections`, { connection_id: connectionId, assign_membership_on_login: true });
      assert.equal(added.status, 201);
      assert.deepEqual(added.body.connection, { name: DB, strategy: 'auth0' });
      assert.equal((await api('POST', `${base}/enabled_connections`, { connection_id: connectionId })).status, 409);
      assert.equal(
        (await api('PATCH', `${base}/enabled_connections/${connectionId}`, { assign_membership_on_login: false })).body.assign_membership_on_login,
        false,
      );
      const listed = (await api('GET', `${base}/enabled_connections?include_totals=true`)).body;
      assert.equal(listed.enabled_connections.length, 1);
      assert.equal((await api('DELETE', `${base}/enabled_connections/${connectionId}`)).status, 204);
      assert.equal((await api('GET', `${base}/enabled_connections/${connectionId}`)).status, 404);

      const invitation = await api('POST', `${base}/invitations`, {
        inviter: { name: 'Ann' },
        invitee: { email: 'guest@example.com' },
        client_id: emu.webClient.clientId,
        roles: [role.id],
      });
      assert.equal(invitation.status, 201);
      assert.match(invitation.body.id, /^uinv_/);
      assert.match(invitation.body.invitation_url, /invitation=.*organization=org_/);
      assert.equal(emu.outbox.last('guest@example.com')?.kind, 'organization_invitation');
      assert.equal((await api('GET', `${base}/invitations`)).body.length, 1);
      assert.equal((await api('GET', `${base}/invitations/${invitation.body.id}`)).body.invitee.email, 'guest@example.com');
      assert.equal((await api('DELETE', `${base}/invitations/${invitation.body.id}`)).status, 204);
      assert.equal((await api('POST', `${base}/invitations`, { invitee: { email: 'x@example.com' }, client_id: emu.webClient.clientId })).status, 400);
    });
  });

  describe('logs', () => {
    it('checkpoint paging with from/take and Link rel="next", strictly by log_id', async () => {
      for (let i = 0; i < 7; i++) emu.logs.write({ type: i % 2 ? 'f' : 's', description: `event ${i}` });
      const first = await api('GET', '/api/v2/logs?take=3');
      assert.equal(first.body.length, 3);
      const link = first.headers.get('link')!;
      const match = /^<([^>]+)>; rel="next"$/.exec(link);
      assert.ok(match, link);
      const seen = [...first.body];
      let next = match[1];
      for (let i = 0; i < 5; i++) {
        const res = await api('GET', next.slice(emu.url.length));
        seen.push(...res.body);
        const following = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link')!)![1];
        if (res.body.length === 0) {
          assert.equal(following, next, 'when nothing is new, next repeats the same URL');
          break;
        }
        next = following;
      }
      assert.deepEqual(
        seen.map((e) => e.description),
        Array.from({ length: 7 }, (_, i) => `event ${i}`),
      );
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i].log_id > seen[i - 1].log_id);
      assert.equal((await api('GET', '/api/v2/logs?take=101')).status, 400);
      emu.logs.write({ type: 'sapi', description: 'later' });
      const later = await api('GET', next.slice(emu.url.length));
      assert.deepEqual(
        later.body.map((e: { description: string }) => e.description),
        ['later'],
      );
    });

    it('search: q, sort, page, include_totals, fields; get by id', async () => {
      for (let i = 0; i < 5; i++) emu.logs.write({ type: 'fp', user_name: `user${i}@example.com` });
      for (let i = 0; i < 3; i++) emu.logs.write({ type: 's', user_name: `user${i}@example.com` });
      const failures = (await api('GET', `/api/v2/logs?q=${enc('type:fp')}&include_totals=true&per_page=2&page=1`)).body;
      assert.deepEqual([failures.total, failures.start, failures.logs.length], [5, 2, 2]);
      const newest = (await api('GET', '/api/v2/logs?per_page=1&fields=type,log_id')).body;
      assert.deepEqual(Object.keys(newest[0]).sort(), ['log_id', 'type']);
      assert.equal(newest[0].type, 's');
      const oldest = (await api('GET', '/api/v2/logs?per_page=1&sort=date:1')).body;
      assert.equal(oldest[0].type, 'fp');
      const one = await api('GET', `/api/v2/logs/${oldest[0].log_id}`);
      assert.equal(one.body.log_id, oldest[0].log_id);
      assert.equal(typeof one.body.date, 'string');
      assert.ok(!Number.isNaN(Date.parse(one.body.date)));
      assert.equal((await api('GET', '/api/v2/logs/900999')).status, 404);
      assert.equal((await api('GET', '/api/v2/logs?page=10&per_page=100')).status, 400);
    });
  });
});
