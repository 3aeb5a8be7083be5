/**
 * auth0-guardian in Node-RED against the emulator: factors, providers, SMS templates,
 * enrollment tickets, enrollments.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, createUser, unique } from './fixtures';

describe('management nodes against the emulator: guardian', function () {
  this.timeout(60000);
  const h = useHarness();

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
    // Auth0 answers Twilio's four keys, null while unset (recorded).
    const unset = { auth_token: null, sid: null, from: null, messaging_service_sid: null };
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_factor_providers', { factor_name: 'sms', name: 'twilio' })), unset);
    await h.run('guardian', 'update_factor_providers', {
      factor_name: 'sms',
      name: 'twilio',
      body: { from: '+15550100', sid: 'AC123', auth_token: 'twilio-token' },
    });
    const read = payloadOf(await h.run('guardian', 'get_factor_providers', { factor_name: 'sms', name: 'twilio' }));
    assert.equal(read.from, '+15550100');
    assert.equal(read.sid, 'AC123');
    await h.run('guardian', 'update_factor_providers', {
      factor_name: 'push-notification',
      name: 'sns',
      body: { aws_region: 'eu-west-1', aws_access_key_id: 'AKIA1' },
    });
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
    h.emulator.state.enrollments.insert({
      id,
      user_id: String(user.user_id),
      status: 'confirmed',
      type: 'authenticator',
      name: 'Work phone',
      enrolled_at: new Date().toISOString(),
    });
    const read = payloadOf(await h.run('guardian', 'get_enrollment', { id }));
    assert.equal(read.status, 'confirmed');
    assert.equal(read.name, 'Work phone');
    assertStatus(await h.run('guardian', 'delete_enrollment', { id }), 'delete_enrollment', 204);
    assert.equal((await h.gone('guardian', 'get_enrollment', { id })).errorCode, 'enrollment_not_found');
    assert.deepEqual(payloadOf(await h.run('users', 'get_guardian_enrollments', { user_id: user.user_id })), []);
  });

  it('configures the phone factor: templates, message types, provider choice and Twilio settings', async () => {
    const templates = { enrollment_message: '{{code}} enrolls your phone', verification_message: '{{code}} is your code' };
    await h.run('guardian', 'update_phone_templates', { body: templates });
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_phone_templates', {})), templates);
    await h.run('guardian', 'update_phone_message_types', { body: { message_types: ['sms', 'voice'] } });
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_phone_message_types', {})), { message_types: ['sms', 'voice'] });
    assert.equal((await h.fail('guardian', 'update_phone_message_types', { body: { message_types: ['pigeon'] } })).statusCode, 400);
    await h.run('guardian', 'update_phone_selected_provider', { body: { provider: 'twilio' } });
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_phone_selected_provider', {})), { provider: 'twilio' });
    await h.run('guardian', 'update_phone_twilio_provider', { body: { from: '+15550123', sid: 'AC9', auth_token: 'tw' } });
    assert.equal(payloadOf(await h.run('guardian', 'get_phone_twilio_provider', {})).sid, 'AC9');
    assert.equal(
      payloadOf(await h.run('guardian', 'get_factor_providers', { factor_name: 'phone', name: 'twilio' })).sid,
      'AC9',
      'the generic operation reads the same settings',
    );
  });

  it('keeps serving the older SMS provider endpoints', async () => {
    await h.run('guardian', 'update_sms_selected_provider', { body: { provider: 'phone-message-hook' } });
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_sms_selected_provider', {})), { provider: 'phone-message-hook' });
    await h.run('guardian', 'update_sms_twilio_provider', { body: { from: '+15550124', sid: 'AC10', auth_token: 'tw2' } });
    assert.equal(payloadOf(await h.run('guardian', 'get_sms_twilio_provider', {})).from, '+15550124');
  });

  it('configures push notifications: provider choice, APNs, FCM, FCM v1 and SNS', async () => {
    await h.run('guardian', 'update_push_notification_selected_provider', { body: { provider: 'direct' } });
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_push_notification_selected_provider', {})), { provider: 'direct' });
    await h.run('guardian', 'set_apns_provider', { body: { sandbox: true, bundle_id: 'com.acme.app', p12: 'base64-certificate' } });
    await h.run('guardian', 'update_apns_provider', { body: { sandbox: false } });
    const apns = payloadOf(await h.run('guardian', 'get_apns_provider', {}));
    assert.equal(apns.bundle_id, 'com.acme.app', 'a PATCH keeps the rest');
    assert.equal(apns.sandbox, false);
    assert.equal(apns.p12, undefined, 'the certificate is never returned');
    assert.equal(apns.enabled, true, 'enabled once a certificate was uploaded');
    assert.equal(payloadOf(await h.run('guardian', 'set_fcm_provider', { body: { server_key: 'fcm-key' } })).server_key, undefined);
    await h.run('guardian', 'update_fcm_provider', { body: { server_key: 'fcm-key-2' } });
    assert.equal(
      payloadOf(await h.run('guardian', 'set_fcmv1_provider', { body: { server_credentials: '{"type":"service_account"}' } })).server_credentials,
      undefined,
    );
    await h.run('guardian', 'update_fcmv1_provider', { body: { server_credentials: '{"type":"service_account","v":2}' } });
    await h.run('guardian', 'set_sns_provider', { body: { aws_region: 'eu-west-1', aws_access_key_id: 'AKIA2' } });
    await h.run('guardian', 'update_sns_provider', { body: { aws_region: 'eu-central-1' } });
    const sns = payloadOf(await h.run('guardian', 'get_sns_provider', {}));
    assert.equal(sns.aws_region, 'eu-central-1');
    assert.equal(sns.aws_access_key_id, 'AKIA2');
  });

  it('sets the Duo settings (Auth0 answers the secret key too, as recorded), and the MFA policies', async () => {
    await h.run('guardian', 'set_duo_settings', { body: { ikey: 'DI1', skey: 'duo-secret', host: 'api-1.duosecurity.com' } });
    await h.run('guardian', 'update_duo_settings', { body: { host: 'api-2.duosecurity.com' } });
    const duo = payloadOf(await h.run('guardian', 'get_duo_settings', {}));
    assert.equal(duo.ikey, 'DI1');
    assert.equal(duo.host, 'api-2.duosecurity.com');
    assert.equal(duo.skey, 'duo-secret');
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_policies', {})), []);
    assert.deepEqual(payloadOf(await h.run('guardian', 'update_policies', { body: ['all-applications'] })), ['all-applications']);
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_policies', {})), ['all-applications']);
    assert.equal((await h.fail('guardian', 'update_policies', { body: ['sometimes'] })).statusCode, 400);
  });

  it("sets the MFA settings and the e-mail and phone factors' code settings, read back each (Auth0 since the reference)", async () => {
    const settings = {
      display_remember_me_checkbox: true,
      remember_me_default_value: false,
      mfa_session_inactivity_timeout: 30,
      mfa_session_overall_timeout: 720,
    };
    await h.run('guardian', 'set_settings', { body: settings });
    assert.deepEqual(payloadOf(await h.run('guardian', 'get_settings', {})), settings);
    for (const factor of ['email', 'phone']) {
      const otp = { otp_length: factor === 'email' ? 6 : 8, otp_expiration_time: 10 };
      await h.run('guardian', `set_${factor}_factor_settings`, { body: otp });
      assert.deepEqual(payloadOf(await h.run('guardian', `get_${factor}_factor_settings`, {})), otp, factor);
    }
    assert.equal((await h.fail('guardian', 'set_phone_factor_settings', { body: { otp_length: 'eight' } })).statusCode, 400);
  });

  it('exercised every guardian operation', () => {
    h.assertAllExercised('guardian');
  });
});
