/**
 * How one user becomes one record of a users-export file: a line of ndjson ("JSON" exports are
 * newline-delimited) or a row of CSV. Field names are profile paths as Auth0 accepts them
 * (`email`, `user_metadata.country`, `identities[0].connection`); `export_as` renames the column.
 */
import { toText } from '../../../nodes/shared/to-text';

export interface ExportField {
  name: string;
  export_as?: string;
}

export type ExportFormat = 'json' | 'csv';

/** Auth0's documented cap on the fields of one export. */
export const MAX_EXPORT_FIELDS = 30;

/** The fields exported when the request names none (Auth0 exports "a predefined set"). */
export const DEFAULT_EXPORT_FIELDS: readonly ExportField[] = [
  'user_id',
  'email',
  'email_verified',
  'username',
  'phone_number',
  'phone_verified',
  'name',
  'given_name',
  'family_name',
  'nickname',
  'picture',
  'blocked',
  'created_at',
  'updated_at',
  'last_login',
  'last_ip',
  'logins_count',
].map((name) => ({ name }));

/** The JSON default adds the objects a CSV cannot hold. */
export const DEFAULT_JSON_EXPORT_FIELDS: readonly ExportField[] = [
  ...DEFAULT_EXPORT_FIELDS,
  { name: 'identities' },
  { name: 'app_metadata' },
  { name: 'user_metadata' },
];

const PATH_PART = /([^.[\]]+)|\[(\d+)\]/g;

/** Splits `identities[0].connection` into `['identities', 0, 'connection']`. */
export function parseFieldPath(name: string): Array<string | number> {
  const parts: Array<string | number> = [];
  for (const m of name.matchAll(PATH_PART)) parts.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return parts;
}

export function readField(user: unknown, path: Array<string | number>): unknown {
  let current: unknown = user;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

/** A field list checked once, with each path pre-split, so the per-user work stays small. */
export interface CompiledFields {
  columns: string[];
  paths: Array<Array<string | number>>;
}

export function compileFields(fields: readonly ExportField[]): CompiledFields {
  return {
    columns: fields.map((f) => f.export_as ?? f.name),
    paths: fields.map((f) => parseFieldPath(f.name)),
  };
}

/** Problems with a requested field list, as the message of a 400; undefined when it is usable. */
export function checkExportFields(fields: unknown, format: ExportFormat): string | undefined {
  if (!Array.isArray(fields)) return "Payload validation error: 'Expected type array but found type " + typeof fields + "' on property fields.";
  if (fields.length === 0) return "Payload validation error: 'Array is too short (0), minimum 1' on property fields.";
  if (fields.length > MAX_EXPORT_FIELDS) {
    return `Payload validation error: 'Array is too long (${fields.length}), maximum ${MAX_EXPORT_FIELDS}' on property fields.`;
  }
  for (const [i, field] of fields.entries()) {
    if (!field || typeof field !== 'object' || typeof (field as ExportField).name !== 'string' || (field as ExportField).name === '') {
      return `Payload validation error: 'Missing required property: name' on property fields[${i}].`;
    }
    const exportAs = (field as ExportField).export_as;
    if (exportAs !== undefined && typeof exportAs !== 'string') {
      return `Payload validation error: 'Expected type string but found type ${typeof exportAs}' on property fields[${i}].export_as.`;
    }
    const name = (field as ExportField).name;
    if (format === 'csv' && (name === 'app_metadata' || name === 'user_metadata')) {
      return `The whole ${name} cannot be exported as CSV: name each of its fields (e.g. ${name}.plan).`;
    }
  }
  return undefined;
}

/** One ndjson line (with its newline); keys are the column names, absent values left out. */
export function toNdjsonLine(user: unknown, fields: CompiledFields): string {
  const record: Record<string, unknown> = {};
  fields.paths.forEach((path, i) => {
    const value = readField(user, path);
    if (value !== undefined) record[fields.columns[i]] = value;
  });
  return JSON.stringify(record) + '\n';
}

function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : toText(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(fields: CompiledFields): string {
  return fields.columns.map(csvCell).join(',') + '\n';
}

export function toCsvRow(user: unknown, fields: CompiledFields): string {
  return fields.paths.map((path) => csvCell(readField(user, path))).join(',') + '\n';
}
