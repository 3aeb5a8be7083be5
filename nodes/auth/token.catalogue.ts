/**
 * auth0-token: the grants of POST /oauth/token.
 * Shapes: Auth0 Authentication API "Get Token" and auth0-python 4.x GetToken.
 */
import type { GroupSpec, InputSpec } from '../shared/catalogue';
import {
  authInputs, GRANT_CIBA, GRANT_DEVICE_CODE, GRANT_FEDERATED_CONNECTION_TOKEN, GRANT_JWT_BEARER, GRANT_MFA_OOB, GRANT_MFA_OTP,
  GRANT_MFA_RECOVERY_CODE, GRANT_PASSWORD_REALM, GRANT_PASSWORDLESS_OTP, GRANT_TOKEN_EXCHANGE, GRANT_WEBAUTHN, mfaTokenInput,
} from './inputs';

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
  paletteLabel: 'token',
  api: 'authentication',
  summary: 'Gets tokens from the tenant: every grant of /oauth/token (authorization code, client credentials, password, one-time code, refresh, device code, MFA, token exchange, JWT bearer, backchannel login, passkey).',
  details: [
    'Every operation posts to /oauth/token. client_id and client_secret default to the credentials of the tenant (auth0-config node), so a flow usually gives only the grant\'s own inputs, for example msg.payload.code and msg.payload.redirect_uri.',
    'The response (access_token, id_token, refresh_token, expires_in, token_type, scope) becomes msg.payload. Verify an id_token with an auth0-verify-token node before trusting its claims.',
    'Passwords, codes, one-time codes, verifiers, refresh tokens and client secrets are never written to the status, to the log or into an error.',
    'A login of a user who has multifactor authentication fails with mfa_required (403); msg.auth0.mfa_token then holds the token for the auth0-mfa node and the MFA grants here.',
    'device_code and backchannel_login ask once: the auth0-device-flow and auth0-backchannel nodes poll until the user has answered.',
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
    {
      id: 'password',
      label: 'Log in with password',
      description: "Logs a user in with a username and password (password grant) in the tenant's default directory, or in realm when given. For highly trusted applications only.",
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'User login',
      inputs: [
        authInputs.grantType('password'),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        { name: 'username', in: 'body', type: 'string', required: true, description: "The user's identifier: username or e-mail address." },
        authInputs.password(),
        authInputs.scope(),
        authInputs.audience(),
        { name: 'realm', in: 'body', type: 'string', description: "The database connection; unset: the tenant's default directory." },
        forwardedFor,
      ],
    },
    {
      id: 'device_code',
      label: 'Device code (one poll)',
      description: 'Asks once whether the user approved a device code: tokens when approved, else the error authorization_pending, slow_down, expired_token or access_denied. The auth0-device-flow node polls for you.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Device and backchannel',
      inputs: [
        authInputs.grantType(GRANT_DEVICE_CODE),
        authInputs.clientId(),
        { name: 'device_code', in: 'body', type: 'string', required: true, secret: true, description: 'The device_code of the /oauth/device/code answer.' },
      ],
    },
    {
      id: 'backchannel_login',
      label: 'Backchannel login (one poll)',
      description: 'Asks once whether the user approved a backchannel (CIBA) login request: tokens when approved, else authorization_pending, slow_down, expired_token or access_denied. The auth0-backchannel node polls for you.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Device and backchannel',
      inputs: [
        authInputs.grantType(GRANT_CIBA),
        authInputs.clientId(),
        authInputs.clientSecret(true),
        { name: 'auth_req_id', in: 'body', type: 'string', required: true, description: 'The auth_req_id of the /bc-authorize answer.' },
      ],
    },
    {
      id: 'mfa_otp',
      label: 'MFA: one-time password',
      description: "Completes a login that needs MFA with the code of the user's authenticator app (or confirms an otp enrollment).",
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Multifactor',
      inputs: [
        authInputs.grantType(GRANT_MFA_OTP),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        mfaTokenInput(),
        { name: 'otp', in: 'body', type: 'string', required: true, secret: true, description: 'The current code of the authenticator app.' },
      ],
    },
    {
      id: 'mfa_oob',
      label: 'MFA: out of band',
      description: 'Completes a login that needs MFA with the oob_code of a challenge (SMS, voice, e-mail or push) and, for SMS, voice and e-mail, the binding code the user received.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Multifactor',
      inputs: [
        authInputs.grantType(GRANT_MFA_OOB),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        mfaTokenInput(),
        { name: 'oob_code', in: 'body', type: 'string', required: true, secret: true, description: 'The oob_code of the /mfa/challenge (or /mfa/associate) answer.' },
        { name: 'binding_code', in: 'body', type: 'string', secret: true, description: 'The code the user received by SMS, voice or e-mail (binding_method prompt); not for push.' },
      ],
    },
    {
      id: 'mfa_recovery_code',
      label: 'MFA: recovery code',
      description: 'Completes a login that needs MFA with a recovery code; the answer carries a new recovery_code to give the user.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Multifactor',
      inputs: [
        authInputs.grantType(GRANT_MFA_RECOVERY_CODE),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        mfaTokenInput(),
        { name: 'recovery_code', in: 'body', type: 'string', required: true, secret: true, description: 'The recovery code the user was given at enrollment.' },
      ],
    },
    {
      id: 'token_exchange',
      label: 'Token exchange',
      description: 'Exchanges a token of another party for Auth0 tokens: native social login (Apple) or a Custom Token Exchange profile (subject_token_type is then the profile\'s type).',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Exchange',
      inputs: [
        authInputs.grantType(GRANT_TOKEN_EXCHANGE),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        { name: 'subject_token', in: 'body', type: 'string', required: true, secret: true, description: 'The token to exchange (an Apple authorization code or id token, or the token of a Custom Token Exchange profile).' },
        {
          name: 'subject_token_type', in: 'body', type: 'string', required: true,
          description: 'Its type: http://auth0.com/oauth/token-type/apple-authz-code, http://auth0.com/oauth/token-type/apple-id-token, or the subject_token_type of a Custom Token Exchange profile.',
        },
        authInputs.scope(),
        authInputs.audience(),
        { name: 'user_profile', in: 'body', type: 'string', description: 'For Apple: the user\'s name as JSON text ({"name":{"firstName":…,"lastName":…}}), which Apple sends only once.' },
        organization,
      ],
    },
    {
      id: 'access_token_for_connection',
      label: "Connected account's access token",
      description: "Exchanges a user's Auth0 refresh token for the access token of the identity provider of a connection (Token Vault).",
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Exchange',
      inputs: [
        authInputs.grantType(GRANT_FEDERATED_CONNECTION_TOKEN),
        authInputs.clientId(),
        authInputs.clientSecret(true),
        { name: 'subject_token', in: 'body', type: 'string', required: true, secret: true, description: "The user's Auth0 refresh token." },
        {
          name: 'subject_token_type', in: 'body', type: 'string', default: 'urn:ietf:params:oauth:token-type:refresh_token',
          description: 'The type of subject_token; leave it at its default.',
        },
        {
          name: 'requested_token_type', in: 'body', type: 'string', default: 'http://auth0.com/oauth/token-type/federated-connection-access-token',
          description: 'The type of token wanted; leave it at its default.',
        },
        { name: 'connection', in: 'body', type: 'string', required: true, description: 'The connection whose provider token is wanted (for example google-oauth2).' },
        { name: 'login_hint', in: 'body', type: 'string', description: 'Which of several accounts of that provider, when the user has more than one.' },
      ],
    },
    {
      id: 'jwt_bearer',
      label: 'JWT bearer assertion',
      description: 'Exchanges a signed JWT assertion (RFC 7523) for tokens.',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'Exchange',
      inputs: [
        authInputs.grantType(GRANT_JWT_BEARER),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        { name: 'assertion', in: 'body', type: 'string', required: true, secret: true, description: 'The signed JWT.' },
        authInputs.scope(),
        authInputs.audience(),
      ],
    },
    {
      id: 'passkey_login',
      label: 'Log in with a passkey',
      description: 'Completes a passkey login or sign-up: the auth_session of /passkey/challenge or /passkey/register and the credential the browser created or signed with (WebAuthn).',
      method: 'POST', path: '/oauth/token', auth: 'none', group: 'User login',
      inputs: [
        authInputs.grantType(GRANT_WEBAUTHN),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        { name: 'realm', in: 'body', type: 'string', description: 'The database connection with passkeys enabled.' },
        { name: 'auth_session', in: 'body', type: 'string', required: true, secret: true, description: 'The auth_session of the /passkey/challenge or /passkey/register answer.' },
        {
          name: 'authn_response', in: 'body', type: 'object', required: true,
          description: "The browser's PublicKeyCredential as JSON: id, rawId, type, authenticatorAttachment and response (clientDataJSON, authenticatorData, signature, userHandle or attestationObject), base64url.",
        },
        authInputs.scope(),
        authInputs.audience(),
        organization,
      ],
    },
  ],
};
