/** The `blacklists` group: revoked (blacklisted) token ids. */
import type { GroupSpec, InputSpec } from '../shared/catalogue';

/** The token blacklist is no longer in Auth0's reference; what revokes access today. */
const BLACKLIST_REPLACEMENT =
  'revoke refresh tokens (auth0-revoke-token, or the Management API refresh-token and session endpoints) and keep access tokens short-lived; for a user everywhere, the Authentication API global token revocation (auth0-logout global_token_revocation).';

const aud = (description: string): InputSpec => ({ name: 'aud', type: 'string', in: 'query', description });

export const blacklistsGroup: GroupSpec = {
  type: 'auth0-blacklists',
  name: 'blacklists',
  paletteLabel: 'token blacklist',
  api: 'management',
  summary: 'Blacklists a token by its jti, and lists the blacklisted tokens.',
  details: [
    'A blacklisted token is refused by Auth0 from then on. aud is the client_id of the application the token was issued for.',
    "Legacy: the token blacklist is no longer in Auth0's reference. Revoke refresh tokens and sessions instead, and keep access tokens short-lived.",
  ],
  references: [{ title: 'Management API: Blacklists', url: 'https://auth0.com/docs/api/management/v2/blacklists/get-tokens' }],
  operations: [
    {
      id: 'get',
      label: 'List blacklisted tokens',
      description: 'Returns the jti and aud of every blacklisted token, optionally only those of one audience.',
      method: 'GET',
      path: '/api/v2/blacklists/tokens',
      inputs: [aud("Only tokens issued for this client_id (the JWT's aud claim).")],
      scopes: ['blacklist:tokens'],
      lifecycle: 'legacy',
      replacement: BLACKLIST_REPLACEMENT,
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Blacklist a token',
      description: 'Adds a token to the blacklist by its jti claim.',
      method: 'POST',
      path: '/api/v2/blacklists/tokens',
      inputs: [
        { name: 'jti', in: 'body', type: 'string', required: true, description: 'The jti (token id) claim of the JWT to blacklist.' },
        { ...aud('The client_id the JWT was issued for (its aud claim).'), in: 'body' },
      ],
      scopes: ['blacklist:tokens'],
      lifecycle: 'legacy',
      replacement: BLACKLIST_REPLACEMENT,
      group: 'Create and update',
    },
  ],
};
