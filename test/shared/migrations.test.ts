import { strict as assert } from 'assert';
import type { ActionNodeConfig } from '../../nodes/shared/action-node';
import { ACTION_NODE_VERSION, migrateActionConfig } from '../../nodes/shared/migrations';

describe('action node config migrations', () => {
  it('brings an unversioned config with bare values to the current version', () => {
    const old: ActionNodeConfig = { id: 'n1', type: 'auth0-users', operation: 'list', params: { q: 'email:x', per_page: 10, include_totals: false }, paging: true as unknown as 'all' };
    const migrated = migrateActionConfig(old);
    assert.equal(migrated.version, ACTION_NODE_VERSION);
    assert.deepEqual(migrated.params, { q: { value: 'email:x', type: 'str' }, per_page: { value: 10, type: 'num' }, include_totals: { value: false, type: 'bool' } });
    assert.equal(migrated.paging, 'all');
    assert.equal(migrated.pagingOutput, 'array');
    assert.equal(migrated.operation, 'list');
  });

  it('keeps typed settings and leaves a current config as it is', () => {
    const current: ActionNodeConfig = { id: 'n1', type: 'auth0-users', operation: 'get', params: { id: { value: 'payload.user', type: 'msg' } }, paging: 'off', pagingOutput: 'items', version: ACTION_NODE_VERSION };
    assert.deepEqual(migrateActionConfig(current), current);
    assert.deepEqual(migrateActionConfig({ ...current, version: undefined }).params, current.params);
  });
});
