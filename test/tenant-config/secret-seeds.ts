/**
 * Seeds a secret into every property Auth0's description marks or names as a secret (the derived
 * `bodySecrets` of nodes/descriptions) in each write that makes a resource a tenant snapshot reads,
 * plus the secrets the rule finds where the description is silent (an sms connection's
 * `twilio_token`, an oauth2 connection's `customHeaders`). Each value is made from the body schema
 * at its path: a text, a map, a list, a provider's credentials object.
 */
import { randomBytes } from 'node:crypto';
import { bodySchemaOfEndpoint, descriptionsData, type JsonSchema } from '../../nodes/descriptions/descriptions';
import type { Api } from './tenant-fixture';
import { secretKind } from '../../nodes/shared/secret-names';

/** One write of the seed: the base body a valid request needs, the secrets go into it. */
interface Write {
  /** The resource of the snapshot the write makes. */
  resource: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  base: Record<string, unknown>;
  /** Secret paths the rule finds beyond the description (`.`-separated). */
  extra?: string[];
  /** Only these of the endpoint's secret paths (one kind of several, as a log stream's sink type); all when unset. */
  only?: string[];
}

const WRITES: readonly Write[] = [
  { resource: 'clients', method: 'POST', path: '/clients', base: { name: 'Seeded app', app_type: 'regular_web' } },
  {
    resource: 'resource_servers',
    method: 'POST',
    path: '/resource-servers',
    base: { name: 'Seeded API', identifier: 'https://seeded.example/api', signing_alg: 'HS256' },
  },
  { resource: 'connections', method: 'POST', path: '/connections', base: { name: 'seeded-db', strategy: 'auth0' } },
  {
    resource: 'connections',
    method: 'POST',
    path: '/connections',
    base: { name: 'seeded-sms', strategy: 'sms', options: {} },
    extra: ['options.twilio_token'],
  },
  {
    resource: 'connections',
    method: 'POST',
    path: '/connections',
    base: { name: 'seeded-oauth2', strategy: 'oauth2', options: { client_id: 'oauth2-client' } },
    extra: ['options.customHeaders.Authorization', 'options.client_secret'],
  },
  {
    resource: 'actions',
    method: 'POST',
    path: '/actions/actions',
    base: {
      name: 'seeded-action',
      supported_triggers: [{ id: 'post-login', version: 'v3' }],
      code: 'exports.onExecutePostLogin = async () => {};',
      runtime: 'node22',
    },
  },
  {
    resource: 'phone_providers',
    method: 'POST',
    path: '/branding/phone/providers',
    base: { name: 'twilio', configuration: { sid: 'AC1', delivery_methods: ['text'] } },
  },
  {
    resource: 'email_provider',
    method: 'POST',
    path: '/emails/provider',
    base: { name: 'sendgrid', enabled: true, default_from_address: 'no-reply@seeded.example' },
  },
  { resource: 'mfa_twilio', method: 'PUT', path: '/guardian/factors/phone/providers/twilio', base: { from: '+15550100', sid: 'AC123' } },
  {
    resource: 'mfa_sns',
    method: 'PUT',
    path: '/guardian/factors/push-notification/providers/sns',
    base: { aws_access_key_id: 'AKIA1', aws_region: 'us-east-1' },
  },
  { resource: 'mfa_duo', method: 'PUT', path: '/guardian/factors/duo/settings', base: { ikey: 'DI1', host: 'api-1.duosecurity.com' } },
  { resource: 'attack_protection_captcha', method: 'PATCH', path: '/attack-protection/captcha', base: { active_provider_id: 'recaptcha_v2' } },
  ...(
    [
      [
        'http',
        { httpEndpoint: 'https://siem.seeded.example', httpContentType: 'application/json', httpContentFormat: 'JSONLINES' },
        ['sink.httpAuthorization', 'sink.httpCustomHeaders'],
      ],
      ['datadog', { datadogRegion: 'us' }, ['sink.datadogApiKey']],
      ['segment', {}, ['sink.segmentWriteKey']],
      ['splunk', { splunkDomain: 'splunk.seeded.example', splunkPort: '8088', splunkSecure: true }, ['sink.splunkToken']],
      ['mixpanel', { mixpanelRegion: 'us', mixpanelProjectId: '1', mixpanelServiceAccountUsername: 'svc' }, ['sink.mixpanelServiceAccountPassword']],
    ] as const
  ).map(([type, sink, only]): Write => ({
    resource: 'log_streams',
    method: 'POST',
    path: '/log-streams',
    base: { name: `seeded-${type}`, type, sink },
    only: [...only],
  })),
  {
    resource: 'event_streams',
    method: 'POST',
    path: '/event-streams',
    base: {
      name: 'seeded-events',
      subscriptions: [{ event_type: 'user.created' }],
      destination: { type: 'webhook', configuration: { webhook_endpoint: 'https://hooks.seeded.example', webhook_authorization: { method: 'bearer' } } },
    },
  },
  {
    resource: 'flows',
    method: 'POST',
    path: '/flows',
    base: { name: 'seeded-flow', actions: [{ id: 'call', type: 'HTTP', action: 'SEND_REQUEST', params: { url: 'https://api.seeded.example' } }] },
    only: ['actions.*.params.basic.password', 'actions.*.params.headers'],
  },
  {
    resource: 'flows',
    method: 'POST',
    path: '/flows',
    base: { name: 'seeded-jwt-flow', actions: [{ id: 'decode', type: 'JWT', action: 'DECODE_JWT', params: {} }] },
    only: ['actions.*.params.token'],
  },
  ...(
    [
      ['HTTP', { type: 'BEARER' }, ['setup.token']],
      ['HTTP', { type: 'BASIC_AUTH', username: 'svc' }, ['setup.password']],
      ['HTTP', { type: 'OAUTH_CLIENT_CREDENTIALS', client_id: 'cc', token_endpoint: 'https://idp.seeded.example/token' }, ['setup.client_secret']],
      ['MAILJET', { type: 'API_KEY' }, ['setup.api_key', 'setup.secret_key']],
      ['STRIPE', { type: 'KEY_PAIR', public_key: 'pk_seeded' }, ['setup.private_key']],
    ] as const
  ).map(([app, setup, only], index): Write => ({
    resource: 'flows_vault_connections',
    method: 'POST',
    path: '/flows/vault/connections',
    base: { name: `seeded-vault-${index}`, app_id: app, setup },
    only: [...only],
  })),
];

export interface SeededSecrets {
  /** Every secret value written. */
  values: string[];
  /** `<resource> <METHOD path> <secret path>`, one per secret property seeded. */
  properties: string[];
  /** The snapshot resources seeded. */
  resources: string[];
}

type Path = readonly string[];

/** The schema and its alternatives, nested ones too. */
function alternatives(schema: JsonSchema): JsonSchema[] {
  return [schema, ...[...(schema.anyOf ?? []), ...(schema.allOf ?? [])].flatMap(alternatives)];
}

/** Whether an alternative fits the value the body already has there (its enums and consts agree: an action's type). */
function fits(alt: JsonSchema, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  return Object.entries(value).every(([key, v]) => {
    const property = alt.properties?.[key];
    if (!property || (typeof v !== 'string' && typeof v !== 'number')) return true;
    const allowed = [...(property.enum ?? []), ...(property.const !== undefined ? [property.const] : [])];
    return allowed.length === 0 || allowed.includes(v);
  });
}

/** The schema at a path of a body schema: the first alternative that has it and fits the body's value there. */
function schemaAt(schema: JsonSchema | undefined, path: Path, value?: unknown): JsonSchema | undefined {
  if (!schema || path.length === 0) return schema;
  for (const alt of alternatives(schema).filter((candidate) => fits(candidate, value))) {
    const next =
      path[0] === '*' ? (alt.items ?? (typeof alt.additionalProperties === 'object' ? alt.additionalProperties : undefined)) : alt.properties?.[path[0]];
    const inner = path[0] === '*' ? (Array.isArray(value) ? value[0] : undefined) : (value as Record<string, unknown> | undefined)?.[path[0]];
    const found = schemaAt(next, path.slice(1), inner);
    if (found) return found;
  }
  return undefined;
}

function typesOf(schema: JsonSchema): string[] {
  return alternatives(schema).flatMap((alt) => (Array.isArray(alt.type) ? alt.type : alt.type ? [alt.type] : []));
}

class SecretMaker {
  readonly values: string[] = [];

  text(): string {
    const value = `seeded-secret-${this.values.length}-${randomBytes(6).toString('hex')}`;
    this.values.push(value);
    return value;
  }

  /**
   * A value of the schema's shape for the secret property `name`: a collection of secrets (a list
   * of secrets, headers) has every text secret; a structure, the texts named as secrets (a
   * webhook authorization's token, not its user name); an enum or const takes its first value.
   */
  value(name: string, schema: JsonSchema | undefined, everyText = secretKind(name) === 'collection', depth = 0): unknown {
    if (!schema || depth > 6) return this.text();
    const withProperties = alternatives(schema).find((alt) => alt.properties && Object.keys(alt.properties).length > 0);
    const types = typesOf(schema);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null);
    if (withProperties?.properties) {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(withProperties.properties)) {
        const kinds = typesOf(property);
        if (kinds.includes('boolean')) out[key] = true;
        else if (kinds.includes('integer') || kinds.includes('number')) out[key] = 1;
        else if (everyText || secretKind(key) !== undefined) out[key] = this.value(key, property, everyText, depth + 1);
        else out[key] = filler(property);
      }
      return out;
    }
    if (types.includes('array')) return [this.value(name, schema.items ?? alternatives(schema).find((alt) => alt.items)?.items, everyText, depth + 1)];
    if (types.includes('object')) return { 'X-Seeded': this.text() };
    return this.text();
  }
}

/** What a valid object of the schema needs around a secret: its required properties, as plain (non-secret) values. */
function filler(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'filler';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null);
  const object = alternatives(schema).find((alt) => alt.properties);
  if (object?.properties) {
    const out: Record<string, unknown> = {};
    for (const name of alternatives(schema).flatMap((alt) => alt.required ?? [])) out[name] = filler(object.properties[name], depth + 1);
    return out;
  }
  const types = typesOf(schema);
  if (types.includes('array')) return [];
  if (types.includes('boolean')) return false;
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('object')) return {};
  const format = alternatives(schema).find((alt) => alt.format)?.format;
  return format === 'uri' ? 'https://filler.example' : format === 'email' ? 'filler@filler.example' : 'filler';
}

/** Puts `make()` at the path of the body, making what is missing on the way valid for the schema. */
function setAt(target: Record<string, unknown>, schema: JsonSchema | undefined, path: Path, make: () => unknown, done: Path = []): void {
  const [key, ...rest] = path;
  const here = [...done, key];
  if (rest.length === 0) {
    if (key === '*') throw new Error('a secret path ends in *');
    target[key] = make();
    return;
  }
  if (rest[0] === '*') {
    const list = Array.isArray(target[key])
      ? (target[key] as Record<string, unknown>[])
      : [filler(schemaAt(schema, [...here, '*'])) as Record<string, unknown>];
    target[key] = list;
    for (const item of list) if (rest.length > 1) setAt(item, schema, rest.slice(1), make, [...here, '*']);
    return;
  }
  const existing = target[key];
  const made = filler(schemaAt(schema, here));
  const next = (typeof existing === 'object' && existing !== null ? existing : typeof made === 'object' && made !== null ? made : {}) as Record<
    string,
    unknown
  >;
  target[key] = next;
  setAt(next, schema, rest, make, here);
}

function endpointOf(write: Write): string {
  return `${write.method} /api/v2${write.path}`.replace(/\{[^}]*\}/g, '{}');
}

/** Writes every seeded secret into the tenant. */
export async function seedSecrets(api: Api): Promise<SeededSecrets> {
  const maker = new SecretMaker();
  const properties: string[] = [];
  const bodySecrets = descriptionsData().bodySecrets ?? {};
  for (const write of WRITES) {
    const endpoint = endpointOf(write);
    const schema = bodySchemaOfEndpoint(endpoint);
    const body = JSON.parse(JSON.stringify(write.base)) as Record<string, unknown>;
    const described = (bodySecrets[endpoint] ?? []).filter((path) => !write.only || write.only.includes(path.join('.')));
    const paths: Path[] = [...described, ...(write.extra ?? []).map((path) => path.split('.'))];
    if (paths.length === 0) throw new Error(`${endpoint}: the description names no secret in its body`);
    for (const path of paths) {
      setAt(body, schema, path, () => maker.value(path[path.length - 1], schemaAt(schema, path, body)));
      properties.push(`${write.resource} ${endpoint} ${path.join('.')}`);
    }
    await api(write.method, write.path, body);
  }
  return { values: maker.values, properties, resources: [...new Set(WRITES.map((write) => write.resource))] };
}

/** The described secret paths of the seeded endpoints that no write seeds (none, when the fixture is complete). */
export function unseededPaths(seeded: SeededSecrets): string[] {
  const bodySecrets = descriptionsData().bodySecrets ?? {};
  const done = new Set(seeded.properties.map((line) => line.split(' ').slice(1).join(' ')));
  return [...new Set(WRITES.map(endpointOf))].flatMap((endpoint) =>
    (bodySecrets[endpoint] ?? []).map((path) => `${endpoint} ${path.join('.')}`).filter((line) => !done.has(line)),
  );
}

export { WRITES as SECRET_WRITES };
