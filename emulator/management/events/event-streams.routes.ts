/**
 * Event Streams (`/api/v2/event-streams`: list, create, get, update, delete, test event,
 * deliveries, a delivery's history, redeliver by filter or one event), the Events API
 * (`GET /api/v2/events`, SSE) and their controls for tests under `/__emulator/events`:
 *
 *   GET    /__emulator/events                every retained event ({seq, offset, event}), `?type=` filters
 *   PUT    /__emulator/events/settings       {disconnectMs, heartbeatMs, maxConnections, retryAfterSeconds, maxEvents}
 *   POST   /__emulator/events/disconnect     ends every open Events API connection now ({"abrupt": true}: drops it)
 *   POST   /__emulator/events/expire         drops the retained events (all, or through {"offset"}): older offsets answer 410
 *   POST   /__emulator/events/publish        publishes {type, object, previous_object?} as if the state had changed
 *   GET    /__emulator/event-streams/:id/attempts   every delivery of a stream with all its attempts (successes too) and `delivered_ms`
 *
 * Unlike Auth0, a webhook endpoint may be plain http:// on a loopback address, so tests and
 * local flows can receive deliveries; any other endpoint must be https://.
 */
import { ApiError, badRequest, invalidQuery, notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import type { JsonRecord } from '../../core/collection';
import type { RouteContext, RoutesModule } from '../../core/types';
import { eventBusOf } from './event-bus';
import { decodeOffset, encodeOffset } from './event-log';
import { EVENT_TYPES, isEventType } from './event-types';
import { EventsApi } from './events-api';
import { type DeliveryRecord, type WebhookSecret, type WebhookTarget, WebhookDeliverer } from './webhook-delivery';
import { bodyObject, checkBody, checkString, clone, payloadError, type BodySpec } from '../group-helpers';

const STREAM_NOT_FOUND = 'The event stream does not exist.';
const DESTINATION_TYPES = ['webhook', 'eventbridge', 'action'];
const STATUSES = ['enabled', 'disabled'];
/** Where the write-only webhook secret is kept inside a stream record (never in a response). */
const SECRET_KEY = '_webhook_secret';

const CREATE_SPEC: BodySpec = {
  types: { name: 'string', subscriptions: 'array', destination: 'object', status: 'string' },
  required: ['destination'],
  enums: { status: STATUSES },
};
const UPDATE_SPEC: BodySpec = {
  types: { name: 'string', subscriptions: 'array', destination: 'object', status: 'string' },
  enums: { status: STATUSES },
};

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function checkEndpoint(value: unknown): string {
  if (typeof value !== 'string') throw payloadError('Missing required property: webhook_endpoint', 'destination.configuration');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw payloadError(`String does not match pattern ^https://.*: ${value}`, 'destination.configuration.webhook_endpoint');
  }
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  if (!allowed) throw payloadError(`String does not match pattern ^https://.*: ${value}`, 'destination.configuration.webhook_endpoint');
  return value;
}

function checkSubscriptions(value: unknown, required: boolean): { event_type: string }[] | undefined {
  if (value === undefined) {
    if (required) throw payloadError('Missing required property: subscriptions');
    return undefined;
  }
  const list = value as unknown[];
  if (list.length === 0) throw payloadError('Array is too short (0), minimum 1', 'subscriptions');
  return list.map((item, i) => {
    const type = (item as { event_type?: unknown } | null)?.event_type;
    if (!isEventType(type)) throw payloadError(`No enum match for: ${JSON.stringify(type)}`, `subscriptions[${i}].event_type`);
    return { event_type: type };
  });
}

/** The destination as stored (public part) and the webhook's secret, checked. */
function readDestination(value: Record<string, unknown>, previousSecret: WebhookSecret | undefined): { destination: JsonRecord; secret?: WebhookSecret } {
  const type = value.type;
  if (typeof type !== 'string' || !DESTINATION_TYPES.includes(type)) throw payloadError(`No enum match for: ${JSON.stringify(type)}`, 'destination.type');
  const configuration = value.configuration;
  if (!configuration || typeof configuration !== 'object' || Array.isArray(configuration))
    throw payloadError('Missing required property: configuration', 'destination');
  const config = configuration as Record<string, unknown>;
  if (type === 'eventbridge') {
    if (typeof config.aws_account_id !== 'string' || typeof config.aws_region !== 'string')
      throw payloadError('Missing required property: aws_account_id, aws_region', 'destination.configuration');
    return {
      destination: {
        type,
        configuration: {
          aws_account_id: config.aws_account_id,
          aws_region: config.aws_region,
          aws_partner_event_source: `aws.partner/auth0.com/${randomAlnum(24).toLowerCase()}/auth0.events`,
        },
      },
    };
  }
  if (type === 'action') {
    if (typeof config.action_id !== 'string') throw payloadError('Missing required property: action_id', 'destination.configuration');
    return { destination: { type, configuration: { action_id: config.action_id } } };
  }
  const endpoint = checkEndpoint(config.webhook_endpoint);
  const auth = config.webhook_authorization as Record<string, unknown> | undefined;
  if (!auth || typeof auth !== 'object') throw payloadError('Missing required property: webhook_authorization', 'destination.configuration');
  const method = auth.method;
  const keep = previousSecret?.method === method ? previousSecret : undefined;
  const str = (key: string): string | undefined => (typeof auth[key] === 'string' && auth[key] !== '' ? auth[key] : undefined);
  let secret: WebhookSecret;
  let shown: JsonRecord;
  if (method === 'bearer') {
    const token = str('token') ?? keep?.token;
    if (!token) throw payloadError('Missing required property: token', 'destination.configuration.webhook_authorization');
    secret = { method, token };
    shown = { method };
  } else if (method === 'basic') {
    const username = str('username');
    const password = str('password') ?? keep?.password;
    if (!username) throw payloadError('Missing required property: username', 'destination.configuration.webhook_authorization');
    checkString(username, 'destination.configuration.webhook_authorization.username', { max: 128, pattern: /^[^:]+$/ });
    if (!password) throw payloadError('Missing required property: password', 'destination.configuration.webhook_authorization');
    secret = { method, username, password };
    shown = { method, username };
  } else if (method === 'custom_header') {
    const headerKey = str('header_key');
    const headerValue = str('header_value') ?? keep?.headerValue;
    if (!headerKey) throw payloadError('Missing required property: header_key', 'destination.configuration.webhook_authorization');
    checkString(headerKey, 'destination.configuration.webhook_authorization.header_key', { pattern: /^[a-zA-Z0-9!#$%&'*+.^_`|~-]+$/ });
    if (!headerValue) throw payloadError('Missing required property: header_value', 'destination.configuration.webhook_authorization');
    secret = { method, headerKey, headerValue };
    shown = { method, header_key: headerKey };
  } else {
    throw payloadError(`No enum match for: ${JSON.stringify(method)}`, 'destination.configuration.webhook_authorization.method');
  }
  return { destination: { type, configuration: { webhook_endpoint: endpoint, webhook_authorization: shown } }, secret };
}

/** A stream as Auth0 shows it: the secret is write-only. */
function streamView(stream: JsonRecord): JsonRecord {
  const view = clone(stream);
  delete view[SECRET_KEY];
  return view;
}

function deliveryView(record: DeliveryRecord): Record<string, unknown> {
  return {
    id: record.id,
    event_stream_id: record.event_stream_id,
    status: record.status,
    event_type: record.event_type,
    attempts: record.attempts
      .filter((a) => a.status === 'failed')
      .map((a) => ({ status: a.status, timestamp: a.timestamp, ...(a.error_message ? { error_message: a.error_message } : {}) })),
    event: record.event,
  };
}

function stringArray(value: unknown, property: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw payloadError('Expected type array of strings', property);
  return value as string[];
}

/** A delivery matches the filter of a list or a redelivery. */
function matches(record: DeliveryRecord, filter: { statuses?: string[]; eventTypes?: string[]; dateFrom?: string; dateTo?: string }): boolean {
  if (record.status !== 'failed') return false;
  if (filter.statuses && !filter.statuses.includes(record.status)) return false;
  if (filter.eventTypes && !filter.eventTypes.includes(record.event_type)) return false;
  if (filter.dateFrom && record.event.time < filter.dateFrom) return false;
  if (filter.dateTo && record.event.time > filter.dateTo) return false;
  return true;
}

function checkFilterValues(statuses: string[] | undefined, eventTypes: string[] | undefined, where: (name: string) => ApiError): void {
  for (const status of statuses ?? []) if (status !== 'failed') throw where('statuses');
  for (const type of eventTypes ?? []) if (!isEventType(type)) throw where('event_types');
}

function isoDate(value: unknown, property: string, fail: (name: string) => ApiError): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw fail(property);
  return new Date(value).toISOString();
}

export const registerEventStreamsRoutes: RoutesModule = (routes, tenant) => {
  const bus = eventBusOf(tenant);
  const api = new EventsApi(bus);
  const streams = () => tenant.state.collection('event-streams');
  const requireStream = (id: string): JsonRecord => {
    const stream = streams().get(id);
    if (!stream) throw notFound(STREAM_NOT_FOUND, 'inexistent_event_stream');
    return stream;
  };
  const targetOf = (stream: JsonRecord): WebhookTarget | undefined => {
    const destination = stream.destination as { type?: string; configuration?: { webhook_endpoint?: string } } | undefined;
    const secret = stream[SECRET_KEY] as WebhookSecret | undefined;
    if (destination?.type !== 'webhook' || !secret || !destination.configuration?.webhook_endpoint) return undefined;
    const id = stream.id as string;
    return {
      id,
      endpoint: destination.configuration.webhook_endpoint,
      secret,
      subscribed: (type) => ((stream.subscriptions as { event_type: string }[] | undefined) ?? []).some((s) => s.event_type === type),
      enabled: () => streams().get(id)?.status === 'enabled',
      disable: () => {
        if (streams().has(id))
          streams().update(id, (s) => {
            s.status = 'disabled';
          });
      },
    };
  };
  const deliverer = new WebhookDeliverer(tenant, bus, function* () {
    for (const stream of streams().values()) {
      const target = targetOf(stream);
      if (target) yield target;
    }
  });
  const requireTarget = (stream: JsonRecord): WebhookTarget => {
    const target = targetOf(stream);
    if (!target) throw new ApiError(400, 'Only webhook event streams can be tested or redelivered by the emulator', 'invalid_destination');
    return target;
  };

  routes.onReset(() => {
    bus.reset();
    deliverer.reset();
  });
  routes.onClose(() => {
    api.disconnectAll(true);
    deliverer.close();
  });

  routes.management('GET', '/api/v2/event-streams', 'read:event_streams', (ctx) => {
    const take = ctx.query.int('take', { min: 1, max: 100 }) ?? 50;
    const from = ctx.query.str('from');
    const all = streams().list();
    let start = 0;
    if (from !== undefined) {
      const afterId = Buffer.from(from, 'base64url').toString('utf8');
      const index = all.findIndex((s) => s.id === afterId);
      if (index < 0) throw invalidQuery('Invalid checkpoint: from');
      start = index + 1;
    }
    const page = all.slice(start, start + take);
    const body: Record<string, unknown> = { eventStreams: page.map(streamView) };
    if (start + take < all.length && page.length > 0) body.next = Buffer.from(String(page[page.length - 1].id), 'utf8').toString('base64url');
    return body;
  });

  routes.management(
    'POST',
    '/api/v2/event-streams',
    'create:event_streams',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.name, 'name', { min: 1, max: 128 });
      const { destination, secret } = readDestination(body.destination as Record<string, unknown>, undefined);
      const subscriptions = checkSubscriptions(body.subscriptions, destination.type === 'webhook');
      const now = ctx.tenant.clock.isoNow();
      const id = `est_${randomAlnum(22)}`;
      const stream: JsonRecord = {
        id,
        name: body.name ?? `${String(destination.type)}-${randomAlnum(6).toLowerCase()}`,
        subscriptions: subscriptions ?? [],
        destination,
        status: body.status ?? 'enabled',
        created_at: now,
        updated_at: now,
      };
      if (secret) stream[SECRET_KEY] = secret;
      streams().insert(stream);
      ctx.status = 201;
      return streamView(stream);
    },
    { description: 'Create an event stream' },
  );

  routes.management('GET', '/api/v2/event-streams/:id', 'read:event_streams', (ctx) => streamView(requireStream(ctx.params.id)));

  routes.management(
    'PATCH',
    '/api/v2/event-streams/:id',
    'update:event_streams',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      checkString(body.name, 'name', { min: 1, max: 128 });
      const current = requireStream(ctx.params.id);
      const destination =
        body.destination === undefined
          ? undefined
          : readDestination(body.destination as Record<string, unknown>, current[SECRET_KEY] as WebhookSecret | undefined);
      const subscriptions = checkSubscriptions(body.subscriptions, false);
      const updated = streams().update(ctx.params.id, (stream) => {
        if (body.name !== undefined) stream.name = body.name;
        if (body.status !== undefined) stream.status = body.status;
        if (subscriptions) stream.subscriptions = subscriptions;
        if (destination) {
          stream.destination = destination.destination;
          if (destination.secret) stream[SECRET_KEY] = destination.secret;
          else delete stream[SECRET_KEY];
        }
        stream.updated_at = ctx.tenant.clock.isoNow();
      });
      return streamView(updated as JsonRecord);
    },
    { description: 'Update an event stream' },
  );

  routes.management(
    'DELETE',
    '/api/v2/event-streams/:id',
    'delete:event_streams',
    (ctx) => {
      // An absent stream answers 204 too, as Auth0 does (recorded).
      streams().delete(ctx.params.id);
      deliverer.forget(ctx.params.id);
      ctx.status = 204;
    },
    { description: 'Delete an event stream' },
  );

  routes.management(
    'POST',
    '/api/v2/event-streams/:id/test',
    'create:event_streams',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), { types: { event_type: 'string', data: 'object' }, required: ['event_type'] });
      if (!isEventType(body.event_type)) throw payloadError(`No enum match for: ${JSON.stringify(body.event_type)}`, 'event_type');
      const target = requireTarget(requireStream(ctx.params.id));
      const data = (body.data as Record<string, unknown> | undefined) ?? { object: { test: true }, context: { tenant: { id: 'emulator' } } };
      const event = { ...bus.cloudEvent(body.event_type, clone(data), target.id), a0purpose: 'test' as const };
      const record = deliverer.deliver(target, event);
      ctx.status = 202;
      return deliveryView(record);
    },
    { description: 'Send a test event to an event stream' },
  );

  const queryFilterError = (name: string) => invalidQuery(`Query validation error: invalid ${name}`);
  routes.management('GET', '/api/v2/event-streams/:id/deliveries', 'read:event_streams', (ctx) => {
    requireStream(ctx.params.id);
    const statuses = ctx.query.list('statuses');
    const eventTypes = ctx.query.list('event_types');
    checkFilterValues(statuses, eventTypes, queryFilterError);
    const filter = {
      ...(statuses ? { statuses } : {}),
      ...(eventTypes ? { eventTypes } : {}),
      ...(ctx.query.str('date_from') ? { dateFrom: isoDate(ctx.query.str('date_from'), 'date_from', queryFilterError)! } : {}),
      ...(ctx.query.str('date_to') ? { dateTo: isoDate(ctx.query.str('date_to'), 'date_to', queryFilterError)! } : {}),
    };
    const all = deliverer.recordsOf(ctx.params.id).filter((r) => matches(r, filter));
    const take = ctx.query.int('take', { min: 1, max: 100 }) ?? 50;
    const from = ctx.query.str('from');
    let start = 0;
    if (from !== undefined) {
      const index = all.findIndex((r) => r.id === from);
      if (index < 0) throw invalidQuery('Invalid checkpoint: from');
      start = index + 1;
    }
    // Auth0's current shape (its v7 SDK reads it): a checkpoint page `{deliveries, next}`.
    const page = all.slice(start, start + take);
    const body: Record<string, unknown> = { deliveries: page.map(deliveryView) };
    if (start + take < all.length && page.length > 0) body.next = page[page.length - 1].id;
    return body;
  });

  routes.management('GET', '/api/v2/event-streams/:id/deliveries/:event_id', 'read:event_streams', (ctx) => {
    requireStream(ctx.params.id);
    const record = deliverer.record(ctx.params.id, ctx.params.event_id);
    if (!record) throw notFound('The event does not exist.', 'inexistent_event');
    return deliveryView(record);
  });

  const bodyFilterError = (name: string) => payloadError('Invalid value', name);
  routes.management(
    'POST',
    '/api/v2/event-streams/:id/redeliver',
    'update:event_streams',
    (ctx) => {
      const body = checkBody(bodyObject(ctx, true), { types: { date_from: 'string', date_to: 'string', statuses: 'array', event_types: 'array' } });
      const target = requireTarget(requireStream(ctx.params.id));
      const statuses = stringArray(body.statuses, 'statuses');
      const eventTypes = stringArray(body.event_types, 'event_types');
      checkFilterValues(statuses, eventTypes, bodyFilterError);
      const dateFrom = isoDate(body.date_from, 'date_from', bodyFilterError);
      const dateTo = isoDate(body.date_to, 'date_to', bodyFilterError);
      const filter = {
        ...(statuses ? { statuses } : {}),
        ...(eventTypes ? { eventTypes } : {}),
        ...(dateFrom ? { dateFrom } : {}),
        ...(dateTo ? { dateTo } : {}),
      };
      for (const record of deliverer.recordsOf(target.id).filter((r) => matches(r, filter))) deliverer.redeliver(target, record);
      ctx.status = 202;
      return clone(body);
    },
    { description: 'Redeliver failed events of an event stream' },
  );

  routes.management(
    'POST',
    '/api/v2/event-streams/:id/redeliver/:event_id',
    'update:event_streams',
    (ctx) => {
      const target = requireTarget(requireStream(ctx.params.id));
      const record = deliverer.record(target.id, ctx.params.event_id);
      if (!record) throw notFound('The event does not exist.', 'inexistent_event');
      deliverer.redeliver(target, record);
      ctx.status = 202;
    },
    { description: 'Redeliver one event of an event stream' },
  );

  routes.management('GET', '/api/v2/events', 'read:events', (ctx: RouteContext) => api.subscribe(ctx));

  // Controls for tests (no token, no rate limit, no faults).
  routes.raw('GET', '/__emulator/events', (ctx) => {
    const type = ctx.query.str('type');
    return bus.log
      .all()
      .filter((e) => !type || e.event.type === type)
      .map((e) => ({ seq: e.seq, offset: encodeOffset(e.seq), event: e.event }));
  });
  routes.raw('PUT', '/__emulator/events/settings', (ctx) => {
    const body = bodyObject(ctx);
    const next = { ...bus.settings };
    for (const key of ['disconnectMs', 'heartbeatMs', 'maxConnections', 'retryAfterSeconds'] as const) {
      if (body[key] === undefined) continue;
      const n = Number(body[key]);
      if (!Number.isFinite(n) || n < (key === 'retryAfterSeconds' ? 0 : 1)) throw badRequest(`${key} must be a positive number`);
      next[key] = n;
    }
    if (body.maxEvents !== undefined) {
      const n = Number(body.maxEvents);
      if (!Number.isInteger(n) || n < 1) throw badRequest('maxEvents must be a positive integer');
      bus.log.maxEvents = n;
    }
    bus.settings = next;
    return { ...bus.settings, maxEvents: bus.log.maxEvents, openConnections: api.openConnections, connectionsOpened: api.opened };
  });
  routes.raw('GET', '/__emulator/events/settings', () => ({
    ...bus.settings,
    maxEvents: bus.log.maxEvents,
    openConnections: api.openConnections,
    connectionsOpened: api.opened,
  }));
  routes.raw('POST', '/__emulator/events/disconnect', (ctx) => {
    const body = bodyObject(ctx, true);
    return { disconnected: api.disconnectAll(body.abrupt === true) };
  });
  routes.raw('POST', '/__emulator/events/expire', (ctx) => {
    const body = bodyObject(ctx, true);
    if (body.offset === undefined) bus.log.dropThrough(bus.log.latest);
    else {
      const position = typeof body.offset === 'string' ? decodeOffset(body.offset) : undefined;
      if (position === undefined) throw badRequest('offset is not an offset of this tenant');
      bus.log.dropThrough(position);
    }
    return { oldestValid: encodeOffset(bus.log.oldestValid), retained: bus.log.size };
  });
  routes.raw('POST', '/__emulator/events/publish', (ctx) => {
    const body = bodyObject(ctx);
    if (!isEventType(body.type)) throw badRequest(`type must be one of ${EVENT_TYPES.join(', ')}`);
    const entry = bus.publish({ tenant: ctx.tenant }, body.type, body.object ?? {}, body.previous_object);
    ctx.status = 201;
    return { seq: entry.seq, offset: encodeOffset(entry.seq), event: entry.event };
  });
  routes.raw('GET', '/__emulator/event-streams/:id/attempts', (ctx) => {
    requireStream(ctx.params.id);
    return deliverer.recordsOf(ctx.params.id).map((r) => ({
      event_id: r.event.id,
      event_type: r.event_type,
      status: r.status,
      attempts: r.attempts,
      // From the event's publication to the first 2xx answer (benches compare against it).
      ...(r.deliveredAt !== undefined ? { delivered_ms: Number(r.deliveredAt - r.publishedAt) / 1e6 } : {}),
    }));
  });
};
