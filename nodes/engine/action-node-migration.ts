/**
 * The action nodes' saved config brought up to the current version, step by step as in
 * shared/migrations (scripts/editor-html writes ACTION_NODE_VERSION as their `version` default).
 */
import type { ActionNodeConfig, ParamSetting } from './action-node';
import { migrate, type Migration } from '../shared/migrations';

export const ACTION_NODE_VERSION = 1;

/**
 * 0 → 1: unversioned configs (hand-written or imported flows) may give an input as a bare value
 * (`params: {id: "auth0|1"}`) or paging as a boolean; version 1 stores `{value, type}` settings
 * and `paging: 'off' | 'all'`.
 */
const actionToVersion1 = (config: ActionNodeConfig): ActionNodeConfig => {
  const params: Record<string, ParamSetting> = {};
  for (const [name, raw] of Object.entries(config.params ?? {})) {
    if (raw !== null && typeof raw === 'object' && 'value' in raw) params[name] = raw;
    else params[name] = { value: raw, type: typeof raw === 'number' ? 'num' : typeof raw === 'boolean' ? 'bool' : 'str' };
  }
  const paging = (config.paging as unknown) === true || config.paging === 'all' ? 'all' : 'off';
  return { ...config, params, paging, pagingOutput: config.pagingOutput === 'items' ? 'items' : 'array', version: 1 };
};

export const ACTION_NODE_MIGRATION: Migration<ActionNodeConfig> = { current: ACTION_NODE_VERSION, steps: [actionToVersion1] };

export function migrateActionConfig(config: ActionNodeConfig): ActionNodeConfig {
  return migrate(config, ACTION_NODE_MIGRATION);
}
