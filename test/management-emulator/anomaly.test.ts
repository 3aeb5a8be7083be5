/**
 * auth0-anomaly in Node-RED against the emulator: a blocked IP address answers 200, is released,
 * then answers 404.
 */
import assert from 'node:assert/strict';
import { ANOMALY_IP_BLOCKS } from '../../emulator/management/security/security-resources.routes';
import { useHarness } from './harness';
import { assertStatus } from './fixtures';

describe('management nodes against the emulator: anomaly', function () {
  this.timeout(60000);
  const h = useHarness();

  it('checks a blocked address, unblocks it, and then finds it not blocked', async () => {
    // Attack protection would block the address after suspicious traffic; the test puts the block in place.
    h.emulator.state.collection(ANOMALY_IP_BLOCKS, 'ip').insert({ ip: '203.0.113.9', blocked_at: new Date().toISOString() });
    assertStatus(await h.run('anomaly', 'check_ip', { id: '203.0.113.9' }), 'check_ip', 200);
    assert.equal((await h.fail('anomaly', 'check_ip', { id: '198.51.100.1' })).statusCode, 404, 'another address is not blocked');
    assertStatus(await h.run('anomaly', 'unblock_ip', { id: '203.0.113.9' }), 'unblock_ip', 204);
    assert.equal((await h.fail('anomaly', 'check_ip', { id: '203.0.113.9' })).statusCode, 404);
  });

  it('exercised every anomaly operation', () => {
    h.assertAllExercised('anomaly');
  });
});
