/**
 * auth0-revoke-token: revokes a refresh token (POST /oauth/revoke).
 * Shapes: Auth0 Authentication API "Revoke Refresh Token"; auth0-python RevokeToken.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const revokeTokenGroup: GroupSpec = {
  type: 'auth0-revoke-token',
  name: 'revoke_token',
  paletteLabel: 'revoke token',
  api: 'authentication',
  summary: 'Revokes a refresh token, and with it every refresh token issued from the same grant (same user, application and audience).',
  details: [
    "client_id and client_secret default to the tenant's credentials (auth0-config node); the secret is needed for confidential applications.",
    'The service answers 200 with an empty body; msg.auth0.statusCode tells the outcome. The token is never written to the status, to the log or into an error.',
  ],
  references: [
    { title: 'Auth0 Authentication API: Revoke Refresh Token', url: 'https://auth0.com/docs/api/authentication/revoke-refresh-token/revoke-refresh-token' },
  ],
  operations: [
    {
      id: 'revoke_refresh_token',
      label: 'Revoke refresh token',
      description: 'Revokes the refresh token and every refresh token issued from the same grant.',
      method: 'POST',
      path: '/oauth/revoke',
      auth: 'none',
      inputs: [
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        { name: 'token', in: 'body', type: 'string', required: true, secret: true, description: 'The refresh token to revoke.' },
      ],
    },
  ],
};
