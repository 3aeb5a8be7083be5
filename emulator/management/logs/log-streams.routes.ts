/**
 * Log streams: `/api/v2/log-streams` (list, create, get, update, delete), with Auth0's status
 * `active | paused | suspended`. Auth0 suspends a stream itself when delivery keeps failing;
 * tests play that part through the control endpoint
 * `PUT /__emulator/log-streams/{id}/status` (body `{"status": "suspended"}`).
 */
import { badRequest, notFound } from '../../core/errors';
import { prefixedId, randomAlnum } from '../../core/ids';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, checkString, clone, payloadError, tenantName, type BodySpec } from '../group-helpers';

export const LOG_STREAM_TYPES = ['http', 'eventbridge', 'eventgrid', 'datadog', 'splunk', 'sumo', 'segment', 'mixpanel'];
export const LOG_STREAM_STATUSES = ['active', 'paused', 'suspended'];

/** Sink properties each type requires. */
const REQUIRED_SINK: Record<string, string[]> = {
  http: ['httpEndpoint'],
  eventbridge: ['awsAccountId', 'awsRegion'],
  eventgrid: ['azureSubscriptionId', 'azureResourceGroup', 'azureRegion'],
  datadog: ['datadogRegion', 'datadogApiKey'],
  splunk: ['splunkDomain', 'splunkToken', 'splunkPort', 'splunkSecure'],
  sumo: ['sumoSourceAddress'],
  segment: ['segmentWriteKey'],
  mixpanel: ['mixpanelRegion', 'mixpanelProjectId', 'mixpanelServiceAccountUsername', 'mixpanelServiceAccountPassword'],
};

const CREATE_SPEC: BodySpec = {
  types: { name: 'string', type: 'string', isPriority: 'boolean', filters: 'array', pii_config: 'object', sink: 'object', startFrom: 'string' },
  required: ['type', 'sink'],
  enums: { type: LOG_STREAM_TYPES },
};
const UPDATE_SPEC: BodySpec = {
  types: { name: 'string', status: 'string', isPriority: 'boolean', filters: 'array', pii_config: 'object', sink: 'object' },
  enums: { status: LOG_STREAM_STATUSES },
};

function checkFilters(filters: unknown): void {
  if (!Array.isArray(filters)) return;
  filters.forEach((filter, i) => {
    const f = filter as Record<string, unknown>;
    if (!f || typeof f !== 'object' || f.type !== 'category' || typeof f.name !== 'string') {
      throw payloadError("Expected {type: 'category', name: string}", `filters[${i}]`);
    }
  });
}

export const registerLogStreamsRoutes: RoutesModule = (routes, tenant) => {
  const streams = () => tenant.state.collection('log-streams');
  const requireStream = (id: string): JsonRecord => {
    const stream = streams().get(id);
    if (!stream) throw notFound('The log stream does not exist', 'inexistent_log_stream');
    return stream;
  };

  routes.management('GET', '/api/v2/log-streams', 'read:log_streams', () =>
    streams()
      .list()
      .map((s) => clone(s)),
  );

  routes.management(
    'POST',
    '/api/v2/log-streams',
    'create:log_streams',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), CREATE_SPEC);
      checkString(body.name, 'name', { min: 1, max: 128 });
      checkFilters(body.filters);
      const type = body.type as string;
      const sink = clone(body.sink as Record<string, unknown>);
      for (const key of REQUIRED_SINK[type]) {
        if (sink[key] === undefined) throw payloadError(`Missing required property: ${key}`, 'sink');
      }
      if (type === 'eventbridge') sink.awsPartnerEventSource = `aws.partner/auth0.com/${tenantName(tenant)}-${randomAlnum(8).toLowerCase()}/auth0.logs`;
      if (type === 'eventgrid') sink.azurePartnerTopic = `auth0-logs-${randomAlnum(8).toLowerCase()}`;
      const stream: JsonRecord = {
        id: prefixedId('lst'),
        name: body.name ?? `${type}-${randomAlnum(6).toLowerCase()}`,
        type,
        status: 'active',
        sink,
        // A priority stream without filters gets the security category (Auth0's recorded answers).
        ...(body.filters !== undefined
          ? { filters: clone(body.filters) }
          : body.isPriority === true
            ? { filters: [{ type: 'category', name: 'security' }] }
            : {}),
        ...(body.isPriority !== undefined ? { isPriority: body.isPriority } : { isPriority: false }),
        ...(body.pii_config !== undefined ? { pii_config: clone(body.pii_config) } : {}),
      };
      streams().insert(stream);
      // 200, as Auth0 answers (recorded 2023–2025); its API description says 201.
      ctx.status = 200;
      return clone(stream);
    },
    { description: 'Create a log stream' },
  );

  routes.management('GET', '/api/v2/log-streams/:id', 'read:log_streams', (ctx) => clone(requireStream(ctx.params.id)));

  routes.management(
    'PATCH',
    '/api/v2/log-streams/:id',
    'update:log_streams',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      checkString(body.name, 'name', { min: 1, max: 128 });
      checkFilters(body.filters);
      requireStream(ctx.params.id);
      const updated = streams().update(ctx.params.id, (stream) => {
        for (const [key, value] of Object.entries(clone(body))) {
          // The sink is merged, so a secret (token, API key) need not be sent again.
          stream[key] = key === 'sink' ? { ...(stream.sink as object), ...(value as object) } : value;
        }
      });
      return clone(updated);
    },
    { description: 'Update a log stream' },
  );

  routes.management(
    'DELETE',
    '/api/v2/log-streams/:id',
    'delete:log_streams',
    (ctx) => {
      // Deleting what is already gone answers 204 at Auth0 too (recorded).
      streams().delete(ctx.params.id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a log stream' },
  );

  // Control endpoint (no token): set a stream's status the way Auth0 itself would.
  routes.raw('PUT', '/__emulator/log-streams/:id/status', (ctx) => {
    const body = bodyObject(ctx);
    if (typeof body.status !== 'string' || !LOG_STREAM_STATUSES.includes(body.status)) {
      throw badRequest(`status must be one of ${LOG_STREAM_STATUSES.join(', ')}`);
    }
    requireStream(ctx.params.id);
    return clone(
      streams().update(ctx.params.id, (stream) => {
        stream.status = body.status;
      }),
    );
  });

  routes.onSeed((data) => {
    const seeded = data.logStreams;
    if (!Array.isArray(seeded)) return;
    for (const item of seeded as JsonRecord[]) streams().put({ id: prefixedId('lst'), status: 'active', isPriority: false, sink: {}, ...item });
  });
};
