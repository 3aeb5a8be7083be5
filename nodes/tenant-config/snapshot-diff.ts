/**
 * What changed between two snapshots: one change per item added, removed or changed, with the
 * changed paths and the values before and after. Arrays count as one value (a role's permissions,
 * an application's callbacks): their path is the change. A resource missing from either side
 * (not read this time, or not in a desired snapshot) is not compared at all, so a refused read
 * never shows as everything removed.
 */
import { type Json, type JsonObject, canonicalJson, isObject, joinPath, matchSegments, patternSegments } from './snapshot-paths';
import { type SnapshotResource, snapshotResource } from './snapshot-resources';

export interface SnapshotChange {
  resource: string;
  id: string;
  name: string;
  change: 'added' | 'removed' | 'changed';
  /** The changed paths inside the item (empty for added and removed). */
  paths: string[];
  /** added: null; removed: the item; changed: the value at each changed path. */
  before: Json | Record<string, Json | undefined>;
  after: Json | Record<string, Json | undefined>;
}

export interface CompareOptions {
  /** User paths to leave out: `<resource>.<path in an item>`, `*` for any resource. */
  ignore?: readonly string[];
  /** Fingerprints were made with another key: differing fingerprints say nothing, and are not changes. */
  fingerprintsIncomparable?: boolean;
}

const FINGERPRINT = /^hmac-sha256:[0-9a-f]+$/;

/** Parses the user's ignore paths (a leading `$.` or `$.resources.` is allowed) into resource and item-path segments. */
export function parseIgnore(paths: readonly string[]): { resource: string; path: string[] }[] {
  return paths
    .map((path) =>
      path
        .trim()
        .replace(/^\$\.?/, '')
        .replace(/^resources\./, ''),
    )
    .filter((path) => path !== '')
    .map((path) => {
      const [resource, ...rest] = patternSegments(path);
      return { resource, path: rest };
    });
}

function changedPaths(
  before: unknown,
  after: unknown,
  keys: string[],
  path: string,
  ignored: (keys: string[]) => boolean,
  options: CompareOptions,
  out: string[],
): void {
  if (keys.length > 0 && ignored(keys)) return;
  if (isObject(before) && isObject(after)) {
    const all = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of all) changedPaths(before[key], after[key], [...keys, key], joinPath(path, key), ignored, options, out);
    return;
  }
  if (options.fingerprintsIncomparable && typeof before === 'string' && typeof after === 'string' && FINGERPRINT.test(before) && FINGERPRINT.test(after))
    return;
  if (canonicalJson(before ?? null) !== canonicalJson(after ?? null)) out.push(path === '' ? '$' : path);
}

function valueAtPath(item: unknown, path: string): Json | undefined {
  let current: unknown = item;
  for (const key of patternSegments(path)) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current as Json | undefined;
}

function nameOf(resource: SnapshotResource | undefined, id: string, item: unknown): string {
  const field = resource?.nameField;
  const value = field && isObject(item) ? item[field] : undefined;
  return typeof value === 'string' ? value : id;
}

function compareItem(
  resourceName: string,
  id: string,
  name: string,
  before: Json | undefined,
  after: Json | undefined,
  ignored: (keys: string[]) => boolean,
  options: CompareOptions,
): SnapshotChange | undefined {
  const absent = (value: Json | undefined) => value === undefined || value === null;
  if (absent(before) && absent(after)) return undefined;
  if (absent(before)) return { resource: resourceName, id, name, change: 'added', paths: [], before: null, after: after as Json };
  if (absent(after)) return { resource: resourceName, id, name, change: 'removed', paths: [], before: before as Json, after: null };
  const paths: string[] = [];
  changedPaths(before, after, [], '', ignored, options, paths);
  if (paths.length === 0) return undefined;
  const pick = (item: Json | undefined) => Object.fromEntries(paths.map((path) => [path, path === '$' ? item : valueAtPath(item, path)]));
  return { resource: resourceName, id, name, change: 'changed', paths, before: pick(before), after: pick(after) };
}

/** The changes from `before` to `after`, resource by resource and item by item, in a stable order. */
export function compareSnapshots(before: Record<string, Json>, after: Record<string, Json>, options: CompareOptions = {}): SnapshotChange[] {
  const ignore = parseIgnore(options.ignore ?? []);
  const changes: SnapshotChange[] = [];
  const names = Object.keys(after)
    .filter((name) => Object.prototype.hasOwnProperty.call(before, name))
    .sort();
  for (const name of names) {
    const resource = snapshotResource(name);
    const patterns = ignore.filter((entry) => entry.resource === name || entry.resource === '*').map((entry) => entry.path);
    const ignored = (keys: string[]) => patterns.some((pattern) => matchSegments(pattern, keys));
    const was = before[name];
    const now = after[name];
    const isCollection = resource ? resource.kind === 'collection' : isObject(was) && isObject(now);
    if (!isCollection || !isObject(was ?? {}) || !isObject(now ?? {})) {
      const change = compareItem(name, name, resource?.label ?? name, was, now, ignored, options);
      if (change) changes.push(change);
      continue;
    }
    const wasItems = (was ?? {}) as JsonObject;
    const nowItems = (now ?? {}) as JsonObject;
    for (const id of [...new Set([...Object.keys(wasItems), ...Object.keys(nowItems)])].sort()) {
      const change = compareItem(name, id, nameOf(resource, id, nowItems[id] ?? wasItems[id]), wasItems[id], nowItems[id], ignored, options);
      if (change) changes.push(change);
    }
  }
  return changes;
}
