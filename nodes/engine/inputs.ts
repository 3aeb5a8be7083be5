/**
 * Input checking: every value is coerced to its declared type, or rejected with an InputError
 * naming the input, before anything is sent.
 */
import type { InputSpec, OperationSpec } from '../shared/catalogue';
import { InputError } from '../shared/errors';

/** Longest string accepted for a path or query input; beyond it the URL would be refused anyway. */
export const MAX_URL_INPUT_LENGTH = 8192;

/** Unset means absent, null, or an empty string: such an input takes its default or stays out. */
export function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (Buffer.isBuffer(value)) return 'a Buffer';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function parseJson(spec: InputSpec, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError(spec.name, `input "${spec.name}" is not valid JSON`);
  }
}

function toNumber(spec: InputSpec, value: unknown, integer: boolean): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new InputError(spec.name, `input "${spec.name}" must be a number, got ${describe(value)}`);
  }
  if (integer && !Number.isInteger(n)) {
    throw new InputError(spec.name, `input "${spec.name}" must be a whole number, got ${n}`);
  }
  // Beyond 2^53 a number is no longer exact, and would go out as "1e+300": refused, not sent.
  if (integer && !Number.isSafeInteger(n)) {
    throw new InputError(spec.name, `input "${spec.name}" must be a whole number between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}, got ${n}`);
  }
  return n;
}

function toBoolean(spec: InputSpec, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new InputError(spec.name, `input "${spec.name}" must be true or false, got ${describe(value)}`);
}

function toList(spec: InputSpec, value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items)) {
    throw new InputError(spec.name, `input "${spec.name}" must be an array or a comma-separated string, got ${describe(value)}`);
  }
  return items
    .map((item, index) => {
      if (typeof item === 'number') return String(item);
      if (typeof item !== 'string') {
        throw new InputError(spec.name, `input "${spec.name}" item ${index} must be a string, got ${describe(item)}`);
      }
      return item.trim();
    })
    .filter((item) => item !== '');
}

/** Coerces one set value to the input's type; throws InputError naming the input. */
export function coerceInput(spec: InputSpec, value: unknown): unknown {
  let result: unknown;
  switch (spec.type) {
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') result = String(value);
      else if (typeof value === 'string') result = value;
      else throw new InputError(spec.name, `input "${spec.name}" must be a string, got ${describe(value)}`);
      break;
    case 'number':
    case 'integer':
      result = toNumber(spec, value, spec.type === 'integer');
      break;
    case 'boolean':
      result = toBoolean(spec, value);
      break;
    case 'object': {
      const parsed = typeof value === 'string' ? parseJson(spec, value) : value;
      if (!isPlainObject(parsed)) {
        throw new InputError(spec.name, `input "${spec.name}" must be an object, got ${describe(parsed)}`);
      }
      result = parsed;
      break;
    }
    case 'array': {
      const parsed = typeof value === 'string' ? parseJson(spec, value) : value;
      if (!Array.isArray(parsed)) {
        throw new InputError(spec.name, `input "${spec.name}" must be an array, got ${describe(parsed)}`);
      }
      result = parsed;
      break;
    }
    case 'list':
      result = toList(spec, value);
      break;
    case 'file':
      if (!Array.isArray(value) && typeof value !== 'string' && !Buffer.isBuffer(value)) {
        throw new InputError(spec.name, `input "${spec.name}" must be an array of objects, a JSON string or a Buffer, got ${describe(value)}`);
      }
      result = value;
      break;
    default:
      result = value;
  }
  if (spec.enum && typeof result === 'string' && !spec.enum.includes(result)) {
    const shown = result.length > 60 ? `${result.slice(0, 60)}…` : result;
    throw new InputError(spec.name, `input "${spec.name}" must be one of ${spec.enum.join(', ')}; got "${shown}"`);
  }
  // A list goes into the URL comma-joined: its joined length counts.
  const urlText = typeof result === 'string' ? result : Array.isArray(result) && spec.type === 'list' ? result.join(',') : undefined;
  if ((spec.in === 'path' || spec.in === 'query') && urlText !== undefined && urlText.length > MAX_URL_INPUT_LENGTH) {
    throw new InputError(spec.name, `input "${spec.name}" is too long (${urlText.length} characters, at most ${MAX_URL_INPUT_LENGTH})`);
  }
  if (spec.in === 'path' && typeof result === 'string' && result.trim() === '') {
    throw new InputError(spec.name, `input "${spec.name}" is empty`);
  }
  // A list or array with allowed values: every item must be one of them.
  if (spec.enum && Array.isArray(result) && (spec.type === 'list' || spec.type === 'array')) {
    const allowed = spec.enum;
    const bad: unknown = result.find((item) => typeof item !== 'string' || !allowed.includes(item));
    if (bad !== undefined) {
      const shown = typeof bad === 'string' ? (bad.length > 60 ? `${bad.slice(0, 60)}…` : bad) : describe(bad);
      throw new InputError(spec.name, `input "${spec.name}" items must each be one of ${spec.enum.join(', ')}; got "${shown}"`);
    }
  }
  return result;
}

/**
 * Applies defaults, checks required inputs and coerces types.
 * `raw` holds what the editor or the message gave; unset entries are ignored.
 */
export function resolveValues(op: OperationSpec, raw: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const spec of op.inputs) {
    const given = raw[spec.name];
    if (isUnset(given)) {
      if (spec.required) {
        throw new InputError(spec.name, `missing required input "${spec.name}" (set it in the node or in msg.payload.${spec.name})`);
      }
      if (spec.default !== undefined) values[spec.name] = spec.default;
      continue;
    }
    values[spec.name] = coerceInput(spec, given);
  }
  return values;
}

/** Reads an input from a message payload object, by its name or one of its aliases. */
export function readFromPayload(spec: InputSpec, payload: unknown): unknown {
  if (!isPlainObject(payload)) return undefined;
  for (const key of [spec.name, ...(spec.aliases ?? [])]) {
    if (Object.prototype.hasOwnProperty.call(payload, key) && !isUnset(payload[key])) return payload[key];
  }
  return undefined;
}
