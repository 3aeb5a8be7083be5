/**
 * auth0-mfa: the MFA API of the Authentication API: challenge an enrolled authenticator,
 * enrol (associate) one, list and delete them. The credential is the mfa_token of an
 * mfa_required answer (or an access token for the MFA API): the `auth.bearer.mfa_token`
 * executor sends it as the Bearer credential.
 * Shapes: Auth0 Authentication API "Multi-factor Authentication".
 */
import type { GroupSpec } from '../shared/catalogue';
import { BEARER_MFA_TOKEN_EXECUTOR } from './executor-names';
import { authInputs, mfaTokenInput } from './inputs';

const bearerMfaToken = {
  ...mfaTokenInput('none'),
  description:
    'The mfa_token of the mfa_required answer (msg.auth0.mfa_token after a failed login), or an access token for the MFA API (audience https://TENANT/mfa/); sent as the Bearer credential.',
};

export const mfaGroup: GroupSpec = {
  type: 'auth0-mfa',
  name: 'mfa',
  paletteLabel: 'mfa',
  api: 'authentication',
  summary:
    "Multifactor authentication for a user's login: challenges an authenticator (one-time password, SMS, e-mail, push), enrols a new one, lists and deletes them.",
  details: [
    'A login (auth0-token: password, login, …) of a user who must pass MFA fails with mfa_required; a Catch node then finds the mfa_token in msg.auth0.mfa_token. Give it to challenge (or to associate, when the user has no authenticator yet), then finish with the auth0-token node: mfa_otp with the code of the app, mfa_oob with the oob_code and the binding_code the user received, or mfa_recovery_code.',
    'associate answers with what the user needs to set the authenticator up: for otp a secret and a barcode_uri (for a QR code), for oob an oob_code; the first enrolment also gives recovery_codes. The enrolment counts once confirmed with mfa_otp or mfa_oob.',
    'The mfa_token, codes and secrets are never written to the status, to the log or into an error.',
  ],
  references: [
    {
      title: 'Auth0 Authentication API: Multi-factor Authentication',
      url: 'https://auth0.com/docs/api/authentication/muti-factor-authentication/request-mfa-challenge',
    },
    {
      title: 'Manage authenticator factors using the MFA API',
      url: 'https://auth0.com/docs/secure/multi-factor-authentication/manage-mfa-auth0-apis/manage-authenticator-factors-mfa-api',
    },
  ],
  operations: [
    {
      id: 'challenge',
      label: 'Challenge an authenticator',
      description:
        "Asks for a second factor: otp (the code of the user's app) or oob (a code or push sent to the user). The answer says which; for oob it holds oob_code and binding_method.",
      method: 'POST',
      path: '/mfa/challenge',
      auth: 'none',
      inputs: [
        mfaTokenInput(),
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (confidential applications)'),
        {
          name: 'challenge_type',
          in: 'body',
          type: 'string',
          default: 'otp oob',
          description: 'The kinds of challenge the application can handle, separated by spaces: otp, oob or both.',
        },
        {
          name: 'authenticator_id',
          in: 'body',
          type: 'string',
          description: 'The authenticator to challenge (from list_authenticators); unset: the default one.',
        },
        {
          name: 'oob_channel',
          in: 'body',
          type: 'string',
          enum: ['sms', 'voice', 'auth0', 'email'],
          description: 'For oob: the channel (sms, voice, auth0 for push, email).',
        },
      ],
    },
    {
      id: 'associate',
      label: 'Enrol an authenticator',
      description: 'Enrols a new authenticator for the user: otp (an authenticator app) or oob (SMS, voice, e-mail or push).',
      method: 'POST',
      path: '/mfa/associate',
      auth: 'none',
      executor: BEARER_MFA_TOKEN_EXECUTOR,
      inputs: [
        bearerMfaToken,
        { name: 'authenticator_types', in: 'body', type: 'list', required: true, description: 'otp or oob (a list with one item).' },
        { name: 'oob_channels', in: 'body', type: 'list', description: 'For oob: sms, voice, auth0 (push) or email.' },
        { name: 'phone_number', in: 'body', type: 'string', description: 'For sms and voice: the phone number, international format (+14155550100).' },
        { name: 'email', in: 'body', type: 'string', description: 'For email: the e-mail address.' },
      ],
    },
    {
      id: 'list_authenticators',
      label: 'List authenticators',
      description: "Lists the user's authenticators (id, authenticator_type, oob_channel, active, name).",
      method: 'GET',
      path: '/mfa/authenticators',
      auth: 'none',
      executor: BEARER_MFA_TOKEN_EXECUTOR,
      inputs: [bearerMfaToken],
    },
    {
      id: 'delete_authenticator',
      label: 'Delete an authenticator',
      description: "Deletes one of the user's authenticators (needs an access token for the MFA API with the remove:authenticators scope).",
      method: 'DELETE',
      path: '/mfa/authenticators/{id}',
      auth: 'none',
      executor: BEARER_MFA_TOKEN_EXECUTOR,
      inputs: [
        bearerMfaToken,
        { name: 'id', in: 'path', type: 'string', required: true, description: 'The authenticator id (for example totp|dev_abc or recovery-code|dev_abc).' },
      ],
    },
  ],
};
