/**
 * Paths inside a described body or answer that the runtime treats apart, found by rule in the
 * (compact) schemas scripts/derive-descriptions.ts reads from Auth0's descriptions:
 * - secrets: every property the description marks secret (`writeOnly`, `format: password`) or
 *   whose name says it is one (nodes/shared/secret-names.ts), whatever its JSON type; a flag or a
 *   count under such a name is none;
 * - settings: a property named like a secret (not a collection of secrets) whose description is a
 *   structure of settings with no secret in it (a client's `refresh_token` rotation settings, a token quota's
 *   `client_credentials`): judged field by field, not as one secret;
 * - timestamps: every `*_at` date or date-time field, for the answers (the caller keeps those
 *   the API sets itself).
 * A path is a list of keys from the body (or the answer's item) down; `*` stands for an array's
 * items and a map's values.
 */
import type { JsonSchema } from '../nodes/descriptions/descriptions';
import { secretKind } from '../nodes/shared/secret-names';

export type SchemaPath = string[];

export interface SchemaPaths {
  secrets: SchemaPath[];
  settings: SchemaPath[];
  timestamps: SchemaPath[];
}

const MAX_DEPTH = 12;

function types(schema: JsonSchema): string[] {
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return [...own, ...(schema.anyOf ?? []).flatMap(types), ...(schema.allOf ?? []).flatMap(types)].filter((type) => type !== 'null');
}

/** A flag or a count: a boolean or a number, whatever its name says. */
function isScalarOnly(schema: JsonSchema): boolean {
  const found = types(schema);
  return found.length > 0 && found.every((type) => type === 'boolean' || type === 'number' || type === 'integer');
}

/** A described structure (its properties named), or a list of them: a map or a text is none. */
function isStructure(schema: JsonSchema): boolean {
  const alternatives = [schema, ...(schema.anyOf ?? []), ...(schema.allOf ?? [])];
  return alternatives.some(
    (alt) => (alt.properties !== undefined && Object.keys(alt.properties).length > 0) || (alt.items !== undefined && isStructure(alt.items)),
  );
}

function marksSecret(schema: JsonSchema): boolean {
  return [schema, ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].some((alt) => alt.writeOnly === true || alt.format === 'password');
}

function isTimestamp(name: string, schema: JsonSchema): boolean {
  return name.endsWith('_at') && [schema, ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].some((alt) => alt.format === 'date-time' || alt.format === 'date');
}

class PathWalker {
  readonly out: SchemaPaths = { secrets: [], settings: [], timestamps: [] };

  /** Walks a value's schema at `path`: its alternatives, properties, items and map values. */
  walk(schema: JsonSchema, path: SchemaPath, depth = 0): void {
    if (depth > MAX_DEPTH) return;
    for (const alt of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) this.walk(alt, path, depth + 1);
    for (const [name, property] of Object.entries(schema.properties ?? {})) this.property(name, property, [...path, name], depth + 1);
    if (schema.items) this.walk(schema.items, [...path, '*'], depth + 1);
    if (typeof schema.additionalProperties === 'object') this.walk(schema.additionalProperties, [...path, '*'], depth + 1);
  }

  private property(name: string, schema: JsonSchema, path: SchemaPath, depth: number): void {
    if (isTimestamp(name, schema)) this.out.timestamps.push(path);
    if (marksSecret(schema)) {
      this.out.secrets.push(path);
      return;
    }
    const kind = secretKind(name);
    if (kind === undefined || isScalarOnly(schema)) {
      this.walk(schema, path, depth);
      return;
    }
    // Named like a secret: one secret, unless it is a structure of settings with no secret inside.
    const inner = new PathWalker();
    inner.walk(schema, path, depth);
    if (kind !== 'collection' && isStructure(schema) && inner.out.secrets.length === 0) {
      this.out.settings.push(path, ...inner.out.settings);
      this.out.timestamps.push(...inner.out.timestamps);
    } else {
      this.out.secrets.push(path);
    }
  }
}

function unique(paths: SchemaPath[]): SchemaPath[] {
  const byText = new Map(paths.map((path) => [JSON.stringify(path), path]));
  return [...byText.keys()].sort().map((key) => byText.get(key) as SchemaPath);
}

/** The paths of a schema (a body, or an answer's item), each list sorted and without repeats. */
export function schemaPaths(schema: JsonSchema): SchemaPaths {
  const walker = new PathWalker();
  walker.walk(schema, []);
  return { secrets: unique(walker.out.secrets), settings: unique(walker.out.settings), timestamps: unique(walker.out.timestamps) };
}

/** The schema of one item of a list answer (an array, or a paged object with the items under `itemsKey`), else the answer. */
export function itemSchema(answer: JsonSchema, itemsKey?: string): JsonSchema {
  const shapes = [answer, ...(answer.anyOf ?? [])];
  const array = shapes.find((shape) => shape.type === 'array' && shape.items);
  if (array?.items) return array.items;
  const paged = itemsKey ? shapes.find((shape) => shape.properties?.[itemsKey]?.items) : undefined;
  return paged?.properties?.[itemsKey as string]?.items ?? answer;
}
