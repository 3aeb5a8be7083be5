/**
 * Saved flows outlive the code that wrote them. Each action node saves a `version`; a config
 * read at start-up is brought up to the current version here, step by step, so an old flow
 * keeps working. Add a step when the saved shape changes, with a test in test/shared/migrations.
 */
import type { ActionNodeConfig, ParamSetting } from './action-node';

export const ACTION_NODE_VERSION = 1;

type Step = (config: ActionNodeConfig) => ActionNodeConfig;

/**
 * 0 → 1: unversioned configs (hand-written or imported flows) may give an input as a bare value
 * (`params: {id: "auth0|1"}`) or paging as a boolean; version 1 stores `{value, type}` settings
 * and `paging: 'off' | 'all'`.
 */
const toVersion1: Step = (config) => {
  const params: Record<string, ParamSetting> = {};
  for (const [name, raw] of Object.entries(config.params ?? {})) {
    if (raw !== null && typeof raw === 'object' && 'value' in raw) params[name] = raw;
    else params[name] = { value: raw, type: typeof raw === 'number' ? 'num' : typeof raw === 'boolean' ? 'bool' : 'str' };
  }
  const paging = (config.paging as unknown) === true || config.paging === 'all' ? 'all' : 'off';
  return { ...config, params, paging, pagingOutput: config.pagingOutput === 'items' ? 'items' : 'array', version: 1 };
};

/** Steps indexed by the version they start from. */
const steps: Step[] = [toVersion1];

export function migrateActionConfig(config: ActionNodeConfig): ActionNodeConfig {
  let current = config;
  let version = typeof config.version === 'number' ? config.version : Number(config.version ?? 0) || 0;
  while (version < ACTION_NODE_VERSION) {
    current = steps[version](current);
    version += 1;
  }
  return current;
}
