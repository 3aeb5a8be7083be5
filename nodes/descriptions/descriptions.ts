/**
 * The package's copy of Auth0's API descriptions, per catalogue operation: the request body's JSON
 * schema and the main fields of the answer. Data: auth0-api-descriptions.json beside this file,
 * derived by scripts/derive-descriptions.ts (`npm run derive`) from Auth0's descriptions (MIT, see
 * LICENSE here); read from disk once, on first use, so nothing loads it that does not need it.
 *
 * The stable interface (the runtime's body check, the editor's admin endpoint, the emulator and the
 * help all read it):
 * - `bodySchemaFor(groupType, operationId)`: the operation's request body schema, a JSON schema
 *   (draft-07 subset: type (nullable as `[t, "null"]`), format, enum, const, description,
 *   properties, required, additionalProperties, items, anyOf, allOf), or undefined when the
 *   operation sends no JSON body or the descriptions have none for it.
 * - `answerFieldsFor(groupType, operationId)`: `{ type, description?, fields?: [{ name, type,
 *   description? }] }`, the answer's top-level fields (a list's: its items' fields), or undefined.
 * - `endpointFor(method, path)`: the endpoint key (`POST /api/v2/users/{}`) a concrete request
 *   path (`/api/v2/users/auth0%7C1`, query ignored) reaches, or undefined; then
 *   `bodySchemaOfEndpoint(key)` / `answerOfEndpoint(key)` read by endpoint (for the emulator).
 * - `endpointKeyFor(groupType, operationId)`: the endpoint an operation reaches.
 * The objects returned are shared and frozen: never change them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON schema subset the derived data uses. */
export interface JsonSchema {
  type?: SchemaType | SchemaType[];
  format?: string;
  enum?: (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  /** Auth0 takes it but never answers it: a secret (the derivation keeps it for the secret rule). */
  writeOnly?: boolean;
}

export interface AnswerField {
  name: string;
  type: string;
  description?: string;
}

/** What the answer holds: its type (`object`, `array`, …) and its (items') top-level fields. */
export interface AnswerDescription {
  type: string;
  description?: string;
  fields?: AnswerField[];
}

export interface EndpointDescription {
  body?: JsonSchema;
  answer?: AnswerDescription;
}

export interface OperationEntry {
  endpoint: string;
  body?: true;
}

/** A path in a body or an answer's item: keys from the top down, `*` for an array's items and a map's values. */
export type DescribedPath = readonly string[];

/** What an answer's item holds that a reader treats apart (see scripts/description-paths.ts). */
export interface AnswerPaths {
  /** Secrets by Auth0's marks or by name (nodes/shared/secret-names.ts), each one value. */
  secrets?: DescribedPath[];
  /** Named like secrets, but structures of settings without one: judged field by field. */
  settings?: DescribedPath[];
  /** `*_at` timestamps the API sets itself (no request body takes them): they change on their own. */
  volatile?: DescribedPath[];
}

/** The data file's shape. */
export interface DescriptionsData {
  notice: string;
  sources: Record<string, string>;
  /** `<group type>.<operation id>`: the endpoint key it reaches; `body` when it sends that endpoint's JSON body. */
  operations: Record<string, OperationEntry>;
  /** Endpoint key (`METHOD /path/{}`) to its description. */
  endpoints: Record<string, EndpointDescription>;
  /** Endpoint key to the special paths of its answer (of one item, for a list). */
  answerPaths?: Record<string, AnswerPaths>;
  /** Endpoint key to the secrets its request body carries. */
  bodySecrets?: Record<string, DescribedPath[]>;
}

export const DATA_FILE_NAME = 'auth0-api-descriptions.json';

/** Beside the compiled module (the build copies it), else the source folder (tests, scripts). */
function dataFile(): string {
  const beside = path.join(__dirname, DATA_FILE_NAME);
  if (fs.existsSync(beside)) return beside;
  return path.resolve(__dirname, '..', '..', '..', 'nodes', 'descriptions', DATA_FILE_NAME);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

let loaded: DescriptionsData | undefined;
let templates: Map<string, { pattern: RegExp; key: string }[]> | undefined;

/** The whole data, read on first use. */
export function descriptionsData(): DescriptionsData {
  loaded ??= deepFreeze(JSON.parse(fs.readFileSync(dataFile(), 'utf8')) as DescriptionsData);
  return loaded;
}

export function endpointKeyFor(groupType: string, operationId: string): string | undefined {
  return descriptionsData().operations[`${groupType}.${operationId}`]?.endpoint;
}

export function bodySchemaOfEndpoint(key: string): JsonSchema | undefined {
  return descriptionsData().endpoints[key]?.body;
}

export function answerOfEndpoint(key: string): AnswerDescription | undefined {
  return descriptionsData().endpoints[key]?.answer;
}

/** Undefined also for an operation that reaches an endpoint with a body but sends none itself (an executor's). */
export function bodySchemaFor(groupType: string, operationId: string): JsonSchema | undefined {
  const entry = descriptionsData().operations[`${groupType}.${operationId}`];
  return entry?.body ? bodySchemaOfEndpoint(entry.endpoint) : undefined;
}

export function answerFieldsFor(groupType: string, operationId: string): AnswerDescription | undefined {
  const key = endpointKeyFor(groupType, operationId);
  return key === undefined ? undefined : answerOfEndpoint(key);
}

const NO_PATHS: AnswerPaths = Object.freeze({});

/** The special paths of an endpoint's answer (of one item, for a list); none when the description says nothing. */
export function answerPathsOf(key: string): AnswerPaths {
  return descriptionsData().answerPaths?.[key] ?? NO_PATHS;
}

/** The secrets an operation's JSON body carries (paths from the body down), by Auth0's marks or by name. */
export function bodySecretsFor(groupType: string, operationId: string): readonly DescribedPath[] {
  const entry = descriptionsData().operations[`${groupType}.${operationId}`];
  return (entry?.body && descriptionsData().bodySecrets?.[entry.endpoint]) || [];
}

/**
 * The top-level body properties of an operation that carry a secret (are one, or hold one at any
 * depth): the edit form takes them from msg, flow, global or env only, and the runtime refuses
 * one typed into the flow.
 */
export function secretBodyProperties(groupType: string, operationId: string): ReadonlySet<string> {
  return new Set(
    bodySecretsFor(groupType, operationId)
      .map((path) => path[0])
      .filter((name) => name !== undefined && name !== '*'),
  );
}

/** The endpoint a concrete request reaches; literal segments win over placeholders. */
export function endpointFor(method: string, requestPath: string): string | undefined {
  if (!templates) {
    templates = new Map();
    for (const key of Object.keys(descriptionsData().endpoints)) {
      const [verb, template] = key.split(' ');
      const source = template
        .split('/')
        .map((segment) => (segment === '{}' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      const list = templates.get(verb) ?? [];
      list.push({ pattern: new RegExp(`^${source}$`), key });
      templates.set(verb, list);
    }
    // Fewer placeholders first: /users/search beats /users/{}.
    for (const list of templates.values()) list.sort((a, b) => a.key.split('{}').length - b.key.split('{}').length);
  }
  const bare = requestPath.split('?')[0].replace(/\/+$/, '');
  return templates.get(method.toUpperCase())?.find((t) => t.pattern.test(bare))?.key;
}
