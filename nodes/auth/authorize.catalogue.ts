/**
 * auth0-authorize: builds the /authorize URL that starts a browser login. No request is sent:
 * the `auth.authorize_url` executor serialises the inputs, fills in state (and nonce, and for
 * PKCE the verifier and challenge), and hands the URL to an http response node as a 302.
 */
import type { GroupSpec, InputSpec } from '../shared/catalogue';
import { BEARER_ACCESS_TOKEN_EXECUTOR } from './executor-names';
import { authInputs } from './inputs';

export const AUTHORIZE_URL_EXECUTOR = 'auth.authorize_url';

const query = (name: string, description: string, extra: Partial<InputSpec> = {}): InputSpec => ({
  name,
  in: 'query',
  type: 'string',
  description,
  ...extra,
});

/** The /authorize parameters both operations take. */
const commonInputs: InputSpec[] = [
  query('response_type', 'What the callback receives: code for the authorization-code flow; token, id_token or both for the implicit flow.', {
    default: 'code',
    enum: ['code', 'token', 'id_token', 'id_token token', 'code id_token', 'code token', 'code id_token token'],
  }),
  authInputs.clientId('query'),
  query('redirect_uri', 'The callback URL the browser returns to; it must be in the Allowed Callback URLs of the application.', { required: true }),
  query('scope', 'Scopes, separated by spaces; add offline_access for a refresh token.', { default: 'openid profile email' }),
  query('audience', 'Identifier of the API the access token is for.'),
  query(
    'state',
    'Opaque value returned to the callback, to match it to this login and stop forged callbacks. Unset: a random one is made and returned in msg.payload.state.',
  ),
  query('nonce', 'Value the id token must carry. Unset: a random one is made and returned in msg.payload.nonce.'),
  query('organization', 'Organization id or name to log the user in to.'),
  query('invitation', 'Organization invitation id (from the invitation link), to accept an invitation.'),
  query('connection', 'Connection to log in with directly, skipping the login page (for example google-oauth2).'),
  query('prompt', 'none: no interaction (silent authentication); login: always ask for credentials; consent: always ask for consent; select_account.', {
    enum: ['none', 'login', 'consent', 'select_account'],
  }),
  query('response_mode', 'How the result is returned: query, fragment, form_post or web_message.', {
    enum: ['query', 'fragment', 'form_post', 'web_message'],
  }),
  query('max_age', 'Seconds since the last login after which the user must log in again (check it with auth0-verify-token).', { type: 'integer' }),
  query('screen_hint', 'signup shows the sign-up page of Universal Login first.'),
  query('login_hint', 'E-mail address or username to fill in on the login page.'),
  query('ui_locales', 'Languages for the login page, separated by spaces (for example fr-CA fr en).'),
  query(
    'acr_values',
    'Authentication context the login must reach, separated by spaces (for example http://schemas.openid.net/pape/policies/2007/06/multi-factor to ask for MFA).',
  ),
  query('dpop_jkt', 'The JWK thumbprint of the DPoP key the tokens are to be bound to.'),
  {
    name: 'extra_params',
    in: 'query',
    type: 'object',
    description: 'Further /authorize parameters (for example connection_scope); the named inputs take precedence.',
  },
];

export const authorizeGroup: GroupSpec = {
  type: 'auth0-authorize',
  name: 'authorize',
  paletteLabel: 'authorize',
  api: 'authentication',
  summary: 'Builds the /authorize URL that starts a browser login (optionally with PKCE) and sets a 302 redirect to it, ready for an http response node.',
  details: [
    'No request is sent. msg.payload becomes an object with url, state and nonce (and, for PKCE, code_verifier, code_challenge and code_challenge_method); msg.statusCode becomes 302 and msg.headers.Location the URL, so http in → auth0-authorize → http response sends the browser to the login page.',
    'Keep state (and the PKCE code_verifier) for the callback, for example in flow context keyed by state or in an encrypted cookie: the callback checks that its state is one you issued and gives the verifier to auth0-token (authorization_code_pkce). The verifier is a secret: it is never written to the status or the log; do not send it to the browser.',
    "client_id defaults to the tenant's Client ID credential; redirect_uri must be in the application's Allowed Callback URLs.",
  ],
  references: [
    { title: 'Auth0 Authentication API: Authorize', url: 'https://auth0.com/docs/api/authentication/authorization-code-flow/authorize-application' },
    {
      title: 'Authorization Code Flow with PKCE',
      url: 'https://auth0.com/docs/get-started/authentication-and-authorization-flow/authorization-code-flow-with-pkce',
    },
    { title: 'Mitigate replay attacks (state and nonce)', url: 'https://auth0.com/docs/secure/attack-protection/state-parameters' },
  ],
  operations: [
    {
      id: 'authorize_url',
      label: 'Authorize URL',
      description: 'Builds the /authorize URL with the given parameters (give code_challenge yourself for PKCE, or use authorize_url_pkce).',
      method: 'GET',
      path: '/authorize',
      auth: 'none',
      executor: AUTHORIZE_URL_EXECUTOR,
      output:
        'Nothing is sent. msg.payload is {url, state, nonce, and the parameters used}; msg.statusCode is 302 and msg.headers.Location the URL, so an http response node redirects the browser.',
      inputs: [
        ...commonInputs,
        query('code_challenge', 'PKCE challenge derived from your own code verifier.'),
        query('code_challenge_method', 'How code_challenge was derived: S256 (SHA-256) or plain.', { enum: ['S256', 'plain'] }),
      ],
    },
    {
      id: 'authorize_url_pkce',
      label: 'Authorize URL with PKCE',
      description: 'Builds the /authorize URL with a fresh PKCE code verifier and its S256 challenge; returns the verifier for the token exchange.',
      method: 'GET',
      path: '/authorize',
      auth: 'none',
      executor: AUTHORIZE_URL_EXECUTOR,
      output:
        'Nothing is sent. msg.payload is {url, state, nonce, code_verifier, code_challenge}: keep code_verifier (a secret) for the token exchange; msg.statusCode is 302 and msg.headers.Location the URL.',
      inputs: commonInputs,
    },
    {
      id: 'impersonate',
      label: 'Impersonate a user (legacy)',
      description: 'Makes a login link that logs an administrator in as the user (legacy impersonation).',
      method: 'POST',
      path: '/users/{user_id}/impersonate',
      auth: 'none',
      executor: BEARER_ACCESS_TOKEN_EXECUTOR,
      response: 'text',
      lifecycle: 'deprecated',
      deprecated: 'Auth0 has disabled user impersonation; the endpoint is kept in its reference only as deprecated.',
      replacement: 'test as the user in a development tenant, or use organizations and roles to see what a user sees.',
      inputs: [
        {
          name: 'access_token',
          in: 'none',
          type: 'string',
          required: true,
          secret: true,
          description: 'An access token of the administrator (Bearer credential).',
        },
        { name: 'user_id', in: 'path', type: 'string', required: true, description: 'The user to impersonate.' },
        { name: 'protocol', in: 'body', type: 'string', required: true, description: 'The protocol of the link (for example oauth2).' },
        { name: 'impersonator_id', in: 'body', type: 'string', required: true, description: 'The user_id of the administrator.' },
        authInputs.clientId(),
        { name: 'additionalParameters', in: 'body', type: 'object', description: 'response_type, state, scope and callback_url of the link.' },
      ],
    },
  ],
};
