/**
 * Secrets in request bodies, by rule: every operation's body properties walked against the rule
 * (Auth0's `writeOnly` and `format: password`, and the names of nodes/shared/secret-names.ts): each
 * that is or holds a secret is a row the form fills from msg, flow, global or env only; a flow
 * file that carries one typed as text or JSON fails before any request, naming the property and
 * not the value; the same property from msg goes through.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bodySchemaFor, type JsonSchema } from '../../nodes/descriptions/descriptions';
import { secretKind } from '../../nodes/shared/secret-names';
import { editorCatalogue } from '../../scripts/editor-html';
import { loadGroups } from '../../scripts/derive-descriptions';
import { coreNodes, helper, nodeModules } from '../helpers/node-red';
import { startRecorder, type Recorder } from '../helpers/recorder';

const NODES_DIR = path.resolve(__dirname, '..', '..', 'nodes');
const groups = loadGroups(NODES_DIR);

function alternatives(schema: JsonSchema): JsonSchema[] {
  return [schema, ...[...(schema.anyOf ?? []), ...(schema.allOf ?? [])].flatMap(alternatives)];
}

function children(schema: JsonSchema): [string, JsonSchema][] {
  return alternatives(schema).flatMap((alt) => [
    ...Object.entries(alt.properties ?? {}),
    ...(alt.items ? ([['*', alt.items]] as [string, JsonSchema][]) : []),
    ...(typeof alt.additionalProperties === 'object' ? ([['*', alt.additionalProperties]] as [string, JsonSchema][]) : []),
  ]);
}

/**
 * The rule read straight off a property's schema: marked secret, or named a secret and not a flag,
 * a count, or a structure of settings without a secret (a text's or a credential's; never a
 * collection of secrets); else whether anything under it is one.
 */
function holdsSecret(name: string, schema: JsonSchema, depth = 0): boolean {
  if (depth > 12) return false;
  const alts = alternatives(schema);
  if (alts.some((alt) => alt.writeOnly === true || alt.format === 'password')) return true;
  const inner =
    children(schema).some(([key, child]) => key !== '*' && holdsSecret(key, child, depth + 1)) ||
    children(schema).some(([key, child]) => key === '*' && children(child).some(([k, c]) => holdsSecret(k, c, depth + 2)));
  const kind = secretKind(name);
  if (kind === undefined) return inner;
  const types = alts.flatMap((alt) => (Array.isArray(alt.type) ? alt.type : alt.type ? [alt.type] : [])).filter((t) => t !== 'null');
  if (types.length > 0 && types.every((t) => t === 'boolean' || t === 'integer' || t === 'number')) return false;
  const structure = alts.some((alt) => Object.keys(alt.properties ?? {}).length > 0 || (alt.items && alternatives(alt.items).some((i) => i.properties)));
  return kind === 'collection' || !structure || inner;
}

describe('secret body properties, found by rule', () => {
  const rows = groups.flatMap((group) =>
    (editorCatalogue(group).operations as { id: string; body?: { properties: { name: string; secret?: boolean }[] } }[]).flatMap((op) =>
      (op.body?.properties ?? []).map((row) => ({ group, op: op.id, row })),
    ),
  );

  it("walks every operation's body properties: each that is or holds a secret is a secret row, and no other", () => {
    const wrong: string[] = [];
    let secrets = 0;
    for (const { group, op, row } of rows) {
      const schema = bodySchemaFor(group.type, op);
      const property = alternatives(schema ?? {}).find((alt) => alt.properties?.[row.name])?.properties?.[row.name];
      assert.ok(property, `${group.type}.${op}: no schema for ${row.name}`);
      const expected = holdsSecret(row.name, property);
      if (expected) secrets += 1;
      if (Boolean(row.secret) !== expected) wrong.push(`${group.type}.${op} ${row.name}: secret ${String(row.secret)}, the rule says ${String(expected)}`);
    }
    assert.deepEqual(wrong, []);
    console.log(`      ${rows.length} body properties walked, ${secrets} carry a secret`);
    assert.ok(secrets >= 30, `only ${secrets} secret rows`);
  });

  it("marks the issue's cases: e-mail credentials, Guardian tokens and keys, log-stream sinks, action secrets, flow headers", () => {
    const secret = (type: string, op: string, name: string) => rows.find((r) => r.group.type === type && r.op === op && r.row.name === name)?.row.secret;
    assert.equal(secret('auth0-emails', 'config', 'credentials'), true);
    assert.equal(secret('auth0-emails', 'update', 'credentials'), true);
    assert.equal(secret('auth0-guardian', 'set_sns_provider', 'aws_secret_access_key'), true);
    assert.equal(secret('auth0-guardian', 'set_duo_settings', 'skey'), true);
    assert.equal(secret('auth0-log-streams', 'update', 'sink'), true);
    assert.equal(secret('auth0-actions', 'create_action', 'secrets'), true);
    assert.equal(secret('auth0-flows', 'create', 'actions'), true);
    assert.equal(secret('auth0-connections', 'create', 'options'), true);
    assert.equal(secret('auth0-users', 'create', 'password'), true);
    // Named like secrets, but settings: a client's refresh token rotation; a flag.
    assert.notEqual(secret('auth0-clients', 'create', 'refresh_token'), true);
    assert.notEqual(secret('auth0-clients', 'create', 'name'), true);
    const hooks = groups.find((group) => group.type === 'auth0-hooks')?.operations.find((op) => op.id === 'add_secrets');
    assert.equal(hooks?.inputs.find((input) => input.wholeBody)?.secret, true, "a hook's secrets body");
  });

  it('the edit form offers a secret row msg, flow, global and env only (resources/auth0-editor.js)', () => {
    const script = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'resources', 'auth0-editor.js'), 'utf8');
    assert.match(script, /var SECRET_SOURCES = \['msg', 'flow', 'global', 'env'\];/);
    assert.match(script, /if \(property\.secret\) \{\s*return SECRET_SOURCES\.slice\(\);/);
  });
});

describe('a secret typed into a flow file is refused at run time', function () {
  this.timeout(30000);
  let recorder: Recorder;
  const typed = 'typed-api-key-in-the-flow-file';

  before(async () => {
    recorder = await startRecorder(() => ({ body: { name: 'sendgrid' } }));
    await helper.startServer();
  });
  after(async () => {
    await helper.unload();
    await Promise.resolve(helper.stopServer());
    await recorder.close();
  });

  async function deliver(
    bodyProperties: Record<string, unknown> | undefined,
    msg: Record<string, unknown>,
    params?: Record<string, unknown>,
  ): Promise<{ caught?: Record<string, unknown>; out?: Record<string, unknown> }> {
    await helper.unload();
    const flow = [
      { id: 'tab', type: 'tab', label: 'secrets' },
      { id: 'cfg', type: 'auth0-config', domain: recorder.domain, protocol: 'http', retries: 0 },
      {
        id: 'emails',
        type: 'auth0-emails',
        z: 'tab',
        x: 100,
        y: 100,
        tenant: 'cfg',
        operation: 'config',
        version: 1,
        bodyProperties,
        params,
        wires: [['out']],
      },
      { id: 'out', type: 'helper', z: 'tab', x: 300, y: 100 },
      { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 300, scope: null, uncaught: false, wires: [['caught']] },
      { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 300 },
    ];
    await helper.load([...nodeModules('tenant/auth0-emails'), ...coreNodes('25-catch.js')], flow, {
      cfg: { clientId: 'client-id', clientSecret: 'client-secret' },
    });
    const result: { caught?: Record<string, unknown>; out?: Record<string, unknown> } = {};
    helper.getNode('caught')?.on('input', (m) => (result.caught = m));
    helper.getNode('out')?.on('input', (m) => (result.out = m));
    helper.getNode('emails')?.receive(msg);
    for (let waited = 0; waited < 5000 && !result.caught && !result.out; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    return result;
  }

  it('credentials typed as JSON: fails naming the property, nothing sent, the value nowhere', async () => {
    const before = recorder.apiRequests().length;
    const { caught, out } = await deliver(
      { name: { type: 'str', value: 'sendgrid' }, credentials: { type: 'json', value: JSON.stringify({ api_key: typed }) } },
      { payload: {} },
    );
    assert.equal(out, undefined);
    const message = String((caught?.error as { message?: string } | undefined)?.message);
    assert.match(message, /body property "credentials".*secret.*msg, flow, global or env/);
    assert.equal(recorder.apiRequests().length, before, 'a request was sent');
    assert.ok(!JSON.stringify([caught, helper.log().args]).includes(typed), 'the typed secret is repeated');
  });

  it('a whole body typed as JSON or JSONata that gives credentials a value: fails naming it, nothing sent, the value nowhere', async () => {
    const before = recorder.apiRequests().length;
    for (const body of [
      { type: 'json', value: JSON.stringify({ name: 'sendgrid', credentials: { api_key: typed } }) },
      { type: 'jsonata', value: `{"name": "sendgrid", "credentials": {"api_key": "${typed}"}}` },
      { value: JSON.stringify({ name: 'sendgrid', credentials: { api_key: typed } }) },
    ]) {
      const { caught, out } = await deliver(undefined, { payload: {} }, { body });
      assert.equal(out, undefined, `sent with the body typed as ${body.type ?? 'text'}`);
      const message = String((caught?.error as { message?: string } | undefined)?.message);
      assert.match(message, /secret body property "(credentials|api_key)".*msg, flow, global or env/);
      assert.ok(!JSON.stringify([caught, helper.log().args]).includes(typed), 'the typed secret is repeated');
    }
    assert.equal(recorder.apiRequests().length, before, 'a request was sent');
  });

  it('a whole body typed as JSON without a secret in it goes through, the credentials from msg', async () => {
    const { caught, out } = await deliver(
      { credentials: { type: 'msg', value: 'mail.credentials' } },
      { payload: {}, mail: { credentials: { api_key: typed } } },
      { body: { type: 'json', value: JSON.stringify({ name: 'sendgrid', enabled: true }) } },
    );
    assert.equal(caught, undefined, JSON.stringify(caught?.error));
    assert.ok(out);
  });

  it('the same credentials from msg go through', async () => {
    const { caught, out } = await deliver(
      { name: { type: 'str', value: 'sendgrid' }, credentials: { type: 'msg', value: 'mail.credentials' } },
      { payload: {}, mail: { credentials: { api_key: typed } } },
    );
    assert.equal(caught, undefined, JSON.stringify(caught?.error));
    assert.ok(out);
    const sent = recorder.apiRequests().at(-1);
    assert.equal((JSON.parse(sent?.body ?? '{}') as { credentials?: { api_key?: string } }).credentials?.api_key, typed);
  });
});
