/**
 * The one promise around `RED.util.evaluateNodeProperty`, which answers through a callback for
 * flow and global context (they may be asynchronous stores) and can also throw at once (a JSONata
 * expression that does not parse). Both come out as a rejection.
 */
import type { Node, NodeMessage, NodeRedAPI } from './node-red-types';

export function evaluateNodeProperty(RED: NodeRedAPI, node: Node, msg: NodeMessage, value: unknown, type: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    try {
      RED.util.evaluateNodeProperty(value, type, node, msg, (err, result) => (err ? reject(err) : resolve(result)));
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
