/** The `connections` group: the identity sources users sign in with. */
import { common, type GroupSpec } from '../shared/catalogue';

const connectionId = common.id('The id of the connection (con_…).');

export const connectionsGroup: GroupSpec = {
  type: 'auth0-connections',
  name: 'connections',
  paletteLabel: 'connections',
  api: 'management',
  summary: 'Lists, creates, reads, updates and deletes connections (database, social, enterprise, passwordless), and deletes a database user by e-mail.',
  details: [
    'Deleting a connection also deletes all of its users.',
    'extra_params adds further query parameters to the list (for example name); strategy, fields, include_fields, page and per_page take precedence over it.',
  ],
  references: [
    { title: 'Management API: Connections', url: 'https://auth0.com/docs/api/management/v2/connections/get-connections' },
    { title: 'Connections', url: 'https://auth0.com/docs/authenticate/identity-providers' },
  ],
  operations: [
    {
      id: 'all',
      label: 'List connections',
      description: 'Lists the connections of the tenant, optionally only those of one strategy.',
      method: 'GET',
      path: '/api/v2/connections',
      inputs: [
        { name: 'strategy', in: 'query', type: 'string', description: 'Only connections of this strategy, for example auth0, google-oauth2 or samlp.' },
        common.fields(),
        common.includeFields(true),
        common.page(),
        common.perPage(),
        common.extraParams(),
      ],
      paging: ['page'],
      itemsKey: 'connections',
      scopes: ['read:connections'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create connection',
      description: 'Creates a connection from body; name and strategy are mandatory.',
      method: 'POST',
      path: '/api/v2/connections',
      inputs: [common.body('The new connection: name and strategy (required), options, enabled_clients and the other attributes.')],
      scopes: ['create:connections'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get connection',
      description: 'Reads one connection.',
      method: 'GET',
      path: '/api/v2/connections/{id}',
      inputs: [connectionId, common.fields(), common.includeFields(true)],
      scopes: ['read:connections'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update connection',
      description: 'Changes the attributes given in body and returns the modified connection. Note that options replaces the whole options object.',
      method: 'PATCH',
      path: '/api/v2/connections/{id}',
      inputs: [connectionId, common.body('The attributes to change.')],
      scopes: ['update:connections'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete connection',
      description: 'Deletes a connection and all of its users.',
      method: 'DELETE',
      path: '/api/v2/connections/{id}',
      inputs: [connectionId],
      scopes: ['delete:connections'],
      group: 'Delete',
    },
    {
      id: 'delete_user_by_email',
      label: 'Delete connection user by e-mail',
      description: 'Deletes the user with this e-mail from a database connection.',
      method: 'DELETE',
      path: '/api/v2/connections/{id}/users',
      inputs: [
        common.id('The id of the database connection (con_…).'),
        { name: 'email', in: 'query', type: 'string', required: true, description: 'The e-mail of the user to delete.' },
      ],
      scopes: ['delete:users'],
      group: 'Delete',
    },
  ],
};
