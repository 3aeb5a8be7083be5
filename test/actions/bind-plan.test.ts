/**
 * deploy_and_bind's pure parts: its inputs shaped for Auth0 (dependencies in three spellings,
 * secrets as a map) and the merged binding list for each position.
 */
import assert from 'node:assert/strict';
import { dependenciesOf, planOf, secretsOf } from '../../nodes/actions/bind-inputs';
import { mergeBindings } from '../../nodes/actions/deploy-and-bind';

const bound = (...names: string[]) => names.map((name) => ({ id: `b-${name}`, display_name: name, action: { id: `id-${name}`, name } }));
const order = (list: Record<string, unknown>[]) => list.map((b) => (b.ref as { value: string }).value);
const plan = (extra: Record<string, unknown> = {}) => planOf({ trigger: 'post-login', name: 'new', code: 'x', ...extra });

describe('deploy_and_bind: inputs and merged bindings', () => {
  it('reads dependencies as {name, version}, "name@version" (also scoped) or {name: version}', () => {
    assert.deepEqual(dependenciesOf(['lodash@4.17.21', '@scope/pkg@1.0.0']), [
      { name: 'lodash', version: '4.17.21' },
      { name: '@scope/pkg', version: '1.0.0' },
    ]);
    assert.deepEqual(dependenciesOf({ axios: '1.7.0' }), [{ name: 'axios', version: '1.7.0' }]);
    assert.deepEqual(dependenciesOf('[{"name":"a","version":"1"}]'), [{ name: 'a', version: '1' }]);
    assert.deepEqual(dependenciesOf('a@1, b@2'), [
      { name: 'a', version: '1' },
      { name: 'b', version: '2' },
    ]);
    assert.equal(dependenciesOf(undefined), undefined);
    assert.throws(() => dependenciesOf(['lodash']), /"dependencies"/);
    assert.throws(() => dependenciesOf([{ name: 'a' }]), /"dependencies"/);
  });

  it('reads secrets as a map of names to strings', () => {
    assert.deepEqual(secretsOf({ API_KEY: 'k', OTHER: 'v' }), [
      { name: 'API_KEY', value: 'k' },
      { name: 'OTHER', value: 'v' },
    ]);
    assert.throws(() => secretsOf([{ name: 'x' }]), /"secrets"/);
    assert.throws(() => secretsOf({ KEY: 1 }), /"secrets"/);
  });

  it('puts the action last, first, at an index or after another, keeping every other binding in order', () => {
    const list = bound('a', 'b', 'c');
    assert.deepEqual(order(mergeBindings(list, plan(), 'id-new')), ['id-a', 'id-b', 'id-c', 'id-new']);
    assert.deepEqual(order(mergeBindings(list, plan({ position: 'first' }), 'id-new')), ['id-new', 'id-a', 'id-b', 'id-c']);
    assert.deepEqual(order(mergeBindings(list, plan({ position: 'index', index: 1 }), 'id-new')), ['id-a', 'id-new', 'id-b', 'id-c']);
    assert.deepEqual(order(mergeBindings(list, plan({ position: 'index', index: 99 }), 'id-new')), ['id-a', 'id-b', 'id-c', 'id-new']);
    assert.deepEqual(order(mergeBindings(list, plan({ position: 'after', after: 'b' }), 'id-new')), ['id-a', 'id-b', 'id-new', 'id-c']);
    assert.throws(() => mergeBindings(list, plan({ position: 'after', after: 'zz' }), 'id-new'), /no action named "zz"/);
  });

  it('moves an action already bound only when a position is given, and keeps display names', () => {
    const list = bound('a', 'new', 'c');
    assert.deepEqual(order(mergeBindings(list, plan(), 'id-new')), ['id-a', 'id-new', 'id-c']);
    assert.deepEqual(order(mergeBindings(list, plan({ position: 'last' }), 'id-new')), ['id-a', 'id-c', 'id-new']);
    const merged = mergeBindings(list, plan({ display_name: 'shown' }), 'id-new');
    assert.deepEqual(
      merged.map((b) => b.display_name),
      ['a', 'shown', 'c'],
    );
    assert.deepEqual(merged[0].ref, { type: 'action_id', value: 'id-a' });
  });

  it('drops a binding whose action is gone, rather than write back a broken reference', () => {
    const list = [...bound('a'), { id: 'b-ghost', display_name: 'ghost' }];
    assert.deepEqual(order(mergeBindings(list, plan(), 'id-new')), ['id-a', 'id-new']);
  });

  it("checks the position's companion inputs and the timeout", () => {
    assert.throws(() => plan({ position: 'after', after: 'new' }), /names the action being bound itself/);
    assert.throws(() => plan({ timeout: 0 }), /"timeout"/);
    assert.equal(plan({ timeout: 5 }).timeoutMs, 5000);
    assert.equal(plan().displayName, 'new');
  });
});
