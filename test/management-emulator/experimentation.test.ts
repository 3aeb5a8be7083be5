/**
 * auth0-experimentation in Node-RED against the emulator: feature flags with variations, segments,
 * and an experiment that validates and starts only once its allocations name the flag's variations.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { unique } from './fixtures';
import { crudRoundTrip } from './resource-crud';

const ops = (kind: string) => ({ list: `list_${kind}s`, create: `create_${kind}`, get: `get_${kind}`, update: `update_${kind}`, delete: `delete_${kind}` });

describe('management nodes against the emulator: experimentation', function () {
  this.timeout(60000);
  const h = useHarness();

  const flag = async (): Promise<Msg> =>
    payloadOf(
      await h.run('experimentation', 'create_feature_flag', { body: { name: unique('flag'), parameters: { color: { type: 'string', value: 'blue' } } } }),
    );

  it('feature flags, segments and experiments: create, read, list (all pages too), update, delete', async () => {
    await crudRoundTrip(h, {
      group: 'experimentation',
      ops: ops('feature_flag'),
      itemsKey: 'feature_flags',
      pages: true,
      body: { name: unique('flag'), parameters: { color: { type: 'string', value: 'blue' } } },
      change: { description: 'button colour' },
    });
    await crudRoundTrip(h, {
      group: 'experimentation',
      ops: ops('segment'),
      itemsKey: 'segments',
      pages: true,
      body: { name: unique('segment'), rules: [{ match: { client_id: ['nz-web'] } }] },
      change: { description: 'New Zealand' },
    });
    const f = await flag();
    await crudRoundTrip(h, {
      group: 'experimentation',
      ops: ops('experiment'),
      itemsKey: 'experiments',
      pages: true,
      body: {
        name: unique('exp'),
        feature_flag_id: f.id,
        authentication_flow: 'login',
        allocation_strategy: 'percentage',
        assignment_config: { subject: 'device' },
        allocations: [],
      },
      change: { description: 'try green' },
    });
  });

  it('variations live under their flag', async () => {
    const f = await flag();
    await crudRoundTrip(h, {
      group: 'experimentation',
      idInput: 'vid',
      parent: { id: f.id },
      itemsKey: 'variations',
      ops: { list: 'list_variations', create: 'create_variation', get: 'get_variation', update: 'update_variation', delete: 'delete_variation' },
      body: { name: 'green', overrides: { color: { value: 'green' } } },
      change: { description: 'the green one' },
    });
    await h.gone('experimentation', 'list_variations', { id: 'ff_none' });
  });

  it('validates an experiment, refuses to start it with a stranger variation, starts it once fixed, and filters by status', async () => {
    const f = await flag();
    const green = payloadOf(
      await h.run('experimentation', 'create_variation', { id: f.id, body: { name: 'green', overrides: { color: { value: 'green' } } } }),
    );
    const experiment = payloadOf(
      await h.run('experimentation', 'create_experiment', {
        body: {
          name: unique('exp'),
          feature_flag_id: f.id,
          authentication_flow: 'login',
          allocation_strategy: 'percentage',
          assignment_config: { subject: 'device' },
          allocations: [{ variation_id: 'ffv_stranger', weight: 100, is_control: false }],
        },
      }),
    );
    assert.equal(experiment.status, 'draft');
    const invalid = payloadOf(await h.run('experimentation', 'validate_experiment', { id: experiment.id }));
    assert.equal(invalid.is_valid, false);
    assert.equal(itemsOf(invalid, 'errors')[0].code, 'variation_not_found');
    assert.equal((await h.fail('experimentation', 'update_experiment_status', { id: experiment.id, status: 'active' })).statusCode, 400);

    await h.run('experimentation', 'update_experiment', {
      id: experiment.id,
      body: { allocations: [{ variation_id: green.id, weight: 100, is_control: false }] },
    });
    assert.equal(payloadOf(await h.run('experimentation', 'validate_experiment', { id: experiment.id })).is_valid, true);
    const started = payloadOf(await h.run('experimentation', 'update_experiment_status', { id: experiment.id, status: 'active' }));
    assert.equal(started.status, 'active');
    assert.equal(typeof started.started_at, 'string');
    const active = itemsOf(payloadOf(await h.run('experimentation', 'list_experiments', { status: 'active' })), 'experiments');
    assert.deepEqual(
      active.map((e) => e.id),
      [experiment.id],
    );

    const archived = payloadOf(await h.run('experimentation', 'update_feature_flag_status', { id: f.id, status: 'archived' }));
    assert.equal(archived.status, 'archived');
    assert.ok(itemsOf(payloadOf(await h.run('experimentation', 'list_feature_flags', { status: 'archived' })), 'feature_flags').some((x) => x.id === f.id));
  });

  it('exercised every experimentation operation', () => {
    h.assertAllExercised('experimentation');
  });
});
