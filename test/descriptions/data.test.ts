/**
 * The derived descriptions (nodes/descriptions/auth0-api-descriptions.json) held against the
 * catalogue, the script's output and what Auth0 really accepted (the go-auth0 recordings).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { bodyProblem, checkOperationBody, nearestName } from '../../nodes/descriptions/body-check';
import { answerFieldsFor, bodySchemaFor, descriptionsData, endpointFor, endpointKeyFor, type JsonSchema } from '../../nodes/descriptions/descriptions';
import type { GroupSpec, OperationSpec } from '../../nodes/shared/catalogue';
import { InputError } from '../../nodes/shared/errors';
import { ACCEPTED_BEYOND_DESCRIPTION, DATA_FILE, deriveFromReference, loadGroups, NO_SCHEMA, referenceDir } from '../../scripts/derive-descriptions';

const NODES_DIR = path.resolve(__dirname, '..', '..', 'nodes');
const groups = loadGroups(NODES_DIR);
const sendsJsonBody = (op: OperationSpec): boolean => (op.contentType ?? 'json') === 'json' && op.inputs.some((input) => input.in === 'body');
const bodyOperations = groups.flatMap((group) => group.operations.filter(sendsJsonBody).map((op) => ({ group, op })));
const name = (group: GroupSpec, op: OperationSpec): string => `${group.type}.${op.id}`;

/** Every property name a body schema knows at its top (in any alternative), and whether it takes others. */
function topLevel(schema: JsonSchema): { names: Set<string>; open: boolean } {
  const names = new Set<string>();
  let open = false;
  const visit = (s: JsonSchema): void => {
    for (const key of Object.keys(s.properties ?? {})) names.add(key);
    if (s.additionalProperties !== false && !s.anyOf && !s.allOf) open = true;
    for (const alt of [...(s.anyOf ?? []), ...(s.allOf ?? [])]) visit(alt);
  };
  visit(schema);
  return { names, open };
}

describe("Auth0's API descriptions: the derived data", () => {
  it('has a body schema for every operation that sends a JSON body, but the named exceptions', () => {
    assert.ok(bodyOperations.length > 200, `only ${bodyOperations.length} operations with a JSON body`);
    const missing = bodyOperations
      .filter(({ group, op }) => !bodySchemaFor(group.type, op.id) && !NO_SCHEMA[name(group, op)])
      .map(({ group, op }) => name(group, op));
    assert.deepEqual(missing, []);
  });

  it('keeps the exceptions honest: each a real operation with a JSON body, without a schema, with a reason', () => {
    for (const [id, reason] of Object.entries(NO_SCHEMA)) {
      const found = bodyOperations.find(({ group, op }) => name(group, op) === id);
      assert.ok(found, `${id} is no operation with a JSON body`);
      assert.equal(bodySchemaFor(found.group.type, found.op.id), undefined, `${id} has a schema: drop the exception`);
      assert.ok(reason.length > 20, `${id}: say why`);
    }
  });

  it('knows every body input of the catalogue (each named body field is a property of the schema)', () => {
    const unknown: string[] = [];
    for (const { group, op } of bodyOperations) {
      const schema = bodySchemaFor(group.type, op.id);
      if (!schema) continue;
      const { names, open } = topLevel(schema);
      for (const input of op.inputs.filter((i) => i.in === 'body' && !i.wholeBody)) {
        const wire = input.wireName ?? input.name;
        if (!names.has(wire) && !open) unknown.push(`${name(group, op)}: body.${wire}`);
      }
    }
    assert.deepEqual(unknown, []);
  });

  it('gives no body schema to an operation that sends no JSON body', () => {
    for (const group of groups) {
      for (const op of group.operations.filter((o) => !sendsJsonBody(o))) assert.equal(bodySchemaFor(group.type, op.id), undefined, name(group, op));
    }
  });

  it('names only operations of the catalogue', () => {
    const known = new Set(groups.flatMap((group) => group.operations.map((op) => name(group, op))));
    assert.deepEqual(
      Object.keys(descriptionsData().operations).filter((id) => !known.has(id)),
      [],
    );
  });

  it('describes answers: the fields of a user, and of a list its items', () => {
    const user = answerFieldsFor('auth0-users', 'get');
    assert.equal(user?.type, 'object');
    assert.ok(user?.fields?.some((f) => f.name === 'user_id' && f.type === 'string' && (f.description ?? '').length > 0));
    const roles = answerFieldsFor('auth0-roles', 'list');
    assert.equal(roles?.type, 'array');
    assert.ok(roles?.fields?.some((f) => f.name === 'name'));
  });

  it('finds the endpoint of a concrete request, literal segments before placeholders', () => {
    assert.equal(endpointFor('POST', '/api/v2/users'), 'POST /api/v2/users');
    assert.equal(endpointFor('patch', '/api/v2/users/auth0%7C1?fields=x'), 'PATCH /api/v2/users/{}');
    assert.equal(endpointFor('GET', '/api/v2/users-by-email'), endpointKeyFor('auth0-users-by-email', 'search_users_by_email'));
    assert.equal(endpointFor('POST', '/api/v2/nothing-here'), undefined);
  });

  it('is what the script derives from the descriptions today (npm run derive)', function () {
    this.timeout(60000);
    const dir = referenceDir();
    // The descriptions live beside the repository, not in it (a packed copy has no script to run).
    if (dir === undefined) this.skip();
    assert.ok(deriveFromReference(dir) === fs.readFileSync(DATA_FILE, 'utf8'), 'the committed data is stale: run npm run derive and commit it');
  });

  it('accepts every request body Auth0 answered 2xx to in the go-auth0 recordings (the description is never stricter than Auth0)', function () {
    this.timeout(60000);
    const dir = referenceDir();
    const recordings = dir && path.resolve(dir, '..', 'auth0-recordings', 'go-auth0');
    if (!recordings || !fs.existsSync(recordings)) this.skip();
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.yaml')) files.push(full);
      }
    };
    walk(recordings);
    let checked = 0;
    const refused: string[] = [];
    for (const file of files) {
      const doc = loadYaml(fs.readFileSync(file, 'utf8')) as {
        interactions?: { request: { method: string; url: string; body?: string }; response: { code: number } }[];
      };
      for (const { request, response } of doc.interactions ?? []) {
        if (!request.body || response.code < 200 || response.code > 299) continue;
        let body: unknown;
        try {
          body = JSON.parse(request.body);
        } catch {
          continue;
        }
        const key = endpointFor(request.method, new URL(request.url).pathname);
        if (!key) continue;
        checked += 1;
        const problem = bodyProblem(key, body);
        if (problem) refused.push(`${path.basename(file)}: ${key}: ${problem.message}`);
      }
    }
    assert.ok(checked > 500, `only ${checked} recorded bodies checked`);
    assert.deepEqual(refused, []);
  });

  it('lists each relaxation with the reason Auth0 takes it, on an endpoint of the data', () => {
    for (const accepted of ACCEPTED_BEYOND_DESCRIPTION) {
      for (const key of accepted.endpoints) assert.ok(descriptionsData().endpoints[key]?.body, `${key} has no body schema`);
      assert.ok(accepted.why.length > 30);
    }
  });
});

describe('the body check', () => {
  const fails = (groupType: string, op: string, body: unknown): InputError => {
    try {
      checkOperationBody(groupType, op, body);
    } catch (err) {
      assert.ok(err instanceof InputError);
      return err;
    }
    throw new assert.AssertionError({ message: `${groupType}.${op} took ${JSON.stringify(body)}` });
  };

  it('names a misspelt property and the known one meant', () => {
    const err = fails('auth0-users', 'create', { connection: 'db', email: 'a@example.com', user_metdata: {} });
    assert.equal(err.input, 'body.user_metdata');
    assert.match(err.message, /body\.user_metdata is not a property of this body; did you mean body\.user_metadata\?/);
  });

  it('names a nested property outside its enum, and the allowed values', () => {
    const err = fails('auth0-clients', 'create', { name: 'app', jwt_configuration: { alg: 'none' } });
    assert.equal(err.input, 'body.jwt_configuration.alg');
    assert.match(err.message, /must be one of HS256, RS256/);
  });

  it('names a missing required property and a wrong type', () => {
    assert.equal(fails('auth0-users', 'create', { email: 'a@example.com' }).input, 'body.connection');
    const typed = fails('auth0-users', 'create', { connection: 'db', blocked: 'yes' });
    assert.equal(typed.input, 'body.blocked');
    assert.match(typed.message, /must be a boolean, got a string/);
  });

  it('takes null where the description allows it, also for an enum (token_endpoint_auth_method: null)', () => {
    checkOperationBody('auth0-clients', 'update', { token_endpoint_auth_method: null });
    checkOperationBody('auth0-users', 'create', { connection: 'db', email: 'a@example.com', password: 'x', user_metadata: { any: 'thing' } });
  });

  it('never shows a secret: a wrong type names the type, not the value', () => {
    const err = fails('auth0-users', 'create', { connection: 'db', password: { secret: 'hunter2-value' } });
    assert.doesNotMatch(err.message, /hunter2/);
  });

  it('suggests only a close name', () => {
    assert.equal(nearestName('user_metdata', ['user_metadata', 'app_metadata']), 'user_metadata');
    assert.equal(nearestName('zzzz', ['user_metadata', 'app_metadata']), undefined);
  });
});
