/**
 * Auth0's Management API limits by plan (burst / sustained), as published in Auth0's rate-limit
 * configuration pages (see ../shared/reference/auth0-current-api.md): the emulator can run at
 * a plan's limits, optionally sped up by a factor so tests and benches need not take minutes.
 */
import type { BucketLimit, RateLimitConfig } from './rate-limit';

const perMinute = (burst: number, sustained: number): BucketLimit => ({ burst, perSecond: sustained / 60 });

/** Essentials and Professional: per endpoint class, no overall row ("other" covers the rest). */
const PAID_ENDPOINTS: Record<string, BucketLimit> = {
  'users-read': perMinute(40, 500),
  'users-write': perMinute(20, 200),
  'users-delete': perMinute(20, 200),
  logs: perMinute(10, 100),
  'clients-read': perMinute(5, 100),
  'connections-read': perMinute(5, 50),
  organizations: perMinute(5, 50),
  other: perMinute(10, 150),
};

export const RATE_LIMIT_PLANS: Record<string, RateLimitConfig> = {
  free: { burst: 2, perSecond: 2 },
  essentials: { ...PAID_ENDPOINTS.other, endpoints: PAID_ENDPOINTS },
  professional: { ...PAID_ENDPOINTS.other, endpoints: PAID_ENDPOINTS },
  enterprise: { burst: 50, perSecond: 16 },
};

/** A plan's limits with every rate (and, for bursts below 1 after scaling, nothing else) multiplied by `speed`. */
export function planLimits(name: string, speed = 1): RateLimitConfig {
  const plan = RATE_LIMIT_PLANS[name];
  if (!plan) throw new RangeError(`unknown rate-limit plan "${name}" (one of ${Object.keys(RATE_LIMIT_PLANS).join(', ')})`);
  if (!(speed > 0)) throw new RangeError('the plan speed must be above 0');
  const scale = (limit: BucketLimit): BucketLimit => ({ perSecond: limit.perSecond * speed, burst: limit.burst ?? limit.perSecond });
  const config: RateLimitConfig = scale(plan);
  if (plan.endpoints) config.endpoints = Object.fromEntries(Object.entries(plan.endpoints).map(([name, limit]) => [name, scale(limit)]));
  return config;
}

/** The endpoint class of a Management API request, as Auth0's limits group them. */
export function endpointClassOf(method: string, path: string): string {
  const first = path.replace(/^\/api\/v2\/?/, '').split(/[/?]/)[0];
  const read = method === 'GET' || method === 'HEAD';
  if (first === 'users' || first === 'users-by-email') return read ? 'users-read' : method === 'DELETE' ? 'users-delete' : 'users-write';
  if (first === 'logs') return 'logs';
  if (first === 'clients' && read) return 'clients-read';
  if (first === 'connections' && read) return 'connections-read';
  if (first === 'organizations') return 'organizations';
  return 'other';
}
