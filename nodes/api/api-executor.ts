/** The `api.request` executor of auth0-api: checks method, path, query and body, then sends. */
import { InputError } from '../shared/errors';
import type { ExecutorContext, ExecutorResult } from '../engine/executor-types';
import { registerExecutor } from '../engine/executors';
import type { HttpMethod } from '../shared/catalogue';
import { serialiseQueryValue } from '../engine/request';
import { API_METHODS, API_REQUEST_EXECUTOR } from './api.group';
import { apiPath } from './api-path';

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function methodOf(ctx: ExecutorContext): HttpMethod {
  const raw = isSet(ctx.values.method) ? ctx.values.method : isSet(ctx.msg.method) ? ctx.msg.method : 'GET';
  const method = typeof raw === 'string' ? raw.trim().toUpperCase() : raw;
  if (typeof method !== 'string' || !(API_METHODS as readonly string[]).includes(method)) {
    throw new InputError(
      'method',
      `input "method" must be one of ${API_METHODS.join(', ')}; got ${typeof raw === 'string' ? `"${raw.slice(0, 20)}"` : typeof raw}`,
    );
  }
  return method as HttpMethod;
}

function queryOf(value: unknown): Record<string, string> | undefined {
  if (!isSet(value)) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new InputError('query', 'input "query" must be an object of parameter names and values');
  const query: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item !== undefined && item !== null) query[key] = serialiseQueryValue(item);
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

/** The JSON body: an object or array as it is; text (as the editor gives it) parsed as JSON. */
function bodyOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new InputError('body', 'input "body" is text that is not JSON; give an object, an array or JSON text');
  }
}

export async function apiRequest(ctx: ExecutorContext): Promise<ExecutorResult> {
  const method = methodOf(ctx);
  const path = apiPath(isSet(ctx.values.path) ? ctx.values.path : ctx.msg.path);
  const query = queryOf(ctx.values.query);
  const body = isSet(ctx.values.body) ? bodyOf(ctx.values.body) : undefined;
  if (method === 'GET' && isSet(body)) throw new InputError('body', 'input "body" is not sent with GET; use query, or another method');
  const response = await ctx.client.request({
    method,
    path,
    auth: 'management',
    operation: `api.${method} ${path}`,
    signal: ctx.signal,
    ...(query ? { query } : {}),
    ...(isSet(body) ? { body, contentType: 'json' as const } : {}),
  });
  const payload = response.statusCode === 204 || response.data === '' || response.data === undefined ? {} : response.data;
  return { payload, response };
}

registerExecutor(API_REQUEST_EXECUTOR, apiRequest);
