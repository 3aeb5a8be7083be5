/**
 * auth0-network-acls in Node-RED against the emulator: create, list (one page and all pages),
 * read, replace, update, delete.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus } from './fixtures';

const acl = (n: number): Msg => ({
  description: `block range ${n}`,
  active: true,
  priority: (n % 100) + 1,
  rule: { action: { block: true }, scope: 'tenant', match: { ipv4_cidrs: [`198.51.${n % 256}.0/24`] } },
});

describe('management nodes against the emulator: network_acls', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates an ACL, reads it, replaces it, updates one property, and deletes it', async () => {
    const created = payloadOf(await h.run('network_acls', 'create', { body: acl(1) }));
    assert.match(String(created.id), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'a UUID, as Auth0 answers');
    assert.equal(created.description, 'block range 1');
    assert.deepEqual(payloadOf(await h.run('network_acls', 'get', { id: created.id })), created);

    const replaced = payloadOf(
      await h.run('network_acls', 'update', {
        id: created.id,
        body: { description: 'log only', active: false, rule: { action: { log: true }, scope: 'tenant' } },
      }),
    );
    assert.equal(replaced.description, 'log only');
    assert.equal(replaced.priority, undefined, 'a PUT replaces: the priority it left out is gone');

    const patched = payloadOf(await h.run('network_acls', 'update_partial', { id: created.id, body: { active: true } }));
    assert.equal(patched.active, true);
    assert.equal(patched.description, 'log only', 'a PATCH keeps the rest');

    assertStatus(await h.run('network_acls', 'delete', { id: created.id }), 'delete', 200);
    assert.equal((await h.fail('network_acls', 'get', { id: created.id })).statusCode, 404);
    assert.equal((await h.fail('network_acls', 'create', { body: { description: 'no rule', active: true } })).statusCode, 400);
  });

  it('lists one page with totals, and every ACL with fetch all pages', async () => {
    for (let n = 10; n < 40; n++) await h.run('network_acls', 'create', { body: acl(n) });
    const page = payloadOf(await h.run('network_acls', 'all', { per_page: 10 }));
    assert.equal(page.total, 30, 'include_totals defaults to true');
    assert.equal(itemsOf(page, 'network_acls').length, 10);
    const all = itemsOf(payloadOf(await h.run('network_acls', 'all', { per_page: 7 }, 'all')));
    assert.equal(all.length, 30);
    assert.equal(new Set(all.map((a) => a.id)).size, 30);
  });

  it('exercised every network_acls operation', () => {
    h.assertAllExercised('network_acls');
  });
});
