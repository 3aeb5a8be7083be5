/**
 * auth0-token: the grants of POST /oauth/token.
 * Shapes: Auth0 Authentication API "Get Token" and auth0-python 4.x GetToken.
 */
import type { GroupSpec, InputSpec } from '../shared/catalogue';
import { authInputs, GRANT_PASSWORD_REALM, GRANT_PASSWORDLESS_OTP } from './inputs';

const forwardedFor: InputSpec = {
  name: 'forwarded_for', wireName: 'auth0-forwarded-for', in: 'header', type: 'string',
  description: "The end user's IP address, so brute-force protection works when the server logs users in.",
};

const organization: InputSpec = {
  name: 'organization', in: 'body', type: 'string',
  description: 'Organization id or name; the access token then carries org_id and org_name.',
};

export const tokenGroup: GroupSpec = {
  type: 'auth0-token',
  name: 'token',
  paletteLabel: 'auth0 token',
  api: 'authentication',
  summary: 'Gets tokens from the tenant: exchanges an authorization code, logs in with client credentials, a password or a one-time code, or refreshes a token.',
  details: [
    'Every operation posts to /oauth/token. client_id and client_secret default to the credentials of the tenant (auth0-config node), so a flow usually gives only the grant\'s own inputs, for example msg.payload.code and msg.payload.redirect_uri.',
    'The response (access_token, id_token, refresh_token, expires_in, token_type, scope) becomes msg.payload. Verify an id_token with an auth0-verify-token node before trusting its claims.',
    'Passwords, codes, one-time codes, verifiers, refresh tokens and client secrets are never written to the status, to the log or into an error.',
  ],
  references: [
    { title: 'Auth0 Authentication API: Get Token', url: 'https://auth0.com/docs/api/authentication/authorization-code-flow/get-token' },
    { title: 'Authorization Code Flow with PKCE', url: 'https://auth0.com/docs/get-started/authentication-and-authorization-flow/authorization-code-flow-with-pkce' },
    { title: 'Passwordless: authenticate the user', url: 'https://auth0.com/docs/api/authentication/passwordless/authenticate-user' },
  ],
  operations: [
    {
      id: 'authorization_code',
      label: 'Exchange authorization code',
      description: 'Exchanges the authorization code sent to the callback URL for tokens (regular web applications, with the client secret).',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Authorization code',
      inputs: [
        authInputs.grantType('authorization_code'),
        authInputs.clientId(),
        authInputs.clientSecret(true),
        authInputs.code(),
        authInputs.redirectUri(),
      ],
    },
    {
      id: 'authorization_code_pkce',
      label: 'Exchange authorization code (PKCE)',
      description: 'Exchanges the authorization code for tokens with the PKCE code verifier instead of a client secret (single-page and native applications).',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Authorization code',
      inputs: [
        authInputs.grantType('authorization_code'),
        authInputs.clientId(),
        {
          name: 'code_verifier', in: 'body', type: 'string', required: true, secret: true,
          description: 'The random verifier the code_challenge sent to /authorize was derived from (auth0-authorize returns it).',
        },
        authInputs.code(),
        authInputs.redirectUri(),
      ],
    },
    {
      id: 'client_credentials',
      label: 'Client credentials',
      description: 'Gets an access token for an API for the application itself (machine to machine).',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Application',
      inputs: [
        authInputs.grantType('client_credentials'),
        authInputs.clientId(),
        authInputs.clientSecret(true),
        authInputs.audience(true),
        organization,
      ],
    },
    {
      id: 'login',
      label: 'Log in with password (realm)',
      description: 'Logs a user in with a username and password in a given connection (password-realm grant). For highly trusted applications only.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'User login',
      inputs: [
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        { name: 'username', in: 'body', type: 'string', required: true, description: "The user's identifier: username or e-mail address." },
        authInputs.password(),
        authInputs.scope(),
        { name: 'realm', in: 'body', type: 'string', description: 'The connection the user belongs to (for example Username-Password-Authentication).' },
        authInputs.audience(),
        authInputs.grantType(GRANT_PASSWORD_REALM),
        forwardedFor,
      ],
    },
    {
      id: 'passwordless_login',
      label: 'Log in with one-time code',
      description: 'Completes a passwordless login: the e-mail address or phone number and the code the user received.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'User login',
      inputs: [
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (regular web applications)'),
        { name: 'username', in: 'body', type: 'string', required: true, description: "The user's e-mail address or phone number, as given to passwordless start." },
        { name: 'otp', in: 'body', type: 'string', required: true, secret: true, description: 'The one-time code the user received.' },
        {
          name: 'realm', in: 'body', type: 'string', required: true, enum: ['email', 'sms'],
          description: 'email or sms: the connection used to start the flow.',
        },
        authInputs.scope(),
        authInputs.audience(),
        authInputs.grantType(GRANT_PASSWORDLESS_OTP),
      ],
    },
    {
      id: 'refresh_token',
      label: 'Refresh token',
      description: 'Gets a new access token (and id token) with a refresh token.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Refresh',
      inputs: [
        authInputs.grantType('refresh_token'),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        { name: 'refresh_token', in: 'body', type: 'string', required: true, secret: true, description: 'The refresh token from an earlier token response.' },
        authInputs.scope(undefined, 'Narrows the scopes of the new token (separated by spaces). Unset: the scopes of the original grant.'),
      ],
    },
  ],
};
