/** auth0-connection-profiles in Node-RED against the emulator: CRUD and the read-only templates. */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness } from './harness';
import { unique } from './fixtures';
import { CRUD_OPS, crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: connection profiles', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a profile, reads it, lists it (all pages too), updates it, deletes it, then reads 404', async () => {
    await crudRoundTrip(h, {
      group: 'connection_profiles',
      ops: CRUD_OPS,
      itemsKey: 'connection_profiles',
      pages: true,
      body: { name: unique('profile'), connection_name_prefix_template: 'acme-{org_name}' },
      change: { enabled_features: ['scim'] },
    });
  });

  it('refuses a second profile with the same name (409)', async () => {
    const name = unique('dup');
    await h.run('connection_profiles', 'create', { body: { name } });
    assert.equal((await h.fail('connection_profiles', 'create', { body: { name } })).statusCode, 409);
  });

  it('lists the templates and reads one; an unknown template is 404', async () => {
    const templates = itemsOf(payloadOf(await h.run('connection_profiles', 'list_templates')), 'connection_profile_templates');
    assert.ok(templates.length > 0);
    const one = payloadOf(await h.run('connection_profiles', 'get_template', { id: templates[0].id }));
    assert.equal(one.id, templates[0].id);
    assert.ok(one.template && typeof one.template === 'object');
    await h.gone('connection_profiles', 'get_template', { id: 'cpt_none' });
  });

  it('exercised every connection_profiles operation', () => {
    h.assertAllExercised('connection_profiles');
  });
});
