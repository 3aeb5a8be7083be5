/** auth0-events' editor properties, read and checked once when the node starts. */
import { ConfigError } from '../../shared/errors';
import type { NodeDefinition } from '../../shared/node-red-types';
import { toText } from '../../shared/to-text';
import { type AckConfig, type AckSettings, countSetting, readAckSettings } from '../../watch/ack-settings';
import { unknownEventTypes } from '../event-types';

export const DEFAULT_BATCH_SIZE = 500;

export interface EventsConfig extends NodeDefinition, AckConfig {
  tenant?: string;
  /** Event types; empty means all. */
  types?: string[] | string;
  /** Context store of the checkpoint; empty means the default store. */
  store?: string;
  /** `event` (default) or `batch`. */
  output?: string;
  /** A batch's most events (default 500). */
  batchSize?: number | string;
}

export interface EventsSettings extends AckSettings {
  types: string[];
  store: string | undefined;
  /** 0: one message per event; else one message per read of at most this many events. */
  batchSize: number;
}

function listSetting(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
}

export function readEventsSettings(config: EventsConfig): EventsSettings {
  const types = listSetting(config.types);
  const unknown = unknownEventTypes(types);
  if (unknown.length > 0) {
    throw new ConfigError(`"types" names ${unknown.length === 1 ? 'an event type' : 'event types'} Auth0 does not have: ${unknown.join(', ')}`);
  }
  const store = typeof config.store === 'string' && config.store.trim() !== '' ? config.store.trim() : undefined;
  const output = config.output ?? 'event';
  if (output !== 'event' && output !== 'batch') throw new ConfigError(`"output" must be event or batch, got "${toText(output)}"`);
  const batchSize = countSetting('batchSize', config.batchSize, DEFAULT_BATCH_SIZE);
  return { types, store, batchSize: output === 'batch' ? batchSize : 0, ...readAckSettings(config) };
}
