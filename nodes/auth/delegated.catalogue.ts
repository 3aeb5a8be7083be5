/**
 * auth0-delegated: the legacy delegation endpoint (POST /delegation).
 * Shapes: Auth0 Authentication API "Delegation" (legacy); auth0-python Delegated.get_token.
 * Exactly one of id_token and refresh_token is sent: the `auth.delegation` executor checks that.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs, GRANT_JWT_BEARER } from './inputs';

export const DELEGATION_EXECUTOR = 'auth.delegation';

export const delegatedGroup: GroupSpec = {
  type: 'auth0-delegated',
  name: 'delegated',
  paletteLabel: 'delegated',
  api: 'authentication',
  summary: 'Gets a delegation token for an application add-on (legacy /delegation endpoint) from an id token or a refresh token.',
  details: [
    'Give exactly one of id_token and refresh_token. Auth0 keeps delegation only for tenants that already used it with an add-on; others answer with an error.',
    "client_id defaults to the tenant's Client ID credential. The tokens given and received are never written to the status, to the log or into an error.",
  ],
  references: [{ title: 'Auth0 Authentication API: Delegation', url: 'https://auth0.com/docs/api/authentication/delegation-legacy/delegation' }],
  operations: [
    {
      id: 'get_token',
      label: 'Get delegation token',
      description: 'Exchanges an id token or a refresh token for a token for the target client or add-on.',
      method: 'POST',
      path: '/delegation',
      auth: 'none',
      executor: DELEGATION_EXECUTOR,
      lifecycle: 'deprecated',
      replacement: 'auth0-token client_credentials or refresh_token for an API access token; auth0-token token_exchange to exchange a token.',
      inputs: [
        authInputs.clientId(),
        { name: 'target', in: 'body', type: 'string', required: true, description: 'client_id of the target application.' },
        { name: 'api_type', in: 'body', type: 'string', required: true, description: 'The API to get a token for (for example app, firebase or aws).' },
        authInputs.grantType(GRANT_JWT_BEARER, 'Grant type; Auth0 documents urn:ietf:params:oauth:grant-type:jwt-bearer.'),
        { name: 'id_token', in: 'body', type: 'string', secret: true, description: 'An id token of the user (or give refresh_token).' },
        { name: 'refresh_token', in: 'body', type: 'string', secret: true, description: 'A refresh token of the user (or give id_token).' },
        authInputs.scope('openid'),
      ],
    },
  ],
};
