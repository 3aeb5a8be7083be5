/**
 * `npm run derive:creation-defaults`: what Auth0 fills in when a resource is created, derived by
 * rule and written to emulator/management/creation-defaults.json (committed; the emulator applies
 * it at creation, management/creation-defaults.ts). Two sources, the recordings first:
 *
 * 1. Auth0's recorded answers to creates (../shared/reference/auth0-recordings/go-auth0): for each
 *    `POST` to a collection whose items the description reads (`GET /forms/{id}`), every leaf of
 *    the answer that the request did not give is a candidate, per resource and, for connections,
 *    per strategy. Auth0 changes over the years and fills in some keys only for some requests, so
 *    the answers to the requests that said least under the leaf's top-level key (the closest to
 *    "only the required fields") decide: of those, the newest era (the recording Go SDK's
 *    version), by plurality against the answers without the leaf. A leaf missing only because a
 *    nested object was not given is filled in only where that object is (`whenParent`). The value
 *    must be a keyword (`front_channel`, `en_100k`), a switch, a number, null or empty: not the
 *    request's own text (a name, a URL), the tenant's domain, an id, a secret or a date; a nested
 *    object holding such a value (an issuer's discovery document, a certificate's subject: what
 *    Auth0 read from elsewhere) is left out whole.
 * 2. The description's response schema of the same `POST`: a top-level property whose `default`
 *    is a boolean or one of the property's enum values, unless the newest recorded answer
 *    contradicts it (without the key, or with another value, where the request did not give it).
 *
 * `derive()` is pure (recordings and description in, data out) so a test can hold the committed
 * file against it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readCassettes, recordingsDir, type Cassette } from '../test/emulator/recordings/cassettes';

type Json = Record<string, unknown>;

interface OpenApi {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

/** One default: where (keys from the resource's root) and what. */
export interface CreationDefault {
  path: string[];
  value: unknown;
  /** `recordings` or `description`. */
  source: string;
  /** Only where the object holding it is there (given, or filled in): Auth0 answered it only then. */
  whenParent?: true;
  /** Not into an object the request gives (no recording shows Auth0 filling it in there). */
  notIntoGiven?: true;
}

export interface CreationDefaultsData {
  notice: string;
  /** collection path (`/api/v2/clients`) → variant (a connection's strategy, or `*` for every create) → defaults, shallowest first. */
  resources: Record<string, Record<string, CreationDefault[]>>;
}

/** Collections whose creates differ by a body field: connections by strategy. */
const VARIANT_FIELD: Readonly<Record<string, string>> = { '/api/v2/connections': 'strategy' };
/** Keys that name the created resource: never a default, whatever they hold. */
const IDENTITY_KEYS = new Set(['id', 'client_id', 'client_secret', 'signing_keys', 'created_at', 'updated_at', 'tenant']);
const RECORDED_DOMAIN = /go-auth0-dev\.eu\.auth0\.com/;
const DATE = /^\d{4}-\d{2}-\d{2}T/;
/** A random token: long, letters and digits mixed. */
const TOKEN = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_-]{16,}$/;
/** A keyword value, as enums hold them. */
const KEYWORD = /^[A-Za-z0-9_.:-]*$/;

/** Whether every text in `value` is a keyword. */
function keywordsOnly(value: unknown): boolean {
  if (typeof value === 'string') return KEYWORD.test(value);
  if (Array.isArray(value)) return value.every(keywordsOnly);
  if (isObject(value)) return Object.values(value).every(keywordsOnly);
  return true;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function stringsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string' && value.length >= 3) into.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, into);
  else if (isObject(value)) for (const v of Object.values(value)) stringsOf(v, into);
  return into;
}

/** A value that belongs to this one create (the request's own text, the tenant, an id, a date). */
function isSpecific(value: unknown, given: ReadonlySet<string>): boolean {
  const texts = stringsOf(value, new Set());
  for (const text of texts) {
    if (RECORDED_DOMAIN.test(text) || DATE.test(text) || TOKEN.test(text)) return true;
    // The request's own texts (a name, a URL): long enough not to be a keyword like the strategy.
    for (const g of given) if (g.length >= 8 && text.includes(g)) return true;
  }
  return false;
}

interface Observation {
  path: string[];
  /** JSON of the values of the newest answers that agree (newest first). */
  values: string[];
  /** Whether, in those answers, the object holding it was sometimes missing. */
  whenParent: boolean;
  /** Whether a value holds the request's own text, the tenant's domain, an id or a date. */
  specific: boolean;
  /** Whether Auth0 filled it in where the request gave the object holding it (undefined: never seen). */
  intoGiven?: boolean;
}

/** How many leaves a request gives (of one of its keys). */
function leafCount(value: unknown): number {
  if (isObject(value)) return Object.values(value).reduce((n: number, v) => n + leafCount(v), 0);
  return value === undefined ? 0 : 1;
}

/** `1.31.0` → comparable; `latest` last; unknown first. */
function era(version: string | undefined): number[] {
  if (version === undefined) return [-1];
  if (version === 'latest') return [Number.MAX_SAFE_INTEGER];
  return version.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

function compareEra(a: string | undefined, b: string | undefined): number {
  const x = era(a);
  const y = era(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The leaves of `answer` that `request` did not give: [path, value]. Objects are walked; arrays and scalars are leaves. */
function leaves(answer: Json, request: unknown, at: string[] = [], out: Array<[string[], unknown]> = []): Array<[string[], unknown]> {
  for (const [key, value] of Object.entries(answer)) {
    const given = isObject(request) ? request[key] : undefined;
    const here = [...at, key];
    if (at.length === 0 && IDENTITY_KEYS.has(key)) continue;
    if (isObject(value) && Object.keys(value).length > 0) leaves(value, given, here, out);
    else if (given === undefined) out.push([here, value]);
  }
  return out;
}

function get(value: unknown, at: readonly string[]): unknown {
  let current = value;
  for (const key of at) current = isObject(current) ? current[key] : undefined;
  return current;
}

function gives(request: unknown, at: readonly string[]): boolean {
  for (let i = 1; i <= at.length; i++) {
    const v = get(request, at.slice(0, i));
    if (v !== undefined && !isObject(v)) return true;
  }
  return get(request, at) !== undefined;
}

function resolve(api: OpenApi, schema: unknown): Json {
  let current = schema;
  for (let i = 0; i < 20 && isObject(current) && typeof current.$ref === 'string'; i++) {
    current = api.components?.schemas?.[current.$ref.split('/').pop() ?? ''];
  }
  return isObject(current) ? current : {};
}

/** Collection paths the description creates with POST, with their answer's schema. */
function createOperations(api: OpenApi): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const [p, methods] of Object.entries(api.paths)) {
    // A create: POST to a collection whose items the description reads (`GET /forms/{id}`).
    if (p.includes('{') || !Object.keys(api.paths).some((q) => q.startsWith(`${p}/{`) && isObject(api.paths[q]?.get))) continue;
    const post = methods.post;
    if (!isObject(post)) continue;
    const responses = isObject(post.responses) ? post.responses : {};
    const answer = (responses['201'] ?? responses['200']) as Json | undefined;
    const schema = get(answer, ['content', 'application/json', 'schema']);
    out.set(`/api/v2${p}`, resolve(api, schema));
  }
  return out;
}

export function derive(api: OpenApi, cassettes: readonly Cassette[]): CreationDefaultsData {
  const creates = createOperations(api);
  // The recorded creates, by collection and variant.
  const recorded = new Map<string, Map<string, Array<{ request: unknown; answer: Json; era?: string }>>>();
  for (const cassette of cassettes) {
    for (const interaction of cassette.interactions) {
      if (interaction.method !== 'POST' || interaction.status < 200 || interaction.status > 201) continue;
      const collection = interaction.pathAndQuery.split('?')[0] ?? '';
      if (!creates.has(collection)) continue;
      const request = parse(interaction.body);
      const answer = parse(interaction.responseBody);
      if (!isObject(answer)) continue;
      const field = VARIANT_FIELD[collection];
      const variant = field && isObject(request) && typeof request[field] === 'string' ? request[field] : '*';
      const byVariant = recorded.get(collection) ?? new Map<string, Array<{ request: unknown; answer: Json; era?: string }>>();
      recorded.set(collection, byVariant);
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), { request, answer, era: interaction.sdkVersion }]);
    }
  }
  // collection → variant → leaf → what the newest recordings say of it. Auth0 changes over the
  // years: the newest era that shows the leaf (not given) decides, by the majority of its answers.
  const seen = new Map<string, Map<string, Observation[]>>();
  for (const [collection, byVariant] of recorded) {
    const variants = new Map<string, Observation[]>();
    seen.set(collection, variants);
    for (const [variant, unordered] of byVariant) {
      const answers = [...unordered].sort((a, b) => compareEra(b.era, a.era));
      const paths = new Map<string, string[]>();
      for (const { request, answer } of answers) for (const [at] of leaves(answer, request)) paths.set(JSON.stringify(at), at);
      const observations: Observation[] = [];
      for (const at of paths.values()) {
        const o: Observation = { path: at, values: [], whenParent: false, specific: false };
        // The answers to the requests that said least under the leaf's top-level key (the closest
        // to "only the required fields") decide; of those, the newest era (Go SDK version), by plurality.
        const open = answers.filter((a) => !gives(a.request, at));
        const said = (request: unknown) => leafCount(get(request, [at[0] ?? '']));
        const least = Math.min(...open.map((a) => said(a.request)));
        const closest = open.filter((a) => said(a.request) === least);
        const newestEra = closest[0]?.era;
        const counts = new Map<string, number>();
        let absent = 0;
        for (const { request, answer } of closest.filter((a) => a.era === newestEra)) {
          const value = get(answer, at);
          if (value === undefined) {
            // Missing where its object is there, or with its whole top-level key: absent. A
            // nested object missing: the leaf is filled in only when that object is given.
            const parent = at.length === 1 ? answer : get(answer, at.slice(0, -1));
            if (isObject(parent) || answer[at[0] ?? ''] === undefined) absent += 1;
            else o.whenParent = true;
            continue;
          }
          const json = JSON.stringify(value);
          counts.set(json, (counts.get(json) ?? 0) + 1);
          if (isSpecific(value, stringsOf(request, new Set()))) o.specific = true;
        }
        const [json, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
        if (count > absent) o.values = [json];
        // Where the request gave the object holding it (not empty), did Auth0 fill it in?
        if (at.length > 1) {
          let filled = 0;
          let left = 0;
          for (const { request, answer } of open) {
            const parent = get(request, at.slice(0, -1));
            if (!isObject(parent) || Object.keys(parent).length === 0) continue;
            if (get(answer, at) === undefined) left += 1;
            else filled += 1;
          }
          o.intoGiven = filled > left;
        }
        observations.push(o);
      }
      variants.set(variant, observations);
    }
  }
  const resources: CreationDefaultsData['resources'] = {};
  for (const [collection, byVariant] of seen) {
    for (const [variant, observations] of byVariant) {
      // Nested objects (below the top level) holding a value read from elsewhere.
      const derived = new Set<string>();
      for (const o of observations) {
        const readElsewhere = o.specific || o.values.some((v) => !keywordsOnly(JSON.parse(v) as unknown));
        if (readElsewhere && o.path.length > 2) derived.add(JSON.stringify(o.path.slice(0, -1)));
      }
      const defaults: CreationDefault[] = [];
      for (const o of observations) {
        if (o.values.length === 0 || o.specific) continue;
        if (o.path.some((_, i) => i >= 2 && derived.has(JSON.stringify(o.path.slice(0, i))))) continue;
        const value = JSON.parse(o.values[0] ?? 'null') as unknown;
        if (!keywordsOnly(value)) continue;
        defaults.push({
          path: o.path,
          value,
          source: 'recordings',
          ...(o.whenParent ? { whenParent: true as const } : {}),
          ...(o.intoGiven === false ? { notIntoGiven: true as const } : {}),
        });
      }
      if (defaults.length > 0) (resources[collection] ??= {})[variant] = defaults.sort((a, b) => a.path.length - b.path.length);
    }
  }
  // The description's defaults, where no recording says otherwise.
  for (const [collection, schema] of creates) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const answers = [...(recorded.get(collection)?.values() ?? [])].flat();
    const defaults: CreationDefault[] = [];
    for (const [key, raw] of Object.entries(properties)) {
      const property = resolve(api, raw);
      if (!('default' in property) || IDENTITY_KEYS.has(key)) continue;
      const value = property.default;
      const fromEnum = Array.isArray(property.enum) && property.enum.includes(value);
      if (typeof value !== 'boolean' && !fromEnum) continue;
      const newest = [...answers].sort((a, b) => compareEra(b.era, a.era)).slice(0, 1);
      const contradicted = newest.some(
        ({ request, answer }) => !(isObject(request) && key in request) && JSON.stringify(answer[key]) !== JSON.stringify(value),
      );
      if (contradicted || resources[collection]?.['*']?.some((d) => d.path.length === 1 && d.path[0] === key)) continue;
      defaults.push({ path: [key], value, source: 'description' });
    }
    if (defaults.length > 0) (resources[collection] ??= {})['*'] = [...defaults, ...(resources[collection]?.['*'] ?? [])];
  }
  const sorted: CreationDefaultsData['resources'] = {};
  for (const collection of Object.keys(resources).sort()) {
    sorted[collection] = {};
    for (const variant of Object.keys(resources[collection] ?? {}).sort()) sorted[collection][variant] = resources[collection]?.[variant] ?? [];
  }
  return {
    notice:
      "Derived by scripts/derive-creation-defaults.ts from Auth0's recorded answers (auth0-recordings/go-auth0) and its Management API description (MIT). Do not edit: run npm run derive:creation-defaults.",
    resources: sorted,
  };
}

export const OUTPUT = path.join('emulator', 'management', 'creation-defaults.json');

/** The file's text, as committed. */
export function serialized(data: CreationDefaultsData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The management description beside the repository (as recordingsDir finds the recordings). */
export function managementDescription(repoRoot: string): OpenApi {
  const file = path.join(path.dirname(path.dirname(recordingsDir(repoRoot))), 'auth0-openapi', 'management-api-oas.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApi;
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..', '..');
  const data = derive(managementDescription(root), readCassettes(recordingsDir(root)));
  fs.writeFileSync(path.join(root, OUTPUT), serialized(data));
  const count = Object.values(data.resources).reduce((n, variants) => n + Object.values(variants).reduce((m, list) => m + list.length, 0), 0);
  console.log(`${OUTPUT}: ${count} defaults for ${Object.keys(data.resources).length} resources`);
}
