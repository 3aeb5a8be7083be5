/** The `logs` group: the tenant's log events. */
import { common, type GroupSpec } from '../shared/catalogue';

export const logsGroup: GroupSpec = {
  type: 'auth0-logs',
  name: 'logs',
  paletteLabel: 'logs',
  api: 'management',
  summary: "Searches the tenant's log events and reads one log event.",
  details: [
    'search pages by page and per_page (at most 100 per page, and only the first 1,000 results), or by checkpoint: from_param (a log_id) with take (at most 100) returns the events after that one in log_id order, with no cap. With from_param, every other filter (q included) is ignored by Auth0.',
    'Fetch all pages uses checkpoint paging unless q or sort is set. To follow the logs continuously, use the auth0-log-watch node.',
    'Logs are kept for a time that depends on the plan (1 to 30 days).',
  ],
  references: [
    { title: 'Management API: Logs', url: 'https://auth0.com/docs/api/management/v2/logs/get-logs' },
    { title: 'Retrieve log events with the Management API', url: 'https://auth0.com/docs/deploy-monitor/logs/retrieve-log-events-using-mgmt-api' },
    { title: 'Log event type codes', url: 'https://auth0.com/docs/deploy-monitor/logs/log-event-type-codes' },
  ],
  operations: [
    {
      id: 'get',
      label: 'Get log event',
      description: 'Reads one log event by its log_id.',
      method: 'GET',
      path: '/api/v2/logs/{id}',
      inputs: [common.id('The log_id of the log event.')],
      scopes: ['read:logs', 'read:logs_users'],
      group: 'Read',
    },
    {
      id: 'search',
      label: 'Search log events',
      description: 'Searches log events with a Lucene query, or reads them from a checkpoint (from_param, take).',
      method: 'GET',
      path: '/api/v2/logs',
      inputs: [
        common.page(0),
        common.perPage(50),
        { name: 'sort', in: 'query', type: 'string', description: 'Sort as field:order, 1 ascending and -1 descending (for example date:-1).' },
        { name: 'q', in: 'query', type: 'string', description: 'Query in Lucene query string syntax, for example type:"f" AND user_id:"auth0|123".' },
        common.includeTotals(true),
        common.fields(),
        common.includeFields(true),
        { ...common.fromParam(), description: 'Checkpoint: the log_id to start after; the other filters are then ignored.' },
        { ...common.take(), description: 'Checkpoint: how many events to return with from_param (at most 100).' },
      ],
      paging: ['page', 'checkpoint'],
      itemsKey: 'logs',
      scopes: ['read:logs', 'read:logs_users'],
      group: 'Read',
    },
  ],
};
