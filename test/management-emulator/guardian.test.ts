/**
 * auth0-guardian in Node-RED against the emulator: factors, providers, SMS templates,
 * enrollment tickets, enrollments.
 */
import { strict as assert } from 'assert';
import { payloadOf, startHarness, type Harness, type Msg } from './harness';
import { assertStatus, createUser, unique } from './fixtures';

describe('management nodes against the emulator: guardian', function () {
  this.timeout(60000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h.close();
  });

  const factor = async (name: string): Promise<Msg | undefined> => payloadOf<Msg[]>(await h.run('guardian', 'all_factors', {})).find((f) => f.name === name);

  it('enables and disables a factor, read back in all_factors', async () => {
    assert.equal((await factor('sms'))?.enabled, false);
    assert.deepEqual(payloadOf(await h.run('guardian', 'update_factor', { name: 'sms', body: { enabled: true } })), { enabled: true });
    assert.equal((await factor('sms'))?.enabled, true);
    assert.equal((await factor('push-notification'))?.enabled, false, 'only the named factor changed');
    await h.run('guardian', 'update_factor', { name: 'sms', body: { enabled: false } });
    assert.equal((await factor('sms'))?.enabled, false);
  });

  it('sets a factor provider and reads it back', async () => {
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_factor_providers', { factor_name: 'sms', name: 'twilio' })), {});
    await h.run('guardian', 'update_factor_providers', { factor_name: 'sms', name: 'twilio', body: { from: '+15550100', sid: 'AC123', auth_token: 'twilio-token' } });
    const read = payloadOf(await h.run('guardian', 'get_factor_providers', { factor_name: 'sms', name: 'twilio' }));
    assert.equal(read.from, '+15550100');
    assert.equal(read.sid, 'AC123');
    await h.run('guardian', 'update_factor_providers', { factor_name: 'push-notification', name: 'sns', body: { aws_region: 'eu-west-1', aws_access_key_id: 'AKIA1' } });
    assert.equal(payloadOf(await h.run('guardian', 'get_factor_providers', { factor_name: 'push-notification', name: 'sns' })).aws_region, 'eu-west-1');
  });

  it('updates the SMS templates and reads them back', async () => {
    const defaults = payloadOf(await h.run('guardian', 'get_templates', {}));
    assert.match(String(defaults.enrollment_message), /\{\{code\}\}/);
    const templates = { enrollment_message: '{{code}} enrolls you', verification_message: '{{code}} verifies you' };
    await h.run('guardian', 'update_templates', { body: templates });
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_templates', {})), templates);
  });

  it('creates an enrollment ticket with a link that is e-mailed', async () => {
    const user = await createUser(h);
    const ticket = payloadOf(await h.run('guardian', 'create_enrollment_ticket', { body: { user_id: user.user_id, send_mail: true } }));
    assert.ok(String(ticket.ticket_url).startsWith(`${h.emulator.url}/`));
    const mail = h.emulator.outbox.to(String(user.email)).find((m) => m.kind === 'guardian_enrollment');
    assert.equal(mail?.link, ticket.ticket_url);
    assert.equal((await h.fail('guardian', 'create_enrollment_ticket', { body: { user_id: 'auth0|nobody' } })).statusCode, 404);
  });

  it('reads an enrollment, deletes it, then reads 404', async () => {
    const user = await createUser(h);
    const id = `dev_${unique('')}`;
    h.emulator.state.enrollments.insert({ id, user_id: String(user.user_id), status: 'confirmed', type: 'authenticator', name: 'Work phone', enrolled_at: new Date().toISOString() });
    const read = payloadOf(await h.run('guardian', 'get_enrollment', { id }));
    assert.equal(read.status, 'confirmed');
    assert.equal(read.name, 'Work phone');
    assertStatus(await h.run('guardian', 'delete_enrollment', { id }), 'delete_enrollment', 204);
    assert.equal((await h.gone('guardian', 'get_enrollment', { id })).errorCode, 'inexistent_enrollment');
    assert.deepEqual(payloadOf(await h.run('users', 'get_guardian_enrollments', { user_id: user.user_id })), []);
  });

  it('exercised every guardian operation', () => {
    h.assertAllExercised('guardian');
  });
});
