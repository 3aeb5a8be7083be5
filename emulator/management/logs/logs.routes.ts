/**
 * Management API: GET /api/v2/logs (page search, or checkpoint `from`/`take`
 * with a `Link: <…>; rel="next"` header) and GET /api/v2/logs/{id}.
 */
import { parse, test, type LiqeQuery } from 'liqe';
import { ApiError, invalidQuery, notFound } from '../../core/errors';
import { anchorTerms } from '../../core/lucene';
import type { LogEvent } from '../../core/logs';
import { fieldsProjection, linkNextHeader, offsetBody, offsetPage, sortBy } from '../../core/paging';
import type { RouteContext, RoutesModule } from '../../core/types';

const READ_LOGS = ['read:logs', 'read:logs_users'];
const MAX_QUERY_LENGTH = 4096;

/** Checkpoint read: logs after `from` (or from the oldest kept), in log_id order, `take` ≤ 100. */
function checkpointLogs(ctx: RouteContext): unknown {
  const take = ctx.query.int('take', { min: 1, max: 100 }) ?? 50;
  const from = ctx.query.str('from');
  const events = ctx.tenant.logs.after(from, take);
  // After the last event, or the same checkpoint again when nothing is new.
  const nextFrom = events.length ? events[events.length - 1].log_id : from;
  const params: Record<string, string | number> = nextFrom ? { from: nextFrom, take } : { take };
  ctx.setHeader('Link', linkNextHeader(ctx.tenant.url, '/api/v2/logs', params));
  return events.map((event) => ({ ...event }));
}

/**
 * Fields holding one code or id. Auth0 matches a term on them whole and case-sensitively
 * (`type:s` is not `type:seccft`); liqe alone would match any case-insensitive substring.
 */
const EXACT_FIELDS = new Set(['type', 'log_id', 'client_id', 'connection_id', 'user_id', 'ip', 'strategy', 'strategy_type', 'hostname', 'organization_id']);

function compileLogQuery(q: string): (event: LogEvent) => boolean {
  const rewritten = q.replace(/_exists_:("?)([\w.]+)\1/g, '$2:*');
  let ast: LiqeQuery;
  try {
    ast = parse(rewritten);
  } catch {
    throw invalidQuery(`Query validation error: 'Invalid query string: ${q}'`);
  }
  anchorTerms(ast, { anchors: (field) => EXACT_FIELDS.has(field), ignoresCase: () => false });
  return (event) => test(ast, event);
}

function searchLogs(ctx: RouteContext): unknown {
  const q = ctx.query.str('q') ?? ctx.query.str('search');
  let events = ctx.tenant.logs.all().slice();
  if (q) {
    const matches = compileLogQuery(q);
    events = events.filter(matches);
  }
  sortBy(events, ctx.query.str('sort') ?? 'date:-1', (event, field) => (field === 'date' ? event.log_id : (event as Record<string, unknown>)[field]));
  const page = offsetPage(events, ctx.query, { itemsKey: 'logs', defaultPerPage: 50, maxPerPage: 100, cap: 1000, withLength: true });
  const project = fieldsProjection(ctx.query);
  return offsetBody(page, 'logs', (event) => project({ ...event }));
}

export const registerLogsRoutes: RoutesModule = (routes) => {
  routes.management('GET', '/api/v2/logs', READ_LOGS, (ctx) => {
    if ((ctx.req.url ?? '').length > MAX_QUERY_LENGTH) throw new ApiError(414, 'Request-URI Too Large', 'uri_too_large');
    // With `from` or `take` every other parameter is ignored, as Auth0 does.
    if (ctx.query.has('from') || ctx.query.has('take')) return checkpointLogs(ctx);
    return searchLogs(ctx);
  });

  routes.management('GET', '/api/v2/logs/:id', READ_LOGS, (ctx) => {
    const event = ctx.tenant.logs.get(ctx.params.id);
    if (!event) throw notFound('log not found', 'inexistent_log');
    return { ...event };
  });
};
