/**
 * Inputs the Authentication API operations share, written once so every node names and
 * documents them the same way.
 */
import type { InputLocation, InputSpec } from '../shared/catalogue';

/** Grant types Auth0 names by URL rather than by a short word. */
export const GRANT_PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';
export const GRANT_PASSWORDLESS_OTP = 'http://auth0.com/oauth/grant-type/passwordless/otp';
export const GRANT_JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export const authInputs = {
  /** The application's client id; the config node's `clientId` when unset. */
  clientId: (where: InputLocation = 'body', required = true): InputSpec => ({
    name: 'client_id',
    in: where,
    type: 'string',
    required,
    fromConfig: 'clientId',
    description: "The application's client id.",
  }),
  /** The application's client secret; the config node's `clientSecret` when unset. */
  clientSecret: (required: boolean, note = ''): InputSpec => ({
    name: 'client_secret',
    in: 'body',
    type: 'string',
    required,
    secret: true,
    fromConfig: 'clientSecret',
    description: `The application's client secret${note}.`,
  }),
  grantType: (value: string, description = 'Grant type; leave it at its default.'): InputSpec => ({
    name: 'grant_type',
    in: 'body',
    type: 'string',
    default: value,
    description,
  }),
  scope: (def?: string, description = 'Scopes, separated by spaces (for example: openid profile email offline_access).'): InputSpec => ({
    name: 'scope',
    in: 'body',
    type: 'string',
    ...(def === undefined ? {} : { default: def }),
    description,
  }),
  audience: (required = false): InputSpec => ({
    name: 'audience',
    in: 'body',
    type: 'string',
    required,
    description: 'Identifier of the API the access token is for.',
  }),
  redirectUri: (): InputSpec => ({
    name: 'redirect_uri',
    in: 'body',
    type: 'string',
    description: 'Callback URL; needed only when it was given to /authorize, and then it must match.',
  }),
  code: (): InputSpec => ({
    name: 'code',
    in: 'body',
    type: 'string',
    required: true,
    secret: true,
    description: 'The authorization code that /authorize sent to the callback URL.',
  }),
  password: (description = "The user's password."): InputSpec => ({
    name: 'password',
    in: 'body',
    type: 'string',
    required: true,
    secret: true,
    description,
  }),
  connection: (description = 'Name of the connection (for example Username-Password-Authentication).', required = true): InputSpec => ({
    name: 'connection',
    in: 'body',
    type: 'string',
    required,
    description,
  }),
};

/** The grants of POST /oauth/token that Auth0 names by URL or URN (from its reference). */
export const GRANT_DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';
export const GRANT_MFA_OTP = 'http://auth0.com/oauth/grant-type/mfa-otp';
export const GRANT_MFA_OOB = 'http://auth0.com/oauth/grant-type/mfa-oob';
export const GRANT_MFA_RECOVERY_CODE = 'http://auth0.com/oauth/grant-type/mfa-recovery-code';
export const GRANT_TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const GRANT_FEDERATED_CONNECTION_TOKEN = 'urn:auth0:params:oauth:grant-type:token-exchange:federated-connection-access-token';
export const GRANT_CIBA = 'urn:openid:params:grant-type:ciba';
export const GRANT_WEBAUTHN = 'urn:okta:params:oauth:grant-type:webauthn';

/** The mfa_token an mfa_required answer carries: the credential of every step of the MFA API. */
export const mfaTokenInput = (where: InputLocation = 'body'): InputSpec => ({
  name: 'mfa_token',
  in: where,
  type: 'string',
  required: true,
  secret: true,
  description: 'The mfa_token of the mfa_required answer (a failed login sets msg.auth0.mfa_token).',
});
