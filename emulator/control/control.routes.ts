/**
 * The control endpoint under the reserved path /__emulator/: reset, seed,
 * faults, clock, outbox and rate limit. No token, no rate limit, no faults.
 */
import { badRequest } from '../core/errors';
import type { FaultSettings } from '../core/faults';
import type { RouteRegistry, RoutesModule } from '../core/types';
import type { BucketLimit } from '../core/rate-limit';
import { planLimits } from '../core/rate-limit-plans';

function objectBody(body: unknown, what: string): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(`${what} must be a JSON object`);
  return body as Record<string, unknown>;
}

/** Runs a setter and turns its RangeError into a 400. */
function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(err.message, 'invalid_body');
    throw err;
  }
}

export const registerControlRoutes: RoutesModule = (routes: RouteRegistry) => {
  routes.raw('GET', '/__emulator/info', (ctx) => {
    const t = ctx.tenant;
    return {
      url: t.url,
      domain: t.domain,
      issuer: t.issuer,
      managementAudience: t.managementAudience,
      clients: {
        m2m: { client_id: t.state.defaults.m2m.clientId },
        web: { client_id: t.state.defaults.web.clientId },
        spa: { client_id: t.state.defaults.spa.clientId },
      },
      counts: { users: t.state.users.size, logs: t.logs.size, outbox: t.outbox.messages.length },
    };
  });

  routes.raw('POST', '/__emulator/reset', (ctx) => {
    ctx.tenant.reset();
    ctx.status = 204;
  });

  routes.raw(
    'POST',
    '/__emulator/seed',
    (ctx) => {
      ctx.tenant.seed(objectBody(ctx.body, 'seed data'));
      ctx.status = 204;
    },
    { bodyLimit: 100 * 1024 * 1024 },
  );

  routes.raw('GET', '/__emulator/faults', (ctx) => ctx.tenant.faults.get());
  const setFaults = (ctx: Parameters<Parameters<RouteRegistry['raw']>[2]>[0]) =>
    guarded(() => ctx.tenant.faults.set(objectBody(ctx.body, 'faults') as Partial<FaultSettings>));
  routes.raw('PUT', '/__emulator/faults', setFaults);
  routes.raw('PATCH', '/__emulator/faults', setFaults);
  routes.raw('POST', '/__emulator/faults', setFaults);
  routes.raw('DELETE', '/__emulator/faults', (ctx) => {
    ctx.tenant.faults.clear();
    return ctx.tenant.faults.get();
  });

  routes.raw('GET', '/__emulator/clock', (ctx) => ctx.tenant.clock.snapshot());
  routes.raw('POST', '/__emulator/clock', (ctx) => {
    const body = objectBody(ctx.body, 'clock');
    const clock = ctx.tenant.clock;
    guarded(() => {
      if (body.reset === true) clock.resetTime();
      if (body.speed !== undefined) clock.setSpeed(Number(body.speed));
      if (body.advanceMs !== undefined) clock.advance(Number(body.advanceMs));
    });
    return clock.snapshot();
  });

  routes.raw('GET', '/__emulator/outbox', (ctx) => {
    const to = ctx.query.str('to');
    return to ? ctx.tenant.outbox.to(to) : ctx.tenant.outbox.messages;
  });
  routes.raw('DELETE', '/__emulator/outbox', (ctx) => {
    ctx.tenant.outbox.clear();
    ctx.status = 204;
  });

  routes.raw('GET', '/__emulator/rate-limit', (ctx) => ({ enabled: ctx.tenant.rateLimiter.enabled, ...ctx.tenant.rateLimiter.settings }));
  routes.raw('PUT', '/__emulator/rate-limit', (ctx) => {
    const body = objectBody(ctx.body, 'rate limit');
    guarded(() =>
      ctx.tenant.rateLimiter.configure(
        typeof body.plan === 'string'
          ? planLimits(body.plan, body.speed === undefined ? 1 : Number(body.speed))
          : {
              perSecond: Number(body.perSecond),
              burst: body.burst === undefined ? undefined : Number(body.burst),
              ...(body.endpoints && typeof body.endpoints === 'object' ? { endpoints: body.endpoints as Record<string, BucketLimit> } : {}),
            },
      ),
    );
    return { enabled: true, ...ctx.tenant.rateLimiter.settings };
  });
  routes.raw('DELETE', '/__emulator/rate-limit', (ctx) => {
    ctx.tenant.rateLimiter.configure(null);
    return { enabled: false };
  });
};
