/**
 * The context stores of npm start's Node-RED. `file` is Node-RED's usual cached file store;
 * `checkpoints` keeps the examples' log and event watchers' place and the log alerts' counts,
 * written at once (no cache).
 * Each has its own directory: a cached store writes back every file of its directory as it holds
 * it, so sharing one would put an older checkpoint back over a newer one.
 */
export const CHECKPOINT_STORE = 'checkpoints';

export const CONTEXT_STORAGE = {
  default: { module: 'memory' },
  file: { module: 'localfilesystem' },
  [CHECKPOINT_STORE]: { module: 'localfilesystem', config: { cache: false, base: 'context-checkpoints' } },
} as const;

/** The nodes whose state npm start keeps in CHECKPOINT_STORE when the example leaves the default store. */
const DURABLE_NODES = new Set(['auth0-log-watch', 'auth0-events', 'auth0-log-alert']);

/**
 * The examples' log and event watchers and log alerts that use the default store get
 * CHECKPOINT_STORE: a file store without cache, which keeps their place and counts across a restart
 * of npm start's Node-RED, as the Start here tab says. With the default memory store every watcher
 * warned at each deploy that a restart loses its place, and an alert forgot its counts. The example
 * files keep the default store, so they import anywhere.
 */
export function durableNodes<N extends { type: string; store?: unknown }>(flow: N[]): N[] {
  return flow.map((node) => (DURABLE_NODES.has(node.type) && !node.store ? { ...node, store: CHECKPOINT_STORE } : node));
}
