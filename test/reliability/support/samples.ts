/**
 * Input values for every operation of every catalogue, from its InputSpec alone: a valid sample of
 * each type, and the bad values of each kind (missing, wrong type, empty, absurdly large).
 */
import type { InputSpec, OperationSpec } from '../../../nodes/shared/catalogue';
import { MAX_URL_INPUT_LENGTH } from '../../../nodes/engine/inputs';

/** A valid value of the input's type (the first of its enum, an id for a path input). */
export function sampleValue(input: InputSpec, opId = ''): unknown {
  if (input.enum && input.enum.length > 0) return input.enum[0];
  if (input.default !== undefined) return input.default;
  switch (input.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'object':
      return input.wholeBody ? { name: `sample-${opId}`, description: 'sample' } : { key: 'value' };
    case 'array':
      return ['sample'];
    case 'list':
      return ['a', 'b'];
    case 'file':
      return [{ email: 'sample@example.com' }];
    default:
      if (input.name === 'connection_id') return 'con_sample0001';
      if (/uri|url|returnTo/i.test(input.name)) return 'http://localhost:3000/callback';
      if (/email/i.test(input.name)) return 'sample@example.com';
      return input.in === 'path' ? `sample-${input.name}` : `sample ${input.name}`;
  }
}

/** Every input of `op` with a valid value (required and optional). */
export function validInputs(op: OperationSpec): Record<string, unknown> {
  return Object.fromEntries(op.inputs.map((input) => [input.name, sampleValue(input, op.id)]));
}

export interface BadValue {
  kind: 'missing' | 'wrong type' | 'empty' | 'blank' | 'too large' | 'not a number' | 'fraction' | 'unsafe integer' | 'bad JSON' | 'not in enum';
  /** `undefined` means the input is left out. */
  value: unknown;
  /** What the error must say, besides naming the input. */
  says: RegExp;
}

const HUGE = 'x'.repeat(MAX_URL_INPUT_LENGTH + 1);

/**
 * The bad values an input must refuse before any request, each with what the error says.
 * Missing and empty only for required inputs (an optional one may be left unset).
 */
export function badValues(input: InputSpec): BadValue[] {
  const bad: BadValue[] = [];
  if (input.required) {
    bad.push({ kind: 'missing', value: undefined, says: /missing required input/ });
    bad.push({ kind: 'empty', value: '', says: /missing required input/ });
  }
  switch (input.type) {
    case 'string':
      bad.push({ kind: 'wrong type', value: { nested: true }, says: /must be a string/ });
      bad.push({ kind: 'wrong type', value: ['a'], says: /must be a string/ });
      // An enum input refuses any other value, blank and huge ones included.
      if (input.in === 'path') bad.push({ kind: 'blank', value: '   ', says: input.enum ? /must be one of/ : /is empty/ });
      if (input.in === 'path' || input.in === 'query') bad.push({ kind: 'too large', value: HUGE, says: input.enum ? /must be one of/ : /too long/ });
      if (input.enum) bad.push({ kind: 'not in enum', value: 'no-such-value', says: /must be one of/ });
      break;
    case 'integer':
      bad.push({ kind: 'fraction', value: 1.5, says: /whole number/ });
      bad.push({ kind: 'unsafe integer', value: 1e300, says: /whole number|too large/ });
      bad.push({ kind: 'not a number', value: 'many', says: /must be a number/ });
      bad.push({ kind: 'wrong type', value: { n: 1 }, says: /must be a number/ });
      break;
    case 'number':
      bad.push({ kind: 'not a number', value: 'many', says: /must be a number/ });
      bad.push({ kind: 'wrong type', value: [1], says: /must be a number/ });
      break;
    case 'boolean':
      bad.push({ kind: 'wrong type', value: 'maybe', says: /true or false/ });
      bad.push({ kind: 'wrong type', value: 2, says: /true or false/ });
      break;
    case 'object':
      bad.push({ kind: 'wrong type', value: 42, says: /must be an object/ });
      bad.push({ kind: 'wrong type', value: ['a'], says: /must be an object/ });
      bad.push({ kind: 'bad JSON', value: '{"unterminated": ', says: /not valid JSON/ });
      break;
    case 'array':
      bad.push({ kind: 'wrong type', value: 42, says: /must be an array/ });
      bad.push({ kind: 'wrong type', value: { a: 1 }, says: /must be an array/ });
      break;
    case 'list':
      bad.push({ kind: 'wrong type', value: 42, says: /array or a comma-separated string/ });
      bad.push({ kind: 'wrong type', value: [{ a: 1 }], says: /must be a string/ });
      if (input.in === 'path' || input.in === 'query') bad.push({ kind: 'too large', value: HUGE, says: /too long/ });
      break;
    case 'file':
      bad.push({ kind: 'wrong type', value: 42, says: /array of objects, a JSON string or a Buffer/ });
      break;
    default:
      break;
  }
  return bad;
}
