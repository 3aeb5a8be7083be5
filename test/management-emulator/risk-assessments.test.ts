/**
 * auth0-risk-assessments in Node-RED against the emulator: the settings and the new-device settings.
 */
import assert from 'node:assert/strict';
import { payloadOf, useHarness } from './harness';

describe('management nodes against the emulator: risk_assessments', function () {
  this.timeout(60000);
  const h = useHarness();

  it('turns risk assessments on and reads it back', async () => {
    assert.deepEqual(payloadOf(await h.run('risk_assessments', 'get_settings', {})), { enabled: false });
    assert.deepEqual(payloadOf(await h.run('risk_assessments', 'update_settings', { body: { enabled: true } })), { enabled: true });
    assert.deepEqual(payloadOf(await h.run('risk_assessments', 'get_settings', {})), { enabled: true });
    assert.equal((await h.fail('risk_assessments', 'update_settings', { body: {} })).statusCode, 400, 'enabled is required');
  });

  it('sets how long a device is remembered and reads it back', async () => {
    assert.equal(typeof payloadOf(await h.run('risk_assessments', 'get_new_device_settings', {})).remember_for, 'number');
    await h.run('risk_assessments', 'update_new_device_settings', { body: { remember_for: 90 } });
    assert.deepEqual(payloadOf(await h.run('risk_assessments', 'get_new_device_settings', {})), { remember_for: 90 });
    assert.equal((await h.fail('risk_assessments', 'update_new_device_settings', { body: { remember_for: 'long' } })).statusCode, 400);
  });

  it('exercised every risk_assessments operation', () => {
    h.assertAllExercised('risk_assessments');
  });
});
