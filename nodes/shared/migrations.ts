/**
 * Saved flows outlive the code that wrote them. Every node type saves a `version`; a config read
 * at start-up is brought up to the current version here, step by step, so an old flow keeps
 * working. Add a step when a saved shape changes (and bump the `version` default in the node's
 * .html, which test/shared/migrations checks), with a test in test/shared/migrations. The action nodes' own steps are in
 * engine/action-node-migration.
 */
import type { NodeDefinition } from './node-red-types';

/** How one node type's saved config is brought up to date: `steps[v]` takes version v to v + 1. */
export interface Migration<T extends NodeDefinition> {
  current: number;
  steps: ((config: T) => T)[];
}

/** The saved version, 0 when none was saved (hand-written flows, or saved before versions were kept). */
export function savedVersion(config: NodeDefinition): number {
  const raw = config.version;
  const n = typeof raw === 'number' ? raw : Number(raw ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Applies the steps from the saved version to the current one; a newer config (a downgrade) is left as it is. */
export function migrate<T extends NodeDefinition>(config: T, migration: Migration<T>): T {
  let current = config;
  for (let version = savedVersion(config); version < migration.current; version++) current = migration.steps[version](current);
  return current;
}

/**
 * 0 → 1 for the nodes whose first saved shape is version 1: an unversioned config has that same
 * shape (every property the runtime reads has a default there), so the step only records it.
 */
const firstShape = (config: NodeDefinition): NodeDefinition => ({ ...config, version: 1 });

/** The node types other than the action nodes, each with its current version and steps. */
export const NODE_MIGRATIONS: Readonly<Record<string, Migration<NodeDefinition>>> = {
  'auth0-config': { current: 1, steps: [firstShape] },
  'auth0-job-watch': { current: 1, steps: [firstShape] },
  'auth0-log-watch': { current: 1, steps: [firstShape] },
  'auth0-log-stream-watch': { current: 1, steps: [firstShape] },
  'auth0-log-stream-in': { current: 1, steps: [firstShape] },
  'auth0-verify-token': { current: 1, steps: [firstShape] },
  'auth0-events': { current: 1, steps: [firstShape] },
  'auth0-event-stream-in': { current: 1, steps: [firstShape] },
  'auth0-tenant-snapshot': { current: 1, steps: [firstShape] },
  'auth0-log-alert': { current: 1, steps: [firstShape] },
};

/** A node's saved config brought to its type's current version. */
export function migrateNodeConfig<T extends NodeDefinition>(config: T): T {
  const migration = NODE_MIGRATIONS[config.type];
  if (!migration) throw new Error(`no migration for node type ${config.type}`);
  return migrate(config, migration as unknown as Migration<T>);
}
