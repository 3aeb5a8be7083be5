/** Management API body checks with Auth0's "Payload validation error" messages. */
import { badRequest } from '../core/errors';

export function payloadError(message: string) {
  return badRequest(`Payload validation error: '${message}'.`, 'invalid_body');
}

export function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw payloadError(
      `Expected type object but found type ${body === undefined ? 'undefined' : Array.isArray(body) ? 'array' : body === null ? 'null' : typeof body}`,
    );
  }
  return body as Record<string, unknown>;
}

/** A non-empty array of non-empty strings at `body[name]`. */
export function stringList(body: Record<string, unknown>, name: string): string[] {
  const value = body[name];
  if (value === undefined) throw payloadError(`Missing required property: ${name}`);
  if (!Array.isArray(value)) throw payloadError(`Expected type array but found type ${typeof value}' on property ${name}`);
  if (value.length === 0) throw payloadError(`Array is too short (0), minimum 1' on property ${name}`);
  for (const item of value) {
    if (typeof item !== 'string' || item === '') throw payloadError(`Expected type string' on property ${name}`);
  }
  return value as string[];
}

export function requiredString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined) throw payloadError(`Missing required property: ${name}`);
  if (typeof value !== 'string') throw payloadError(`Expected type string but found type ${typeof value}' on property ${name}`);
  if (value === '') throw payloadError(`String is too short (0 chars), minimum 1' on property ${name}`);
  return value;
}

export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw payloadError(`Expected type string but found type ${typeof value}' on property ${name}`);
  return value;
}

export function optionalBoolean(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw payloadError(`Expected type boolean but found type ${typeof value}' on property ${name}`);
  return value;
}

export function optionalObject(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw payloadError(`Expected type object' on property ${name}`);
  return value as Record<string, unknown>;
}

/** Rejects properties outside `allowed`. */
export function onlyProperties(body: Record<string, unknown>, allowed: readonly string[]): void {
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length) throw payloadError(`Additional properties not allowed: ${extra.join(',')}`);
}
