/** The `refresh_tokens` group of the Management API v2: refresh tokens by id, and the early-access list and bulk revoke. */
import { common, type GroupSpec } from '../shared/catalogue';

const tokenId = common.id('The id of the refresh token (not the token itself).');
const EARLY = 'early-access' as const;

export const refreshTokensGroup: GroupSpec = {
  type: 'auth0-refresh-tokens',
  name: 'refresh_tokens',
  paletteLabel: 'refresh tokens',
  api: 'management',
  summary: "Lists, reads, annotates, deletes and revokes users' refresh tokens by id: a revoked refresh token no longer gets new access tokens.",
  details: [
    "The Management API works with a refresh token's id, never the token itself (an application revokes its own token with auth0-revoke-token). A user's refresh tokens are also listed and deleted by the auth0-users operations get_refresh_tokens and delete_refresh_tokens.",
    'list and revoke are early access at Auth0. Deletes and revokes are accepted with 202 and done shortly after.',
  ],
  references: [
    { title: 'Management API: Refresh tokens', url: 'https://auth0.com/docs/api/management/v2/refresh-tokens/get-refresh-token' },
    { title: 'Revoke refresh tokens', url: 'https://auth0.com/docs/secure/tokens/refresh-tokens/revoke-refresh-tokens' },
  ],
  operations: [
    {
      id: 'list',
      label: "List a user's refresh tokens",
      group: 'Refresh tokens',
      lifecycle: EARLY,
      method: 'GET',
      path: '/api/v2/refresh-tokens',
      description: 'Lists the refresh tokens of a user, optionally of one application, with checkpoint paging.',
      inputs: [
        { name: 'user_id', in: 'query', type: 'string', required: true, description: 'The user whose refresh tokens are listed.' },
        { name: 'client_id', in: 'query', type: 'string', description: 'Only tokens of this application.' },
        common.fromParam(),
        common.take(),
        common.fields(),
        common.includeFields(),
      ],
      paging: ['checkpoint'],
      itemsKey: 'refresh_tokens',
      scopes: ['read:refresh_tokens'],
    },
    {
      id: 'get',
      label: 'Get a refresh token',
      group: 'Refresh tokens',
      method: 'GET',
      path: '/api/v2/refresh-tokens/{id}',
      description: 'Reads one refresh token: its user, application, session, device, audiences and expiry.',
      inputs: [tokenId],
      scopes: ['read:refresh_tokens'],
    },
    {
      id: 'update',
      label: 'Update refresh token metadata',
      group: 'Refresh tokens',
      method: 'PATCH',
      path: '/api/v2/refresh-tokens/{id}',
      description: "Sets the refresh token's metadata (at most 25 keys); null clears it.",
      inputs: [tokenId, { name: 'refresh_token_metadata', in: 'body', type: 'object', required: true, description: 'The metadata object.' }],
      scopes: ['update:refresh_tokens'],
    },
    {
      id: 'delete',
      label: 'Delete a refresh token',
      group: 'Refresh tokens',
      method: 'DELETE',
      path: '/api/v2/refresh-tokens/{id}',
      description: 'Revokes one refresh token: the next refresh_token grant with it fails.',
      inputs: [tokenId],
      scopes: ['delete:refresh_tokens'],
    },
    {
      id: 'revoke',
      label: 'Revoke refresh tokens',
      group: 'Refresh tokens',
      lifecycle: EARLY,
      method: 'POST',
      path: '/api/v2/refresh-tokens/revoke',
      description: 'Revokes refresh tokens in bulk: by ids, or every token of a user, optionally of one application and audience.',
      inputs: [
        { name: 'ids', in: 'body', type: 'list', description: 'Refresh token ids to revoke.' },
        { name: 'user_id', in: 'body', type: 'string', description: "Revoke this user's tokens." },
        { name: 'client_id', in: 'body', type: 'string', description: 'With user_id: only tokens of this application.' },
        { name: 'audience', in: 'body', type: 'string', description: 'With user_id: only tokens for this API.' },
      ],
      scopes: ['delete:refresh_tokens'],
    },
  ],
};
