/**
 * auth0-rules-configs in Node-RED against the emulator: set, list (keys only), set again, unset.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus } from './fixtures';

describe('management nodes against the emulator: rules configs', function () {
  this.timeout(60000);
  const h = useHarness();

  const stored = (): Map<string, string> => h.emulator.state.doc<Map<string, string>>('rules-configs', () => new Map());

  it('sets a variable, lists its key, sets it again, unsets it', async () => {
    const set = await h.run('rules_configs', 'set', { key: 'SLACK_URL', value: 'https://hooks.example.com/one' });
    assertStatus(set, 'set', 200);
    assert.deepEqual(payloadOf(set), { key: 'SLACK_URL', value: 'https://hooks.example.com/one' });
    assert.deepEqual(payloadOf(await h.run('rules_configs', 'all', {})), [{ key: 'SLACK_URL' }], 'values are never listed');
    assert.equal(stored().get('SLACK_URL'), 'https://hooks.example.com/one');

    await h.run('rules_configs', 'set', { key: 'SLACK_URL', value: 'https://hooks.example.com/two' });
    assert.equal(stored().get('SLACK_URL'), 'https://hooks.example.com/two');
    await h.run('rules_configs', 'set', { key: 'OTHER', value: 'x' });
    assert.deepEqual(
      payloadOf<Msg[]>(await h.run('rules_configs', 'all', {}))
        .map((c) => c.key)
        .sort(),
      ['OTHER', 'SLACK_URL'],
    );

    assertStatus(await h.run('rules_configs', 'unset', { key: 'SLACK_URL' }), 'unset', 204);
    assert.deepEqual(payloadOf(await h.run('rules_configs', 'all', {})), [{ key: 'OTHER' }]);
    assert.equal(stored().has('SLACK_URL'), false);
  });

  it('fails a missing value before sending, and sends a Catch node the 400 of a bad key', async () => {
    assert.match((await h.fail('rules_configs', 'set', { key: 'K' })).message, /"value"/);
    assert.equal((await h.fail('rules_configs', 'set', { key: 'bad key!', value: 'v' })).statusCode, 400);
  });

  it('exercised every rules_configs operation', () => {
    h.assertAllExercised('rules_configs');
  });
});
