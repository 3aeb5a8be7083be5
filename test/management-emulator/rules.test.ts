/**
 * auth0-rules in Node-RED against the emulator: CRUD with the default stage and enabled filters.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, unique } from './fixtures';

const SCRIPT = 'function (user, context, callback) { callback(null, user, context); }';

describe('management nodes against the emulator: rules', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a rule, reads it back, updates it, deletes it, then reads 404', async () => {
    const name = unique('add-roles-');
    const created = await h.run('rules', 'create', { body: { name, script: SCRIPT, enabled: true } });
    assertStatus(created, 'create', 201);
    const rule = payloadOf(created);
    assert.equal(rule.stage, 'login_success');
    const read = payloadOf(await h.run('rules', 'get', { id: rule.id }));
    assert.equal(read.script, SCRIPT);
    assert.deepEqual(payloadOf(await h.run('rules', 'get', { id: rule.id, fields: ['script'], include_fields: false })).script, undefined);
    assert.ok(itemsOf(payloadOf(await h.run('rules', 'all', {}))).some((r) => r.id === rule.id));

    await h.run('rules', 'update', { id: rule.id, body: { enabled: false, order: 7 } });
    const updated = payloadOf(await h.run('rules', 'get', { id: rule.id }));
    assert.equal(updated.enabled, false);
    assert.equal(updated.order, 7);
    assert.ok(!itemsOf(payloadOf(await h.run('rules', 'all', {}))).some((r) => r.id === rule.id), 'enabled defaults to true');
    assert.ok(itemsOf(payloadOf(await h.run('rules', 'all', { enabled: false }))).some((r) => r.id === rule.id));

    assertStatus(await h.run('rules', 'delete', { id: rule.id }), 'delete', 204);
    assert.equal((await h.gone('rules', 'get', { id: rule.id })).errorCode, 'inexistent_rule');
  });

  it('lists every rule with fetch all pages, in order', async () => {
    h.emulator.seed({
      collections: {
        rules: Array.from({ length: 103 }, (_, i) => ({
          id: `rul_bulk${i}`,
          name: `bulk-${i}`,
          script: SCRIPT,
          enabled: true,
          order: 1000 - i,
          stage: 'login_success',
        })),
      },
    });
    const all = await h.run('rules', 'all', { include_totals: true }, 'all');
    const rules = itemsOf(payloadOf(all));
    assert.equal(rules.length, 103);
    const orders = rules.map((r) => r.order as number);
    assert.deepEqual(
      orders,
      [...orders].sort((a, b) => a - b),
    );
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.total, 103);
  });

  it('exercised every rules operation', () => {
    h.assertAllExercised('rules');
  });
});
