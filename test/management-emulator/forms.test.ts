/** auth0-forms in Node-RED against the emulator: CRUD of forms, with all pages. */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness } from './harness';
import { unique } from './fixtures';
import { CRUD_OPS, crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: forms', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a form, reads it, lists it (all pages too), updates it, deletes it, then reads 404', async () => {
    await crudRoundTrip(h, {
      group: 'forms',
      ops: CRUD_OPS,
      createdStatus: 200,
      itemsKey: 'forms',
      pages: true,
      body: { name: unique('consent'), start: { next_node: 'step1' }, nodes: [{ id: 'step1', type: 'STEP', config: { components: [] } }] },
      change: { ending: { resume_flow: true } },
    });
  });

  it('pages through 120 forms with totals, and fetches them all', async () => {
    for (let i = 0; i < 120; i++) await h.run('forms', 'create', { body: { name: unique('bulk') } });
    const page = payloadOf(await h.run('forms', 'list', { include_totals: true, per_page: 50 }));
    assert.equal(itemsOf(page, 'forms').length, 50);
    assert.ok(Number(page.total) >= 120);
    assert.equal(itemsOf(payloadOf(await h.run('forms', 'list', {}, 'all'))).length, page.total);
  });

  it('exercised every forms operation', () => {
    h.assertAllExercised('forms');
  });
});
