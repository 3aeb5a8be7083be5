/**
 * auth0-passwordless: starts a passwordless login by e-mail or SMS (POST /passwordless/start).
 * Shapes: Auth0 Authentication API "Get Code or Link"; auth0-python Passwordless.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const passwordlessGroup: GroupSpec = {
  type: 'auth0-passwordless',
  name: 'passwordless',
  paletteLabel: 'login without password',
  api: 'authentication',
  summary: 'Starts a passwordless login: e-mails the user a magic link or a one-time code, or sends the code by SMS.',
  details: [
    'Complete a code login with an auth0-token node, operation passwordless_login: username is the e-mail address or phone number, otp the code, realm email or sms.',
    'client_id and client_secret default to the credentials of the tenant (auth0-config node); client_secret is sent when the tenant has one, as regular web applications need it.',
    'The service answers with the start request it accepted (for e-mail: _id, email, email_verified); it becomes msg.payload.',
    'verify checks a code the user received (the embedded-login step before /authorize); to get tokens for a code, use auth0-token passwordless_login.',
  ],
  references: [
    { title: 'Auth0 Authentication API: Get Code or Link', url: 'https://auth0.com/docs/api/authentication/passwordless/get-code-or-link' },
    { title: 'Passwordless connections', url: 'https://auth0.com/docs/authenticate/passwordless' },
  ],
  operations: [
    {
      id: 'email',
      label: 'Send e-mail (link or code)',
      description: 'Sends the user an e-mail with a login link (send = link) or a one-time code (send = code).',
      method: 'POST',
      path: '/passwordless/start',
      auth: 'none',
      inputs: [
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (regular web applications)'),
        {
          name: 'connection',
          in: 'body',
          type: 'string',
          default: 'email',
          enum: ['email'],
          description: 'The passwordless connection: always email here.',
        },
        { name: 'email', in: 'body', type: 'string', required: true, description: "The user's e-mail address." },
        {
          name: 'send',
          in: 'body',
          type: 'string',
          default: 'link',
          enum: ['link', 'code'],
          description: 'link: a magic link that logs the user in; code: a one-time code to give to passwordless_login.',
        },
        {
          name: 'auth_params',
          wireName: 'authParams',
          in: 'body',
          type: 'object',
          description: 'Parameters added to or overriding those of the link (scope, redirect_uri, response_type, state, …).',
        },
      ],
    },
    {
      id: 'sms',
      label: 'Send SMS code',
      description: 'Sends the user an SMS with a one-time code to give to passwordless_login.',
      method: 'POST',
      path: '/passwordless/start',
      auth: 'none',
      inputs: [
        authInputs.clientId(),
        authInputs.clientSecret(false, ' (regular web applications)'),
        {
          name: 'connection',
          in: 'body',
          type: 'string',
          default: 'sms',
          enum: ['sms'],
          description: 'The passwordless connection: always sms here.',
        },
        { name: 'phone_number', in: 'body', type: 'string', required: true, description: "The user's phone number, in international format (+14155550100)." },
      ],
    },
    {
      id: 'verify',
      label: 'Verify code',
      description: 'Checks the one-time code the user received by e-mail or SMS.',
      method: 'POST',
      path: '/passwordless/verify',
      auth: 'none',
      response: 'text',
      inputs: [
        authInputs.grantType('password'),
        authInputs.clientId(),
        {
          name: 'connection',
          in: 'body',
          type: 'string',
          required: true,
          enum: ['email', 'sms'],
          description: 'email or sms, as given to the start request.',
        },
        { name: 'username', in: 'body', type: 'string', required: true, description: "The user's e-mail address (email) or phone number (sms)." },
        { name: 'password', in: 'body', type: 'string', required: true, secret: true, description: 'The one-time code the user received.' },
        authInputs.scope('openid'),
        { name: 'redirect_uri', in: 'body', type: 'string', required: true, description: 'A callback URL of the application (Allowed Callback URLs).' },
      ],
    },
  ],
};
