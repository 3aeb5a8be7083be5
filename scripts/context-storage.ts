/**
 * The context stores of npm start's Node-RED. `file` is Node-RED's usual cached file store;
 * `checkpoints` keeps the examples' log and event watchers' place, written at once (no cache).
 * Each has its own directory: a cached store writes back every file of its directory as it holds
 * it, so sharing one would put an older checkpoint back over a newer one.
 */
export const CHECKPOINT_STORE = 'checkpoints';

export const CONTEXT_STORAGE = {
  default: { module: 'memory' },
  file: { module: 'localfilesystem' },
  [CHECKPOINT_STORE]: { module: 'localfilesystem', config: { cache: false, base: 'context-checkpoints' } },
} as const;
