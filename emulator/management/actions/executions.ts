/**
 * Trigger bindings as the emulator stores them, and executions: a login records one execution of
 * the post-login trigger's bound actions (which actions were bound, in order; the emulator does not
 * run their code at login), readable with GET /api/v2/actions/executions/{id}.
 */
import { randomUUID } from 'node:crypto';
import type { JsonRecord } from '../../core/collection';
import type { Tenant } from '../../core/types';
import { toText } from '../../../nodes/shared/to-text';

export interface StoredBinding {
  id: string;
  action_id: string;
  display_name: string;
  created_at: string;
  updated_at: string;
}

/** trigger id → its bindings, in the order they run. */
export function actionBindings(tenant: Tenant): Record<string, StoredBinding[]> {
  return tenant.state.doc<Record<string, StoredBinding[]>>('action-bindings', () => ({}));
}

/** Records an execution of a trigger's bound actions (logins call it for post-login); returns its id, or undefined when nothing is bound. */
export function recordExecution(tenant: Tenant, trigger: string): string | undefined {
  const bound = actionBindings(tenant)[trigger] ?? [];
  if (bound.length === 0) return undefined;
  const stamp = tenant.clock.isoNow();
  const execution: JsonRecord = {
    id: randomUUID(),
    trigger_id: trigger,
    status: 'final',
    results: bound.map((b) => ({
      action_name: toText(tenant.state.collection('actions').get(b.action_id)?.name ?? b.display_name),
      started_at: stamp,
      ended_at: stamp,
    })),
    created_at: stamp,
    updated_at: stamp,
  };
  tenant.state.collection('action-executions').insert(execution);
  return String(execution.id);
}
