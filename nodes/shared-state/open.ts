/**
 * What the auth0-config node calls at deploy: the tenant's shared state from its `redisUrl`
 * credential and `keyPrefix` property, or none (no URL: one process, as without Redis), or the
 * ConfigError of an unusable setting, which every request of the tenant then fails with.
 */
import { ConfigError, toError } from '../shared/errors';
import { keyPrefixFrom, parseRedisUrl } from './redis-url';
import { SharedState } from './shared-state';

export interface OpenedSharedState {
  state?: SharedState;
  error?: ConfigError;
}

export function openSharedState(
  redisUrl: unknown,
  keyPrefix: unknown,
  leaseSeconds: unknown,
  domain: string,
  log: (level: 'debug' | 'warn' | 'error', message: string) => void,
): OpenedSharedState {
  try {
    const target = parseRedisUrl(redisUrl);
    if (!target) return {};
    const seconds = leaseSeconds === '' || leaseSeconds === undefined || leaseSeconds === null ? 15 : Number(leaseSeconds);
    if (!Number.isFinite(seconds) || seconds < 0.5 || seconds > 600)
      throw new ConfigError(`auth0-config: the lease time (leaseSeconds) must be between 0.5 and 600 seconds, not "${String(leaseSeconds)}"`);
    return { state: new SharedState({ target, prefix: keyPrefixFrom(keyPrefix, domain), log, leaseMs: seconds * 1000 }) };
  } catch (err) {
    return { error: err instanceof ConfigError ? err : new ConfigError(`auth0-config: the Redis URL (redisUrl) cannot be used: ${toError(err).message}`) };
  }
}
