/**
 * auth0-emails (the e-mail provider) in Node-RED against the emulator: configure, read (no
 * secret shown), update, delete.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, assertSuccess } from './fixtures';

const SMTP_PASSWORD = 'smtp-secret-password-value';

describe('management nodes against the emulator: e-mail provider', function () {
  this.timeout(60000);
  const h = useHarness();

  it('configures the provider, reads it back, updates it, deletes it, then reads 404', async () => {
    await h.gone('emails', 'get', {});
    const created = await h.run('emails', 'config', {
      body: {
        name: 'smtp',
        enabled: true,
        default_from_address: 'no-reply@acme.example',
        credentials: { smtp_host: 'smtp.acme.example', smtp_port: 587, smtp_user: 'mailer', smtp_pass: SMTP_PASSWORD },
      },
    });
    assertSuccess(created, 'config');
    const read = payloadOf(await h.run('emails', 'get', {}));
    assert.equal(read.name, 'smtp');
    assert.equal((read.credentials as Msg).smtp_host, 'smtp.acme.example');
    assert.ok(!JSON.stringify(read).includes(SMTP_PASSWORD), 'the password is never read back');
    assert.deepEqual(payloadOf(await h.run('emails', 'get', { fields: ['name', 'enabled'] })), { name: 'smtp', enabled: true });

    await h.run('emails', 'update', { body: { default_from_address: 'hello@acme.example', credentials: { smtp_port: 2525 } } });
    const updated = payloadOf(await h.run('emails', 'get', {}));
    assert.equal(updated.default_from_address, 'hello@acme.example');
    assert.equal((updated.credentials as Msg).smtp_port, 2525);
    assert.equal((updated.credentials as Msg).smtp_host, 'smtp.acme.example', 'credentials of the same provider are merged');

    assertStatus(await h.run('emails', 'delete', {}), 'delete', 204);
    assert.equal((await h.gone('emails', 'get', {})).errorCode, 'inexistent_email_provider');
  });

  it('exercised every emails operation', () => {
    h.assertAllExercised('emails');
  });
});
