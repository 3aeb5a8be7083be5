import assert from 'node:assert/strict';
import type { InputSpec, OperationSpec } from '../../nodes/shared/catalogue';
import { InputError } from '../../nodes/shared/errors';
import { coerceInput, MAX_URL_INPUT_LENGTH, readFromPayload, resolveValues } from '../../nodes/engine/inputs';

const input = (over: Partial<InputSpec>): InputSpec => ({ name: 'x', in: 'query', type: 'string', description: 'x', ...over });

function rejects(fn: () => unknown, name: string, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof InputError, `expected InputError, got ${String(err)}`);
    assert.equal(err.input, name);
    assert.match(err.message, pattern);
    return true;
  });
}

describe('inputs: coercion', () => {
  it('coerces numbers, integers and booleans given as text', () => {
    assert.equal(coerceInput(input({ type: 'integer' }), '25'), 25);
    assert.equal(coerceInput(input({ type: 'number' }), '2.5'), 2.5);
    assert.equal(coerceInput(input({ type: 'boolean' }), 'false'), false);
    assert.equal(coerceInput(input({ type: 'boolean' }), true), true);
  });

  it('rejects wrong types naming the input', () => {
    rejects(() => coerceInput(input({ name: 'page', type: 'integer' }), 'two'), 'page', /page.*number/);
    rejects(() => coerceInput(input({ name: 'page', type: 'integer' }), 1.5), 'page', /whole number/);
    rejects(() => coerceInput(input({ name: 'flag', type: 'boolean' }), 'yes'), 'flag', /true or false/);
    rejects(() => coerceInput(input({ name: 'body', type: 'object' }), [1]), 'body', /must be an object, got an array/);
    rejects(() => coerceInput(input({ name: 'body', type: 'object' }), '{bad'), 'body', /not valid JSON/);
    rejects(() => coerceInput(input({ name: 'id', type: 'string' }), { a: 1 }), 'id', /must be a string/);
    rejects(() => coerceInput(input({ name: 'roles', type: 'list' }), 7), 'roles', /array or a comma-separated/);
    rejects(() => coerceInput(input({ name: 'file_obj', type: 'file' }), 7), 'file_obj', /array of objects/);
  });

  it('parses JSON text for objects and arrays', () => {
    assert.deepEqual(coerceInput(input({ type: 'object' }), '{"a":1}'), { a: 1 });
    assert.deepEqual(coerceInput(input({ type: 'array' }), '[1,2]'), [1, 2]);
  });

  it('reads lists from arrays or comma-separated text', () => {
    assert.deepEqual(coerceInput(input({ type: 'list' }), 'a, b,,c'), ['a', 'b', 'c']);
    assert.deepEqual(coerceInput(input({ type: 'list' }), ['rol_1', 2]), ['rol_1', '2']);
  });

  it('checks enums, empty path inputs and absurd lengths', () => {
    rejects(() => coerceInput(input({ name: 'send', enum: ['link', 'code'] }), 'sms'), 'send', /one of link, code/);
    rejects(() => coerceInput(input({ name: 'id', in: 'path' }), '   '), 'id', /empty/);
    rejects(() => coerceInput(input({ name: 'q' }), 'x'.repeat(MAX_URL_INPUT_LENGTH + 1)), 'q', /too long/);
  });
});

describe('inputs: resolving an operation', () => {
  const op: OperationSpec = {
    id: 'list',
    label: 'l',
    description: 'd',
    method: 'GET',
    path: '/x/{id}',
    inputs: [input({ name: 'id', in: 'path', required: true }), input({ name: 'per_page', type: 'integer', default: 25 }), input({ name: 'q' })],
  };

  it('applies defaults and leaves unset inputs out', () => {
    assert.deepEqual(resolveValues(op, { id: 'a' }), { id: 'a', per_page: 25 });
    assert.deepEqual(resolveValues(op, { id: 'a', per_page: '5', q: '' }), { id: 'a', per_page: 5 });
  });

  it('names a missing required input', () => {
    rejects(() => resolveValues(op, { q: 'x' }), 'id', /missing required input "id".*msg\.payload\.id/);
    rejects(() => resolveValues(op, { id: null }), 'id', /missing required input/);
  });

  it('reads from msg.payload by name or alias, ignoring non-objects', () => {
    const spec = input({ name: 'file_obj', aliases: ['users'] });
    assert.deepEqual(readFromPayload(spec, { users: [1] }), [1]);
    assert.equal(readFromPayload(spec, 'text'), undefined);
    assert.equal(readFromPayload(spec, [1, 2]), undefined);
  });
});
