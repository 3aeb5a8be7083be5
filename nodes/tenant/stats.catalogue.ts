/** The `stats` group: active users and daily statistics. */
import type { GroupSpec, InputSpec } from '../shared/catalogue';

const day = (name: string, wireName: string, description: string): InputSpec => ({
  name,
  wireName,
  in: 'query',
  type: 'string',
  description,
});

export const statsGroup: GroupSpec = {
  type: 'auth0-stats',
  name: 'stats',
  paletteLabel: 'stats',
  api: 'management',
  summary: 'Reads the number of active users and the daily login and signup statistics.',
  references: [{ title: 'Management API: Stats', url: 'https://auth0.com/docs/api/management/v2/stats/get-active-users' }],
  operations: [
    {
      id: 'active_users',
      label: 'Active users',
      description: 'Returns the number of users that logged in during the last 30 days, as an integer.',
      method: 'GET',
      path: '/api/v2/stats/active-users',
      inputs: [],
      scopes: ['read:stats'],
      group: 'Read',
    },
    {
      id: 'daily_stats',
      label: 'Daily stats',
      description: 'Returns logins, signups and leaked passwords per day for a period (both ends inclusive).',
      method: 'GET',
      path: '/api/v2/stats/daily',
      inputs: [
        day('from_date', 'from', 'First day of the period, YYYYMMDD (inclusive).'),
        day('to_date', 'to', 'Last day of the period, YYYYMMDD (inclusive).'),
      ],
      scopes: ['read:stats'],
      group: 'Read',
    },
  ],
};
