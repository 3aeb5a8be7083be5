/** Values generated from the derived schemas: a body that fits, and the ways to spoil it. */
import type { JsonSchema } from '../../nodes/descriptions/descriptions';
import type { InputSpec } from '../../nodes/shared/catalogue';

type SimpleType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

export function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
}

/** The object schema a body is meant to fit: the first alternative of a top-level anyOf. */
export function mainShape(schema: JsonSchema): JsonSchema {
  return schema.anyOf && !schema.properties ? mainShape(schema.anyOf[0]) : schema;
}

/** A string of each checked format (body-formats.ts). */
const FORMAT_SAMPLES: Record<string, string> = {
  email: 'a@example.com',
  'email-or-empty': 'a@example.com',
  'date-time': '2026-01-31T12:00:00Z',
  hostname: 'login.example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '6f1c2f3e-8b2a-4c1d-9e2f-0a1b2c3d4e5f',
};

/** A value that fits the schema: its required properties only, the first enum value, 'x' (or a value of its format), 1, true. */
export function sample(schema: JsonSchema, depth = 0): unknown {
  if (depth > 10) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? null;
  if (schema.anyOf && !schema.properties) return sample(schema.anyOf[0], depth + 1);
  if (schema.allOf) return Object.assign({}, ...(schema.allOf.map((part) => sample(part, depth + 1)) as object[]));
  const type = typesOf(schema)[0] ?? (schema.properties ? 'object' : 'string');
  switch (type as SimpleType) {
    case 'string':
      if (schema.format && /ur[il]/.test(schema.format)) return 'https://example.com/x';
      return FORMAT_SAMPLES[schema.format ?? ''] ?? 'x';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name] ?? {}, depth + 1);
      return out;
    }
    default:
      return 'x';
  }
}

/** A value of another type than the schema's only type, or undefined when the schema takes several. */
export function wrongTypeFor(schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (types.length !== 1 || schema.anyOf || schema.allOf) return undefined;
  switch (types[0] as SimpleType) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
    case 'object':
    case 'array':
      return 'not-this-type';
    case 'boolean':
      return 'yes';
    default:
      return undefined;
  }
}

/** The name with two inner letters swapped (user_metadata → user_meatdata), never a known name. */
export function misspell(name: string, known: readonly string[]): string | undefined {
  for (let i = Math.floor(name.length / 2); i < name.length - 1; i++) {
    if (name[i] === name[i + 1]) continue;
    const wrong = name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
    if (!known.includes(wrong)) return wrong;
  }
  return undefined;
}

/** A value for a required input that is not the body (path ids, query flags). */
export function inputSample(input: InputSpec): unknown {
  if (input.enum) return input.enum[0];
  switch (input.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'object':
      return {};
    case 'array':
    case 'list':
      return ['x'];
    default:
      return 'x';
  }
}
