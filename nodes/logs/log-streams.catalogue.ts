/** The `log_streams` group: streaming of log events to outside services. */
import { common, type GroupSpec } from '../shared/catalogue';

const streamId = common.id('The id of the log stream (lst_…).');

export const logStreamsGroup: GroupSpec = {
  type: 'auth0-log-streams',
  name: 'log_streams',
  paletteLabel: 'log streams',
  api: 'management',
  summary: 'Lists, creates, reads, updates and deletes log streams, which push log events to a webhook, EventBridge, Datadog, Splunk and others.',
  details: [
    'A stream is active, paused (by you) or suspended (by Auth0 after repeated delivery failures); set status to active to resume it.',
    "To watch a stream's status, use the auth0-log-stream-watch node; to receive an HTTP stream in Node-RED, use auth0-log-stream-in.",
  ],
  references: [
    { title: 'Management API: Log Streams', url: 'https://auth0.com/docs/api/management/v2/log-streams/get-log-streams' },
    { title: 'Log streams', url: 'https://auth0.com/docs/customize/log-streams' },
  ],
  operations: [
    {
      id: 'list',
      label: 'List log streams',
      description: 'Lists the log streams of the tenant.',
      method: 'GET',
      path: '/api/v2/log-streams',
      inputs: [],
      scopes: ['read:log_streams'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create log stream',
      description: 'Creates a log stream from body.',
      method: 'POST',
      path: '/api/v2/log-streams',
      inputs: [common.body('The stream: name, type (http, eventbridge, eventgrid, datadog, splunk, sumo, mixpanel, segment), sink and optional filters.')],
      scopes: ['create:log_streams'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get log stream',
      description: 'Reads one log stream with its status.',
      method: 'GET',
      path: '/api/v2/log-streams/{id}',
      inputs: [streamId],
      scopes: ['read:log_streams'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update log stream',
      description: 'Changes the attributes given in body, for example { "status": "active" } to resume a stream.',
      method: 'PATCH',
      path: '/api/v2/log-streams/{id}',
      inputs: [streamId, common.body('The attributes to change: name, status, sink, filters.')],
      scopes: ['update:log_streams'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete log stream',
      description: 'Deletes a log stream.',
      method: 'DELETE',
      path: '/api/v2/log-streams/{id}',
      inputs: [streamId],
      scopes: ['delete:log_streams'],
      group: 'Delete',
    },
  ],
};
