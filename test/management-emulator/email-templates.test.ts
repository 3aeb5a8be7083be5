/**
 * auth0-email-templates in Node-RED against the emulator: create, read, update, read back.
 */
import assert from 'node:assert/strict';
import { payloadOf, useHarness } from './harness';
import { assertSuccess } from './fixtures';

describe('management nodes against the emulator: e-mail templates', function () {
  this.timeout(60000);
  const h = useHarness();

  it('reads 404 before creation, creates a template, reads it back, updates it and reads the change', async () => {
    assert.equal((await h.gone('email_templates', 'get', { template_name: 'welcome_email' })).errorCode, 'inexistent_email_template');
    const body = {
      template: 'welcome_email',
      body: '<p>Welcome {{ user.email }}</p>',
      from: 'hello@acme.example',
      subject: 'Welcome',
      syntax: 'liquid',
      enabled: true,
    };
    assertSuccess(await h.run('email_templates', 'create', { body }), 'create');
    const read = payloadOf(await h.run('email_templates', 'get', { template_name: 'welcome_email' }));
    assert.equal(read.subject, 'Welcome');
    assert.equal(read.body, body.body);

    await h.run('email_templates', 'update', { template_name: 'welcome_email', body: { subject: 'Welcome to Acme', enabled: false } });
    const updated = payloadOf(await h.run('email_templates', 'get', { template_name: 'welcome_email' }));
    assert.equal(updated.subject, 'Welcome to Acme');
    assert.equal(updated.enabled, false);
    assert.equal(updated.from, 'hello@acme.example', 'untouched fields stay');

    assert.equal((await h.fail('email_templates', 'create', { body })).statusCode, 409, 'a template is created once');
    await h.gone('email_templates', 'update', { template_name: 'reset_email', body: { subject: 'x' } });
  });

  it('sets a whole template with PUT, creating it, and replaces it again', async () => {
    const body = {
      template: 'blocked_account',
      body: '<p>Blocked</p>',
      from: 'security@acme.example',
      subject: 'Account blocked',
      syntax: 'liquid',
      enabled: true,
    };
    assert.deepEqual(payloadOf(await h.run('email_templates', 'set', { template_name: 'blocked_account', body })).subject, 'Account blocked');
    assert.equal(payloadOf(await h.run('email_templates', 'get', { template_name: 'blocked_account' })).from, 'security@acme.example');
    await h.run('email_templates', 'set', { template_name: 'blocked_account', body: { ...body, subject: 'Your account is blocked', enabled: false } });
    const read = payloadOf(await h.run('email_templates', 'get', { template_name: 'blocked_account' }));
    assert.equal(read.subject, 'Your account is blocked');
    assert.equal(read.enabled, false);
    assert.equal(
      (await h.fail('email_templates', 'set', { template_name: 'blocked_account', body: { subject: 'only a subject' } })).statusCode,
      400,
      'a PUT needs the whole template',
    );
  });

  it('exercised every email_templates operation', () => {
    h.assertAllExercised('email_templates');
  });
});
