/** auth0-user-attribute-profiles in Node-RED against the emulator: CRUD and the read-only templates. */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness } from './harness';
import { unique } from './fixtures';
import { CRUD_OPS, crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: user attribute profiles', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a profile, reads it, lists it (all pages too), updates it, deletes it, then reads 404', async () => {
    await crudRoundTrip(h, {
      group: 'user_attribute_profiles',
      ops: CRUD_OPS,
      itemsKey: 'user_attribute_profiles',
      pages: true,
      body: {
        name: unique('attrs'),
        user_attributes: { email: { description: 'E-mail address', label: 'E-mail', profile_required: true, auth0_mapping: 'email' } },
      },
      change: { user_id: { oidc_mapping: 'sub' } },
    });
  });

  it('refuses a profile without user_attributes (400), naming the property', async () => {
    const failure = await h.fail('user_attribute_profiles', 'create', { body: { name: unique('attrs') } });
    assert.equal(failure.statusCode, 400);
    assert.match(failure.message, /user_attributes/);
  });

  it('lists the templates and reads one', async () => {
    const templates = itemsOf(payloadOf(await h.run('user_attribute_profiles', 'list_templates')), 'user_attribute_profile_templates');
    assert.ok(templates.length > 0);
    assert.equal(payloadOf(await h.run('user_attribute_profiles', 'get_template', { id: templates[0].id })).id, templates[0].id);
    await h.gone('user_attribute_profiles', 'get_template', { id: 'uapt_none' });
  });

  it('exercised every user_attribute_profiles operation', () => {
    h.assertAllExercised('user_attribute_profiles');
  });
});
