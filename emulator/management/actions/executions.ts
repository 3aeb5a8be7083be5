/**
 * Trigger bindings as the emulator stores them: the actions a trigger runs, in order
 * (runner.ts runs them and records each run as an execution).
 */
import type { Tenant } from '../../core/types';

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
