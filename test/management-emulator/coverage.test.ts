/**
 * Every management group of the package has its node in the harness and a test file here, so a
 * new group cannot go untested against the emulator (each file's last test checks that every
 * operation of its group was exercised).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { GROUP_MODULES } from './harness';

/** Every management group catalogue compiled under dist/nodes. */
function managementGroups(): string[] {
  const nodes = path.resolve(__dirname, '..', '..', 'nodes');
  const groups: string[] = [];
  for (const family of fs.readdirSync(nodes)) {
    const dir = path.join(nodes, family);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.catalogue.js'))) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(path.join(dir, file)) as Record<string, unknown>;
      for (const value of Object.values(exported)) {
        const group = value as Partial<GroupSpec>;
        if (group && Array.isArray(group.operations) && group.api === 'management' && typeof group.name === 'string') groups.push(group.name);
      }
    }
  }
  return groups.sort();
}

describe('management nodes against the emulator: coverage', () => {
  it('has a harness node and a test file for every management group', () => {
    const groups = managementGroups();
    assert.ok(groups.length >= 26, `found only ${groups.length} management groups`);
    assert.deepEqual(groups, Object.keys(GROUP_MODULES).sort(), 'the harness lists exactly the management groups');
    const missing = groups.filter((group) => !fs.existsSync(path.join(__dirname, `${group.replace(/_/g, '-')}.test.js`)));
    assert.deepEqual(missing, [], 'groups without a test file');
  });
});
