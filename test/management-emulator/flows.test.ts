/**
 * auth0-flows in Node-RED against the emulator: flows, their executions (written by running flows,
 * so seeded here) and vault connections, whose credentials are written once and never read back.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness } from './harness';
import { assertStatus, unique } from './fixtures';
import { CRUD_OPS, crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: flows', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a flow, reads it, lists it (all pages too), updates it, deletes it, then reads 404', async () => {
    await crudRoundTrip(h, {
      group: 'flows',
      ops: CRUD_OPS,
      createdStatus: 200,
      itemsKey: 'flows',
      pages: true,
      body: { name: unique('notify'), actions: [{ id: 'verify', type: 'EMAIL', action: 'VERIFY_EMAIL', params: { email: '{{fields.email}}' } }] },
      change: { name: unique('renamed') },
    });
  });

  it('lists, reads and deletes the executions of a flow, by page and by checkpoint', async () => {
    const flow = payloadOf(await h.run('flows', 'create', { body: { name: unique('flow') } }));
    const executions = Array.from({ length: 3 }, (_, i) => ({
      id: `afe_${unique('x')}`,
      _parent: flow.id,
      trace_id: `trace${i}`,
      status: 'final',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }));
    h.emulator.seed({ collections: { 'flow-executions': executions } });
    const page = payloadOf(await h.run('flows', 'list_executions', { flow_id: flow.id, include_totals: true }));
    assert.equal(page.total, 3);
    const checkpoint = payloadOf(await h.run('flows', 'list_executions', { flow_id: flow.id, take: 2 }));
    assert.equal(itemsOf(checkpoint, 'executions').length, 2);
    assert.equal(typeof checkpoint.next, 'string');
    assert.equal(itemsOf(payloadOf(await h.run('flows', 'list_executions', { flow_id: flow.id }, 'all'))).length, 3);
    const one = payloadOf(await h.run('flows', 'get_execution', { flow_id: flow.id, execution_id: executions[0].id }));
    assert.equal(one.trace_id, 'trace0');
    assert.ok(!('_parent' in one));
    assertStatus(await h.run('flows', 'delete_execution', { flow_id: flow.id, execution_id: executions[0].id }), 'delete_execution', 204);
    await h.gone('flows', 'get_execution', { flow_id: flow.id, execution_id: executions[0].id });
    // An execution belongs to its flow only.
    const other = payloadOf(await h.run('flows', 'create', { body: { name: unique('other') } }));
    await h.gone('flows', 'get_execution', { flow_id: other.id, execution_id: executions[1].id });
  });

  it("keeps a vault connection's credentials write-only", async () => {
    const setup = { type: 'API_KEY', api_key: 'sk_live_secret' };
    await crudRoundTrip(h, {
      group: 'flows',
      itemsKey: 'connections',
      writeOnly: ['setup'],
      createdStatus: 200,
      ops: {
        list: 'list_vault_connections',
        create: 'create_vault_connection',
        get: 'get_vault_connection',
        update: 'update_vault_connection',
        delete: 'delete_vault_connection',
      },
      body: { name: unique('mailer'), app_id: 'SENDGRID', setup },
      change: { name: unique('renamed'), setup: { ...setup, api_key: 'sk_live_rotated' } },
    });
  });

  it('exercised every flows operation', () => {
    h.assertAllExercised('flows');
  });
});
