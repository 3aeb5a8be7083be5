/**
 * The schema walk (issue 29): every response schema of Auth0's Management API description, held
 * against the keys the emulator answered while it replayed the recordings, per endpoint. Keys are
 * top-level (`name`) or one level into listed items (`clients[].name`, `[].name` for a bare list).
 */
import type { AnswerListener } from './replay';

type Json = Record<string, unknown>;

interface OpenApi {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function resolve(api: OpenApi, schema: unknown): Json {
  let current = schema;
  for (let i = 0; i < 20 && isObject(current) && typeof current.$ref === 'string'; i++) {
    current = api.components?.schemas?.[current.$ref.split('/').pop() ?? ''];
  }
  return isObject(current) ? current : {};
}

/** The keys a schema describes (its alternatives together). */
function schemaKeys(api: OpenApi, raw: unknown, prefix = '', depth = 0): Set<string> {
  const schema = resolve(api, raw);
  const keys = new Set<string>();
  for (const alternative of [...((schema.oneOf as unknown[]) ?? []), ...((schema.anyOf as unknown[]) ?? []), ...((schema.allOf as unknown[]) ?? [])]) {
    for (const key of schemaKeys(api, alternative, prefix, depth)) keys.add(key);
  }
  if (schema.type === 'array' && depth === 0) for (const key of schemaKeys(api, schema.items, `${prefix}[].`, 1)) keys.add(key);
  for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    keys.add(`${prefix}${name}`);
    const resolved = resolve(api, property);
    if (depth === 0 && resolved.type === 'array') for (const key of schemaKeys(api, resolved.items, `${prefix}${name}[].`, 1)) keys.add(key);
  }
  return keys;
}

/** The keys of an answer, as schemaKeys names them. */
function answerKeys(body: unknown): Set<string> {
  const keys = new Set<string>();
  const items = (list: unknown[], prefix: string) => {
    for (const item of list) if (isObject(item)) for (const key of Object.keys(item)) keys.add(`${prefix}${key}`);
  };
  if (Array.isArray(body)) items(body, '[].');
  else if (isObject(body)) {
    for (const [key, value] of Object.entries(body)) {
      keys.add(key);
      if (Array.isArray(value)) items(value, `${key}[].`);
    }
  }
  return keys;
}

export interface EndpointReport {
  /** `GET /clients/{id}` */
  endpoint: string;
  /** Keys of the response schema the emulator never answered. */
  never: string[];
}

/** Collects the emulator's answers per described endpoint; then walks the description's response schemas against them. */
export class SchemaWalk {
  private readonly answered = new Map<string, Set<string>>();
  private readonly matchers: Array<{ method: string; pattern: RegExp; endpoint: string; params: number }> = [];

  constructor(private readonly api: OpenApi) {
    for (const [template, methods] of Object.entries(api.paths)) {
      const pattern = new RegExp(`^/api/v2${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const params = (template.match(/\{/g) ?? []).length;
      for (const method of Object.keys(methods))
        this.matchers.push({ method: method.toUpperCase(), pattern, endpoint: `${method.toUpperCase()} ${template}`, params });
    }
    // A literal segment wins over a parameter (`/clients/cimd` before `/clients/{id}`).
    this.matchers.sort((a, b) => a.params - b.params);
  }

  /** The described endpoint a request reaches. */
  endpointOf(method: string, pathAndQuery: string): string | undefined {
    const path = pathAndQuery.split('?')[0] ?? '';
    return this.matchers.find((m) => m.method === method && m.pattern.test(path))?.endpoint;
  }

  readonly listener: AnswerListener = (method, pathAndQuery, status, text) => {
    if (status < 200 || status >= 300 || !text.trim()) return;
    const endpoint = this.endpointOf(method, pathAndQuery);
    if (!endpoint) return;
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return;
    }
    const keys = this.answered.get(endpoint) ?? new Set<string>();
    for (const key of answerKeys(body)) keys.add(key);
    this.answered.set(endpoint, keys);
  };

  /** The keys the emulator answered for `endpoint` (`POST /clients`), or undefined when it never answered it. */
  answeredKeys(endpoint: string): ReadonlySet<string> | undefined {
    return this.answered.get(endpoint);
  }

  /** Every response schema of the description, for the endpoints the emulator answered: the keys it never did. */
  walk(): EndpointReport[] {
    const reports: EndpointReport[] = [];
    for (const [template, methods] of Object.entries(this.api.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const endpoint = `${method.toUpperCase()} ${template}`;
        const answered = this.answered.get(endpoint);
        if (!answered) continue;
        const responses = isObject(operation.responses) ? operation.responses : {};
        const described = new Set<string>();
        for (const [code, response] of Object.entries(responses)) {
          if (!code.startsWith('2')) continue;
          const content = isObject(response) && isObject(response.content) ? response.content : {};
          const json = content['application/json'];
          if (isObject(json)) for (const key of schemaKeys(this.api, json.schema)) described.add(key);
        }
        const never = [...described].filter((key) => !answered.has(key)).sort();
        if (never.length > 0) reports.push({ endpoint, never });
      }
    }
    return reports;
  }
}
