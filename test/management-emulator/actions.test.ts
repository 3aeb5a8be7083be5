/**
 * auth0-actions in Node-RED against the emulator: every operation, and deploy_and_bind (create or
 * update, wait for the build, deploy, bind at a position keeping the trigger's other bindings; a
 * failed build to Catch with nothing bound; bad input refused before any request).
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, unique } from './fixtures';

const code = (tag: string): string =>
  `exports.onExecutePostLogin = async (event, api) => { api.idToken.setCustomClaim('https://example.com/tag', '${tag}'); };`;

describe('management nodes against the emulator: actions', function () {
  this.timeout(60000);
  const h = useHarness();

  const bindingNames = async (trigger = 'post-login'): Promise<string[]> => {
    const list = payloadOf(await h.run('actions', 'get_trigger_bindings', { id: trigger }));
    return itemsOf<Msg>(list, 'bindings').map((b) => (b.action as Msg).name as string);
  };
  const deployAndBind = (name: string, extra: Msg = {}): Promise<Msg> =>
    h.run('actions', 'deploy_and_bind', { trigger: 'post-login', name, code: code(name), ...extra });
  /** Clears the post-login trigger's bindings between tests. */
  const unbindAll = () => h.run('actions', 'update_trigger_bindings', { id: 'post-login', body: { bindings: [] } });

  /** Waits for the emulator's build by polling get_action through the node. */
  const whenBuilt = async (id: string): Promise<Msg> => {
    for (let i = 0; i < 60; i++) {
      const action = payloadOf(await h.run('actions', 'get_action', { id }));
      if (action.status !== 'pending') return action;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('build did not finish');
  };

  it('creates, builds, deploys, versions, binds, tests, rolls back and deletes an action', async () => {
    const name = unique('claims-');
    const created = await h.run('actions', 'create_action', { body: { name, supported_triggers: [{ id: 'post-login', version: 'v3' }], code: code('one') } });
    assertStatus(created, 'create_action', 201);
    const id = payloadOf(created).id as string;
    assert.equal((await whenBuilt(id)).status, 'built');
    assertStatus(await h.run('actions', 'deploy_action', { id }), 'deploy_action', 200);
    assert.ok(itemsOf<Msg>(payloadOf(await h.run('actions', 'get_actions', { action_name: name, deployed: true })), 'actions').length === 1);
    assert.ok(itemsOf<Msg>(payloadOf(await h.run('actions', 'get_actions', { trigger_id: 'post-login' }, 'all')), 'actions').some((a) => a.id === id));

    await h.run('actions', 'update_action', { id, body: { code: code('two') } });
    await whenBuilt(id);
    await h.run('actions', 'deploy_action', { id });
    const versions = itemsOf<Msg>(payloadOf(await h.run('actions', 'get_action_versions', { id })), 'versions');
    assert.deepEqual(
      versions.map((v) => v.number),
      [2, 1],
    );
    const first = payloadOf(await h.run('actions', 'get_action_version', { action_id: id, version_id: versions[1].id }));
    assert.equal(first.code, code('one'));
    const rolled = payloadOf(await h.run('actions', 'rollback_action_version', { action_id: id, version_id: versions[1].id, update_draft: true }));
    assert.equal(rolled.number, 3);

    const triggers = itemsOf<Msg>(payloadOf(await h.run('actions', 'get_triggers', {})), 'triggers');
    assert.ok(triggers.some((t) => t.id === 'post-login'));
    await h.run('actions', 'update_trigger_bindings', { id: 'post-login', body: { bindings: [{ ref: { type: 'action_id', value: id } }] } });
    assert.deepEqual(await bindingNames(), [name]);

    const tested = payloadOf(await h.run('actions', 'test_action', { id, payload: { user: { user_id: 'auth0|1' } } }));
    assert.deepEqual((tested.payload as Msg).commands, [{ name: 'idToken.setCustomClaim', args: ['https://example.com/tag', 'one'] }]);

    // A login runs post-login: the execution is readable.
    const email = `${unique('exec')}@example.com`;
    h.emulator.seed({ users: [{ email, password: 'Str0ng-pass!word' }] });
    await fetch(`${h.emulator.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: email,
        password: 'Str0ng-pass!word',
        client_id: h.emulator.webClient.clientId,
        client_secret: h.emulator.webClient.clientSecret,
      }),
    });
    const login = h.emulator.logs
      .all()
      .filter((e) => e.type === 's')
      .at(-1);
    const executionId = ((login?.details as Msg).actions as { executions: string[] }).executions[0];
    const execution = payloadOf(await h.run('actions', 'get_execution', { id: executionId }));
    assert.equal(execution.trigger_id, 'post-login');

    const refused = await h.fail('actions', 'delete_action', { id });
    assert.equal(refused.statusCode, 400);
    assertStatus(await h.run('actions', 'delete_action', { id, force: true }), 'delete_action', 204);
    assert.equal((await h.gone('actions', 'get_action', { id })).errorCode, 'action_not_found');
  });

  it('manages an early-access module: create, publish, roll back, list its versions and actions, delete', async () => {
    const created = payloadOf(await h.run('actions', 'create_module', { body: { name: unique('mod-'), code: 'module.exports = 1;', publish: true } }));
    const id = created.id as string;
    assert.equal(created.latest_version_number, 1);
    await h.run('actions', 'update_module', { id, body: { code: 'module.exports = 2;' } });
    const second = payloadOf(await h.run('actions', 'create_module_version', { id }));
    assert.equal(second.version_number, 2);
    const versions = itemsOf<Msg>(payloadOf(await h.run('actions', 'get_module_versions', { id })), 'versions');
    assert.deepEqual(
      versions.map((v) => v.version_number),
      [2, 1],
    );
    const one = payloadOf(await h.run('actions', 'get_module_version', { id, version_id: versions[1].id }));
    assert.equal(one.code, 'module.exports = 1;');
    await h.run('actions', 'rollback_module', { id, module_version_id: versions[1].id });
    assert.equal(payloadOf(await h.run('actions', 'get_module', { id })).code, 'module.exports = 1;');
    assert.ok(itemsOf<Msg>(payloadOf(await h.run('actions', 'get_modules', {})), 'modules').some((m) => m.id === id));
    assert.deepEqual(itemsOf(payloadOf(await h.run('actions', 'get_module_actions', { id })), 'actions'), []);
    assertStatus(await h.run('actions', 'delete_module', { id }), 'delete_module', 204);
    await h.gone('actions', 'get_module', { id });
  });

  describe('deploy_and_bind', () => {
    beforeEach(unbindAll);

    it('creates the action, waits for its build, deploys it and binds it to post-login', async () => {
      const name = unique('tagger-');
      const msg = await deployAndBind(name, { secrets: { API_KEY: 'k-123' }, dependencies: ['lodash@4.17.21'] });
      const result = payloadOf(msg);
      assert.equal((result.action as Msg).status, 'built');
      assert.equal((result.version as Msg).deployed, true);
      assert.deepEqual(
        (result.bindings as Msg[]).map((b) => (b.action as Msg).name),
        [name],
      );
      assert.ok(!JSON.stringify(msg).includes('k-123'), 'the secret value never reaches the message');
      const action = payloadOf(await h.run('actions', 'get_action', { id: (result.action as Msg).id }));
      assert.deepEqual(action.dependencies, [{ name: 'lodash', version: '4.17.21' }]);
      assert.deepEqual(
        (action.secrets as Msg[]).map((s) => s.name),
        ['API_KEY'],
      );

      // Again with new code: the same action is updated and deployed as version 2, still bound once.
      const again = payloadOf(await h.run('actions', 'deploy_and_bind', { trigger: 'post-login', name, code: code('v2') }));
      assert.equal((again.action as Msg).id, (result.action as Msg).id);
      assert.equal((again.version as Msg).number, 2);
      assert.deepEqual(await bindingNames(), [name]);
    });

    it("keeps the trigger's other bindings and puts the action where asked: last, first, index, after", async () => {
      const [a, b, c] = [unique('a-'), unique('b-'), unique('c-')];
      await deployAndBind(a);
      await deployAndBind(b);
      assert.deepEqual(await bindingNames(), [a, b], 'a new binding goes last, the others stay');
      await deployAndBind(c, { position: 'first' });
      assert.deepEqual(await bindingNames(), [c, a, b]);
      await deployAndBind(c, { position: 'after', after: a });
      assert.deepEqual(await bindingNames(), [a, c, b]);
      await deployAndBind(b, { position: 'index', index: 0 });
      assert.deepEqual(await bindingNames(), [b, a, c]);
      await deployAndBind(a);
      assert.deepEqual(await bindingNames(), [b, a, c], 'without a position a bound action keeps its place');
      await deployAndBind(b, { position: 'last', display_name: 'b last' });
      const list = itemsOf<Msg>(payloadOf(await h.run('actions', 'get_trigger_bindings', { id: 'post-login' })), 'bindings');
      assert.deepEqual(
        list.map((x) => x.display_name),
        [a, c, 'b last'],
      );
    });

    it("a build that fails goes to Catch with the build's errors; nothing is deployed or bound", async () => {
      const kept = unique('kept-');
      await deployAndBind(kept);
      const name = unique('broken-');
      const failure = await h.fail('actions', 'deploy_and_bind', { trigger: 'post-login', name, code: 'exports.onExecutePostLogin = async (event, api) => {' });
      assert.equal(failure.errorCode ?? (failure.msg.error as Msg).code, 'action_build_failed');
      assert.match(failure.message, /failed to build: SyntaxError/);
      assert.match(failure.message, /nothing was deployed or bound/);
      assert.equal((failure.msg.error as Msg).code, 'action_build_failed');
      const details = (failure.msg.auth0 as Msg).details as { errors: Msg[] };
      assert.match(String(details.errors[0].msg), /^SyntaxError/, "the build's errors reach Catch as data too");
      assert.deepEqual(await bindingNames(), [kept], "the trigger's bindings are untouched");
      const broken = itemsOf<Msg>(payloadOf(await h.run('actions', 'get_actions', { action_name: name })), 'actions')[0];
      assert.equal(broken.status, 'failed');
      assert.equal(broken.deployed_version, undefined, 'never deployed');

      // An already bound action whose new code fails keeps its deployed version and its place.
      const again = await h.fail('actions', 'deploy_and_bind', { trigger: 'post-login', name: kept, code: 'this is not javascript' });
      assert.match(again.message, /failed to build/);
      assert.deepEqual(await bindingNames(), [kept]);
    });

    it('gives up after timeout seconds of building, to Catch, with nothing deployed or bound', async () => {
      const name = unique('slow-');
      // The emulator's builds run on its clock: slowed down, one takes far longer than the timeout.
      h.emulator.clock.setSpeed(0.001);
      try {
        const failure = await h.fail('actions', 'deploy_and_bind', { trigger: 'post-login', name, code: code('slow'), timeout: 1 });
        assert.equal((failure.msg.error as Msg).code, 'action_build_timeout');
        assert.match(failure.message, /still pending after 1 s \(input "timeout"\)/);
      } finally {
        h.emulator.clock.resetTime();
      }
      assert.ok(!(await bindingNames()).includes(name));
    });

    it('refuses bad input before any request, naming the input', async () => {
      const cases: Array<[Msg, string]> = [
        [{ trigger: 'post-whatever', name: 'x', code: 'x' }, 'trigger'],
        [{ trigger: 'post-login', code: 'x' }, 'name'],
        [{ trigger: 'post-login', name: 'x' }, 'code'],
        [{ trigger: 'post-login', name: 'x', code: 'x', position: 'middle' }, 'position'],
        [{ trigger: 'post-login', name: 'x', code: 'x', position: 'after' }, 'after'],
        [{ trigger: 'post-login', name: 'x', code: 'x', position: 'index', index: -1 }, 'index'],
        [{ trigger: 'post-login', name: 'x', code: 'x', dependencies: ['lodash'] }, 'dependencies'],
        [{ trigger: 'post-login', name: 'x', code: 'x', secrets: { 'bad name': 'v' } }, 'secrets'],
      ];
      h.emulator.faults.set({ errorNext: 1, errorStatus: 503 });
      try {
        for (const [payload, input] of cases) {
          const failure = await h.fail('actions', 'deploy_and_bind', payload);
          assert.equal((failure.msg.auth0 as Msg).input, input, `${JSON.stringify(payload)}: ${failure.message}`);
          assert.match(failure.message, new RegExp(`"${input}"`));
        }
        assert.equal(h.emulator.faults.get().errorNext, 1, 'no request reached the emulator');
      } finally {
        h.emulator.faults.clear();
      }
    });

    it('a position after an action that is not bound fails before anything is written', async () => {
      const name = unique('orphan-');
      const failure = await h.fail('actions', 'deploy_and_bind', { trigger: 'post-login', name, code: code('x'), position: 'after', after: 'no-such-action' });
      assert.equal((failure.msg.auth0 as Msg).input, 'after');
      assert.match(failure.message, /no action named "no-such-action" is bound to post-login/);
      assert.deepEqual(itemsOf(payloadOf(await h.run('actions', 'get_actions', { action_name: name })), 'actions'), [], 'no action was created');
    });

    it('an action of another trigger is not bound to this one', async () => {
      const name = unique('creds-');
      await h.run('actions', 'create_action', {
        body: { name, supported_triggers: [{ id: 'credentials-exchange' }], code: 'exports.onExecuteCredentialsExchange = async () => {};' },
      });
      const failure = await h.fail('actions', 'deploy_and_bind', { trigger: 'post-login', name, code: code('x') });
      assert.equal((failure.msg.auth0 as Msg).input, 'trigger');
    });
  });

  // Mocha runs a suite's own tests before its nested suites: the check goes last in a suite of its own.
  describe('coverage', () => {
    it('exercised every actions operation', () => {
      h.assertAllExercised('actions');
    });
  });
});
