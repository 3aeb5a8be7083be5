/**
 * What a tenant client shares with the other processes through Redis, made from its options:
 * the token store (client-credentials tokens only: a static token needs no sharing) and the
 * rate-limit budget. Both undefined without a Redis URL.
 */
import type { TenantClientOptions } from './client-options';
import { SharedBudget } from '../shared-state/shared-budget';
import { SharedTokenStore } from '../shared-state/shared-token';

export function sharedTokenFor(
  options: TenantClientOptions,
  domain: string,
  log: (level: 'debug' | 'warn', message: string) => void,
): SharedTokenStore | undefined {
  if (!options.shared || options.token || !options.clientId || !options.clientSecret) return undefined;
  return new SharedTokenStore({
    shared: options.shared,
    clientId: options.clientId,
    audience: options.audience || `https://${domain}/api/v2/`,
    secret: options.clientSecret,
    log,
  });
}

/** The rate-limit budget shared through Redis, when the tenant has one. */
export function sharedBudgetFor(options: TenantClientOptions, log: (level: 'debug' | 'warn', message: string) => void): SharedBudget | undefined {
  return options.shared ? new SharedBudget(options.shared, log) : undefined;
}
