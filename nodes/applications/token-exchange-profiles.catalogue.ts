/** The `token_exchange_profiles` group: manages custom token exchange profiles: which subject token type an Action validates when an application exchanges an outside token for Auth0 tokens. */
import { common, type GroupSpec } from '../shared/catalogue';

export const tokenExchangeProfilesGroup: GroupSpec = {
  type: 'auth0-token-exchange-profiles',
  name: 'token_exchange_profiles',
  paletteLabel: 'token exchange profiles',
  api: 'management',
  summary:
    'Manages custom token exchange profiles: which subject token type an Action validates when an application exchanges an outside token for Auth0 tokens.',
  details: [
    'Custom Token Exchange is generally available; a profile names the Action (action_id) that checks the incoming token. Each operation names the scopes its token needs.',
  ],
  references: [
    { title: 'Management API: Token exchange profiles', url: 'https://auth0.com/docs/api/management/v2/token-exchange-profiles/get-token-exchange-profiles' },
    { title: 'Custom token exchange', url: 'https://auth0.com/docs/authenticate/custom-token-exchange' },
  ],
  operations: [
    {
      id: 'list',
      label: 'List token exchange profiles',
      description: 'Lists the token exchange profiles of the tenant.',
      method: 'GET',
      path: '/api/v2/token-exchange-profiles',
      inputs: [common.fromParam(), common.take()],
      paging: ['checkpoint'],
      itemsKey: 'token_exchange_profiles',
      scopes: ['read:token_exchange_profiles'],
      group: 'Manage',
    },
    {
      id: 'create',
      label: 'Create token exchange profile',
      description: 'Creates a token exchange profile from body.',
      method: 'POST',
      path: '/api/v2/token-exchange-profiles',
      inputs: [common.body('The new token exchange profile: name, subject_token_type, action_id and type (all required).')],
      scopes: ['create:token_exchange_profiles'],
      group: 'Manage',
    },
    {
      id: 'get',
      label: 'Get token exchange profile',
      description: 'Reads one token exchange profile by its id.',
      method: 'GET',
      path: '/api/v2/token-exchange-profiles/{id}',
      inputs: [{ name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the token exchange profile.' }],
      scopes: ['read:token_exchange_profiles'],
      group: 'Manage',
    },
    {
      id: 'update',
      label: 'Update token exchange profile',
      description: 'Changes the attributes of a token exchange profile given in body.',
      method: 'PATCH',
      path: '/api/v2/token-exchange-profiles/{id}',
      inputs: [
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the token exchange profile.' },
        common.body('The attributes to change.'),
      ],
      scopes: ['update:token_exchange_profiles'],
      group: 'Manage',
    },
    {
      id: 'delete',
      label: 'Delete token exchange profile',
      description: 'Deletes a token exchange profile. This cannot be undone.',
      method: 'DELETE',
      path: '/api/v2/token-exchange-profiles/{id}',
      inputs: [{ name: 'id', in: 'path', type: 'string', required: true, description: 'The id of the token exchange profile.' }],
      scopes: ['delete:token_exchange_profiles'],
      group: 'Manage',
    },
  ],
};
