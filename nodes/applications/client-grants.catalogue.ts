/** The `client_grants` group: which APIs an application may call with the client-credentials grant. */
import { common, type GroupSpec } from '../shared/catalogue';

const grantId = common.id('The id of the client grant (cgr_…).');

export const clientGrantsGroup: GroupSpec = {
  type: 'auth0-client-grants',
  name: 'client_grants',
  paletteLabel: 'client grants',
  api: 'management',
  summary: 'Lists, creates, updates and deletes client grants: the permission of an application to call an API (resource server) with given scopes.',
  details: [
    'A client grant links a client_id to an API audience and the scopes the application may request for it with the client-credentials grant.',
  ],
  references: [
    { title: 'Management API: Client Grants', url: 'https://auth0.com/docs/api/management/v2/client-grants/get-client-grants' },
    { title: 'Machine-to-machine applications', url: 'https://auth0.com/docs/get-started/applications/application-grant-types' },
  ],
  operations: [
    {
      id: 'all',
      label: 'List client grants',
      description: 'Lists client grants, optionally only those of one API audience or one application.',
      method: 'GET',
      path: '/api/v2/client-grants',
      inputs: [
        { name: 'audience', in: 'query', type: 'string', description: 'Only grants for this API identifier (audience).' },
        common.page(),
        common.perPage(),
        common.includeTotals(false),
        { name: 'client_id', in: 'query', type: 'string', description: 'Only grants of this application.' },
      ],
      paging: ['page'],
      itemsKey: 'client_grants',
      scopes: ['read:client_grants'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create client grant',
      description: 'Grants an application access to an API with the scopes given in body.',
      method: 'POST',
      path: '/api/v2/client-grants',
      inputs: [common.body('The grant: client_id, audience and scope (array of scopes), all required.')],
      scopes: ['create:client_grants'],
      group: 'Create and update',
    },
    {
      id: 'update',
      label: 'Update client grant',
      description: 'Changes the scopes (or other attributes) of a client grant.',
      method: 'PATCH',
      path: '/api/v2/client-grants/{id}',
      inputs: [grantId, common.body('The attributes to change, for example scope.')],
      scopes: ['update:client_grants'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete client grant',
      description: 'Removes an application\'s access to an API.',
      method: 'DELETE',
      path: '/api/v2/client-grants/{id}',
      inputs: [grantId],
      scopes: ['delete:client_grants'],
      group: 'Delete',
    },
  ],
};
