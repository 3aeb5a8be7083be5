/**
 * An exported flow of every example holds no typed secret in the package's nodes: no body property
 * or input that carries a secret (the rule of nodes/shared/secret-names.ts and Auth0's
 * descriptions) typed as text or JSON, no JSONata giving a secret's name a literal, and no JSON
 * typed into them with a value under a secret's name. Node-RED's export leaves credentials out;
 * everything else in these files is what an export holds.
 */
import assert from 'node:assert/strict';
import { typedSecretError, SECRET_SOURCES } from '../../nodes/engine/typed-secrets';
import { secretKind } from '../../nodes/shared/secret-names';
import { exampleFiles, groupOf, nodesOf, packageNodeModules, type RawNode } from './flow-files';

/** Secret-named keys with a typed value, at any depth of a JSON value (`$.a.b`). */
export function typedSecretKeys(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => typedSecretKeys(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const typed = (typeof child === 'string' && child !== '') || (typeof child === 'object' && child !== null && Object.keys(child).length > 0);
    const kind = secretKind(key);
    // A text's name over an object is its settings (a refresh token's rotation): its fields are looked at instead.
    if (kind !== undefined && typed && !(kind === 'text' && typeof child === 'object')) return [`${at}.${key}`];
    return typedSecretKeys(child, `${at}.${key}`);
  });
}

/** Strings of a node that hold JSON, parsed (a string that is not JSON is none). */
function jsonIn(value: unknown, at: string): { at: string; json: unknown }[] {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('{') && !text.startsWith('[')) return [];
    try {
      return [{ at, json: JSON.parse(text) as unknown }];
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonIn(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, child]) => jsonIn(child, `${at}.${key}`));
  return [];
}

/** The typed secrets of one node of a flow file, each said with where it is. */
export function typedSecretsOf(node: RawNode, modules: Map<string, string>): string[] {
  const found: string[] = [];
  const modulePath = modules.get(node.type);
  const group = modulePath ? groupOf(modulePath) : undefined;
  if (group && typeof node.operation === 'string' && node.operation !== '') {
    const op = group.operations.find((candidate) => candidate.id === node.operation);
    const params = (node.params ?? {}) as Record<string, unknown>;
    for (const input of op?.inputs ?? []) {
      const raw = params[input.name];
      if (!input.secret || raw === undefined || raw === '' || raw === null) continue;
      const setting = typeof raw === 'object' && 'value' in raw ? (raw as { value: unknown; type?: string }) : { value: raw };
      if (setting.value === '' || SECRET_SOURCES.has(setting.type ?? '')) continue;
      // JSONata that reads the secret ($env("…")) types none; one that gives a secret's name a literal does.
      const literals = setting.type === 'jsonata' && typeof setting.value === 'string' ? [...setting.value.matchAll(/"([^"]+)"\s*:\s*"[^"]+"/g)].map((m) => m[1]) : undefined;
      if (literals === undefined) found.push(`params.${input.name} typed as ${setting.type ?? 'text'}`);
      else for (const name of literals.filter((key) => secretKind(key) !== undefined)) found.push(`params.${input.name}: ${name} typed in JSONata`);
    }
    const typed = typedSecretError(group.type, node.operation, node.bodyProperties as Record<string, { value: unknown; type?: string }> | undefined);
    if (typed) found.push(typed.message);
  }
  if (!group) return found;
  const { id: _id, type: _type, z: _z, wires: _wires, ...rest } = node;
  for (const { at, json } of jsonIn(rest, node.type)) for (const key of typedSecretKeys(json)) found.push(`${at}: ${key}`);
  return found;
}

describe('examples: no typed secret in any exported flow', () => {
  const modules = packageNodeModules();

  it('finds one where a flow carries it (the check can fail)', () => {
    const node = {
      id: 'n',
      type: 'auth0-emails',
      operation: 'config',
      bodyProperties: { credentials: { type: 'json', value: '{"api_key":"SG.x"}' } },
    } as RawNode;
    assert.equal(typedSecretsOf(node, modules).length, 2);
    const users = { id: 'u', type: 'auth0-users', operation: 'create', params: { body: { type: 'json', value: '{"email":"a@b.c","password":"Typed-1"}' } } } as RawNode;
    assert.deepEqual(typedSecretsOf(users, modules), ['auth0-users.params.body.value: $.password']);
    const hooks = { id: 'h', type: 'auth0-hooks', operation: 'add_secrets', params: { body: { type: 'jsonata', value: '{"API_KEY": "typed"}' } } } as RawNode;
    assert.deepEqual(typedSecretsOf(hooks, modules), ['params.body: API_KEY typed in JSONata', 'auth0-hooks.params.body.value: $.API_KEY']);
    const fromMsg = { id: 'm', type: 'auth0-emails', operation: 'config', bodyProperties: { credentials: { type: 'msg', value: 'mail' } } } as RawNode;
    assert.deepEqual(typedSecretsOf(fromMsg, modules), []);
  });

  it('every example file', () => {
    const found: string[] = [];
    let nodes = 0;
    for (const example of exampleFiles()) {
      for (const node of nodesOf(example)) {
        nodes += 1;
        for (const problem of typedSecretsOf(node, modules)) found.push(`${example.file} ${node.id}: ${problem}`);
      }
    }
    assert.ok(nodes > 100, `only ${nodes} nodes`);
    assert.deepEqual(found, []);
  });
});
