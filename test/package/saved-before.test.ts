/**
 * A flow saved before a property existed still opens valid: every property's editor `validate`
 * accepts the property missing (undefined), unless the property is required. A config node without
 * the newer `maxResponseSize` once marked every node using the tenant invalid at every deploy.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { root } from './package-files';

interface PropertyDefinition {
  value?: unknown;
  required?: boolean;
  validate?: (this: unknown, value: unknown, opt?: unknown) => unknown;
}

function nodeHtmlFiles(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { 'node-red': { nodes: Record<string, string> } };
  return Object.values(pkg['node-red'].nodes).map((js) => path.join(root, js.replace(/\.js$/, '.html')));
}

/** The definitions the file's editor scripts register, run against a small stand-in for RED. */
function registered(file: string): Map<string, { defaults?: Record<string, PropertyDefinition> }> {
  const types = new Map<string, { defaults?: Record<string, PropertyDefinition> }>();
  const validator = () => () => true;
  const RED = {
    nodes: { registerType: (type: string, def: { defaults?: Record<string, PropertyDefinition> }) => types.set(type, def), node: () => undefined },
    validators: { number: validator, regex: validator, typedInput: validator },
    _: (key: string) => key,
    settings: {},
  };
  const html = fs.readFileSync(file, 'utf8');
  for (const [, script] of html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)) {
    // jQuery and the shared editor script are only called at load here: a stand-in that takes any call.
    const anything: unknown = new Proxy(function () {}, { get: () => anything, apply: () => anything });
    vm.runInNewContext(script, { RED, Auth0Editor: anything, $: anything, jQuery: anything, window: {}, console });
  }
  return types;
}

describe('a flow saved before a property existed', () => {
  it('opens valid: every optional property accepts being missing', () => {
    const refused: string[] = [];
    let checked = 0;
    for (const file of nodeHtmlFiles()) {
      for (const [type, def] of registered(file)) {
        for (const [name, property] of Object.entries(def.defaults ?? {})) {
          if (!property.validate || property.required) continue;
          checked += 1;
          const node = { type, ...Object.fromEntries(Object.entries(def.defaults ?? {}).map(([k, p]) => [k, p.value])) };
          let ok: unknown;
          try {
            ok = property.validate.call(node, undefined, {});
          } catch (err) {
            ok = `threw ${(err as Error).message}`;
          }
          if (ok !== true) refused.push(`${type}.${name}: ${String(ok)}`);
        }
      }
    }
    assert.ok(checked > 10, `only ${checked} validators found`);
    assert.deepEqual(refused, [], 'optional properties a flow saved before them lacks are invalid');
  });
});
