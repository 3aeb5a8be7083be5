/**
 * What Auth0 fills in when a resource is created, applied by rule: creation-defaults.json, derived
 * by scripts/derive-creation-defaults.ts from Auth0's recorded answers and its API description
 * (see there for the rule). A create route calls `withCreationDefaults` once, on the new record;
 * updates never add defaults, so a PATCH of one field changes that field only.
 */
import type { JsonRecord } from '../core/collection';
import data from './creation-defaults.json';

interface CreationDefault {
  path: string[];
  value: unknown;
  whenParent?: boolean;
  notIntoGiven?: boolean;
}

const RESOURCES = data.resources as Record<string, Record<string, CreationDefault[]> | undefined>;

function isObject(value: unknown): value is JsonRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The defaults of `collection` (`/api/v2/clients`) for `variant` (a connection's strategy): every create's, then the variant's. */
export function creationDefaults(collection: string, variant?: string): readonly CreationDefault[] {
  const byVariant = RESOURCES[collection] ?? {};
  return [...(byVariant['*'] ?? []), ...(variant !== undefined ? (byVariant[variant] ?? []) : [])];
}

/** `record` with what Auth0 fills in where it says nothing (changed in place, and returned). */
export function withCreationDefaults<T extends JsonRecord>(collection: string, record: T, variant?: string): T {
  // Objects the record came with (not empty): a default goes into one only where Auth0 was seen filling it in.
  const given = new Set<unknown>();
  const note = (value: unknown): void => {
    if (!isObject(value) || given.has(value)) return;
    if (Object.keys(value).length > 0) given.add(value);
    for (const child of Object.values(value)) note(child);
  };
  for (const child of Object.values(record)) note(child);
  for (const { path, value, whenParent, notIntoGiven } of creationDefaults(collection, variant)) {
    let holder: JsonRecord = record;
    let missingParent = false;
    for (const key of path.slice(0, -1)) {
      const next = holder[key];
      if (next === undefined && !whenParent) holder[key] = {};
      else if (!isObject(next)) {
        missingParent = true;
        break;
      }
      holder = holder[key] as JsonRecord;
    }
    const last = path[path.length - 1];
    if (missingParent || last === undefined || holder[last] !== undefined) continue;
    if (notIntoGiven && given.has(holder)) continue;
    holder[last] = structuredClone(value);
  }
  return record;
}
