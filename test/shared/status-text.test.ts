/**
 * Status texts are message keys (nodes/shared/status-text.ts): every key the nodes use has its
 * text in the auth0-config catalogue, under the namespace Node-RED gives that catalogue.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATUS_NAMESPACE, statusTexts } from '../../nodes/shared/status-text';

const root = path.resolve(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const catalogue = JSON.parse(fs.readFileSync(path.join(root, 'nodes', 'config', 'locales', 'en-US', 'auth0-config.json'), 'utf8')) as {
  'auth0-config': { status: Record<string, unknown> };
};

function textOf(key: string): unknown {
  let value: unknown = catalogue['auth0-config'].status;
  for (const part of key.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

describe('status texts', () => {
  it('are read from the auth0-config catalogue under the namespace Node-RED gives it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; 'node-red': { nodes: Record<string, string> } };
    assert.equal(STATUS_NAMESPACE, `${pkg.name}/auth0-config`);
    assert.ok(pkg['node-red'].nodes['auth0-config']);
    const asked: unknown[][] = [];
    const text = statusTexts({
      _: (...args: unknown[]) => {
        asked.push(args);
        return 'translated';
      },
    });
    assert.equal(text('rateLimited', { seconds: 3 }), 'translated');
    assert.deepEqual(asked, [[`${STATUS_NAMESPACE}:auth0-config.status.rateLimited`, { seconds: 3 }]]);
  });

  it('every key the nodes use has a text', () => {
    const used = new Set<string>();
    for (const file of sources(path.join(root, 'nodes'))) {
      const code = fs.readFileSync(file, 'utf8');
      for (const call of code.matchAll(/\btext\(([^()]*)\)/g)) {
        for (const key of call[1].matchAll(/'([a-zA-Z][a-zA-Z.]*)'/g)) used.add(key[1]);
      }
    }
    assert.ok(used.size >= 30, `found only ${used.size} keys: the scan no longer sees the calls`);
    const missing = [...used].filter((key) => typeof textOf(key) !== 'string');
    assert.deepEqual(missing, []);
  });

  it('every reason verify-token refuses a token for has a text', () => {
    const source = fs.readFileSync(path.join(root, 'nodes', 'auth', 'verify', 'invalid-token.ts'), 'utf8');
    const union = /export type InvalidTokenCode =([^;]*);/.exec(source)?.[1] ?? '';
    const codes = [...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    assert.ok(codes.length > 10);
    assert.deepEqual(
      codes.filter((code) => typeof textOf(`refusedToken.${code}`) !== 'string'),
      [],
    );
  });
});
