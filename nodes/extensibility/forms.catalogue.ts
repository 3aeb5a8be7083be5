/** The `forms` group: lists, creates, reads, updates and deletes Auth0 Forms: custom steps of the login flow built from nodes. */
import { common, type GroupSpec } from '../shared/catalogue';

export const formsGroup: GroupSpec = {
  type: 'auth0-forms',
  name: 'forms',
  paletteLabel: 'forms',
  api: 'management',
  summary: 'Lists, creates, reads, updates and deletes Auth0 Forms: custom steps of the login flow built from nodes.',
  details: [
    'A form is rendered by Universal Login when an Action redirects to it; its flow nodes run flows (see the flows node). Each operation names the scopes its token needs.',
  ],
  references: [
    { title: 'Management API: Forms', url: 'https://auth0.com/docs/api/management/v2/forms/get-forms' },
    { title: 'Forms', url: 'https://auth0.com/docs/customize/forms' },
  ],
  operations: [
    {
      id: 'list',
      label: 'List forms',
      description: 'Lists the forms of the tenant.',
      method: 'GET',
      path: '/api/v2/forms',
      inputs: [
        common.page(),
        common.perPage(),
        common.includeTotals(),
        {
          name: 'hydrate',
          in: 'query',
          type: 'list',
          description: 'Related objects to include in full (array or comma-separated). One of: flow_count, links.',
        },
      ],
      paging: ['page'],
      itemsKey: 'forms',
      scopes: ['read:forms'],
      group: 'Manage',
    },
    {
      id: 'create',
      label: 'Create form',
      description: 'Creates a form from body.',
      method: 'POST',
      path: '/api/v2/forms',
      inputs: [common.body('The new form: name (required), nodes, start, ending, style, messages, languages, translations.')],
      scopes: ['create:forms'],
      group: 'Manage',
    },
    {
      id: 'get',
      label: 'Get form',
      description: 'Reads one form by its id.',
      method: 'GET',
      path: '/api/v2/forms/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the form (ap_…).' },
        {
          name: 'hydrate',
          in: 'query',
          type: 'list',
          description: 'Related objects to include in full (array or comma-separated). One of: flow_count, links.',
        },
      ],
      scopes: ['read:forms'],
      group: 'Manage',
    },
    {
      id: 'update',
      label: 'Update form',
      description: 'Changes the attributes of a form given in body.',
      method: 'PATCH',
      path: '/api/v2/forms/{id}',
      inputs: [{ name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the form (ap_…).' }, common.body('The attributes to change.')],
      scopes: ['update:forms'],
      group: 'Manage',
    },
    {
      id: 'delete',
      label: 'Delete form',
      description: 'Deletes a form. This cannot be undone.',
      method: 'DELETE',
      path: '/api/v2/forms/{id}',
      inputs: [{ name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the form (ap_…).' }],
      scopes: ['delete:forms'],
      group: 'Manage',
    },
  ],
};
