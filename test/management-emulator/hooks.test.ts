/**
 * auth0-hooks in Node-RED against the emulator: CRUD, the enabled filter, and secrets (values
 * stored, never shown).
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, unique } from './fixtures';

const SCRIPT = 'module.exports = function (client, scope, audience, context, cb) { cb(null, { scope }); };';

describe('management nodes against the emulator: hooks', function () {
  this.timeout(60000);
  const h = useHarness();

  const storedSecrets = (id: unknown): Record<string, string> => h.emulator.state.collection('hooks').get(String(id))?.secrets as Record<string, string>;

  it('creates a hook, reads it back, updates it, deletes it, then reads 404', async () => {
    const name = unique('scopes-hook-');
    const created = await h.run('hooks', 'create', { body: { name, script: SCRIPT, triggerId: 'credentials-exchange', enabled: true } });
    assertStatus(created, 'create', 201);
    const hook = payloadOf(created);
    const read = payloadOf(await h.run('hooks', 'get', { id: hook.id }));
    assert.equal(read.name, name);
    assert.equal(read.script, SCRIPT);
    assert.deepEqual(Object.keys(payloadOf(await h.run('hooks', 'get', { id: hook.id, fields: 'name,enabled' }))).sort(), ['enabled', 'name']);
    assert.ok(
      itemsOf(payloadOf(await h.run('hooks', 'all', {}))).some((x) => x.id === hook.id),
      'enabled defaults to true and the hook is enabled',
    );

    await h.run('hooks', 'update', { id: hook.id, body: { enabled: false, dependencies: { lodash: '4.17.21' } } });
    const updated = payloadOf(await h.run('hooks', 'get', { id: hook.id }));
    assert.equal(updated.enabled, false);
    assert.deepEqual(updated.dependencies, { lodash: '4.17.21' });
    assert.ok(!itemsOf(payloadOf(await h.run('hooks', 'all', {}))).some((x) => x.id === hook.id), 'a disabled hook is not listed by default');
    assert.ok(itemsOf(payloadOf(await h.run('hooks', 'all', { enabled: false }))).some((x) => x.id === hook.id));

    assertStatus(await h.run('hooks', 'delete', { id: hook.id }), 'delete', 204);
    assert.equal((await h.gone('hooks', 'get', { id: hook.id })).errorCode, 'HookDoesNotExist');
  });

  it('adds, reads, updates and deletes secrets of a hook', async () => {
    const hook = payloadOf(await h.run('hooks', 'create', { body: { name: unique('secret-hook-'), script: SCRIPT, triggerId: 'pre-user-registration' } }));
    assertStatus(await h.run('hooks', 'add_secrets', { id: hook.id, body: { API_KEY: 'first-value', REGION: 'eu' } }), 'add_secrets', 201);
    assert.deepEqual(payloadOf(await h.run('hooks', 'get_secrets', { id: hook.id })), { API_KEY: '_VALUE_NOT_SHOWN_', REGION: '_VALUE_NOT_SHOWN_' });
    assert.deepEqual(storedSecrets(hook.id), { API_KEY: 'first-value', REGION: 'eu' });

    await h.run('hooks', 'update_secrets', { id: hook.id, body: { API_KEY: 'second-value' } });
    assert.deepEqual(storedSecrets(hook.id), { API_KEY: 'second-value', REGION: 'eu' });

    assertStatus(await h.run('hooks', 'delete_secrets', { id: hook.id, body: 'API_KEY' }), 'delete_secrets', 204);
    assert.deepEqual(payloadOf(await h.run('hooks', 'get_secrets', { id: hook.id })), { REGION: '_VALUE_NOT_SHOWN_' });
    await h.run('hooks', 'delete_secrets', { id: hook.id, body: ['REGION'] });
    assert.deepEqual(payloadOf(await h.run('hooks', 'get_secrets', { id: hook.id })), {});

    const failure = await h.fail('hooks', 'update_secrets', { id: hook.id, body: { MISSING: 'x' } });
    assert.equal(failure.statusCode, 404);
  });

  it('lists every hook with fetch all pages', async () => {
    h.emulator.seed({
      collections: {
        hooks: Array.from({ length: 104 }, (_, i) => ({
          id: `bulkhook${i}`,
          name: `bulk-${i}`,
          script: SCRIPT,
          triggerId: 'post-user-registration',
          enabled: true,
        })),
      },
    });
    const all = await h.run('hooks', 'all', {}, 'all');
    const hooks = itemsOf(payloadOf(all));
    assert.equal(
      hooks.length,
      h.emulator.state
        .collection('hooks')
        .list()
        .filter((x) => x.enabled === true).length,
    );
    assert.ok(hooks.length >= 104);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.pages, 2);
  });

  it('exercised every hooks operation', () => {
    h.assertAllExercised('hooks');
  });
});
