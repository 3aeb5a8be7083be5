/**
 * Request shapes of the Authentication API operations added for the flows (device, MFA,
 * backchannel, PAR, passkeys, registration, OIDC and SAML logout, grants), checked against
 * Auth0's Authentication API reference and auth0-python 4.13's field names. Used by
 * catalogues.test.ts beside its own cases.
 */
import { authorizeGroup } from '../../nodes/auth/authorize.catalogue';
import { backchannelGroup } from '../../nodes/auth/backchannel.catalogue';
import { clientRegistrationGroup } from '../../nodes/auth/client-registration.catalogue';
import { deviceFlowGroup } from '../../nodes/auth/device-flow.catalogue';
import { enterpriseGroup } from '../../nodes/auth/enterprise.catalogue';
import { logoutGroup } from '../../nodes/auth/logout.catalogue';
import { mfaGroup } from '../../nodes/auth/mfa.catalogue';
import { parGroup } from '../../nodes/auth/par.catalogue';
import { passkeysGroup } from '../../nodes/auth/passkeys.catalogue';
import { passwordlessGroup } from '../../nodes/auth/passwordless.catalogue';
import { socialGroup } from '../../nodes/auth/social.catalogue';
import { tokenGroup } from '../../nodes/auth/token.catalogue';
import { userinfoGroup } from '../../nodes/auth/userinfo.catalogue';
import type { GroupSpec } from '../../nodes/shared/catalogue';

export interface FlowCase {
  group: GroupSpec;
  op: string;
  given: Record<string, unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  responseType?: string;
  contentType?: string;
}

export const flowGroups: GroupSpec[] = [deviceFlowGroup, backchannelGroup, mfaGroup, parGroup, passkeysGroup, clientRegistrationGroup];

const cid = 'cid-1';
const secret = 'sec-1';
const token = (grant: string, fields: Record<string, unknown>): Partial<FlowCase> => ({
  method: 'POST',
  path: '/oauth/token',
  body: { grant_type: grant, ...fields },
});

export const flowCases: FlowCase[] = [
  {
    group: tokenGroup,
    op: 'password',
    given: { client_id: cid, client_secret: secret, username: 'u@x.io', password: 'pw', scope: 'openid', audience: 'https://api/' },
    ...token('password', { client_id: cid, client_secret: secret, username: 'u@x.io', password: 'pw', scope: 'openid', audience: 'https://api/' }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'device_code',
    given: { client_id: cid, device_code: 'dc-1' },
    ...token('urn:ietf:params:oauth:grant-type:device_code', { client_id: cid, device_code: 'dc-1' }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'backchannel_login',
    given: { client_id: cid, client_secret: secret, auth_req_id: 'ar-1' },
    ...token('urn:openid:params:grant-type:ciba', { client_id: cid, client_secret: secret, auth_req_id: 'ar-1' }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'mfa_otp',
    given: { client_id: cid, mfa_token: 'mt-1', otp: '123456' },
    ...token('http://auth0.com/oauth/grant-type/mfa-otp', { client_id: cid, mfa_token: 'mt-1', otp: '123456' }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'mfa_oob',
    given: { client_id: cid, mfa_token: 'mt-1', oob_code: 'oob-1', binding_code: '000111' },
    ...token('http://auth0.com/oauth/grant-type/mfa-oob', { client_id: cid, mfa_token: 'mt-1', oob_code: 'oob-1', binding_code: '000111' }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'mfa_recovery_code',
    given: { client_id: cid, mfa_token: 'mt-1', recovery_code: 'RC1' },
    ...token('http://auth0.com/oauth/grant-type/mfa-recovery-code', { client_id: cid, mfa_token: 'mt-1', recovery_code: 'RC1' }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'token_exchange',
    given: {
      client_id: cid,
      subject_token: 'st-1',
      subject_token_type: 'http://auth0.com/oauth/token-type/apple-id-token',
      scope: 'openid',
      audience: 'https://api/',
    },
    ...token('urn:ietf:params:oauth:grant-type:token-exchange', {
      client_id: cid,
      subject_token: 'st-1',
      subject_token_type: 'http://auth0.com/oauth/token-type/apple-id-token',
      scope: 'openid',
      audience: 'https://api/',
    }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'access_token_for_connection',
    given: { client_id: cid, client_secret: secret, subject_token: 'rt-1', connection: 'google-oauth2' },
    ...token('urn:auth0:params:oauth:grant-type:token-exchange:federated-connection-access-token', {
      client_id: cid,
      client_secret: secret,
      subject_token: 'rt-1',
      subject_token_type: 'urn:ietf:params:oauth:token-type:refresh_token',
      requested_token_type: 'http://auth0.com/oauth/token-type/federated-connection-access-token',
      connection: 'google-oauth2',
    }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'jwt_bearer',
    given: { client_id: cid, assertion: 'a.b.c' },
    ...token('urn:ietf:params:oauth:grant-type:jwt-bearer', { client_id: cid, assertion: 'a.b.c' }),
  } as FlowCase,
  {
    group: tokenGroup,
    op: 'passkey_login',
    given: { client_id: cid, realm: 'db', auth_session: 'as-1', authn_response: { id: 'cred' } },
    ...token('urn:okta:params:oauth:grant-type:webauthn', { client_id: cid, realm: 'db', auth_session: 'as-1', authn_response: { id: 'cred' } }),
  } as FlowCase,
  {
    group: deviceFlowGroup,
    op: 'login',
    given: { client_id: cid, scope: 'openid offline_access' },
    method: 'POST',
    path: '/oauth/device/code',
    body: { client_id: cid, scope: 'openid offline_access' },
    contentType: 'form',
  },
  {
    group: deviceFlowGroup,
    op: 'request_code',
    given: { client_id: cid, audience: 'https://api/' },
    method: 'POST',
    path: '/oauth/device/code',
    body: { client_id: cid, audience: 'https://api/' },
    contentType: 'form',
  },
  ...['login', 'back_channel_login'].map((op): FlowCase => ({
    group: backchannelGroup,
    op,
    given: { client_id: cid, client_secret: secret, binding_message: 'Pay 20', login_hint: { format: 'iss_sub', iss: 'https://t/', sub: 'auth0|1' } },
    method: 'POST',
    path: '/bc-authorize',
    contentType: 'form',
    body: {
      client_id: cid,
      client_secret: secret,
      binding_message: 'Pay 20',
      login_hint: { format: 'iss_sub', iss: 'https://t/', sub: 'auth0|1' },
      scope: 'openid',
    },
  })),
  {
    group: mfaGroup,
    op: 'challenge',
    given: { client_id: cid, mfa_token: 'mt-1', challenge_type: 'oob', oob_channel: 'sms' },
    method: 'POST',
    path: '/mfa/challenge',
    body: { mfa_token: 'mt-1', client_id: cid, challenge_type: 'oob', oob_channel: 'sms' },
  },
  {
    group: mfaGroup,
    op: 'associate',
    given: { mfa_token: 'mt-1', authenticator_types: 'oob', oob_channels: ['sms'], phone_number: '+14155550100' },
    method: 'POST',
    path: '/mfa/associate',
    body: { authenticator_types: ['oob'], oob_channels: ['sms'], phone_number: '+14155550100' },
  },
  { group: mfaGroup, op: 'list_authenticators', given: { mfa_token: 'mt-1' }, method: 'GET', path: '/mfa/authenticators' },
  { group: mfaGroup, op: 'delete_authenticator', given: { mfa_token: 'mt-1', id: 'totp|dev_1' }, method: 'DELETE', path: '/mfa/authenticators/totp%7Cdev_1' },
  {
    group: parGroup,
    op: 'pushed_authorization_request',
    given: { client_id: cid, client_secret: secret, redirect_uri: 'https://app/cb', authorization_params: { prompt: 'login', scope: 'x' } },
    method: 'POST',
    path: '/oauth/par',
    contentType: 'form',
    body: { prompt: 'login', scope: 'openid', client_id: cid, client_secret: secret, response_type: 'code', redirect_uri: 'https://app/cb' },
  },
  {
    group: passkeysGroup,
    op: 'register',
    given: { client_id: cid, realm: 'db', user_profile: { email: 'a@x.io' } },
    method: 'POST',
    path: '/passkey/register',
    body: { client_id: cid, realm: 'db', user_profile: { email: 'a@x.io' } },
  },
  { group: passkeysGroup, op: 'challenge', given: { client_id: cid }, method: 'POST', path: '/passkey/challenge', body: { client_id: cid } },
  {
    group: clientRegistrationGroup,
    op: 'register',
    given: { client_name: 'App', redirect_uris: 'https://a/cb,https://b/cb' },
    method: 'POST',
    path: '/oidc/register',
    body: { client_name: 'App', redirect_uris: ['https://a/cb', 'https://b/cb'] },
  },
  {
    group: logoutGroup,
    op: 'oidc_logout',
    given: { id_token_hint: 'idt', post_logout_redirect_uri: 'https://app/bye', state: 's' },
    method: 'GET',
    path: '/oidc/logout',
    query: { id_token_hint: 'idt', post_logout_redirect_uri: 'https://app/bye', state: 's', federated: 'false' },
  },
  {
    group: logoutGroup,
    op: 'saml_logout',
    given: { client_id: cid, SAMLRequest: 'PHNhbWw+', RelayState: 'r' },
    method: 'POST',
    path: '/samlp/cid-1/logout',
    body: { SAMLRequest: 'PHNhbWw+', RelayState: 'r' },
    contentType: 'form',
  },
  {
    group: logoutGroup,
    op: 'global_token_revocation',
    given: { logout_token: 'lt', connection_name: 'okta', subject: { format: 'email', email: 'a@x.io' } },
    method: 'POST',
    path: '/oauth/global-token-revocation/connection/okta',
    body: { subject: { format: 'email', email: 'a@x.io' } },
  },
  { group: enterpriseGroup, op: 'saml_login_url', given: { client_id: cid, RelayState: 'r' }, method: 'GET', path: '/samlp/cid-1' },
  {
    group: enterpriseGroup,
    op: 'wsfed_login_url',
    given: { client_id: cid, wtrealm: 'urn:app', wctx: 'c' },
    method: 'GET',
    path: '/wsfed/cid-1',
    query: { wtrealm: 'urn:app', wctx: 'c' },
  },
  {
    group: enterpriseGroup,
    op: 'idp_initiated_sso',
    given: { connection: 'okta', SAMLResponse: 'PHI+' },
    method: 'POST',
    path: '/login/callback',
    body: { connection: 'okta', SAMLResponse: 'PHI+' },
    contentType: 'form',
  },
  {
    group: passwordlessGroup,
    op: 'verify',
    given: { client_id: cid, connection: 'email', username: 'a@x.io', password: '123456', redirect_uri: 'https://app/cb' },
    method: 'POST',
    path: '/passwordless/verify',
    responseType: 'text',
    body: {
      grant_type: 'password',
      client_id: cid,
      connection: 'email',
      username: 'a@x.io',
      password: '123456',
      scope: 'openid',
      redirect_uri: 'https://app/cb',
    },
  },
  {
    group: socialGroup,
    op: 'unlink',
    given: { access_token: 'at', user_id: 'google-oauth2|1', client_id: cid },
    method: 'POST',
    path: '/login/unlink',
    body: { access_token: 'at', user_id: 'google-oauth2|1', client_id: cid },
  },
  { group: userinfoGroup, op: 'tokeninfo', given: { id_token: 'idt' }, method: 'POST', path: '/tokeninfo', body: { id_token: 'idt' } },
  {
    group: authorizeGroup,
    op: 'impersonate',
    given: { access_token: 'at', user_id: 'auth0|1', protocol: 'oauth2', impersonator_id: 'auth0|2', client_id: cid },
    method: 'POST',
    path: '/users/auth0%7C1/impersonate',
    responseType: 'text',
    body: { protocol: 'oauth2', impersonator_id: 'auth0|2', client_id: cid },
  },
];
