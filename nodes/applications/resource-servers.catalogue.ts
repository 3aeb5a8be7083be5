/** The `resource_servers` group: the APIs the tenant issues access tokens for. */
import { common, type GroupSpec } from '../shared/catalogue';

const serverId = common.id('The id or the audience identifier of the resource server.');

export const resourceServersGroup: GroupSpec = {
  type: 'auth0-resource-servers',
  name: 'resource_servers',
  paletteLabel: 'APIs',
  api: 'management',
  summary: 'Lists, creates, reads, updates and deletes resource servers (the APIs registered in the tenant).',
  details: ['A resource server is an API with an identifier (the audience of its access tokens), its scopes and its token settings.'],
  references: [
    { title: 'Management API: Resource Servers', url: 'https://auth0.com/docs/api/management/v2/resource-servers/get-resource-servers' },
    { title: 'APIs', url: 'https://auth0.com/docs/get-started/apis' },
  ],
  operations: [
    {
      id: 'get_all',
      label: 'List APIs',
      description: 'Lists the resource servers of the tenant.',
      method: 'GET',
      path: '/api/v2/resource-servers',
      inputs: [
        common.page(),
        common.perPage(),
        common.includeTotals(false),
        { name: 'identifiers', in: 'query', type: 'list', repeat: true, description: 'Only the APIs with these identifiers (array or comma-separated).' },
        common.includeFields(),
      ],
      paging: ['page'],
      itemsKey: 'resource_servers',
      scopes: ['read:resource_servers'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create API',
      description: 'Creates a resource server from body (identifier is required).',
      method: 'POST',
      path: '/api/v2/resource-servers',
      inputs: [common.body('The new API: identifier (required), name, scopes, signing_alg, token_lifetime and the other settings.')],
      scopes: ['create:resource_servers'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get API',
      description: 'Reads one resource server.',
      method: 'GET',
      path: '/api/v2/resource-servers/{id}',
      inputs: [serverId, common.includeFields()],
      scopes: ['read:resource_servers'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update API',
      description: 'Changes the attributes given in body.',
      method: 'PATCH',
      path: '/api/v2/resource-servers/{id}',
      inputs: [serverId, common.body('The attributes to change.')],
      scopes: ['update:resource_servers'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete API',
      description: 'Deletes a resource server; tokens for it can no longer be issued.',
      method: 'DELETE',
      path: '/api/v2/resource-servers/{id}',
      inputs: [serverId],
      scopes: ['delete:resource_servers'],
      group: 'Delete',
    },
  ],
};
