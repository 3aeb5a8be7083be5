/** Forms, flows with their executions, and flows' vault connections, declared as data (see ../resources.ts). */
import type { RoutesModule } from '../../core/types';
import { registerResources, offsetList, crudScopes, recordExists, type ResourceSpec } from '../resources';

const RESOURCES: readonly ResourceSpec[] = [
  {
    name: 'forms',
    path: '/api/v2/forms',
    idPrefix: 'ap',
    scopes: crudScopes('forms'),
    list: offsetList('forms'),
    timestamps: true,
    create: {
      types: {
        name: 'string',
        messages: 'object',
        languages: 'object',
        translations: 'object',
        nodes: 'array',
        start: 'object',
        ending: 'object',
        style: 'object',
      },
      required: ['name'],
    },
    notFound: { message: 'The form does not exist.', errorCode: 'form_not_found' },
  },
  {
    name: 'flows',
    path: '/api/v2/flows',
    idPrefix: 'af',
    scopes: crudScopes('flows'),
    list: offsetList('flows'),
    timestamps: true,
    create: { types: { name: 'string', actions: 'array' }, required: ['name'], defaults: { actions: [] } },
    update: { types: { name: 'string', actions: ['array', 'null'] } },
    notFound: { message: 'The flow does not exist.', errorCode: 'flow_not_found' },
  },
  {
    // Executions are written by running flows (seeded in the emulator); the API reads and deletes them.
    name: 'flow-executions',
    path: '/api/v2/flows/:id/executions',
    idParam: 'execution_id',
    idPrefix: 'afe',
    scopes: { list: 'read:flows_executions', get: 'read:flows_executions', delete: 'delete:flows_executions' },
    list: { shape: 'offset-or-checkpoint', itemsKey: 'executions' },
    parent: { param: 'id', exists: recordExists('flows'), notFound: 'The flow does not exist.' },
    notFound: { message: 'The flow execution does not exist.', errorCode: 'flow_execution_not_found' },
  },
  {
    name: 'flows-vault-connections',
    path: '/api/v2/flows/vault/connections',
    idPrefix: 'ac',
    scopes: crudScopes('flows_vault_connections'),
    list: offsetList('connections'),
    timestamps: true,
    writeOnly: ['setup'],
    create: { types: { name: 'string', app_id: 'string', environment: 'string', setup: 'object' }, required: ['name', 'app_id'], defaults: { ready: true } },
    update: { types: { name: 'string', setup: 'object' } },
    notFound: { message: 'The vault connection does not exist.', errorCode: 'flows_vault_connection_not_found' },
  },
];

export const registerFormsAndFlowsRoutes: RoutesModule = (routes, tenant) => registerResources(routes, tenant, RESOURCES);
