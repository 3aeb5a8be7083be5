/** Forms, flows with their executions, and flows' vault connections, declared as data (see ../resources.ts). */
import { createHash } from 'node:crypto';
import type { JsonRecord } from '../../core/collection';
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
        description: 'string',
        messages: 'object',
        languages: 'object',
        translations: 'object',
        nodes: 'array',
        start: 'object',
        ending: 'object',
        style: 'object',
        tags: 'array',
        social: 'array',
      },
      required: ['name'],
      // A new form's parts as Auth0 answers them (recorded 2024).
      defaults: { messages: { custom: {}, errors: {} }, translations: {}, nodes: [], social: [], tags: [], embedded_at: null, submitted_at: null },
    },
    derive: (item) => {
      item.languages = { primary: 'en', default: null, ...(item.languages as JsonRecord | undefined) };
      item.style = { version: 'MODERN', theme: 'SOFT', css: null, ...(item.style as JsonRecord | undefined) };
    },
    notFound: { message: 'The form does not exist.', errorCode: 'form_not_found' },
    createdStatus: 200, // as Auth0 answers (recorded 2024; its description says 201)
  },
  {
    name: 'flows',
    path: '/api/v2/flows',
    idPrefix: 'af',
    scopes: crudScopes('flows'),
    list: offsetList('flows'),
    timestamps: true,
    create: {
      types: { name: 'string', description: 'string', synchronous: 'boolean', actions: 'array' },
      required: ['name'],
      // A new flow's parts as Auth0 answers them (recorded 2024).
      defaults: { actions: [], triggers: { webhook: { enabled: false, secret: null } }, security: { rateLimits: [] }, executed_at: null },
    },
    update: { types: { name: 'string', description: 'string', synchronous: 'boolean', actions: ['array', 'null'] } },
    notFound: { message: 'The flow does not exist.', errorCode: 'flow_not_found' },
    createdStatus: 200, // as Auth0 answers (recorded 2024; its description says 201)
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
    create: {
      types: { name: 'string', app_id: 'string', environment: 'string', setup: 'object', account_name: 'string' },
      required: ['name', 'app_id'],
      defaults: { ready: true, refreshed_at: null },
    },
    // Auth0 answers 200 with a fingerprint of the setup and, for a token, the masked account name (recorded 2024).
    createdStatus: 200,
    derive: (item) => {
      item.fingerprint = createHash('md5')
        .update(JSON.stringify(item.setup ?? {}))
        .digest('hex');
      const setup = (item.setup ?? {}) as JsonRecord;
      if (item.account_name === undefined && typeof setup.token === 'string') {
        const token = setup.token;
        item.account_name = `Bearer ${token.slice(0, 3)}***${token.slice(-3)}`;
      }
    },
    update: { types: { name: 'string', setup: 'object' } },
    notFound: { message: 'The vault connection does not exist.', errorCode: 'flows_vault_connection_not_found' },
  },
];

export const registerFormsAndFlowsRoutes: RoutesModule = (routes, tenant) => registerResources(routes, tenant, RESOURCES);
