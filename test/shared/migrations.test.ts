import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ActionNodeConfig } from '../../nodes/engine/action-node';
import { ACTION_NODE_MIGRATION, ACTION_NODE_VERSION, migrateActionConfig } from '../../nodes/engine/action-node-migration';
import { NODE_MIGRATIONS, migrateNodeConfig, savedVersion } from '../../nodes/shared/migrations';
import type { NodeDefinition } from '../../nodes/shared/node-red-types';

describe('action node config migrations', () => {
  it('brings an unversioned config with bare values to the current version', () => {
    const old: ActionNodeConfig = {
      id: 'n1',
      type: 'auth0-users',
      operation: 'list',
      params: { q: 'email:x', per_page: 10, include_totals: false },
      paging: true as unknown as 'all',
    };
    const migrated = migrateActionConfig(old);
    assert.equal(migrated.version, ACTION_NODE_VERSION);
    assert.deepEqual(migrated.params, {
      q: { value: 'email:x', type: 'str' },
      per_page: { value: 10, type: 'num' },
      include_totals: { value: false, type: 'bool' },
    });
    assert.equal(migrated.paging, 'all');
    assert.equal(migrated.pagingOutput, 'array');
    assert.equal(migrated.operation, 'list');
  });

  it('keeps typed settings and leaves a current config as it is', () => {
    const current: ActionNodeConfig = {
      id: 'n1',
      type: 'auth0-users',
      operation: 'get',
      params: { id: { value: 'payload.user', type: 'msg' } },
      paging: 'off',
      pagingOutput: 'items',
      version: ACTION_NODE_VERSION,
    };
    assert.deepEqual(migrateActionConfig(current), current);
    assert.deepEqual(migrateActionConfig({ ...current, version: undefined }).params, current.params);
  });
});

describe('saved versions of every node type', () => {
  const root = path.resolve(__dirname, '..', '..', '..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { 'node-red': { nodes: Record<string, string> } };

  /** The `version` default the editor saves, read from the built .html beside the node module. */
  function editorVersion(file: string): number | undefined {
    const html = fs.readFileSync(path.join(root, file.replace(/\.js$/, '.html')), 'utf8');
    const match = /\bversion:\s*\{\s*value:\s*(\d+)\s*\}/.exec(html);
    return match ? Number(match[1]) : undefined;
  }

  it('every node type saves a version, the one its migration brings old configs to', () => {
    for (const [type, file] of Object.entries(pkg['node-red'].nodes)) {
      const migration = NODE_MIGRATIONS[type] ?? ACTION_NODE_MIGRATION;
      assert.equal(
        editorVersion(file),
        migration.current,
        `${type}: the editor saves version ${editorVersion(file)}, its migration ends at ${migration.current}`,
      );
      assert.equal(migration.steps.length, migration.current, `${type}: one step per version`);
    }
  });

  for (const [type, migration] of Object.entries(NODE_MIGRATIONS)) {
    it(`${type}: an unversioned config is brought to version ${migration.current} with its settings kept; a current or newer one is left as it is`, () => {
      const old: NodeDefinition = { id: 'n1', type, name: 'kept', tenant: 'cfg', interval: '30', domain: 'tenant.example.com' };
      const migrated = migrateNodeConfig(old);
      assert.equal(migrated.version, migration.current);
      assert.deepEqual({ ...migrated, version: undefined }, { ...old, version: undefined });
      assert.equal(old.version, undefined, 'the saved config itself is not changed');
      const current: NodeDefinition = { ...old, version: migration.current };
      assert.deepEqual(migrateNodeConfig(current), current);
      assert.deepEqual(
        migrateNodeConfig({ ...old, version: String(migration.current) }),
        { ...old, version: String(migration.current) },
        'a version saved as text counts',
      );
      const newer: NodeDefinition = { ...old, version: migration.current + 1 };
      assert.deepEqual(migrateNodeConfig(newer), newer, 'a config from a later release is not touched');
    });
  }

  it('reads a missing, empty or nonsensical version as 0', () => {
    for (const version of [undefined, null, '', 'x', -1, 0.5]) assert.equal(savedVersion({ id: 'n', type: 't', version }), 0, String(version));
    assert.equal(savedVersion({ id: 'n', type: 't', version: '2' }), 2);
    assert.throws(() => migrateNodeConfig({ id: 'n', type: 'auth0-unknown' }), /no migration for node type auth0-unknown/);
  });
});
