/**
 * Body checks shared by the configuration groups' routes (clients, connections, hooks, …),
 * raising Auth0's `Payload validation error: '…' on property x.` 400s.
 */
import { ApiError, badRequest } from '../core/errors';
import type { RouteContext, Tenant } from '../core/types';

export type JsonType = 'string' | 'boolean' | 'number' | 'integer' | 'object' | 'array' | 'null';

export function payloadError(message: string, property?: string): ApiError {
  return badRequest(`Payload validation error: '${message}'${property ? ` on property ${property}` : ''}.`, 'invalid_body');
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The request body as an object (an absent body counts as `{}` when `optional`). */
export function bodyObject(ctx: RouteContext, optional = false): Record<string, unknown> {
  const body = ctx.body;
  if (body === undefined && optional) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw payloadError(`Expected type object but found type ${body === undefined ? 'undefined' : jsonType(body)}`);
  }
  return body as Record<string, unknown>;
}

export interface BodySpec {
  /** Every accepted property and its JSON type (`integer` also accepts whole numbers only). */
  types: Record<string, JsonType | readonly JsonType[]>;
  required?: readonly string[];
  /** Allowed values of string properties. */
  enums?: Record<string, readonly string[]>;
  /** Whether unknown properties are refused (Auth0's schemas are closed). Default true. */
  closed?: boolean;
}

/** Checks a body against a spec; returns it for chaining. */
export function checkBody(body: Record<string, unknown>, spec: BodySpec): Record<string, unknown> {
  if (spec.closed !== false) {
    const extra = Object.keys(body).filter((key) => !(key in spec.types));
    if (extra.length) throw payloadError(`Additional properties not allowed: ${extra.join(',')}`);
  }
  for (const key of spec.required ?? []) {
    if (body[key] === undefined) throw payloadError(`Missing required property: ${key}`);
  }
  for (const [key, expected] of Object.entries(spec.types)) {
    const value = body[key];
    if (value === undefined) continue;
    const allowed = typeof expected === 'string' ? [expected] : expected;
    const actual = jsonType(value);
    const ok = allowed.some((t) => t === actual || (t === 'number' && actual === 'integer'));
    if (!ok) throw payloadError(`Expected type ${allowed.join(',')} but found type ${actual}`, key);
    const values = spec.enums?.[key];
    if (values && !values.includes(value as string)) throw payloadError(`No enum match for: ${JSON.stringify(value)}`, key);
  }
  return body;
}

/** A string property's length and pattern, with Auth0's wording. */
export function checkString(value: unknown, property: string, rules: { min?: number; max?: number; pattern?: RegExp }): void {
  if (typeof value !== 'string') return;
  if (rules.min !== undefined && value.length < rules.min) throw payloadError(`String is too short (${value.length} chars), minimum ${rules.min}`, property);
  if (rules.max !== undefined && value.length > rules.max) throw payloadError(`String is too long (${value.length} chars), maximum ${rules.max}`, property);
  if (rules.pattern && !rules.pattern.test(value)) throw payloadError(`String does not match pattern ${rules.pattern.source}: ${value}`, property);
}

/** A deep copy of a JSON value, so stored state never shares objects with a request or response. */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Drops properties whose value is undefined. */
export function compact<T extends Record<string, unknown>>(record: T): T {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}

/** True when the request's management token carries `scope`. */
export function hasScope(ctx: RouteContext, scope: string): boolean {
  return ctx.token?.scopes.has(scope) ?? false;
}

/** The tenant's short name (Auth0 uses it in client records and export file names): the first label of the domain, else `emulator`. */
export function tenantName(tenant: Tenant): string {
  return /^[A-Za-z]/.test(tenant.domain) ? tenant.domain.split(/[.:]/)[0] : 'emulator';
}
