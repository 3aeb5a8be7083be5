/**
 * Statistics: `GET /api/v2/stats/active-users` (users who logged in during the last 30 days)
 * and `GET /api/v2/stats/daily?from=YYYYMMDD&to=YYYYMMDD` (logins, signups and leaked
 * passwords per day, counted from the tenant's log events).
 */
import { invalidQuery } from '../../core/errors';
import type { RoutesModule } from '../../core/types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Auth0's active-user window. */
const ACTIVE_WINDOW_MS = 30 * DAY_MS;

/** `YYYYMMDD` → UTC midnight in ms. */
function parseDay(value: string, name: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const time = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(time) || new Date(time).getUTCDate() !== Number(m[3])) {
    throw invalidQuery(`Query validation error: 'String does not match pattern ^\\d{8}$: ${value}' on property ${name}.`);
  }
  return time;
}

function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export const registerStatsRoutes: RoutesModule = (routes, tenant) => {
  routes.management('GET', '/api/v2/stats/active-users', 'read:stats', () => {
    const since = tenant.clock.now() - ACTIVE_WINDOW_MS;
    let count = 0;
    for (const user of tenant.state.users.values()) {
      if (user.last_login && Date.parse(user.last_login) >= since) count += 1;
    }
    return count;
  });

  routes.management('GET', '/api/v2/stats/daily', 'read:stats', (ctx) => {
    const today = dayStart(tenant.clock.now());
    const fromText = ctx.query.str('from');
    const toText = ctx.query.str('to');
    const to = toText !== undefined ? parseDay(toText, 'to') : today;
    const from = fromText !== undefined ? parseDay(fromText, 'from') : to - 29 * DAY_MS;
    if (from > to) throw invalidQuery("Query validation error: 'from' must not be after 'to'.");
    const days = new Map<number, { logins: number; signups: number; leaked_passwords: number; last: number }>();
    for (let day = from; day <= Math.min(to, today); day += DAY_MS) days.set(day, { logins: 0, signups: 0, leaked_passwords: 0, last: day });
    for (const event of tenant.logs.all()) {
      const at = Date.parse(event.date);
      const entry = days.get(dayStart(at));
      if (!entry) continue;
      if (event.type === 's') entry.logins += 1;
      else if (event.type === 'ss') entry.signups += 1;
      else if (event.type === 'pwd_leak') entry.leaked_passwords += 1;
      else continue;
      entry.last = Math.max(entry.last, at);
    }
    return [...days.entries()].map(([day, entry]) => ({
      date: new Date(day).toISOString(),
      logins: entry.logins,
      signups: entry.signups,
      leaked_passwords: entry.leaked_passwords,
      updated_at: new Date(entry.last).toISOString(),
      created_at: new Date(day).toISOString(),
    }));
  });
};
