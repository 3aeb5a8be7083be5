/**
 * The declarative resources of the emulator (emulator/management/resources.ts), tried on resources
 * declared here only: list shapes, nested collections (parent 404, items kept apart), unique 409,
 * write-only properties, PATCH merge and PUT replace, filters, derived properties, settings
 * documents with PATCH, PUT and reset, and scopes.
 */
import assert from 'node:assert/strict';
import { EmulatorServer } from '../../emulator/core/server';
import type { RoutesModule } from '../../emulator/core/types';
import { registerResources, registerSettings } from '../../emulator/management/resources';

const READ = 'read:network_acls';
const WRITE = 'update:network_acls';

const testResources: RoutesModule = (routes, tenant) => {
  registerResources(routes, tenant, [
    {
      name: 'test-widgets',
      path: '/api/v2/test-widgets',
      idPrefix: 'wid',
      scopes: { list: READ, create: WRITE, get: READ, update: WRITE, replace: WRITE, delete: WRITE },
      list: { shape: 'offset', itemsKey: 'widgets' },
      create: { types: { name: 'string', size: 'integer', secret: 'string', colour: 'string' }, required: ['name'], defaults: { size: 1 } },
      update: { types: { name: 'string', size: 'integer', secret: 'string', colour: 'string' } },
      unique: 'name',
      writeOnly: ['secret'],
      timestamps: true,
      derive: (item) => {
        item.label = `${String(item.name)} (${String(item.size)})`;
      },
      notFound: { message: 'Widget not found', errorCode: 'inexistent_widget' },
    },
    {
      name: 'test-parts',
      path: '/api/v2/test-widgets/:id/parts',
      idPrefix: 'prt',
      idParam: 'part_id',
      scopes: { list: READ, create: WRITE, get: READ, delete: WRITE },
      list: { shape: 'checkpoint', itemsKey: 'parts' },
      parent: { param: 'id', exists: (t, id) => t.state.collection('test-widgets').has(id), notFound: 'Widget not found' },
      unique: 'name',
      notFound: { message: 'Part not found' },
      createdStatus: 200,
    },
    {
      name: 'test-gadgets',
      path: '/api/v2/test-gadgets',
      idPrefix: 'gad',
      idField: 'gadgetId',
      idParam: 'gadgetId',
      scopes: { list: READ, create: WRITE, get: READ },
      list: { shape: 'wrapped', itemsKey: 'gadgets' },
      filters: ['kind', 'enabled'],
      notFound: { message: 'Gadget not found' },
    },
  ]);
  registerSettings(routes, tenant, [
    {
      name: 'test-settings',
      path: '/api/v2/test-settings',
      defaults: { level: 'low', flags: { a: true } },
      read: READ,
      update: WRITE,
      methods: ['PATCH', 'PUT'],
      reset: WRITE,
      body: { types: { level: 'string', flags: 'object' }, enums: { level: ['low', 'high'] } },
    },
  ]);
};

describe('emulator: declarative resources and settings', function () {
  this.timeout(20000);
  let server: EmulatorServer;
  let token: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape, asserted field by field
  const call = async (method: string, path: string, body?: unknown, bearer = token): Promise<{ status: number; body: any }> => {
    const res = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  before(async () => {
    server = new EmulatorServer({ port: 0 });
    await server.start([testResources]);
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    token = server.issueManagementToken(server.state.defaults.m2m.clientId, [READ, WRITE]).token;
  });

  it('creates with defaults, derived properties, timestamps and a prefixed id; hides write-only properties everywhere', async () => {
    const created = await call('POST', '/api/v2/test-widgets', { name: 'w1', secret: 'hush' });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^wid_/);
    assert.equal(created.body.size, 1);
    assert.equal(created.body.label, 'w1 (1)');
    assert.equal(typeof created.body.created_at, 'string');
    assert.equal(created.body.secret, undefined);
    const read = await call('GET', `/api/v2/test-widgets/${created.body.id}`);
    assert.deepEqual(read.body, created.body);
    const listed = await call('GET', '/api/v2/test-widgets');
    assert.ok(!JSON.stringify(listed.body).includes('hush'));
    const patched = await call('PATCH', `/api/v2/test-widgets/${created.body.id}`, { colour: 'red', secret: 'new' });
    assert.equal(patched.body.secret, undefined);
  });

  it("lists as a bare array or, with include_totals, Auth0's totals object; pages and projects fields", async () => {
    for (let i = 0; i < 5; i++) await call('POST', '/api/v2/test-widgets', { name: `w${i}` });
    const bare = await call('GET', '/api/v2/test-widgets?per_page=2&page=1');
    assert.deepEqual(
      bare.body.map((w: { name: string }) => w.name),
      ['w2', 'w3'],
    );
    const totals = await call('GET', '/api/v2/test-widgets?include_totals=true&per_page=2');
    assert.equal(totals.body.total, 5);
    assert.equal(totals.body.widgets.length, 2);
    const fields = await call('GET', '/api/v2/test-widgets?fields=name');
    assert.deepEqual(Object.keys(fields.body[0]), ['name']);
  });

  it('answers 409 for a duplicate unique property, on create and on update', async () => {
    const a = await call('POST', '/api/v2/test-widgets', { name: 'same' });
    assert.equal((await call('POST', '/api/v2/test-widgets', { name: 'same' })).status, 409);
    const b = await call('POST', '/api/v2/test-widgets', { name: 'other' });
    assert.equal((await call('PATCH', `/api/v2/test-widgets/${b.body.id}`, { name: 'same' })).status, 409);
    assert.equal((await call('PATCH', `/api/v2/test-widgets/${a.body.id}`, { name: 'same', size: 3 })).status, 200, 'an item may keep its own value');
  });

  it('merges on PATCH and replaces on PUT, keeping id and created_at', async () => {
    const created = (await call('POST', '/api/v2/test-widgets', { name: 'w', size: 2, colour: 'blue' })).body;
    const patched = (await call('PATCH', `/api/v2/test-widgets/${created.id}`, { size: 5 })).body;
    assert.equal(patched.colour, 'blue');
    assert.equal(patched.size, 5);
    const replaced = (await call('PUT', `/api/v2/test-widgets/${created.id}`, { name: 'w' })).body;
    assert.equal(replaced.colour, undefined, 'PUT drops what the body leaves out');
    assert.equal(replaced.id, created.id);
    assert.equal(replaced.created_at, created.created_at);
    assert.equal((await call('PUT', `/api/v2/test-widgets/${created.id}`, { name: 'w', size: 'big' })).status, 400, 'the body is checked');
  });

  it("answers the resource's 404 for a missing item, and deletes with 204", async () => {
    const missing = await call('GET', '/api/v2/test-widgets/wid_nope');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.errorCode, 'inexistent_widget');
    const created = (await call('POST', '/api/v2/test-widgets', { name: 'gone' })).body;
    assert.equal((await call('DELETE', `/api/v2/test-widgets/${created.id}`)).status, 204);
    assert.equal((await call('GET', `/api/v2/test-widgets/${created.id}`)).status, 404);
    assert.equal((await call('POST', '/api/v2/test-widgets/x/parts/y/extra')).status, 404, 'an unknown route');
  });

  it('nests a collection under its parent: 404 without the parent, items kept apart, checkpoint pages', async () => {
    assert.equal((await call('GET', '/api/v2/test-widgets/wid_nope/parts')).status, 404);
    assert.equal((await call('POST', '/api/v2/test-widgets/wid_nope/parts', { name: 'p' })).status, 404);
    const w1 = (await call('POST', '/api/v2/test-widgets', { name: 'w1' })).body.id;
    const w2 = (await call('POST', '/api/v2/test-widgets', { name: 'w2' })).body.id;
    const part = await call('POST', `/api/v2/test-widgets/${w1}/parts`, { name: 'p' });
    assert.equal(part.status, 200, 'the declared create status');
    assert.equal(part.body._parent, undefined, 'the parent link is never shown');
    assert.equal((await call('POST', `/api/v2/test-widgets/${w2}/parts`, { name: 'p' })).status, 200, 'unique within its parent only');
    assert.equal((await call('GET', `/api/v2/test-widgets/${w2}/parts/${part.body.id}`)).status, 404, 'not reachable through another parent');
    for (let i = 0; i < 4; i++) await call('POST', `/api/v2/test-widgets/${w1}/parts`, { name: `p${i}` });
    const first = (await call('GET', `/api/v2/test-widgets/${w1}/parts?take=3`)).body;
    assert.equal(first.parts.length, 3);
    const second = (await call('GET', `/api/v2/test-widgets/${w1}/parts?take=3&from=${first.next}`)).body;
    assert.equal(second.parts.length, 2);
    assert.equal(second.next, undefined);
  });

  it('wraps a list in an object, filters it by query, and keys items by their own id property', async () => {
    const a = (await call('POST', '/api/v2/test-gadgets', { kind: 'a', enabled: true })).body;
    await call('POST', '/api/v2/test-gadgets', { kind: 'b', enabled: false });
    assert.match(a.gadgetId, /^gad_/);
    assert.equal(a.id, undefined);
    assert.deepEqual((await call('GET', `/api/v2/test-gadgets/${a.gadgetId}`)).body, a);
    assert.equal((await call('GET', '/api/v2/test-gadgets')).body.gadgets.length, 2);
    assert.deepEqual(
      (await call('GET', '/api/v2/test-gadgets?kind=a')).body.gadgets.map((g: { gadgetId: string }) => g.gadgetId),
      [a.gadgetId],
    );
    assert.deepEqual(
      (await call('GET', '/api/v2/test-gadgets?enabled=false')).body.gadgets.map((g: { kind: string }) => g.kind),
      ['b'],
    );
  });

  it('serves a settings document: defaults, PATCH merges, PUT replaces, DELETE resets, bodies checked', async () => {
    assert.deepEqual((await call('GET', '/api/v2/test-settings')).body, { level: 'low', flags: { a: true } });
    assert.deepEqual((await call('PATCH', '/api/v2/test-settings', { level: 'high' })).body, { level: 'high', flags: { a: true } });
    assert.deepEqual((await call('PUT', '/api/v2/test-settings', { level: 'low' })).body, { level: 'low' });
    assert.equal((await call('PATCH', '/api/v2/test-settings', { level: 'extreme' })).status, 400);
    assert.equal((await call('PATCH', '/api/v2/test-settings', { other: 1 })).status, 400);
    assert.equal((await call('DELETE', '/api/v2/test-settings')).status, 204);
    assert.deepEqual((await call('GET', '/api/v2/test-settings')).body, { level: 'low', flags: { a: true } });
  });

  it("checks each verb's scope", async () => {
    const readOnly = server.issueManagementToken(server.state.defaults.m2m.clientId, [READ]).token;
    assert.equal((await call('GET', '/api/v2/test-widgets', undefined, readOnly)).status, 200);
    assert.equal((await call('POST', '/api/v2/test-widgets', { name: 'x' }, readOnly)).status, 403);
    assert.equal((await call('PATCH', '/api/v2/test-settings', { level: 'high' }, readOnly)).status, 403);
  });
});
