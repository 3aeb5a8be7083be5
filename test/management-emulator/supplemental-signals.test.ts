/**
 * auth0-supplemental-signals in Node-RED against the emulator (early access).
 */
import assert from 'node:assert/strict';
import { payloadOf, useHarness } from './harness';

describe('management nodes against the emulator: supplemental_signals', function () {
  this.timeout(60000);
  const h = useHarness();

  it('turns the Akamai signals on and off, read back each time', async () => {
    assert.deepEqual(payloadOf(await h.run('supplemental_signals', 'get', {})), { akamai_enabled: false });
    await h.run('supplemental_signals', 'update', { body: { akamai_enabled: true } });
    assert.deepEqual(payloadOf(await h.run('supplemental_signals', 'get', {})), { akamai_enabled: true });
    await h.run('supplemental_signals', 'update', { body: { akamai_enabled: false } });
    assert.deepEqual(payloadOf(await h.run('supplemental_signals', 'get', {})), { akamai_enabled: false });
    assert.equal((await h.fail('supplemental_signals', 'update', { body: { akamai_enabled: 'yes' } })).statusCode, 400);
  });

  it('exercised every supplemental_signals operation', () => {
    h.assertAllExercised('supplemental_signals');
  });
});
