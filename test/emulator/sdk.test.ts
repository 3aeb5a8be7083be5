/**
 * Proof that the emulator speaks Auth0: the official `auth0` SDK (v7) drives it
 * (client-credentials login, users, roles, organizations, logs).
 */
import assert from 'node:assert/strict';
import { ManagementError } from 'auth0';
import { startEmulator, type Emulator } from '../../emulator';
import { sdkClient } from './sdk-client';

describe('emulator driven by the official auth0 SDK', function () {
  this.timeout(30_000);
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('logs in with client credentials (a seccft log event) and lists users', async () => {
    const client = sdkClient(emu);
    const page = await client.users.list();
    assert.deepEqual(page.data, []);
    const exchange = emu.logs.all().find((event) => event.type === 'seccft');
    assert.equal(exchange?.client_id, emu.clientId);
  });

  it('creates, gets, updates and deletes a user', async () => {
    const client = sdkClient(emu);
    const created = await client.users.create({
      connection: 'Username-Password-Authentication',
      email: 'ada@example.com',
      password: 'Correct-Horse-9',
      user_metadata: { theme: 'dark' },
    });
    assert.match(String(created.user_id), /^auth0\|[0-9a-f]{24}$/);
    assert.equal(created.email, 'ada@example.com');
    const fetched = await client.users.get(String(created.user_id));
    assert.equal(fetched.email, 'ada@example.com');
    assert.deepEqual(fetched.user_metadata, { theme: 'dark' });
    const updated = await client.users.update(String(created.user_id), {
      name: 'Ada Lovelace',
      app_metadata: { plan: 'gold' },
      user_metadata: { theme: null, lang: 'en' },
    });
    assert.equal(updated.name, 'Ada Lovelace');
    assert.deepEqual(updated.app_metadata, { plan: 'gold' });
    assert.deepEqual(updated.user_metadata, { lang: 'en' });
    await client.users.delete(String(created.user_id));
    await assert.rejects(client.users.get(String(created.user_id)), (err: ManagementError) => err.statusCode === 404);
  });

  it('a duplicate user is a 409 error the SDK understands', async () => {
    const client = sdkClient(emu);
    const body = { connection: 'Username-Password-Authentication', email: 'dup@example.com', password: 'Correct-Horse-9' };
    await client.users.create(body);
    await assert.rejects(client.users.create(body), (err: ManagementError) => {
      assert.equal(err.statusCode, 409);
      assert.equal((err.body as { message: string }).message, 'The user already exists.');
      return true;
    });
  });

  it('pages through users with page/per_page and include_totals, and searches with q', async () => {
    for (let i = 0; i < 23; i++) {
      emu.seed({ users: [{ email: `user${String(i).padStart(2, '0')}@example.com`, password: 'x', app_metadata: { team: i % 2 ? 'odd' : 'even' } }] });
    }
    const client = sdkClient(emu);
    let page = await client.users.list({ per_page: 10, sort: 'email:1' });
    const emails: string[] = page.data.map((u) => String(u.email));
    assert.equal((page.response as { total: number }).total, 23);
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      emails.push(...page.data.map((u) => String(u.email)));
    }
    assert.equal(emails.length, 23);
    assert.equal(emails[0], 'user00@example.com');
    assert.equal(emails[22], 'user22@example.com');

    const all: string[] = [];
    for await (const user of await client.users.list({ per_page: 5, q: 'app_metadata.team:odd' })) all.push(String(user.email));
    assert.equal(all.length, 11);

    const byEmail = await client.users.listUsersByEmail({ email: 'USER05@example.com' });
    assert.equal(byEmail.length, 1);
  });

  it("roles: create, list, assign to a user, list the role's users by checkpoint", async () => {
    const client = sdkClient(emu);
    const role = await client.roles.create({ name: 'editor', description: 'Edits things' });
    assert.match(String(role.id), /^rol_/);
    const users = [];
    for (let i = 0; i < 3; i++) {
      users.push(await client.users.create({ connection: 'Username-Password-Authentication', email: `r${i}@example.com`, password: 'Correct-Horse-9' }));
    }
    const roles = await client.roles.list();
    assert.deepEqual(
      roles.data.map((r) => r.name),
      ['editor'],
    );
    await client.users.roles.assign(String(users[0].user_id), { roles: [String(role.id)] });
    await client.roles.users.assign(String(role.id), { users: [String(users[1].user_id), String(users[2].user_id)] });
    const userRoles = await client.users.roles.list(String(users[0].user_id));
    assert.deepEqual(
      userRoles.data.map((r) => r.id),
      [role.id],
    );
    const members: string[] = [];
    for await (const member of await client.roles.users.list(String(role.id), { take: 2 })) members.push(String(member.user_id));
    assert.deepEqual(members.sort(), users.map((u) => String(u.user_id)).sort());
    const renamed = await client.roles.update(String(role.id), { name: 'writer' });
    assert.equal(renamed.name, 'writer');
  });

  it('organizations: create, find by name, members, list by checkpoint', async () => {
    const client = sdkClient(emu);
    const user = await client.users.create({ connection: 'Username-Password-Authentication', email: 'member@example.com', password: 'Correct-Horse-9' });
    const names = ['acme', 'globex', 'initech'];
    for (const name of names) await client.organizations.create({ name, display_name: name.toUpperCase() });
    const acme = await client.organizations.getByName('acme');
    assert.equal(acme.display_name, 'ACME');
    await client.organizations.members.create(String(acme.id), { members: [String(user.user_id)] });
    const members = await client.organizations.members.list(String(acme.id));
    assert.deepEqual(
      members.data.map((m) => m.user_id),
      [user.user_id],
    );
    const seen: string[] = [];
    for await (const org of await client.organizations.list({ take: 2 })) seen.push(String(org.name));
    assert.deepEqual(seen, names);
    await assert.rejects(client.organizations.create({ name: 'acme' }), (err: ManagementError) => err.statusCode === 409);
  });

  it('logs: list with paging and get one by id', async () => {
    const client = sdkClient(emu);
    for (let i = 0; i < 3; i++) {
      await client.users.create({ connection: 'Username-Password-Authentication', email: `l${i}@example.com`, password: 'Correct-Horse-9' });
    }
    const page = await client.logs.list({ per_page: 2, include_totals: true, sort: 'date:1' });
    const total = (page.response as { total: number }).total;
    assert.ok(total >= 4, 'one seccft and three sapi events');
    const types: string[] = [];
    for await (const event of page) types.push(String(event.type));
    assert.equal(types.length, total);
    assert.equal(types[0], 'seccft');
    assert.deepEqual(types.filter((t) => t === 'sapi').length, 3);
    const last = emu.logs.all().at(-1)!;
    const one = await client.logs.get(last.log_id);
    assert.equal(one.log_id, last.log_id);
    assert.equal(one.type, 'sapi');
  });

  it('a 429 from the emulator reaches the SDK as TooManyRequests with the rate-limit headers', async () => {
    const client = sdkClient(emu);
    await client.users.list();
    emu.faults.set({ rateLimitNext: 1 });
    try {
      await assert.rejects(client.users.list(), (err: ManagementError) => {
        assert.equal(err.statusCode, 429);
        return true;
      });
    } finally {
      emu.faults.clear();
    }
  });
});
