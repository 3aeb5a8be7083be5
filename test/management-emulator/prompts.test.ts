/**
 * auth0-prompts in Node-RED against the emulator: prompt settings and custom text.
 */
import { strict as assert } from 'assert';
import { payloadOf, startHarness, type Harness } from './harness';
import { assertStatus } from './fixtures';

describe('management nodes against the emulator: prompts', function () {
  this.timeout(60000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h.close();
  });

  it('reads the prompt settings, updates them, and reads the change back', async () => {
    assert.equal(payloadOf(await h.run('prompts', 'get', {})).identifier_first, false);
    assertStatus(await h.run('prompts', 'update', { body: { identifier_first: true, universal_login_experience: 'new' } }), 'update', 200);
    const read = payloadOf(await h.run('prompts', 'get', {}));
    assert.equal(read.identifier_first, true);
    assert.equal(read.universal_login_experience, 'new');
  });

  it('sets the custom text of a prompt in a language and reads it back', async () => {
    assert.deepEqual(payloadOf(await h.run('prompts', 'get_custom_text', { prompt: 'login', language: 'en' })), {});
    const text = { login: { title: 'Welcome back', description: 'Log in to Acme' } };
    await h.run('prompts', 'update_custom_text', { prompt: 'login', language: 'en', body: text });
    assert.deepEqual(payloadOf(await h.run('prompts', 'get_custom_text', { prompt: 'login', language: 'en' })), text);
    assert.deepEqual(payloadOf(await h.run('prompts', 'get_custom_text', { prompt: 'login', language: 'fr' })), {}, 'other languages are untouched');
    assert.equal((await h.fail('prompts', 'get_custom_text', { prompt: 'no-such-prompt', language: 'en' })).statusCode, 400);
  });

  it('exercised every prompts operation', () => {
    h.assertAllExercised('prompts');
  });
});
