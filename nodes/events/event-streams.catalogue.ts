/**
 * The `event_streams` group: Auth0 Event Streams (generally available since 2026-04-30), which
 * push user and organization events to a webhook, Amazon EventBridge or an action. auth0-python
 * 4.13 has no class for it; the operation ids follow its style (snake_case verbs).
 */
import { common, type GroupSpec, type InputSpec } from '../shared/catalogue';
import { EVENT_TYPES } from './event-types';

const streamId = common.id('The id of the event stream (est_…).');
const eventId: InputSpec = { name: 'event_id', in: 'path', type: 'string', required: true, description: 'The id of the event (evt_…).' };
const DELIVERY_STATUSES = ['failed'];

export const eventStreamsGroup: GroupSpec = {
  type: 'auth0-event-streams',
  name: 'event_streams',
  paletteLabel: 'event streams',
  api: 'management',
  summary:
    'Lists, creates, reads, updates and deletes event streams, which push user and organization events (CloudEvents) to a webhook, Amazon EventBridge or an action; sends test events, reads failed deliveries and redelivers them.',
  details: [
    'A webhook stream needs an https:// endpoint and an authorization: { "method": "bearer", "token": … }, { "method": "basic", "username": …, "password": … } or { "method": "custom_header", "header_key": …, "header_value": … }. Auth0 never shows the secret again.',
    'Auth0 delivers each event at least once and in no guaranteed order, tries four times (again after 1, 2 and 4 seconds), stops at once on a 4xx answer, and disables a stream after 500 consecutive or 5,000 failed deliveries. Failed deliveries can be listed and redelivered here.',
    'To receive a webhook stream in Node-RED, use auth0-event-stream-in (it can create the stream for you); to pull the same events without a public endpoint, use auth0-events (the Events API).',
  ],
  references: [
    { title: 'Management API: Event Streams', url: 'https://auth0.com/docs/api/management/v2/event-streams/get-event-streams' },
    { title: 'Events', url: 'https://auth0.com/docs/customize/events' },
    {
      title: 'Event testing, observability and failure recovery',
      url: 'https://auth0.com/docs/customize/events/event-testing-observability-and-failure-recovery',
    },
  ],
  operations: [
    {
      id: 'list',
      label: 'List event streams',
      description: 'Lists the event streams of the tenant, a page at a time: { eventStreams, next }.',
      method: 'GET',
      path: '/api/v2/event-streams',
      inputs: [common.fromParam(), common.take()],
      scopes: ['read:event_streams'],
      paging: ['checkpoint'],
      itemsKey: 'eventStreams',
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create event stream',
      description:
        'Creates an event stream from body: name, subscriptions ([{ "event_type": "user.created" }, …]), destination and status (enabled or disabled).',
      method: 'POST',
      path: '/api/v2/event-streams',
      inputs: [
        common.body(
          'The stream: name, subscriptions, destination ({ "type": "webhook", "configuration": { "webhook_endpoint", "webhook_authorization" } }, eventbridge or action) and status.',
        ),
      ],
      scopes: ['create:event_streams'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get event stream',
      description: 'Reads one event stream (without its webhook secret).',
      method: 'GET',
      path: '/api/v2/event-streams/{id}',
      inputs: [streamId],
      scopes: ['read:event_streams'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update event stream',
      description: 'Changes the attributes given in body, for example { "status": "disabled" } to pause a stream.',
      method: 'PATCH',
      path: '/api/v2/event-streams/{id}',
      inputs: [streamId, common.body('The attributes to change: name, subscriptions, destination, status.')],
      scopes: ['update:event_streams'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete event stream',
      description: 'Deletes an event stream.',
      method: 'DELETE',
      path: '/api/v2/event-streams/{id}',
      inputs: [streamId],
      scopes: ['delete:event_streams'],
      group: 'Delete',
    },
    {
      id: 'test_event',
      label: 'Send test event',
      description: 'Sends a test event of event_type to the stream (it carries a0purpose "test") and answers with its delivery.',
      method: 'POST',
      path: '/api/v2/event-streams/{id}/test',
      inputs: [
        streamId,
        {
          name: 'event_type',
          in: 'body',
          type: 'string',
          required: true,
          enum: EVENT_TYPES,
          description: 'The type of the test event, for example user.created.',
        },
        { name: 'data', in: 'body', type: 'object', description: "The test event's data; Auth0 makes a sample when it is unset." },
      ],
      scopes: ['create:event_streams'],
      group: 'Deliveries',
    },
    {
      id: 'get_deliveries',
      label: 'List failed deliveries',
      description: "Lists the stream's failed deliveries with their attempts, filtered by status, event type and date, a page at a time: { deliveries, next }.",
      method: 'GET',
      path: '/api/v2/event-streams/{id}/deliveries',
      inputs: [
        streamId,
        { name: 'statuses', in: 'query', type: 'list', enum: DELIVERY_STATUSES, description: 'Delivery statuses to include (failed).' },
        { name: 'event_types', in: 'query', type: 'list', enum: EVENT_TYPES, description: 'Event types to include (array or comma-separated).' },
        { name: 'date_from', in: 'query', type: 'string', description: 'Only deliveries of events from this time on (ISO 8601).' },
        { name: 'date_to', in: 'query', type: 'string', description: 'Only deliveries of events up to this time (ISO 8601).' },
        common.fromParam(),
        common.take(),
      ],
      scopes: ['read:event_streams'],
      paging: ['checkpoint'],
      itemsKey: 'deliveries',
      group: 'Deliveries',
    },
    {
      id: 'get_delivery_history',
      label: 'Get delivery history',
      description: 'Reads the delivery of one event to the stream, with every attempt.',
      method: 'GET',
      path: '/api/v2/event-streams/{id}/deliveries/{event_id}',
      inputs: [streamId, eventId],
      scopes: ['read:event_streams'],
      group: 'Deliveries',
    },
    {
      id: 'redeliver',
      label: 'Redeliver failed events',
      description: 'Delivers again every failed delivery that matches the filter (all of them when no filter is set).',
      method: 'POST',
      path: '/api/v2/event-streams/{id}/redeliver',
      inputs: [
        streamId,
        { name: 'date_from', in: 'body', type: 'string', description: 'Only events from this time on (ISO 8601).' },
        { name: 'date_to', in: 'body', type: 'string', description: 'Only events up to this time (ISO 8601).' },
        {
          name: 'statuses',
          in: 'body',
          type: 'list',
          enum: DELIVERY_STATUSES,
          description: 'Delivery statuses to redeliver (failed), an array or comma-separated.',
        },
        { name: 'event_types', in: 'body', type: 'list', enum: EVENT_TYPES, description: 'Event types to redeliver, an array or comma-separated.' },
      ],
      scopes: ['update:event_streams'],
      group: 'Deliveries',
    },
    {
      id: 'redeliver_event',
      label: 'Redeliver one event',
      description: 'Delivers one event to the stream again.',
      method: 'POST',
      path: '/api/v2/event-streams/{id}/redeliver/{event_id}',
      inputs: [streamId, eventId],
      scopes: ['update:event_streams'],
      group: 'Deliveries',
    },
  ],
};
