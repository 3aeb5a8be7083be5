/** auth0-agents in Node-RED against the emulator: CRUD of registered agents. */
import assert from 'node:assert/strict';
import { useHarness } from './harness';
import { unique } from './fixtures';
import { CRUD_OPS, crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: agents', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates an agent, reads it, lists it, updates it, deletes it, then reads 404', async () => {
    const agent = await crudRoundTrip(h, {
      group: 'agents',
      ops: CRUD_OPS,
      itemsKey: 'agents',
      body: { name: unique('helpdesk-bot'), description: 'answers tickets' },
      change: { description: 'answers and closes tickets' },
    });
    assert.match(String(agent.id), /^agt_/);
  });

  it('refuses an agent without a name (400)', async () => {
    assert.equal((await h.fail('agents', 'create', { body: { description: 'nameless' } })).statusCode, 400);
  });

  it('exercised every agents operation', () => {
    h.assertAllExercised('agents');
  });
});
