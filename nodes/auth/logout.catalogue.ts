/**
 * auth0-logout: GET /v2/logout. The `auth.logout` executor sends it (redirects not followed)
 * and hands the logout URL to an http response node as a 302, so a browser is logged out too.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const LOGOUT_EXECUTOR = 'auth.logout';

export const logoutGroup: GroupSpec = {
  type: 'auth0-logout',
  name: 'logout',
  paletteLabel: 'auth0 logout',
  api: 'authentication',
  summary: "Logs a user out of the tenant's session and gives the logout URL, with a 302 redirect ready for an http response node.",
  details: [
    'Wire http in → auth0-logout → http response: the node sets msg.statusCode to 302 and msg.headers.Location to the logout URL, so the browser goes to Auth0, which ends its session and sends it on to returnTo.',
    'The node also sends the logout request itself (without following redirects) and sets msg.payload.url to the logout URL and msg.payload.statusCode to the status the service answered.',
    "client_id defaults to the tenant's Client ID credential; returnTo must then be in the application's Allowed Logout URLs (without client_id, in the tenant's list).",
  ],
  references: [
    { title: 'Auth0 Authentication API: Logout', url: 'https://auth0.com/docs/api/authentication/logout/auth-0-logout' },
    { title: 'Log users out of applications', url: 'https://auth0.com/docs/authenticate/login/logout/log-users-out-of-applications' },
  ],
  operations: [
    {
      id: 'logout',
      label: 'Log out',
      description: 'Ends the Auth0 session and redirects to returnTo.',
      method: 'GET', path: '/v2/logout', auth: 'none', executor: LOGOUT_EXECUTOR,
      output: 'msg.payload.url is the logout URL; msg.statusCode is 302 and msg.headers.Location that URL, ready for an http response node to log the browser out.',
      inputs: [
        authInputs.clientId('query', false),
        {
          name: 'returnTo', in: 'query', type: 'string',
          description: 'URL to send the browser to after the logout; it must be in the Allowed Logout URLs.',
        },
        {
          name: 'federated', in: 'query', type: 'boolean', default: false,
          description: 'Also log the user out of the identity provider (Google, a SAML IdP, …).',
        },
      ],
    },
  ],
};
