/** The `clients` group: applications registered in the tenant. */
import { common, type GroupSpec } from '../shared/catalogue';

const clientId = common.id('The client id of the application.');

export const clientsGroup: GroupSpec = {
  type: 'auth0-clients',
  name: 'clients',
  paletteLabel: 'applications',
  api: 'management',
  summary: 'Lists, creates, reads, updates and deletes applications (clients), and rotates an application\'s client secret.',
  details: [
    'client_secret, encryption_key and signing_keys are returned only when the token has read:client_keys, and can be changed only with update:client_keys.',
    'extra_params adds further query parameters to the list (for example app_type or is_first_party); fields, include_fields, page and per_page take precedence over it.',
  ],
  references: [
    { title: 'Management API: Clients', url: 'https://auth0.com/docs/api/management/v2/clients/get-clients' },
    { title: 'Applications', url: 'https://auth0.com/docs/get-started/applications' },
  ],
  operations: [
    {
      id: 'all',
      label: 'List applications',
      description: 'Lists the applications of the tenant. Secrets are included only with read:client_keys.',
      method: 'GET',
      path: '/api/v2/clients',
      inputs: [common.fields(), common.includeFields(true), common.page(), common.perPage(), common.extraParams()],
      paging: ['page'],
      itemsKey: 'clients',
      scopes: ['read:clients', 'read:client_keys'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create application',
      description: 'Creates an application from body (name is required).',
      method: 'POST',
      path: '/api/v2/clients',
      inputs: [common.body('The new application: name (required), app_type, callbacks, grant_types and the other client attributes.')],
      scopes: ['create:clients'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get application',
      description: 'Reads one application. Secrets and signing keys are included only with read:client_keys.',
      method: 'GET',
      path: '/api/v2/clients/{id}',
      inputs: [clientId, common.fields(), common.includeFields(true)],
      scopes: ['read:clients', 'read:client_keys'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update application',
      description: 'Changes the attributes given in body. Changing client_secret, encryption_key or signing_keys needs update:client_keys.',
      method: 'PATCH',
      path: '/api/v2/clients/{id}',
      inputs: [clientId, common.body('The attributes to change.')],
      scopes: ['update:clients', 'update:client_keys'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete application',
      description: 'Deletes an application and all its related assets.',
      method: 'DELETE',
      path: '/api/v2/clients/{id}',
      inputs: [clientId],
      scopes: ['delete:clients'],
      group: 'Delete',
    },
    {
      id: 'rotate_secret',
      label: 'Rotate client secret',
      description: 'Generates a new client secret for the application; the old one stops working. The new secret is not base64 encoded.',
      method: 'POST',
      path: '/api/v2/clients/{id}/rotate-secret',
      inputs: [clientId],
      scopes: ['update:client_keys'],
      group: 'Create and update',
    },
  ],
};
