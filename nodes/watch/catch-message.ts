/**
 * The one message a watcher's failure goes to Catch nodes with (node.error(err, msg)), the same
 * for every watcher: `topic` the node type, `payload` where it stood (its own fields), how many
 * turns failed in a row and when it tries again, `auth0` the tenant, the operation and the
 * failure's codes. (Node-RED copies only the error's message into msg.error; the codes go here.)
 */
import type { NodeMessage } from '../shared/node-red-types';
import { MAX_DELAY_MS } from './poll-loop';

export interface WatchFailure {
  /** The node type. */
  type: string;
  tenant: string;
  /** The watcher's operation, used when the error names none. */
  operation: string;
  failures: number;
  /** When the next turn is; MAX_DELAY_MS or more: not before an input message (null). */
  retryInMs: number;
  /** Where the watcher stands (its checkpoint, its offset). */
  position?: Record<string, unknown>;
}

export function watchCatchMessage(err: Error, failure: WatchFailure): NodeMessage {
  const details = err as Error & { statusCode?: number; errorCode?: string; operation?: string };
  return {
    topic: failure.type,
    payload: {
      ...failure.position,
      failures: failure.failures,
      retryInSeconds: failure.retryInMs >= MAX_DELAY_MS ? null : Math.round(failure.retryInMs / 1000),
    },
    auth0: { tenant: failure.tenant, operation: details.operation ?? failure.operation, statusCode: details.statusCode, errorCode: details.errorCode },
  };
}
