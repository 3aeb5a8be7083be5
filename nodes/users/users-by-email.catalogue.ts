/** The `users_by_email` group: exact look-up of users by e-mail. */
import { common, type GroupSpec } from '../shared/catalogue';

export const usersByEmailGroup: GroupSpec = {
  type: 'auth0-users-by-email',
  name: 'users_by_email',
  paletteLabel: 'users by email',
  api: 'management',
  summary: 'Finds the users with an exact e-mail address, across all connections.',
  details: ['The result is an array: one e-mail can belong to several users (one per connection). The look-up is case-insensitive.'],
  references: [{ title: 'Management API: Users By Email', url: 'https://auth0.com/docs/api/management/v2/users-by-email/get-users-by-email' }],
  operations: [
    {
      id: 'search_users_by_email',
      label: 'Find users by e-mail',
      description: 'Returns the users whose e-mail is exactly this one.',
      method: 'GET',
      path: '/api/v2/users-by-email',
      inputs: [
        { name: 'email', in: 'query', type: 'string', required: true, description: 'The e-mail address to look up.' },
        common.fields(),
        common.includeFields(true),
      ],
      scopes: ['read:users'],
      group: 'Read',
    },
  ],
};
