/**
 * `jobs.export_users`: the body Auth0 expects, from a whole `body` and/or the separate inputs
 * `connection_id`, `format`, `fields` and `limit` (which win over the body's). `fields` may be
 * given as names (`"email,name"`, `["email"]`) or as Auth0's `[{ name, export_as }]`.
 */
import { InputError } from '../shared/errors';
import type { ExecutorContext, ExecutorResult } from '../engine/executor-types';

export interface ExportField {
  name: string;
  export_as?: string;
}

function fieldOf(item: unknown, index: number): ExportField {
  if (typeof item === 'string') {
    const name = item.trim();
    if (name === '') throw new InputError('fields', `input "fields": item ${index} is empty`);
    return { name };
  }
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const { name, export_as: exportAs } = item as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') throw new InputError('fields', `input "fields": item ${index} needs a "name"`);
    if (exportAs !== undefined && typeof exportAs !== 'string') throw new InputError('fields', `input "fields": "export_as" of item ${index} must be a string`);
    const extra = Object.keys(item).filter((key) => key !== 'name' && key !== 'export_as');
    if (extra.length > 0) throw new InputError('fields', `input "fields": item ${index} has unknown keys ${extra.join(', ')} (only name and export_as)`);
    return exportAs === undefined ? { name } : { name, export_as: exportAs };
  }
  throw new InputError('fields', `input "fields": item ${index} must be a field name or { "name": …, "export_as": … }`);
}

/** Field names or field objects, as Auth0's list of `{ name, export_as? }`. */
export function exportFields(value: unknown): ExportField[] {
  let list = value;
  if (typeof value === 'string') {
    const text = value.trim();
    list = text.startsWith('[') ? parseJsonList(text) : text.split(',').filter((part) => part.trim() !== '');
  }
  if (!Array.isArray(list)) throw new InputError('fields', 'input "fields" must be a list of field names or of { "name": …, "export_as": … }');
  if (list.length === 0) throw new InputError('fields', 'input "fields" is empty: leave it unset to export Auth0\'s default fields');
  return list.map(fieldOf);
}

function parseJsonList(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError('fields', 'input "fields" is not valid JSON');
  }
}

/** The request body of a users export. */
export function exportBody(values: Record<string, unknown>): Record<string, unknown> {
  const base = values.body;
  if (base !== undefined && (typeof base !== 'object' || base === null || Array.isArray(base))) {
    throw new InputError('body', 'input "body" must be an object');
  }
  const body: Record<string, unknown> = { ...(base as Record<string, unknown> | undefined) };
  for (const name of ['connection_id', 'format', 'limit'] as const) {
    if (values[name] !== undefined) body[name] = values[name];
  }
  if (values.fields !== undefined) body.fields = exportFields(values.fields);
  else if (body.fields !== undefined) body.fields = exportFields(body.fields);
  if (body.format !== undefined && body.format !== 'json' && body.format !== 'csv') {
    throw new InputError('format', `input "format" must be json or csv, got ${JSON.stringify(body.format)}`);
  }
  if (body.limit !== undefined && (typeof body.limit !== 'number' || !Number.isInteger(body.limit) || body.limit < 1)) {
    throw new InputError('limit', 'input "limit" must be a whole number of users, at least 1');
  }
  return body;
}

export async function exportUsers(ctx: ExecutorContext): Promise<ExecutorResult> {
  const body = exportBody(ctx.values);
  const response = await ctx.client.request(ctx.buildRequest({ body }));
  return { payload: response.data, response };
}
