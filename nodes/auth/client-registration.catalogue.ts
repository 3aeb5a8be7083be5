/**
 * auth0-client-registration: OpenID Connect Dynamic Client Registration (POST /oidc/register),
 * which needs no credential: the tenant must have it enabled.
 * Shapes: Auth0 Authentication API "Dynamic Application Registration".
 */
import type { GroupSpec } from '../shared/catalogue';

export const clientRegistrationGroup: GroupSpec = {
  type: 'auth0-client-registration',
  name: 'client_registration',
  paletteLabel: 'client registration',
  api: 'authentication',
  summary: 'Registers a new application with the tenant by OpenID Connect Dynamic Client Registration, and gives its client_id and client_secret.',
  details: [
    'The tenant must have Dynamic Client Registration enabled (tenant flag enable_dynamic_client_registration); the new application is a third-party application.',
    'msg.payload becomes the answer: client_name, client_id, client_secret, redirect_uris and client_secret_expires_at. The client_secret is in the payload because the flow needs it; keep it out of debug output you share.',
  ],
  references: [
    {
      title: 'Auth0 Authentication API: Dynamic Application Registration',
      url: 'https://auth0.com/docs/api/authentication/dynamic-application-client-registration/dynamic-application-registration',
    },
    { title: 'Dynamic Client Registration', url: 'https://auth0.com/docs/get-started/applications/dynamic-client-registration' },
  ],
  operations: [
    {
      id: 'register',
      label: 'Register an application',
      description: 'Creates an application from its name and callback URLs.',
      method: 'POST',
      path: '/oidc/register',
      auth: 'none',
      inputs: [
        { name: 'client_name', in: 'body', type: 'string', description: 'The name of the new application.' },
        { name: 'redirect_uris', in: 'body', type: 'list', required: true, description: 'Its callback URLs (array or comma-separated).' },
        {
          name: 'token_endpoint_auth_method',
          in: 'body',
          type: 'string',
          enum: ['none', 'client_secret_post', 'client_secret_basic'],
          description: 'How it authenticates at the token endpoint: none (public), client_secret_post (default) or client_secret_basic.',
        },
      ],
    },
  ],
};
