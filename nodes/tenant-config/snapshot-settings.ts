/**
 * The node's saved properties (`mode`, `store`, `ignore`) read and checked at deploy, and the
 * desired snapshot of a preview checked before any request is sent.
 */
import { ConfigError, InputError } from '../shared/errors';
import type { NodeDefinition } from '../shared/node-red-types';
import { type Json, isObject } from './snapshot-paths';

export type SnapshotMode = 'snapshot' | 'changes';

export interface SnapshotSettings {
  mode: SnapshotMode;
  /** The context store keeping the last snapshot; undefined: the default store. */
  store: string | undefined;
  /** User paths left out of the comparison (`<resource>.<path>`). */
  ignore: string[];
}

/** An array of paths, or text with one path per line (commas also separate). */
export function ignorePaths(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\n,]/) : raw === undefined || raw === null ? [] : undefined;
  if (!items) throw new ConfigError('ignore must be a list of paths such as clients.description');
  return items.map((item) => String(item).trim()).filter((item) => item !== '');
}

export function snapshotSettings(config: NodeDefinition): SnapshotSettings {
  const mode = config.mode === undefined || config.mode === '' ? 'changes' : config.mode;
  if (mode !== 'snapshot' && mode !== 'changes') throw new ConfigError(`mode must be snapshot or changes, not ${JSON.stringify(mode).slice(0, 40)}`);
  const store = typeof config.store === 'string' && config.store.trim() !== '' ? config.store.trim() : undefined;
  return { mode, store, ignore: ignorePaths(config.ignore) };
}

/** `msg.payload.desired` when set: a snapshot (`{ resources: { … } }`), or a JSON text of one. */
export function desiredSnapshot(payload: unknown): { resources: Record<string, Json> } | undefined {
  if (!isObject(payload) || payload.desired === undefined || payload.desired === null) return undefined;
  let desired: unknown = payload.desired;
  if (typeof desired === 'string' || Buffer.isBuffer(desired)) {
    try {
      desired = JSON.parse(desired.toString());
    } catch {
      throw new InputError('desired', 'msg.payload.desired is not valid JSON: give a snapshot object or its JSON text');
    }
  }
  if (!isObject(desired) || !isObject(desired.resources)) {
    throw new InputError('desired', 'msg.payload.desired must be a snapshot: an object with "resources" (as this node sends in snapshot mode)');
  }
  return { resources: desired.resources };
}
