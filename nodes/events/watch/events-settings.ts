/** auth0-events' editor properties, read and checked once when the node starts. */
import { ConfigError } from '../../shared/errors';
import type { NodeDefinition } from '../../shared/node-red-types';
import { unknownEventTypes } from '../event-types';

export interface EventsConfig extends NodeDefinition {
  tenant?: string;
  /** Event types; empty means all. */
  types?: string[] | string;
  /** Context store of the checkpoint; empty means the default store. */
  store?: string;
}

export interface EventsSettings {
  types: string[];
  store: string | undefined;
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
  return { types, store };
}
