/** The `agents` group: manages AI agents registered with the tenant (early access). */
import { common, type GroupSpec } from '../shared/catalogue';

export const agentsGroup: GroupSpec = {
  type: 'auth0-agents',
  name: 'agents',
  paletteLabel: 'agents',
  api: 'management',
  summary: 'Manages AI agents registered with the tenant (early access).',
  details: [
    'An early-access endpoint: Auth0 has not yet published its scopes or body schema in the API reference, so the body is passed through as given and the scopes shown follow Auth0\'s usual pattern.',
  ],
  references: [
    { title: 'Management API', url: 'https://auth0.com/docs/api/management/v2' },
  ],
  operations: [
    {
      id: 'list',
      label: 'List agents',
      description: 'Lists the agents of the tenant.',
      method: 'GET',
      path: '/api/v2/agents',
      inputs: [],
      scopes: ['read:agents'],
      lifecycle: 'early-access',
      group: 'Manage',
    },
    {
      id: 'create',
      label: 'Create agent',
      description: 'Creates an agent from body.',
      method: 'POST',
      path: '/api/v2/agents',
      inputs: [common.body('The new agent (see the Auth0 reference for its attributes).')],
      scopes: ['create:agents'],
      lifecycle: 'early-access',
      group: 'Manage',
    },
    {
      id: 'get',
      label: 'Get agent',
      description: 'Reads one agent by its id.',
      method: 'GET',
      path: '/api/v2/agents/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the agent.' },
      ],
      scopes: ['read:agents'],
      lifecycle: 'early-access',
      group: 'Manage',
    },
    {
      id: 'update',
      label: 'Update agent',
      description: 'Changes the attributes of an agent given in body.',
      method: 'PATCH',
      path: '/api/v2/agents/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the agent.' },
        common.body('The attributes to change.'),
      ],
      scopes: ['update:agents'],
      lifecycle: 'early-access',
      group: 'Manage',
    },
    {
      id: 'delete',
      label: 'Delete agent',
      description: 'Deletes an agent. This cannot be undone.',
      method: 'DELETE',
      path: '/api/v2/agents/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the agent.' },
      ],
      scopes: ['delete:agents'],
      lifecycle: 'early-access',
      group: 'Manage',
    },
  ],
};
