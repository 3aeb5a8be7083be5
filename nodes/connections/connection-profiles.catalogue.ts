/** The `connection_profiles` group: manages connection profiles: reusable settings for the enterprise connections that customers create themselves, and the templates Auth0 offers for them. */
import { common, type GroupSpec } from '../shared/catalogue';

export const connectionProfilesGroup: GroupSpec = {
  type: 'auth0-connection-profiles',
  name: 'connection_profiles',
  paletteLabel: 'connection profiles',
  api: 'management',
  summary: 'Manages connection profiles: reusable settings for the enterprise connections that customers create themselves, and the templates Auth0 offers for them.',
  details: [
    'A connection profile holds the defaults (name prefix, enabled features, strategy overrides) applied to connections created through self-service SSO. Each operation names the scopes its token needs.',
  ],
  references: [
    { title: 'Management API: Connection profiles', url: 'https://auth0.com/docs/api/management/v2/connection-profiles/get-connection-profiles' },
  ],
  operations: [
    {
      id: 'list',
      label: 'List connection profiles',
      description: 'Lists the connection profiles of the tenant.',
      method: 'GET',
      path: '/api/v2/connection-profiles',
      inputs: [common.fromParam(), common.take()],
      paging: ['checkpoint'],
      itemsKey: 'connection_profiles',
      scopes: ['read:connection_profiles'],
      group: 'Manage',
    },
    {
      id: 'create',
      label: 'Create connection profile',
      description: 'Creates a connection profile from body.',
      method: 'POST',
      path: '/api/v2/connection-profiles',
      inputs: [
        common.body('The new connection profile: name (required), organization, connection_name_prefix_template, enabled_features, connection_config, strategy_overrides.'),
      ],
      scopes: ['create:connection_profiles'],
      group: 'Manage',
    },
    {
      id: 'get',
      label: 'Get connection profile',
      description: 'Reads one connection profile by its id.',
      method: 'GET',
      path: '/api/v2/connection-profiles/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the connection profile.' },
      ],
      scopes: ['read:connection_profiles'],
      group: 'Manage',
    },
    {
      id: 'update',
      label: 'Update connection profile',
      description: 'Changes the attributes of a connection profile given in body.',
      method: 'PATCH',
      path: '/api/v2/connection-profiles/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the connection profile.' },
        common.body('The attributes to change.'),
      ],
      scopes: ['update:connection_profiles'],
      group: 'Manage',
    },
    {
      id: 'delete',
      label: 'Delete connection profile',
      description: 'Deletes a connection profile. This cannot be undone.',
      method: 'DELETE',
      path: '/api/v2/connection-profiles/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the connection profile.' },
      ],
      scopes: ['delete:connection_profiles'],
      group: 'Manage',
    },
    {
      id: 'list_templates',
      label: 'List templates',
      description: 'Lists the ready-made connection profile templates Auth0 offers.',
      method: 'GET',
      path: '/api/v2/connection-profiles/templates',
      inputs: [],
      scopes: ['read:connection_profiles'],
      group: 'Templates',
    },
    {
      id: 'get_template',
      label: 'Get template',
      description: 'Reads one connection profile template.',
      method: 'GET',
      path: '/api/v2/connection-profiles/templates/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the template.' },
      ],
      scopes: ['read:connection_profiles'],
      group: 'Templates',
    },
  ],
};
