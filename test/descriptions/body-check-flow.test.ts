/**
 * Every operation that sends a JSON body, in a real node: a misspelt, a mistyped and a missing
 * required property (generated from the derived schemas, not written by hand) fail to Catch naming
 * `body.<property>`, and nothing reaches the (recording) server. `checkBody: false` sends it anyway.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bodySchemaFor, type JsonSchema } from '../../nodes/descriptions/descriptions';
import type { GroupSpec, OperationSpec } from '../../nodes/shared/catalogue';
import { coreNodes, helper, nodeModules } from '../helpers/node-red';
import { startRecorder, type Recorder } from '../helpers/recorder';
import { inputSample, mainShape, misspell, sample, wrongTypeFor } from './samples';

type Msg = Record<string, unknown>;

const ROOT = path.resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { 'node-red': { nodes: Record<string, string> } };

interface Case {
  group: GroupSpec;
  op: OperationSpec;
  kind: 'misspelt' | 'mistyped' | 'missing';
  payload: Msg;
  /** The property the failure must name, `body.<name>` (or the input's own name, for a named body input). */
  property: string;
  /** The known property a misspelling's message must suggest. */
  meant?: string;
}

/** The group modules of the package (below dist/nodes), by node type. */
function groupModules(): { module: string; group: GroupSpec }[] {
  const found: { module: string; group: GroupSpec }[] = [];
  for (const file of Object.values(pkg['node-red'].nodes)) {
    const module = file.replace(/^dist\/nodes\//, '').replace(/\.js$/, '');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require(path.join(ROOT, file)) as { group?: GroupSpec };
    if (loaded.group) found.push({ module, group: loaded.group });
  }
  return found;
}

function basePayload(op: OperationSpec): Msg {
  const payload: Msg = {};
  for (const input of op.inputs) if (input.required && input.in !== 'body' && !input.fromConfig) payload[input.name] = inputSample(input);
  return payload;
}

/** The three spoilt bodies of one operation, where its schema lets each be made. */
function casesOf(group: GroupSpec, op: OperationSpec, schema: JsonSchema): Case[] {
  const whole = op.inputs.find((input) => input.in === 'body' && input.wholeBody);
  const named = op.inputs.filter((input) => input.in === 'body' && !input.wholeBody);
  const shape = mainShape(schema);
  const valid = sample(shape) as Msg;
  const cases: Case[] = [];
  const withBody = (body: Msg): Msg => {
    const payload = basePayload(op);
    if (whole) {
      // Named body inputs of the catalogue fill their own part; the rest is the whole body.
      const rest = { ...body };
      for (const input of named) {
        const wire = input.wireName ?? input.name;
        if (wire in rest) {
          payload[input.name] = rest[wire];
          delete rest[wire];
        }
      }
      payload[whole.name] = rest;
    } else {
      for (const input of named) if ((input.wireName ?? input.name) in body) payload[input.name] = body[input.wireName ?? input.name];
    }
    return payload;
  };
  const known = Object.keys(shape.properties ?? {});
  // Misspelt: only through a whole body (a named input cannot be misspelt) where no other properties are taken.
  if (whole && shape.additionalProperties === false) {
    const target = known.find((name) => name.length >= 5 && misspell(name, known) !== undefined && !named.some((i) => (i.wireName ?? i.name) === name));
    const wrong = target && misspell(target, known);
    if (target && wrong)
      cases.push({
        group,
        op,
        kind: 'misspelt',
        payload: withBody({ ...valid, [wrong]: sample(shape.properties?.[target] ?? {}) }),
        property: wrong,
        meant: target,
      });
  }
  // Mistyped: a property of one plain type, given another (through the whole body; a named input is coerced first and named itself).
  const typed = known.find(
    (name) => wrongTypeFor(shape.properties?.[name] ?? {}) !== undefined && (whole !== undefined || !named.some((i) => (i.wireName ?? i.name) === name)),
  );
  // (Not for an executor's operation: it assembles the body from its own inputs.)
  if (typed && (whole || named.length === 0) && !op.executor) {
    cases.push({ group, op, kind: 'mistyped', payload: withBody({ ...valid, [typed]: wrongTypeFor(shape.properties?.[typed] ?? {}) }), property: typed });
  }
  // Missing: the first required property left out. Without a whole body, the node's own inputs make
  // the body: the catalogue's required inputs set, and missing one the catalogue leaves optional
  // (its defaults and the tenant's credentials always fill theirs).
  if (whole) {
    const required = shape.required?.[0];
    if (required) {
      const body = { ...valid };
      delete body[required];
      cases.push({ group, op, kind: 'missing', payload: withBody(body), property: required });
    }
  } else {
    const payload = basePayload(op);
    for (const input of named) if (input.required && !input.fromConfig && input.default === undefined) payload[input.name] = inputSample(input);
    const required = (schema.anyOf ? [] : (schema.required ?? [])).find((name) =>
      named.some((i) => (i.wireName ?? i.name) === name && !i.required && !i.fromConfig && i.default === undefined),
    );
    if (required) cases.push({ group, op, kind: 'missing', payload, property: required });
  }
  return cases;
}

describe('the body check in every node that sends a JSON body (cases generated from the descriptions)', function () {
  this.timeout(120000);
  const modules = groupModules();
  const cases: Case[] = [];
  for (const { group } of modules) {
    for (const op of group.operations) {
      const schema = op.deprecated ? undefined : bodySchemaFor(group.type, op.id);
      if (schema) cases.push(...casesOf(group, op, schema));
    }
  }
  let recorder: Recorder;
  const caught = new Map<number, Msg>();
  const output = new Map<number, Msg>();

  before(async () => {
    recorder = await startRecorder(() => ({ body: {} }));
    await helper.startServer();
    const flow: unknown[] = [
      { id: 'tab', type: 'tab', label: 'bodies' },
      { id: 'cfg', type: 'auth0-config', domain: recorder.domain, protocol: 'http', retries: 0, clientId: 'client-id' },
      // x and y: Node-RED takes a node without them for a config node.
      { id: 'out', type: 'helper', z: 'tab', x: 600, y: 100 },
      { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 900, scope: null, uncaught: false, wires: [['caught']] },
      { id: 'caught', type: 'helper', z: 'tab', x: 600, y: 900 },
    ];
    // A new user's form: the password row reads a misspelt msg.pasword.
    flow.push({
      id: 'users-form',
      type: 'auth0-users',
      z: 'tab',
      x: 100,
      y: 500,
      tenant: 'cfg',
      operation: 'create',
      version: 1,
      bodyProperties: {
        connection: { value: 'Username-Password-Authentication', type: 'str' },
        email: { value: 'newbie@example.com', type: 'str' },
        password: { value: 'pasword', type: 'msg' },
      },
      wires: [['out']],
    });
    for (const { group } of modules) {
      const common = { type: group.type, z: 'tab', x: 100, y: 100, tenant: 'cfg', operation: '', version: 1, wires: [['out']] };
      flow.push({ ...common, id: group.type }, { ...common, id: `${group.type}:unchecked`, checkBody: false });
    }
    await helper.load([...nodeModules(...modules.map((m) => m.module)), ...coreNodes('25-catch.js')], flow, {
      cfg: { clientId: 'client-id', clientSecret: 'client-secret' },
    });
    helper.getNode('caught')?.on('input', (msg) => caught.set(msg._case as number, msg));
    helper.getNode('out')?.on('input', (msg) => output.set(msg._case as number, msg));
  });

  after(async () => {
    await helper.unload();
    await Promise.resolve(helper.stopServer());
    await recorder.close();
  });

  const deliver = async (nodeId: string, index: number, c: Case): Promise<Msg | undefined> => {
    helper.getNode(nodeId)?.receive({ _case: index, operation: c.op.id, payload: structuredClone(c.payload) });
    for (let waited = 0; waited < 5000 && !caught.has(index) && !output.has(index); waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    return caught.get(index);
  };

  it('generates the three cases for nearly every such operation', () => {
    const operations = new Set(cases.map((c) => `${c.group.type}.${c.op.id}`));
    // Not every body can be spoilt all three ways (open objects take any property; some require none).
    assert.ok(operations.size >= 135, `cases for only ${operations.size} operations`);
    for (const kind of ['misspelt', 'mistyped', 'missing'] as const) {
      const count = cases.filter((c) => c.kind === kind).length;
      assert.ok(count >= 60, `only ${count} ${kind} cases`);
    }
  });

  it('fails each to Catch naming body.<property>, with nothing sent', async () => {
    const wrong: string[] = [];
    for (const [index, c] of cases.entries()) {
      const before = recorder.requests.length;
      const msg = await deliver(c.group.type, index, c);
      const label = `${c.group.type}.${c.op.id} ${c.kind} ${c.property}`;
      if (!msg) {
        wrong.push(`${label}: not caught`);
        continue;
      }
      const auth0 = msg.auth0 as Msg;
      const message = String((msg.error as Msg).message);
      const named = c.op.inputs.some(
        (input) => input.in === 'body' && !input.wholeBody && (input.wireName ?? input.name) === c.property && input.name === auth0.input,
      );
      if (auth0.input !== `body.${c.property}` && !named) wrong.push(`${label}: names ${String(auth0.input)}: ${message}`);
      else if (c.meant && !message.includes(`did you mean body.${c.meant}?`)) wrong.push(`${label}: suggests no ${c.meant}: ${message}`);
      if (recorder.requests.length !== before) wrong.push(`${label}: a request was sent`);
    }
    assert.deepEqual(wrong, []);
    assert.equal(recorder.requests.length, 0);
  });

  it("refuses what Auth0 documents in words or as a format, naming the input, before sending: a database user's password, an e-mail address", async () => {
    const before = recorder.requests.length;
    const bodies: [Msg, string][] = [
      // The form's password row read from a misspelt msg.pasword: no password in the body.
      [{ connection: 'Username-Password-Authentication', email: 'newbie@example.com' }, 'body.password'],
      [{ connection: 'Username-Password-Authentication', email: 'newbie2@', password: 'Str0ng-enough!' }, 'body.email'],
      [{ conection: 'Username-Password-Authentication', email: 'newbie@example.com', password: 'Str0ng-enough!' }, 'body.conection'],
    ];
    for (const [i, [body, input]] of bodies.entries()) {
      const index = cases.length + 20 + i;
      helper.getNode('auth0-users')?.receive({ _case: index, operation: 'create', payload: { body } });
      for (let waited = 0; waited < 5000 && !caught.has(index) && !output.has(index); waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal((caught.get(index)?.auth0 as Msg | undefined)?.input, input);
    }
    assert.match(String((caught.get(cases.length + 22)?.error as Msg).message), /did you mean body\.connection\?/);
    assert.equal(recorder.requests.length, before, 'nothing sent');
  });

  it('says where the form reads a missing password: msg.pasword, not set; nothing sent', async () => {
    const before = recorder.requests.length;
    const index = cases.length + 30;
    helper.getNode('users-form')?.receive({ _case: index, password: 'Str0ng-enough!' });
    for (let waited = 0; waited < 5000 && !caught.has(index) && !output.has(index); waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    const msg = caught.get(index);
    assert.equal((msg?.auth0 as Msg | undefined)?.input, 'body.password');
    assert.match(String((msg?.error as Msg).message), /body\.password is required .*; the form reads it from msg\.pasword, which is not set$/);
    assert.doesNotMatch(String((msg?.error as Msg).message), /Str0ng/);
    assert.equal(recorder.requests.length, before, 'nothing sent');
  });

  it('sends a property newer than the description (roles type) with one warning per deploy naming it', async () => {
    const before = recorder.apiRequests().length;
    const warned = () =>
      helper
        .log()
        .args.map((args) => args[0] as { level?: number; id?: string; msg?: unknown })
        .filter((entry) => entry.id === 'auth0-roles' && entry.level === 30 && /body\.type is not in Auth0's API description/.test(String(entry.msg)));
    for (const [i, name] of ['admin', 'viewer'].entries()) {
      const index = cases.length + 10 + i;
      helper.getNode('auth0-roles')?.receive({ _case: index, operation: 'create', payload: { body: { name, type: 'tenant' } } });
      for (let waited = 0; waited < 5000 && !caught.has(index) && !output.has(index); waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal(caught.get(index), undefined, 'not caught');
    }
    const sent = recorder.apiRequests().slice(before);
    assert.deepEqual(
      sent.map((r) => (JSON.parse(r.body) as Msg).type),
      ['tenant', 'tenant'],
    );
    assert.equal(warned().length, 1, 'one warning');
  });

  it('sends the body unchecked with checkBody false', async () => {
    const c = cases.find((x) => x.kind === 'misspelt' && x.group.type === 'auth0-users' && x.op.id === 'create');
    assert.ok(c, 'a misspelt users.create case');
    const index = cases.length + 1;
    assert.equal(await deliver(`${c.group.type}:unchecked`, index, c), undefined, 'not caught');
    const sent = recorder.apiRequests().find((r) => r.method === 'POST' && r.path === '/api/v2/users');
    assert.ok(sent, 'sent');
    assert.ok(c.property in (JSON.parse(sent.body) as Msg));
  });
});
