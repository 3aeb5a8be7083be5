/**
 * auth0-logout: GET /v2/logout. The `auth.logout` executor sends it (redirects not followed)
 * and hands the logout URL to an http response node as a 302, so a browser is logged out too.
 */
import type { GroupSpec } from '../shared/catalogue';
import { LOGOUT_TOKEN_EXECUTOR, REDIRECT_ANSWER_EXECUTOR } from './executor-names';
import { authInputs } from './inputs';

export const LOGOUT_EXECUTOR = 'auth.logout';

export const logoutGroup: GroupSpec = {
  type: 'auth0-logout',
  name: 'logout',
  paletteLabel: 'logout',
  api: 'authentication',
  summary: "Logs a user out of the tenant's session and gives the logout URL, with a 302 redirect ready for an http response node.",
  details: [
    'Wire http in → auth0-logout → http response: the node sets msg.statusCode to 302 and msg.headers.Location to the logout URL, so the browser goes to Auth0, which ends its session and sends it on to returnTo.',
    'The node also sends the logout request itself (without following redirects) and sets msg.payload.url to the logout URL and msg.payload.statusCode to the status the service answered.',
    "client_id defaults to the tenant's Client ID credential; returnTo must then be in the application's Allowed Logout URLs (without client_id, in the tenant's list).",
    'oidc_logout is the same for OpenID Connect RP-initiated logout (/oidc/logout): id_token_hint names the session, post_logout_redirect_uri where the browser goes next.',
    'saml_logout passes a SAML logout request (HTTP-POST binding) on to the tenant; global_token_revocation is what an identity provider calls to end every session and refresh token of a user of its connection (Universal Logout), with its own signed token as the credential.',
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
      method: 'GET',
      path: '/v2/logout',
      auth: 'none',
      executor: LOGOUT_EXECUTOR,
      output:
        'msg.payload.url is the logout URL; msg.statusCode is 302 and msg.headers.Location that URL, ready for an http response node to log the browser out.',
      inputs: [
        authInputs.clientId('query', false),
        {
          name: 'returnTo',
          in: 'query',
          type: 'string',
          description: 'URL to send the browser to after the logout; it must be in the Allowed Logout URLs.',
        },
        {
          name: 'federated',
          in: 'query',
          type: 'boolean',
          default: false,
          description: 'Also log the user out of the identity provider (Google, a SAML IdP, …).',
        },
      ],
    },
    {
      id: 'oidc_logout',
      label: 'Log out (OIDC)',
      description: 'Ends the Auth0 session by OpenID Connect RP-initiated logout and redirects to post_logout_redirect_uri.',
      method: 'GET',
      path: '/oidc/logout',
      auth: 'none',
      executor: LOGOUT_EXECUTOR,
      output:
        'msg.payload.url is the logout URL; msg.statusCode is 302 and msg.headers.Location that URL, ready for an http response node to log the browser out.',
      inputs: [
        {
          name: 'id_token_hint',
          in: 'query',
          type: 'string',
          description: "The user's id token: names the session, and the application (then client_id is not needed).",
        },
        {
          name: 'post_logout_redirect_uri',
          in: 'query',
          type: 'string',
          description: 'URL to send the browser to afterwards; it must be in the Allowed Logout URLs.',
        },
        { name: 'state', in: 'query', type: 'string', description: 'A value added to post_logout_redirect_uri, to match the return to this logout.' },
        authInputs.clientId('query', false),
        {
          name: 'federated',
          in: 'query',
          type: 'boolean',
          default: false,
          description: 'Also log the user out of the identity provider.',
        },
      ],
    },
    {
      id: 'saml_logout',
      label: 'SAML logout request',
      description: "Passes a SAML service provider's logout request (HTTP-POST binding) to the tenant as SAML identity provider.",
      method: 'POST',
      path: '/samlp/{client_id}/logout',
      auth: 'none',
      contentType: 'form',
      executor: REDIRECT_ANSWER_EXECUTOR,
      output:
        'msg.payload.statusCode, location (where the tenant sends the browser) and body; with a location, msg.statusCode 302 and msg.headers.Location for an http response node.',
      inputs: [
        authInputs.clientId('path'),
        { name: 'SAMLRequest', in: 'body', type: 'string', required: true, description: 'The base64 SAML LogoutRequest the service provider posted.' },
        { name: 'RelayState', in: 'body', type: 'string', description: 'The RelayState that came with it.' },
      ],
    },
    {
      id: 'global_token_revocation',
      label: 'Global token revocation',
      description: 'Ends every session and revokes every refresh token of a user of a connection (Universal Logout, called by the identity provider).',
      method: 'POST',
      path: '/oauth/global-token-revocation/connection/{connection_name}',
      auth: 'none',
      executor: LOGOUT_TOKEN_EXECUTOR,
      inputs: [
        {
          name: 'logout_token',
          in: 'none',
          type: 'string',
          required: true,
          secret: true,
          description: "The identity provider's signed JWT, sent as the Bearer credential; Auth0 checks it against the connection's keys.",
        },
        { name: 'connection_name', in: 'path', type: 'string', required: true, description: 'The enterprise connection the user belongs to.' },
        {
          name: 'subject',
          in: 'body',
          type: 'object',
          required: true,
          description: 'The user: {"format":"iss_sub","iss":…,"sub":…} or {"format":"email","email":…}.',
        },
      ],
    },
  ],
};
