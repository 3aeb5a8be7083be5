/**
 * auth0-tenants in Node-RED against the emulator: settings read, changed and read back.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus } from './fixtures';

describe('management nodes against the emulator: tenant settings', function () {
  this.timeout(60000);
  const h = useHarness();

  it('reads the settings, updates them, and reads the change back (object settings merged)', async () => {
    const before = payloadOf(await h.run('tenants', 'get', {}));
    assert.equal(before.friendly_name, 'Auth0 Emulator');
    await h.run('tenants', 'update', { body: { flags: { enable_client_connections: false } } });

    const updated = await h.run('tenants', 'update', {
      body: {
        friendly_name: 'Acme Identity',
        support_email: 'help@acme.example',
        allowed_logout_urls: ['https://acme.example/bye'],
        flags: { disable_clickjack_protection_headers: true },
      },
    });
    assertStatus(updated, 'update', 200);
    const read = payloadOf(await h.run('tenants', 'get', {}));
    assert.equal(read.friendly_name, 'Acme Identity');
    assert.equal(read.support_email, 'help@acme.example');
    assert.deepEqual(read.allowed_logout_urls, ['https://acme.example/bye']);
    const flags = read.flags as Msg;
    assert.equal(flags.enable_client_connections, false);
    assert.equal(flags.disable_clickjack_protection_headers, true);
    assert.equal(flags.enable_sso, true, "a new tenant's flags are kept");

    assert.deepEqual(payloadOf(await h.run('tenants', 'get', { fields: 'friendly_name,support_email' })), {
      friendly_name: 'Acme Identity',
      support_email: 'help@acme.example',
    });
    const without = payloadOf(await h.run('tenants', 'get', { fields: ['flags'], include_fields: false }));
    assert.ok(!('flags' in without) && without.friendly_name === 'Acme Identity');
  });

  it('sends a Catch node the 400 of an unknown setting', async () => {
    const failure = await h.fail('tenants', 'update', { body: { not_a_setting: true } });
    assert.equal(failure.statusCode, 400);
    assert.equal(payloadOf(await h.run('tenants', 'get', {})).not_a_setting, undefined);
  });

  it('exercised every tenants operation', () => {
    h.assertAllExercised('tenants');
  });
});
