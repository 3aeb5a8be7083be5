/**
 * `npm run derive`: derives from Auth0's own API descriptions (../shared/reference/auth0-openapi/,
 * MIT) what the package needs of them, per operation of the catalogue, and writes it to
 * nodes/descriptions/auth0-api-descriptions.json (committed: a fresh clone builds without the
 * reference). Per endpoint a catalogue operation reaches: the request body's JSON schema ($refs
 * resolved, `allOf` merged, long prose and examples dropped) and the main fields of the answer.
 *
 * `derive()` is pure (descriptions and catalogue in, data out) so the test can hold the committed
 * file against it. Where Auth0's description is stricter than Auth0 itself (a request its own SDK
 * sends and Auth0 accepts would be refused), the derivation relaxes it; each relaxation says why.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GroupSpec, OperationSpec } from '../nodes/shared/catalogue';
import type { AnswerDescription, AnswerField, AnswerPaths, DescriptionsData, DescribedPath, JsonSchema } from '../nodes/descriptions/descriptions';
import { itemSchema, schemaPaths } from './description-paths';

type Json = Record<string, unknown>;

interface OpenApi {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

/**
 * Catalogue operations that send a JSON body but have no request schema in the descriptions the
 * package carries, each with the reason. The test fails on any other operation without its schema.
 */
export const NO_SCHEMA: Readonly<Record<string, string>> = {
  'auth0-agents.create': 'an early-access endpoint newer than the management description the package carries (auth0-endpoints.json lists it)',
  'auth0-agents.update': 'an early-access endpoint newer than the management description the package carries (auth0-endpoints.json lists it)',
  'auth0-passkeys.register': "the passkey sign-up endpoint is in Auth0's documentation but not in its Authentication API description",
  'auth0-passkeys.challenge': "the passkey login challenge is in Auth0's documentation but not in its Authentication API description",
  'auth0-social.unlink': 'a retired endpoint (Auth0 no longer offers it; the node says so and sends nothing)',
  'auth0-connections.add_synchronized_groups': 'newer than the management description the package carries (auth0-endpoints.json lists it)',
  'auth0-connections.delete_synchronized_groups': 'newer than the management description the package carries (auth0-endpoints.json lists it)',
  'auth0-organizations.create_organization_clients': 'an early-access endpoint newer than the management description the package carries',
  'auth0-organizations.delete_organization_clients': 'an early-access endpoint newer than the management description the package carries',
  'auth0-organizations.update_organization_client': 'an early-access endpoint newer than the management description the package carries',
  'auth0-blacklists.create': 'a legacy endpoint (still served, no longer in the description)',
  'auth0-guardian.update_factor_providers':
    "the specification's generic provider path stands for several endpoints with different bodies; the per-provider operations are checked",
  'auth0-guardian.set_email_factor_settings': 'newer than the management description the package carries (Auth0 SDKs of 2026-09)',
  'auth0-guardian.set_phone_factor_settings': 'newer than the management description the package carries (Auth0 SDKs of 2026-09)',
  'auth0-guardian.set_settings': 'newer than the management description the package carries (Auth0 SDKs of 2026-09)',
  'auth0-keys.create_network_acl_key': 'an early-access endpoint newer than the management description the package carries',
};

/** The endpoint key every table uses: method and path, with placeholders reduced to `{}`. */
export function endpointKey(method: string, p: string): string {
  return `${method.toUpperCase()} ${p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '')}`;
}

/** Markdown links and HTML out, one sentence, at most 160 characters: the help and the form's hint. */
export function oneLine(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  let line = text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stop = line.search(/[.!?](\s|$)/);
  if (stop >= 0) line = line.slice(0, stop + 1);
  if (line.length > 160) line = `${line.slice(0, 159).trimEnd()}…`;
  return line === '' ? undefined : line;
}

const MAX_DEPTH = 8;

class SchemaReader {
  constructor(private readonly doc: OpenApi) {}

  private deref(schema: Json, seen: readonly string[]): { schema: Json; seen: readonly string[] } | undefined {
    let current = schema;
    let trail = seen;
    while (typeof current.$ref === 'string') {
      const ref = current.$ref;
      if (trail.includes(ref)) return undefined; // a recursive schema: the recursion is left open
      const name = ref.replace('#/components/schemas/', '');
      const target = this.doc.components?.schemas?.[name];
      if (!target) return undefined;
      // A description beside the $ref is the more specific one.
      current = { ...target, ...(current.description ? { description: current.description } : {}) };
      trail = [...trail, ref];
    }
    return { schema: current, seen: trail };
  }

  /** The compact schema: types, formats, enums, required, descriptions, nesting; no examples, lengths or patterns. */
  read(input: unknown, seen: readonly string[] = [], depth = 0): JsonSchema {
    if (typeof input !== 'object' || input === null || depth > MAX_DEPTH) return {};
    const found = this.deref(input as Json, seen);
    if (!found) return {};
    const { schema } = found;
    const trail = found.seen;
    if (Array.isArray(schema.allOf)) return this.readAllOf(schema, trail, depth);
    const out: JsonSchema = {};
    const description = oneLine(schema.description ?? schema.title);
    if (schema.type !== undefined) out.type = schema.type as JsonSchema['type'];
    if (typeof schema.format === 'string') out.format = schema.format;
    if (Array.isArray(schema.enum)) out.enum = schema.enum as JsonSchema['enum'];
    if (schema.const !== undefined) out.const = schema.const as JsonSchema['const'];
    if (description) out.description = description;
    if (schema.writeOnly === true) out.writeOnly = true;
    // oneOf as anyOf: Auth0's alternatives overlap (a body that fits two of them is still what Auth0
    // takes), and oneOf would refuse it for matching more than one.
    const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    if (Array.isArray(alternatives)) out.anyOf = alternatives.map((alt) => this.read(alt, trail, depth + 1));
    if (schema.properties && typeof schema.properties === 'object') {
      out.properties = {};
      for (const [name, prop] of Object.entries(schema.properties as Json)) out.properties[name] = this.read(prop, trail, depth + 1);
    }
    if (Array.isArray(schema.required) && schema.required.length > 0) out.required = schema.required as string[];
    if (schema.additionalProperties === false) out.additionalProperties = false;
    else if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
      const extra = this.read(schema.additionalProperties, trail, depth + 1);
      if (Object.keys(extra).length > 0) out.additionalProperties = extra;
    }
    if (schema.items !== undefined) out.items = this.read(schema.items, trail, depth + 1);
    return relax(out);
  }

  /**
   * `allOf` merged where safe: object parts into one object (properties and required united;
   * others refused only when every part refuses them), scalar parts into one (the first type,
   * format and enum that says one). Where parts disagree on a property, both schemas stay (allOf).
   */
  private readAllOf(schema: Json, seen: readonly string[], depth: number): JsonSchema {
    const { allOf, ...rest } = schema;
    const parts = [rest, ...(allOf as unknown[])].map((part) => this.read(part, seen, depth + 1)).filter((part) => Object.keys(part).length > 0);
    const out: JsonSchema = {};
    const objects = parts.filter((part) => part.properties !== undefined || part.type === 'object');
    for (const part of parts) {
      for (const key of ['type', 'format', 'enum', 'const', 'description', 'items', 'writeOnly'] as const) {
        if (out[key] === undefined && part[key] !== undefined) (out as Record<string, unknown>)[key] = part[key];
      }
      if (part.anyOf) out.anyOf = part.anyOf;
      if (part.properties) {
        out.properties ??= {};
        for (const [name, prop] of Object.entries(part.properties)) {
          const before = out.properties[name];
          out.properties[name] = before === undefined || JSON.stringify(before) === JSON.stringify(prop) ? prop : { allOf: [before, prop] };
        }
      }
      if (part.required) out.required = [...new Set([...(out.required ?? []), ...part.required])];
    }
    if (objects.length > 0 && objects.every((part) => part.additionalProperties === false)) out.additionalProperties = false;
    return relax(out);
  }
}

/**
 * Where the description is stricter than Auth0. A type that admits null with an enum lacking null:
 * Auth0 takes null there to clear the setting (its Go SDK sends `token_endpoint_auth_method: null`
 * and Auth0 answers 200), so null joins the enum.
 */
function relax(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type) && schema.type.includes('null') && schema.enum && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  return schema;
}

/** A property Auth0 takes that its description lacks: added where `at` leads (through alternatives). */
interface Accepted {
  endpoints: readonly string[];
  /** Property names from the body's root to the object that takes it. */
  at: readonly string[];
  /** Only the alternative whose `property` allows `value` (a discriminated `anyOf`). */
  when?: { property: string; value: string };
  property: string;
  schema: JsonSchema;
  /** Where Auth0 was seen taking it. */
  why: string;
}

const RECORDED = 'a request of the go-auth0 recordings (../shared/reference/auth0-recordings) sends it and Auth0 answers 2xx';

/**
 * Properties Auth0 takes but its description does not list (the body check must never refuse a
 * request Auth0 accepts). Each was seen accepted by Auth0.
 */
export const ACCEPTED_BEYOND_DESCRIPTION: readonly Accepted[] = [
  ...(['basic:password', 'bearer:token', 'custom_header:header_value'] as const).map((pair): Accepted => ({
    endpoints: ['POST /api/v2/event-streams', 'PATCH /api/v2/event-streams/{}'],
    at: ['destination', 'configuration', 'webhook_authorization'],
    when: { property: 'method', value: pair.split(':')[0] },
    property: pair.split(':')[1],
    schema: { type: 'string', description: 'The secret of this authorization (written, never read back).' },
    why: `the description reuses the answer's shape, which leaves the secret out; ${RECORDED} (TestEventStreamManager_CreateTypeWebhook)`,
  })),
  {
    endpoints: ['POST /api/v2/resource-servers', 'PATCH /api/v2/resource-servers/{}'],
    at: [],
    property: 'token_lifetime_for_web',
    schema: { type: 'integer', description: 'Lifetime in seconds of access tokens issued through the implicit or hybrid flows.' },
    why: `${RECORDED} (TestClientGrantManager_Create, TestResourceServer*)`,
  },
  {
    endpoints: ['POST /api/v2/flows', 'PATCH /api/v2/flows/{}'],
    at: [],
    property: 'description',
    schema: { type: 'string', description: 'A description of the flow.' },
    why: `${RECORDED} (TestFlowManager_Create)`,
  },
  {
    endpoints: ['POST /api/v2/flows', 'PATCH /api/v2/flows/{}'],
    at: [],
    property: 'synchronous',
    schema: { type: 'boolean', description: 'Whether the flow runs synchronously.' },
    why: `${RECORDED} (TestFlowManager_Create)`,
  },
  {
    endpoints: ['POST /api/v2/forms', 'PATCH /api/v2/forms/{}'],
    at: [],
    property: 'description',
    schema: { type: 'string', description: 'A description of the form.' },
    why: `${RECORDED} (TestFormManager_Create)`,
  },
  ...(['version', 'theme'] as const).map((property): Accepted => ({
    endpoints: ['POST /api/v2/forms', 'PATCH /api/v2/forms/{}'],
    at: ['style'],
    property,
    schema: { type: 'string', description: property === 'version' ? 'The form style version (MODERN, …).' : 'The form theme (SOFT, …).' },
    why: `${RECORDED} (TestFormManager_Create: style {version: MODERN, theme: SOFT})`,
  })),
  {
    endpoints: ['POST /api/v2/network-acls', 'PUT /api/v2/network-acls/{}', 'PATCH /api/v2/network-acls/{}'],
    at: ['rule', 'match'],
    property: 'auth0_managed',
    schema: { type: 'array', items: { type: 'string' }, description: 'Auth0-managed lists to match (auth0.icloud_relay_proxy, …).' },
    why: `${RECORDED} (TestNetworkACLManager_CreateWithAuth0Managed)`,
  },
  {
    endpoints: ['POST /api/v2/network-acls', 'PUT /api/v2/network-acls/{}', 'PATCH /api/v2/network-acls/{}'],
    at: ['rule', 'not_match'],
    property: 'auth0_managed',
    schema: { type: 'array', items: { type: 'string' }, description: 'Auth0-managed lists not to match (auth0.icloud_relay_proxy, …).' },
    why: `the twin of rule.match.auth0_managed, ${RECORDED} for match`,
  },
  {
    endpoints: ['POST /api/v2/branding/themes', 'PATCH /api/v2/branding/themes/{}'],
    at: [],
    property: 'identifiers',
    schema: { type: 'object', description: 'How identifiers show: login_display, otp_autocomplete, phone_display.' },
    why: `${RECORDED} (TestBrandingThemeManager_Update_Identifiers)`,
  },
];

/** A property the description requires but Auth0 does not (it has a default), each with the evidence. */
export const NOT_REQUIRED_BY_AUTH0: readonly { endpoint: string; at: readonly string[]; property: string; why: string }[] = [
  {
    endpoint: 'POST /passwordless/start',
    at: [],
    property: 'send',
    why: "Auth0's reference for /passwordless/start gives `send` a default (link for e-mail, code for SMS); the emulator's flows start without it",
  },
];

/**
 * Endpoints whose description lists only some of the bodies Auth0 takes: an open alternative keeps
 * the described ones documented and refuses none of the others.
 */
export const INCOMPLETE_ALTERNATIVES: Readonly<Record<string, string>> = {
  'POST /oauth/token':
    'the description lists 11 grant types; Auth0 also takes password-realm (http://auth0.com/oauth/grant-type/password-realm), jwt-bearer, passkey and Token Vault grants, which the auth0-token node sends',
  'POST /oauth/global-token-revocation/connection/{}':
    'the description knows only the iss_sub subject format; the package sends the other Security Event Token subject formats (email, …) as well',
};

function relaxForAuth0(key: string, body: JsonSchema): JsonSchema {
  for (const relaxed of NOT_REQUIRED_BY_AUTH0) {
    if (relaxed.endpoint !== key) continue;
    visit(body, relaxed.at, (object) => {
      if (object.required) object.required = object.required.filter((name) => name !== relaxed.property);
    });
  }
  if (INCOMPLETE_ALTERNATIVES[key]) return body.anyOf ? { ...body, anyOf: [...body.anyOf, { type: 'object' }] } : { anyOf: [body, { type: 'object' }] };
  return body;
}

function visit(schema: JsonSchema, at: readonly string[], found: (object: JsonSchema) => void): void {
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) visit(alternative, at, found);
  if (at.length === 0) {
    if (schema.properties) found(schema);
    return;
  }
  const next = schema.properties?.[at[0]];
  if (next) visit(next, at.slice(1), found);
}

function acceptBeyondDescription(key: string, body: JsonSchema): JsonSchema {
  for (const accepted of ACCEPTED_BEYOND_DESCRIPTION) {
    if (!accepted.endpoints.includes(key)) continue;
    visit(body, accepted.at, (object) => {
      const when = accepted.when;
      if (when && !object.properties?.[when.property]?.enum?.includes(when.value)) return;
      object.properties = { ...object.properties, [accepted.property]: accepted.schema };
    });
  }
  return body;
}

function typeName(schema: JsonSchema): string {
  if (schema.type === undefined) return schema.anyOf ? 'any of several' : 'any';
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const base = types.join(' | ');
  if (base === 'array' && schema.items?.type && !Array.isArray(schema.items.type)) return `array of ${schema.items.type}`;
  return Array.isArray(schema.type) && schema.type.includes('null') ? `${base} | null` : base;
}

/** The answer's top-level fields (of its items, for a list); the object form of a paged list names its items' key. */
function describeAnswer(schema: JsonSchema): AnswerDescription | undefined {
  // A list answered either as an array or as a paged object: describe the array's items.
  const shape = schema.anyOf?.find((alt) => alt.type === 'array') ?? schema.anyOf?.[0] ?? schema;
  const isArray = shape.type === 'array';
  const holder = isArray ? (shape.items ?? {}) : shape;
  const fields: AnswerField[] = Object.entries(holder.properties ?? {}).map(([name, prop]) => {
    const field: AnswerField = { name, type: typeName(prop) };
    if (prop.description) field.description = prop.description;
    return field;
  });
  if (fields.length === 0 && !isArray && holder.type === undefined) return undefined;
  const answer: AnswerDescription = { type: isArray ? 'array' : typeName(holder) };
  if (shape.description) answer.description = shape.description;
  if (fields.length > 0) answer.fields = fields;
  return answer;
}

function answerSchema(operation: Json): unknown {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  for (const status of Object.keys(responses).sort()) {
    if (!/^2\d\d$/.test(status)) continue;
    const content = responses[status].content as Record<string, Json> | undefined;
    const schema = content?.['application/json']?.schema;
    if (schema) return schema;
  }
  return undefined;
}

function requestSchema(operation: Json): unknown {
  const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  if (!content) return undefined;
  // The JSON schema, else the form one (the same fields: /oauth/revoke is described only as a form).
  return (content['application/json'] ?? content['application/x-www-form-urlencoded'])?.schema;
}

export interface DeriveInput {
  management: OpenApi;
  authentication: OpenApi;
  groups: readonly GroupSpec[];
}

const sendsJsonBody = (op: OperationSpec): boolean => (op.contentType ?? 'json') === 'json' && op.inputs.some((input) => input.in === 'body');

/** The derived data, in a stable order. */
export function derive({ management, authentication, groups }: DeriveInput): DescriptionsData {
  const index = new Map<string, { operation: Json; reader: SchemaReader }>();
  for (const [doc, prefix] of [
    [management, '/api/v2'],
    [authentication, ''],
  ] as const) {
    const reader = new SchemaReader(doc);
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) index.set(endpointKey(method, prefix + p), { operation, reader });
      }
    }
  }
  const operations: DescriptionsData['operations'] = {};
  const endpoints: DescriptionsData['endpoints'] = {};
  const answerItems = new Map<string, JsonSchema>();
  const sorted = [...groups].sort((a, b) => a.type.localeCompare(b.type));
  for (const group of sorted) {
    for (const op of group.operations) {
      const key = endpointKey(op.method, op.path);
      const found = index.get(key);
      if (!found) continue;
      const body = sendsJsonBody(op) ? requestSchema(found.operation) : undefined;
      const answer = answerSchema(found.operation);
      const entry: DescriptionsData['endpoints'][string] = {};
      if (body !== undefined) entry.body = relaxForAuth0(key, acceptBeyondDescription(key, found.reader.read(body)));
      const answerRead = answer === undefined ? undefined : found.reader.read(answer);
      const answered = answerRead && describeAnswer(answerRead);
      if (answerRead && !answerItems.has(key)) answerItems.set(key, itemSchema(answerRead, op.itemsKey));
      if (answered) entry.answer = answered;
      if (!entry.body && !entry.answer) continue;
      // The operation sends this body; an operation of the same endpoint may not (an executor's).
      operations[`${group.type}.${op.id}`] = entry.body ? { endpoint: key, body: true } : { endpoint: key };
      endpoints[key] = { ...endpoints[key], ...entry };
    }
  }
  const orderedEndpoints: DescriptionsData['endpoints'] = {};
  for (const key of Object.keys(endpoints).sort()) orderedEndpoints[key] = endpoints[key];
  const { answerPaths, bodySecrets } = specialPaths(orderedEndpoints, answerItems);
  return {
    notice:
      "Derived by scripts/derive-descriptions.ts from Auth0's API descriptions (auth0/docs-v2, main/docs/oas/): Copyright (c) 2025 Auth0, MIT License (see LICENSE beside this file). Do not edit: run npm run derive.",
    sources: {
      management: `${management.info?.title ?? 'Management API'} ${management.info?.version ?? ''}`.trim(),
      authentication: `${authentication.info?.title ?? 'Authentication API'} ${authentication.info?.version ?? ''}`.trim(),
    },
    operations,
    endpoints: orderedEndpoints,
    answerPaths,
    bodySecrets,
  };
}

/**
 * The secrets of every body, and of every answer's item its secrets, settings named like secrets
 * and the timestamps the API sets itself: the `*_at` fields of answers that no request body takes.
 */
function specialPaths(
  endpoints: DescriptionsData['endpoints'],
  answerItems: ReadonlyMap<string, JsonSchema>,
): { answerPaths: Record<string, AnswerPaths>; bodySecrets: Record<string, DescribedPath[]> } {
  const bodySecrets: Record<string, DescribedPath[]> = {};
  const settable = new Set<string>();
  for (const [key, entry] of Object.entries(endpoints)) {
    if (!entry.body) continue;
    const paths = schemaPaths(entry.body);
    for (const path of paths.timestamps) settable.add(path[path.length - 1]);
    if (paths.secrets.length > 0) bodySecrets[key] = paths.secrets;
  }
  const answerPaths: Record<string, AnswerPaths> = {};
  for (const key of [...answerItems.keys()].sort()) {
    const paths = schemaPaths(answerItems.get(key) as JsonSchema);
    const volatile = paths.timestamps.filter((path) => !settable.has(path[path.length - 1]));
    const found: AnswerPaths = {
      ...(paths.secrets.length > 0 ? { secrets: paths.secrets } : {}),
      ...(paths.settings.length > 0 ? { settings: paths.settings } : {}),
      ...(volatile.length > 0 ? { volatile } : {}),
    };
    if (Object.keys(found).length > 0) answerPaths[key] = found;
  }
  return { answerPaths, bodySecrets };
}

/** Every group of the built catalogue (dist/nodes/**\/*.catalogue.js). */
export function loadGroups(nodesDir: string): GroupSpec[] {
  const groups: GroupSpec[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.catalogue.js')) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        for (const value of Object.values(require(full) as Record<string, unknown>)) {
          const group = value as GroupSpec;
          if (group && typeof group.type === 'string' && Array.isArray(group.operations) && !groups.includes(group)) groups.push(group);
        }
      }
    }
  };
  walk(path.resolve(nodesDir));
  return groups;
}

const ROOT = path.resolve(__dirname, '..', '..');
/**
 * Auth0's descriptions: $AUTH0_OPENAPI_DIR, else ../shared/reference/auth0-openapi beside the
 * repository (or beside its parent, for a git worktree under wt/); undefined when none is there.
 */
export function referenceDir(): string | undefined {
  const candidates = [
    process.env.AUTH0_OPENAPI_DIR,
    path.resolve(ROOT, '..', 'shared', 'reference', 'auth0-openapi'),
    path.resolve(ROOT, '..', '..', 'shared', 'reference', 'auth0-openapi'),
  ];
  return candidates.find((dir) => dir !== undefined && dir !== '' && fs.existsSync(path.join(dir, 'management-api-oas.json')));
}
export const DATA_FILE = path.join(ROOT, 'nodes', 'descriptions', 'auth0-api-descriptions.json');

/** The file as the script writes it (one endpoint a line: small diffs, a readable file). */
export function serialise(data: DescriptionsData): string {
  const section = (entries: Record<string, unknown>) =>
    Object.entries(entries)
      .map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(',\n');
  return `{
  "notice": ${JSON.stringify(data.notice)},
  "sources": ${JSON.stringify(data.sources)},
  "operations": {
${section(data.operations)}
  },
  "endpoints": {
${section(data.endpoints)}
  },
  "answerPaths": {
${section(data.answerPaths ?? {})}
  },
  "bodySecrets": {
${section(data.bodySecrets ?? {})}
  }
}
`;
}

/** Derives from the reference (see referenceDir) and the built catalogue. */
export function deriveFromReference(dir: string): string {
  const read = (name: string): OpenApi => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OpenApi;
  const groups = loadGroups(path.join(ROOT, 'dist', 'nodes'));
  return serialise(derive({ management: read('management-api-oas.json'), authentication: read('authentication-api-oas.json'), groups }));
}

if (require.main === module) {
  const dir = referenceDir();
  if (dir === undefined) {
    console.error("derive: Auth0's descriptions not found: set AUTH0_OPENAPI_DIR to the folder of management-api-oas.json");
    process.exit(1);
  }
  const text = deriveFromReference(dir);
  fs.writeFileSync(DATA_FILE, text);
  // The built copy the accessor reads first, so the suites see the new data without another build.
  const built = path.join(ROOT, 'dist', 'nodes', 'descriptions');
  if (fs.existsSync(built)) fs.writeFileSync(path.join(built, path.basename(DATA_FILE)), text);
  const data = JSON.parse(text) as DescriptionsData;
  const bodies = Object.values(data.operations).filter((entry) => entry.body).length;
  console.log(
    `derive: ${Object.keys(data.operations).length} operations (${bodies} with a body schema), ${Object.keys(data.endpoints).length} endpoints, ${Math.round(text.length / 1024)} KB written to ${path.relative(ROOT, DATA_FILE)}`,
  );
}
