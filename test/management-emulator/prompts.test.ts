/**
 * auth0-prompts in Node-RED against the emulator: prompt settings and custom text.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus } from './fixtures';

describe('management nodes against the emulator: prompts', function () {
  this.timeout(60000);
  const h = useHarness();

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

  it('sets the partials of a prompt and reads them back', async () => {
    assert.deepEqual(payloadOf(await h.run('prompts', 'get_partials', { prompt: 'login' })), {});
    const partials = { login: { 'form-content-start': '<div class="notice">Staff only</div>' } };
    assert.deepEqual(payloadOf(await h.run('prompts', 'update_partials', { prompt: 'login', body: partials })), partials);
    assert.deepEqual(payloadOf(await h.run('prompts', 'get_partials', { prompt: 'login' })), partials);
    assert.deepEqual(payloadOf(await h.run('prompts', 'get_partials', { prompt: 'signup' })), {}, 'other prompts are untouched');
    await assert.rejects(h.run('prompts', 'get_partials', { prompt: 'consent' }), /prompt/, 'consent takes no partials: refused before sending');
  });

  it('changes the rendering of one screen and of several, listed with filters', async () => {
    assert.equal(payloadOf(await h.run('prompts', 'get_rendering', { prompt: 'login-id', screen: 'login-id' })).rendering_mode, 'standard');
    const changed = payloadOf(
      await h.run('prompts', 'update_rendering', {
        prompt: 'login-id',
        screen: 'login-id',
        body: { rendering_mode: 'advanced', head_tags: [{ tag: 'script', attributes: { src: 'https://cdn.example.com/app.js' } }] },
      }),
    );
    assert.equal(changed.rendering_mode, 'advanced');
    assert.equal(payloadOf(await h.run('prompts', 'get_rendering', { prompt: 'login-id', screen: 'login-id' })).rendering_mode, 'advanced');
    const bulk = payloadOf(
      await h.run('prompts', 'update_renderings', {
        body: {
          configs: [
            { prompt: 'signup', screen: 'signup', rendering_mode: 'advanced' },
            { prompt: 'login-password', screen: 'login-password', rendering_mode: 'standard' },
          ],
        },
      }),
    );
    assert.equal((bulk.configs as Msg[]).length, 2);
    const advanced = payloadOf(await h.run('prompts', 'all_renderings', { rendering_mode: 'advanced', include_totals: true }));
    assert.deepEqual((advanced.configs as Msg[]).map((c) => c.prompt).sort(), ['login-id', 'signup']);
    const one = payloadOf<Msg[]>(await h.run('prompts', 'all_renderings', { prompt: 'signup' }));
    assert.deepEqual(
      one.map((c) => c.screen),
      ['signup'],
    );
    assert.equal((await h.fail('prompts', 'update_rendering', { prompt: 'login-id', screen: 'login-id', body: { rendering_mode: 'fancy' } })).statusCode, 400);
  });

  it('exercised every prompts operation', () => {
    h.assertAllExercised('prompts');
  });
});
