/**
 * One record a watcher keeps in the context store the user picks, read and written with the
 * asynchronous (callback) API so every store works, including ones without a cache.
 *
 * The record lives in the node's FLOW context under a key named after the node, not in node
 * context: Node-RED deletes a node's context every time the node stops when no context store is
 * configured (runtime `Node.prototype.close` → `context.delete`), so with the default settings a
 * node-context record would be gone after every full deploy. Flow context survives a redeploy; the
 * record is removed when the node itself is deleted.
 */
import type { ContextStore, Node } from './node-red-types';

/** Flow-context key for a node: letters, digits and `_` only (a `.` would be read as a path). */
export function flowContextKey(prefix: string, nodeId: string): string {
  return `${prefix}_${nodeId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

export class FlowContextRecord {
  private readonly scope: ContextStore;
  private readonly key: string;
  /** undefined: the default store. */
  private readonly store: string | undefined;

  constructor(node: Node, keyPrefix: string, storeName: string | undefined) {
    const context = node.context();
    // Every deployed node has a flow; a node created outside one (some test set-ups) falls back.
    this.scope = context.flow ?? context;
    this.key = flowContextKey(keyPrefix, node.id);
    this.store = storeName && storeName.trim() !== '' ? storeName.trim() : undefined;
  }

  read(): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.scope.get(this.key, this.store, (err, value) => (err ? reject(err) : resolve(value)));
    });
  }

  /** Give it a fresh object each time: the memory store keeps the reference it is given. */
  write(value: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      this.scope.set(this.key, value, this.store, (err) => (err ? reject(err) : resolve()));
    });
  }

  remove(): Promise<void> {
    return this.write(undefined);
  }
}
