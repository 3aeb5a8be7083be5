/**
 * auth0-social: logs a user in with an access token from a social provider
 * (POST /oauth/access_token). Shapes: Auth0 Authentication API "Social with Provider's Access
 * Token" (legacy); auth0-python Social.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const socialGroup: GroupSpec = {
  type: 'auth0-social',
  name: 'social',
  paletteLabel: 'social',
  api: 'authentication',
  summary: "Logs a user in with an access token issued by a social provider (Facebook, Google, Twitter or Weibo) and returns the tenant's tokens.",
  details: [
    "The provider's access token is the input access_token; connection names the social connection (for example facebook). client_id defaults to the tenant's Client ID credential.",
    'The response (access_token, id_token, token_type) becomes msg.payload. Tokens are never written to the status, to the log or into an error.',
  ],
  references: [
    { title: "Auth0 Authentication API: Social with provider's access token", url: 'https://auth0.com/docs/api/authentication/social/login-with-access-token' },
  ],
  operations: [
    {
      id: 'login',
      label: "Log in with provider's token",
      description: "Exchanges the social provider's access token for the tenant's access token and id token.",
      method: 'POST',
      path: '/oauth/access_token',
      auth: 'none',
      lifecycle: 'deprecated',
      replacement: 'auth0-token token_exchange (native social login), or auth0-authorize with connection set to the social connection.',
      inputs: [
        authInputs.clientId(),
        { name: 'access_token', in: 'body', type: 'string', required: true, secret: true, description: "The social provider's access token." },
        authInputs.connection('The social connection (for example facebook or google-oauth2).'),
        authInputs.scope('openid'),
      ],
    },
    {
      id: 'unlink',
      label: 'Unlink an identity (legacy)',
      description: "Unlinks a secondary identity from a user with the primary user's access token (legacy /login/unlink).",
      method: 'POST',
      path: '/login/unlink',
      auth: 'none',
      lifecycle: 'deprecated',
      replacement: 'auth0-users unlink_user_account (Management API DELETE /api/v2/users/{id}/identities/{provider}/{user_id}).',
      inputs: [
        {
          name: 'access_token',
          in: 'body',
          type: 'string',
          required: true,
          secret: true,
          description: "The primary user's access token (audience the tenant's userinfo).",
        },
        { name: 'user_id', in: 'body', type: 'string', required: true, description: 'The user_id of the identity to unlink (for example google-oauth2|1234).' },
        authInputs.clientId('body', false),
      ],
    },
  ],
};
