/** Token exchange profiles and agents, declared as data (see ../resources.ts). */
import type { RoutesModule } from '../../core/types';
import { registerResources, checkpointList, offsetList, crudScopes, type ResourceSpec } from '../resources';

const RESOURCES: readonly ResourceSpec[] = [
  {
    name: 'token-exchange-profiles',
    deleteAbsentAnswers204: true, // as Auth0 answers (recorded)
    path: '/api/v2/token-exchange-profiles',
    idPrefix: 'tep',
    scopes: crudScopes('token_exchange_profiles'),
    list: checkpointList('token_exchange_profiles'),
    timestamps: true,
    create: {
      types: { name: 'string', subject_token_type: 'string', action_id: 'string', type: 'string' },
      required: ['name', 'subject_token_type', 'action_id', 'type'],
      enums: { type: ['custom_authentication'] },
    },
    update: { types: { name: 'string', subject_token_type: 'string' } },
    unique: 'subject_token_type',
    notFound: { message: 'The token exchange profile does not exist.', errorCode: 'token_exchange_profile_not_found' },
  },
  {
    name: 'agents',
    path: '/api/v2/agents',
    idPrefix: 'agt',
    scopes: crudScopes('agents'),
    list: offsetList('agents'),
    timestamps: true,
    create: { types: {}, required: ['name'], closed: false },
    notFound: { message: 'The agent does not exist.', errorCode: 'inexistent_agent' },
  },
];

export const registerTokenExchangeProfilesAndAgentsRoutes: RoutesModule = (routes, tenant) => registerResources(routes, tenant, RESOURCES);
