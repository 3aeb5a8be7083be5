/**
 * Paths inside a snapshot's items, and the rewrites made with them: stable key order, volatile
 * fields left out, secrets replaced by fingerprints, fields picked. A path is dotted
 * (`options.brute_force_protection`); a key with characters other than letters, digits, `_` and
 * `-` is written `["key"]`; in a pattern a segment may hold `*` (any characters of one key) and
 * the segment `**` stands for any number of segments.
 */

import { type SecretKind, carriesCredential } from '../shared/secret-names';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One key written as a path segment. */
export function segment(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : `[${JSON.stringify(key)}]`;
}

export function joinPath(parent: string, key: string): string {
  const part = segment(key);
  if (parent === '') return part;
  return part.startsWith('[') ? `${parent}${part}` : `${parent}.${part}`;
}

/** A pattern split into segments (`a.*.b` → ['a', '*', 'b']); `["x.y"]` stays one segment. */
export function patternSegments(pattern: string): string[] {
  const out: string[] = [];
  const re = /\[("(?:[^"\\]|\\.)*")\]|([^.[\]]+)/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(pattern)) !== null) out.push(match[1] ? (JSON.parse(match[1]) as string) : match[2]);
  return out;
}

function globMatch(glob: string, key: string): boolean {
  if (!glob.includes('*')) return glob === key;
  const re = new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(key);
}

/** Whether the key path (segments from the item's root) matches the pattern's segments. */
export function matchSegments(pattern: readonly string[], keys: readonly string[], p = 0, k = 0): boolean {
  if (p === pattern.length) return k === keys.length;
  if (pattern[p] === '**') {
    for (let skip = k; skip <= keys.length; skip++) if (matchSegments(pattern, keys, p + 1, skip)) return true;
    return false;
  }
  return k < keys.length && globMatch(pattern[p], keys[k]) && matchSegments(pattern, keys, p + 1, k + 1);
}

export interface Rewrite {
  /** Patterns (segments) of fields to leave out. */
  drop: readonly (readonly string[])[];
  /** Patterns of values to replace by a fingerprint (any value: objects as canonical JSON). */
  secrets: readonly (readonly string[])[];
  /** Patterns of values named like secrets that are settings: judged field by field, not as one secret. */
  settings: readonly (readonly string[])[];
  /** What a key names where it stands, under its parent's key (nodes/shared/secret-names.ts): its values are fingerprinted at any depth. */
  secretName: (key: string, parent?: string) => SecretKind | undefined;
  /** Top-level keys never fingerprinted by name (an item's id and name). */
  keep: readonly string[];
  fingerprint: (text: string) => string;
  /** Unless false, a text carrying a credential itself (nodes/shared/secret-names.ts carriesCredential) is a secret wherever it is. */
  credentialsInValues?: boolean;
}

/** JSON text with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** A copy with object keys sorted at every depth (arrays keep their order). */
export function sortKeys(value: unknown): Json {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item));
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const key of Object.keys(value).sort()) if (value[key] !== undefined) out[key] = sortKeys(value[key]);
    return out;
  }
  if (value === undefined) return null;
  return value as Json;
}

/**
 * The item rewritten: keys sorted, dropped fields gone, secrets fingerprinted. Array elements are
 * addressed by `*` in a pattern (their index is not a key of the path).
 */
export function rewrite(value: unknown, rules: Rewrite, keys: string[] = []): Json | undefined {
  if (keys.length > 0 && rules.drop.some((pattern) => matchSegments(pattern, keys))) return undefined;
  if (keys.length > 0 && isSecretAt(value, rules, keys)) {
    // One value, whatever its type; fields that change on their own are left out first, so they do not move the fingerprint.
    const kept = rewrite(value, NOTHING_SECRET(rules), keys);
    return rules.fingerprint(typeof kept === 'string' ? kept : canonicalJson(kept));
  }
  if (Array.isArray(value)) {
    return value.map((item) => rewrite(item, rules, [...keys, '*']) ?? null);
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const key of Object.keys(value).sort()) {
      const child = rewrite(value[key], rules, [...keys, key]);
      if (child !== undefined) out[key] = child;
    }
    return out;
  }
  return value === undefined ? undefined : (value as Json);
}

/** The same rules with no secret in them: only the drops. */
const NOTHING_SECRET = (rules: Rewrite): Rewrite => ({ ...rules, secrets: [], settings: [], secretName: () => undefined, credentialsInValues: false });

/**
 * Whether the value at `keys` is a secret: a secret path's value, or a value under a secret's name
 * (a text; a list; a map or a pair unless the name is a text's, whose object is its settings). A
 * flag or a count is none, nor an empty value, nor an item's id or name.
 */
function isSecretAt(value: unknown, rules: Rewrite, keys: readonly string[]): boolean {
  if (value === null || value === undefined) return false;
  if (rules.secrets.some((pattern) => matchSegments(pattern, keys))) return true;
  const key = keys[keys.length - 1];
  if ((keys.length === 1 && rules.keep.includes(key)) || rules.settings.some((pattern) => matchSegments(pattern, keys))) return false;
  // A credential in the text itself (a URL's password or `?token=`, a `Bearer` value), whatever the field is called.
  if (typeof value === 'string' && rules.credentialsInValues !== false && carriesCredential(value)) return true;
  const parent = [...keys.slice(0, -1)].reverse().find((name) => name !== '*');
  const kind = rules.secretName(key, parent);
  if (kind === undefined) return false;
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.length > 0;
  return isObject(value) && kind !== 'text' && Object.keys(value).length > 0;
}

/** The value at a dotted path of plain keys (`action.id`), undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of patternSegments(path)) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Only the named fields (dotted paths) of an object, nested as they were. */
export function pickFields(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || !isObject(value)) return value;
  const out: JsonObject = {};
  for (const field of fields) {
    const found = valueAt(value, field);
    if (found === undefined) continue;
    const keys = patternSegments(field);
    let target = out;
    for (const key of keys.slice(0, -1)) {
      if (!isObject(target[key])) target[key] = {};
      target = target[key];
    }
    target[keys[keys.length - 1]] = found as Json;
  }
  return out;
}
