/**
 * Hostile messages to a node in a real Node-RED: one nested thousands of levels deep (Node-RED's
 * copy for Catch used to overflow the stack and end the process) is refused with a clear error
 * that reaches Catch, and the node goes on working; an error echoing a huge input reaches Catch cut.
 */
import assert from 'node:assert/strict';
import { Auth0Error, ConfigError, InputError, MAX_ERROR_TEXT, boundedError } from '../../nodes/shared/errors';
import { jsonNestedDeeperThan, tooDeepUnder } from '../../nodes/shared/message-depth';
import { coreNodes, helper, nodeModules } from '../helpers/node-red';
import { nested } from '../helpers/nested';
import { startRecorder, type Recorder } from '../helpers/recorder';

type Msg = Record<string, unknown>;

describe('hostile messages to a node', function () {
  this.timeout(20000);
  let recorder: Recorder;
  const caught: Msg[] = [];
  const output: Msg[] = [];

  before(async () => {
    recorder = await startRecorder(() => ({ body: [] }));
    await helper.startServer();
    await helper.load(
      [...nodeModules('roles/auth0-roles', 'organizations/auth0-organizations'), ...coreNodes('25-catch.js')],
      [
        { id: 'tab', type: 'tab', label: 'hostile' },
        { id: 'cfg', type: 'auth0-config', domain: recorder.domain, protocol: 'http', retries: 0, clientId: 'client-id' },
        { id: 'roles', type: 'auth0-roles', z: 'tab', x: 100, y: 100, tenant: 'cfg', operation: '', version: 1, wires: [['out']] },
        { id: 'organizations', type: 'auth0-organizations', z: 'tab', x: 100, y: 200, tenant: 'cfg', operation: '', version: 1, wires: [['out']] },
        { id: 'out', type: 'helper', z: 'tab', x: 300, y: 100 },
        { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 300, scope: null, uncaught: false, wires: [['caught']] },
        { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 300 },
      ],
      { cfg: { clientId: 'client-id', clientSecret: 'client-secret' } },
    );
    helper.getNode('caught')?.on('input', (msg) => caught.push(msg));
    helper.getNode('out')?.on('input', (msg) => output.push(msg));
  });

  after(async () => {
    await helper.unload();
    await Promise.resolve(helper.stopServer());
    await recorder.close();
  });

  const settled = async (count: () => number, before: number): Promise<void> => {
    for (let waited = 0; waited < 5000 && count() === before; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('refuses a message nested 3,000 levels deep with a clear error to Catch, sends nothing, and keeps working', async () => {
    const before = recorder.apiRequests().length;
    helper.getNode('roles')?.receive({ operation: 'list', payload: { deep: nested(3000) } });
    await settled(() => caught.length, 0);
    assert.equal(caught.length, 1, 'caught');
    const error = caught[0].error as Msg;
    assert.match(String(error.message), /msg\.payload is nested more than 200 levels deep/);
    assert.equal((caught[0].auth0 as Msg).input, 'msg.payload');
    assert.equal(tooDeepUnder(caught[0]), undefined, 'what reached Catch is cut to a depth Node-RED copies');
    assert.equal(recorder.apiRequests().length, before, 'nothing sent');
    helper.getNode('roles')?.receive({ operation: 'list', payload: {} });
    await settled(() => output.length, 0);
    assert.equal(output.length, 1, 'the next message goes through');
  });

  it('takes a message nested less deep than the limit', async () => {
    const before = output.length;
    helper.getNode('roles')?.receive({ operation: 'list', payload: { deep: nested(150) } });
    await settled(() => output.length, before);
    assert.equal(output.length, before + 1);
  });

  it('cuts an error that echoes a huge input (a metadata key of 50 KB) before it reaches Catch', async () => {
    const before = caught.length;
    const key = 'k'.repeat(50_000);
    helper.getNode('organizations')?.receive({ operation: 'create_organization', payload: { body: { name: 'acme', metadata: { [key]: 5 } } } });
    await settled(() => caught.length, before);
    const error = caught[before]?.error as Msg | undefined;
    assert.ok(error, 'caught');
    const message = String(error.message);
    assert.ok(message.length < 500, `${message.length} characters`);
    assert.match(message, /body\.metadata\.k{40}…\(50000 characters\) must be a string or null, got a number/);
    assert.ok(String((caught[before].auth0 as Msg).input).length < 120);
  });

  it('cuts any error message of the package to a bounded length, the stack too', () => {
    const long = 'y'.repeat(50_000);
    for (const err of [new InputError('x', long), new ConfigError(long), new Auth0Error(long, { statusCode: 400 })]) {
      assert.ok(err.message.length <= MAX_ERROR_TEXT + 40, `${err.name}: ${err.message.length}`);
      assert.match(err.message, /… \(49000 more characters cut\)$/);
    }
    const plain = boundedError(new TypeError(long));
    assert.ok(plain.message.length <= MAX_ERROR_TEXT + 40);
    assert.ok(String(plain.stack).length < MAX_ERROR_TEXT + 2000);
  });
});

describe('the nesting of JSON text, read from its bytes', () => {
  const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

  it('counts arrays and objects inside one another, across JSON lines', () => {
    assert.equal(jsonNestedDeeperThan(bytes('[{"a":[1]}]'), 3), false);
    assert.equal(jsonNestedDeeperThan(bytes('[{"a":[[1]]}]'), 3), true);
    assert.equal(jsonNestedDeeperThan(bytes('{"a":[1]}\n{"b":[2]}\n{"c":[3]}'), 2), false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    assert.equal(jsonNestedDeeperThan(bytes(JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[["' })), 1), false);
    assert.equal(jsonNestedDeeperThan(bytes(JSON.stringify({ a: '\\', b: [[1]] })), 2), true);
  });
});
