/**
 * Executors: the code behind catalogue operations that are more than one plain request
 * (splitting an import, building a logout or authorize URL). An operation names its executor
 * with `executor: '<name>'`; the generic action node looks it up in the registry
 * (nodes/engine/executors.ts) and calls it instead of sending the built request itself.
 */
import type { GroupSpec, OperationSpec } from '../shared/catalogue';
import type { Auth0Response, RequestSpec, TenantClient } from '../shared/http-types';

export interface ExecutorContext {
  client: TenantClient;
  group: GroupSpec;
  op: OperationSpec;
  /** Resolved and validated inputs, defaults applied, keyed by input name. */
  values: Record<string, unknown>;
  /** The incoming message (read it; set properties through the result's `msg`). */
  msg: Record<string, unknown>;
  /** Aborted when the node closes. */
  signal: AbortSignal;
  /** The request the catalogue entry describes for these values (already encoded). */
  buildRequest(values?: Record<string, unknown>): RequestSpec;
  /** Short node status text while working ("3/12 files"). */
  progress(text: string): void;
  /** Sends an extra message (for one-message-per-item output); the final result still follows. */
  sendExtra?(msg: Record<string, unknown>): void;
}

export interface ExecutorResult {
  /** Becomes `msg.payload`. */
  payload: unknown;
  /** Becomes `msg.auth0.statusCode` (and the rate-limit state, when given). */
  response?: Pick<Auth0Response, 'statusCode' | 'rateLimit'>;
  /** Further message properties to set (e.g. `statusCode` and `headers` for an http response node). */
  msg?: Record<string, unknown>;
}

export type Executor = (ctx: ExecutorContext) => Promise<ExecutorResult>;
