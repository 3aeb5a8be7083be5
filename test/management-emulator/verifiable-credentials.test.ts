/** auth0-verifiable-credentials in Node-RED against the emulator: verification template CRUD. */
import assert from 'node:assert/strict';
import { useHarness } from './harness';
import { unique } from './fixtures';
import { crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: verifiable credentials', function () {
  this.timeout(60000);
  const h = useHarness();

  const template = () => ({
    name: unique('mdl'),
    type: 'mdl',
    dialect: 'simplified/1.0',
    well_known_trusted_issuers: 'aamva',
    presentation: { 'org.iso.18013.5.1.mDL': { 'org.iso.18013.5.1': { family_name: true, birth_date: true } } },
  });

  it('creates a template, reads it, lists it (all pages too), updates it, deletes it, then reads 404', async () => {
    await crudRoundTrip(h, {
      group: 'verifiable_credentials',
      itemsKey: 'templates',
      pages: true,
      body: template(),
      change: { name: unique('renamed') },
      ops: {
        list: 'list_verification_templates',
        create: 'create_verification_template',
        get: 'get_verification_template',
        update: 'update_verification_template',
        delete: 'delete_verification_template',
      },
    });
  });

  it('refuses a template without its dialect (400)', async () => {
    const { dialect: _dialect, ...body } = template();
    assert.equal((await h.fail('verifiable_credentials', 'create_verification_template', { body })).statusCode, 400);
  });

  it('exercised every verifiable_credentials operation', () => {
    h.assertAllExercised('verifiable_credentials');
  });
});
