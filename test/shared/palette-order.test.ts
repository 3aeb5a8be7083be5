/**
 * The palette shows categories in the order their first node type registers, which is the order
 * of package.json's `node-red.nodes`: the areas as scripts/palette.ts lists them (users first),
 * and within an area the retired groups (end of life) after every live one.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PALETTE_AREAS, paletteAreaOf } from '../../scripts/palette';

const root = path.resolve(__dirname, '..', '..', '..');
const dist = path.join(root, 'dist');

/** The node types whose catalogue group is retired, read from the built catalogues. */
function retiredTypes(): Set<string> {
  const retired = new Set<string>();
  const files = fs.readdirSync(path.join(dist, 'nodes'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.catalogue.js'));
  assert.ok(files.length > 40, 'the catalogues are built');
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(path.join(dist, 'nodes', file)) as Record<string, { type?: unknown; endOfLife?: unknown } | undefined>;
    for (const value of Object.values(exported)) if (typeof value?.type === 'string' && value.endOfLife) retired.add(value.type);
  }
  return retired;
}

describe('palette order', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { 'node-red': { nodes: Record<string, string> } };
  const entries = Object.entries(pkg['node-red'].nodes).filter(([type]) => type !== 'auth0-config');

  it('lists the areas in the palette order, users first', () => {
    const areaIndex = ([, file]: [string, string]): number => {
      const area = paletteAreaOf(file.split('/')[2]);
      assert.ok(area, file);
      return PALETTE_AREAS.indexOf(area);
    };
    const order = entries.map(areaIndex);
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      'each area together, in the order of scripts/palette.ts',
    );
    assert.equal(entries[0][0], 'auth0-users', 'the users node comes first');
    assert.equal(PALETTE_AREAS[0].category, 'Auth0 users');
  });

  it('puts the retired node types after every live one of their area', () => {
    const retired = retiredTypes();
    assert.deepEqual([...retired].sort(), ['auth0-hooks', 'auth0-rules', 'auth0-rules-configs']);
    for (const area of PALETTE_AREAS) {
      const types = entries.filter(([, file]) => area.families.includes(file.split('/')[2])).map(([type]) => type);
      const firstRetired = types.findIndex((type) => retired.has(type));
      if (firstRetired < 0) continue;
      assert.ok(
        types.slice(firstRetired).every((type) => retired.has(type)),
        `${area.category}: ${types.join(', ')}`,
      );
    }
  });
});
