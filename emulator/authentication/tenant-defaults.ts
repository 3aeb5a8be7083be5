/** The tenant settings the token grants and /authorize fall back on. */
import { DEFAULT_DB_CONNECTION } from '../core/state';
import type { Tenant } from '../core/types';

/** The connection of the `password` grant: the tenant's `default_directory`, else Username-Password-Authentication. */
export function defaultDirectory(tenant: Tenant): string {
  const configured = tenant.state.tenantSettings().default_directory;
  return typeof configured === 'string' && configured !== '' ? configured : DEFAULT_DB_CONNECTION;
}

export function defaultAudience(tenant: Tenant): string | undefined {
  const configured = tenant.state.tenantSettings().default_audience;
  return typeof configured === 'string' && configured !== '' ? configured : undefined;
}
