/**
 * Request cases for the logs family (nodes/logs/): log-streams, logs.
 */
import type { RequestCase } from './shared';
import { q, ODD, E } from './shared';
import { logStreamsGroup } from '../../../nodes/logs/log-streams.catalogue';
import { logsGroup } from '../../../nodes/logs/logs.catalogue';

export const LOGS_CASES: readonly RequestCase[] = [
  // ── logs, log_streams ─────────────────────────────────────────────────
  {
    group: logsGroup,
    op: 'get',
    values: { id: '90020240101000000' },
    expect: { method: 'GET', path: '/api/v2/logs/90020240101000000' },
    sdk: (c) => c.logs.get('90020240101000000'),
  },
  {
    group: logsGroup,
    op: 'search',
    values: {},
    expect: { method: 'GET', path: '/api/v2/logs', query: { page: '0', per_page: '50', include_totals: 'true', include_fields: 'true' } },
    sdk: (c) => c.logs.list({ page: 0, per_page: 50, include_totals: true, include_fields: true }),
  },
  {
    group: logsGroup,
    op: 'search',
    values: { q: 'type:"f" AND user_id:"auth0|1"', sort: 'date:-1', fields: ['log_id', 'type'], include_fields: false, page: 2, per_page: 100 },
    expect: {
      method: 'GET',
      path: '/api/v2/logs',
      query: {
        page: '2',
        per_page: '100',
        sort: 'date:-1',
        q: 'type:"f" AND user_id:"auth0|1"',
        include_totals: 'true',
        fields: 'log_id,type',
        include_fields: 'false',
      },
    },
    // v7 names its free-text filter `search`; the Lucene q is py4's logs.search (and Auth0's documented q).
    sdk: (c) =>
      c.logs.list(
        { page: 2, per_page: 100, sort: 'date:-1', fields: 'log_id,type', include_fields: false, include_totals: true },
        q({ q: 'type:"f" AND user_id:"auth0|1"' }),
      ),
  },
  {
    group: logsGroup,
    op: 'search',
    values: { from_param: '900200', take: 100 },
    expect: {
      method: 'GET',
      path: '/api/v2/logs',
      query: { page: '0', per_page: '50', include_totals: 'true', include_fields: 'true', from: '900200', take: '100' },
    },
    // v7 has no checkpoint arguments for logs; from/take are py4's logs.search (sent as from, take).
    sdk: (c) => c.logs.list({ page: 0, per_page: 50, include_totals: true, include_fields: true }, q({ from: '900200', take: 100 })),
  },
  {
    group: logStreamsGroup,
    op: 'list',
    values: {},
    expect: { method: 'GET', path: '/api/v2/log-streams' },
    sdk: (c) => c.logStreams.list(),
  },
  {
    group: logStreamsGroup,
    op: 'create',
    values: {
      body: {
        name: 'siem',
        type: 'http',
        sink: { httpEndpoint: 'https://siem.example.com/in', httpContentType: 'application/json', httpContentFormat: 'JSONLINES' },
      },
    },
    expect: {
      method: 'POST',
      path: '/api/v2/log-streams',
      body: {
        name: 'siem',
        type: 'http',
        sink: { httpEndpoint: 'https://siem.example.com/in', httpContentType: 'application/json', httpContentFormat: 'JSONLINES' },
      },
    },
    sdk: (c) =>
      c.logStreams.create({
        name: 'siem',
        type: 'http',
        sink: { httpEndpoint: 'https://siem.example.com/in', httpContentType: 'application/json', httpContentFormat: 'JSONLINES' },
      }),
  },
  {
    group: logStreamsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/log-streams/${E}` },
    sdk: (c) => c.logStreams.get(ODD),
  },
  {
    group: logStreamsGroup,
    op: 'update',
    values: { id: ODD, body: { status: 'active' } },
    expect: { method: 'PATCH', path: `/api/v2/log-streams/${E}`, body: { status: 'active' } },
    sdk: (c) => c.logStreams.update(ODD, { status: 'active' }),
  },
  {
    group: logStreamsGroup,
    op: 'delete',
    values: { id: ODD },
    expect: { method: 'DELETE', path: `/api/v2/log-streams/${E}` },
    sdk: (c) => c.logStreams.delete(ODD),
  },
];
