/**
 * Which import slots a tenant's imports share: one per tenant client, so every node of the tenant
 * shares them; with Redis, the slots of every replica (SharedImportSlots over the local ones).
 */
import type { TenantClient } from '../../shared/http-types';
import { sharedStateOf } from '../../shared-state/client-registry';
import { SharedImportSlots } from './shared-import-slots';
import { ImportSlots } from './slots';

const slotsByTenant = new WeakMap<TenantClient, ImportSlots | SharedImportSlots>();

/** The import slots of a tenant: one per tenant client, so every node of the tenant shares them (and, with Redis, every replica). */
export function importSlotsFor(client: TenantClient): ImportSlots | SharedImportSlots {
  let slots = slotsByTenant.get(client);
  if (!slots) {
    const shared = sharedStateOf(client);
    slots = shared ? new SharedImportSlots(shared, new ImportSlots()) : new ImportSlots();
    slotsByTenant.set(client, slots);
  }
  return slots;
}
