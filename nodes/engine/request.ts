/**
 * Turns an operation and its resolved values into a RequestSpec: the path with every input
 * URL-encoded, the query serialised as Auth0 expects, the body in its content type.
 */
import type { GroupSpec, InputSpec, OperationSpec } from '../shared/catalogue';
import { InputError } from '../shared/errors';
import type { MultipartBody, RequestSpec } from '../shared/http-types';
import { toText } from '../shared/to-text';

export interface BuildOptions {
  /** The config node's custom domain, sent as `Auth0-Custom-Domain` where the operation takes it. */
  customDomain?: string;
}

/**
 * Encodes one path segment. `encodeURIComponent` leaves `.` alone, so a value of `.` or `..`
 * would let a URL parser climb out of the path: those dots are encoded too.
 */
export function encodePathSegment(value: string): string {
  const encoded = encodeURIComponent(value);
  return /^\.+$/.test(value) ? encoded.replace(/\./g, '%2E') : encoded;
}

/** Query serialisation: booleans as true/false, lists comma-joined, objects as JSON. */
export function serialiseQueryValue(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => String(item)).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** An upload as bytes: a Buffer as it is, a string as UTF-8, anything else as JSON. */
export function toUploadBuffer(spec: InputSpec, value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  if (Array.isArray(value)) return Buffer.from(JSON.stringify(value), 'utf8');
  throw new InputError(spec.name, `input "${spec.name}" must be an array, a JSON string or a Buffer`);
}

function wire(spec: InputSpec): string {
  return spec.wireName ?? spec.name;
}

function buildPath(op: OperationSpec, values: Record<string, unknown>): string {
  return op.path.replace(/\{([a-zA-Z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new InputError(name, `missing required input "${name}"`);
    }
    return encodePathSegment(toText(value));
  });
}

/** Query inputs sent as their key repeated, one value each (`repeat` in the catalogue). */
// The builders below make an object only once there is something to put in it: every message
// passes here, and most set no query, header or secret.

function buildQueryLists(op: OperationSpec, values: Record<string, unknown>): Record<string, string[]> | undefined {
  let lists: Record<string, string[]> | undefined;
  for (const spec of op.inputs) {
    const value = values[spec.name];
    if (spec.in !== 'query' || !spec.repeat || !Array.isArray(value) || value.length === 0) continue;
    lists ??= {};
    lists[wire(spec)] = value.map((item) => String(item));
  }
  return lists;
}

function buildQuery(op: OperationSpec, values: Record<string, unknown>): Record<string, string> | undefined {
  let query: Record<string, string> | undefined;
  // extra_params first, so the explicit inputs win.
  const extra = values.extra_params;
  if (typeof extra === 'object' && extra !== null && !Array.isArray(extra)) {
    for (const [key, value] of Object.entries(extra as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      query ??= {};
      query[key] = serialiseQueryValue(value);
    }
  }
  for (const spec of op.inputs) {
    if (spec.in !== 'query' || spec.name === 'extra_params') continue;
    const value = values[spec.name];
    if (value === undefined) continue;
    // An empty list means "all fields": leave it out rather than send `fields=`.
    if (Array.isArray(value) && value.length === 0) continue;
    if (spec.repeat && Array.isArray(value)) continue; // in queryLists
    query ??= {};
    query[wire(spec)] = serialiseQueryValue(value);
  }
  return query;
}

function buildBody(op: OperationSpec, values: Record<string, unknown>): unknown {
  const contentType = op.contentType ?? 'json';
  if (contentType === 'multipart') {
    const body: MultipartBody = { fields: {}, files: [] };
    for (const spec of op.inputs) {
      if (spec.in !== 'multipart' || values[spec.name] === undefined) continue;
      const value = values[spec.name];
      if (spec.type === 'file') {
        body.files.push({ field: wire(spec), filename: `${wire(spec)}.json`, contentType: 'application/json', data: toUploadBuffer(spec, value) });
      } else {
        body.fields[wire(spec)] = serialiseQueryValue(value);
      }
    }
    return body;
  }
  let body: unknown;
  let fields: Record<string, unknown> | undefined;
  for (const spec of op.inputs) {
    if (spec.in !== 'body' || values[spec.name] === undefined) continue;
    if (spec.wholeBody) {
      body = values[spec.name];
    } else {
      fields ??= {};
      fields[wire(spec)] = values[spec.name];
    }
  }
  if (fields) {
    // Named fields complete a whole body object; they never replace a list body.
    body = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, ...fields } : (body ?? fields);
  }
  return body;
}

/** Every string in a secret input's value (a map of secrets, a provider's settings), at any depth. */
function secretStrings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return [];
  return Object.values(value as Record<string, unknown>).flatMap((item) => secretStrings(item, depth + 1));
}

export function buildRequest(group: GroupSpec, op: OperationSpec, values: Record<string, unknown>, options: BuildOptions = {}): RequestSpec {
  const spec: RequestSpec = {
    method: op.method,
    path: buildPath(op, values),
    auth: op.auth ?? (group.api === 'management' ? 'management' : 'none'),
    operation: `${group.name}.${op.id}`,
  };
  if (op.scopes && op.scopes.length > 0) spec.scopes = op.scopes;
  const query = buildQuery(op, values);
  if (query) spec.query = query;
  const queryLists = buildQueryLists(op, values);
  if (queryLists) spec.queryLists = queryLists;
  const body = buildBody(op, values);
  if (body !== undefined) {
    spec.body = body;
    spec.contentType = op.contentType ?? 'json';
  }
  let headers: Record<string, string> | undefined;
  let secrets: string[] | undefined;
  for (const input of op.inputs) {
    const value = values[input.name];
    if (value === undefined) continue;
    if (input.in === 'header') (headers ??= {})[wire(input)] = String(values[input.name]);
    if (input.secret) (secrets ??= []).push(...secretStrings(value));
  }
  if (op.customDomainHeader && options.customDomain) (headers ??= {})['Auth0-Custom-Domain'] = options.customDomain;
  if (headers) spec.headers = headers;
  if (op.response === 'text') spec.responseType = 'text';
  if (secrets && secrets.length > 0) spec.secrets = secrets;
  return spec;
}
