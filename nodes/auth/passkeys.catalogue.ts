/**
 * auth0-passkeys: passkey sign-up and login through the Authentication API (native and custom
 * login pages): Auth0 gives the WebAuthn options for the browser, the browser creates or uses
 * the passkey, and the auth0-token node's passkey_login completes with the credential.
 * Shapes: Auth0 Authentication API "Passkey": POST /passkey/register, POST /passkey/challenge.
 */
import type { GroupSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

export const passkeysGroup: GroupSpec = {
  type: 'auth0-passkeys',
  name: 'passkeys',
  paletteLabel: 'passkeys',
  api: 'authentication',
  summary:
    'Starts a passkey sign-up or login: gets the WebAuthn options for navigator.credentials.create() or .get() in the browser, and the auth_session to complete it with.',
  details: [
    "register (a new user) and challenge (an existing user) answer with authn_params_public_key (the options for the browser: challenge, rp, user, …) and auth_session. Give the browser's credential and the auth_session to the auth0-token node, operation passkey_login, to get the tokens.",
    "The database connection needs passkeys enabled, and the application the passkey grant (urn:okta:params:oauth:grant-type:webauthn). client_id defaults to the tenant's Client ID credential.",
  ],
  references: [
    { title: 'Auth0 Authentication API: Passkeys', url: 'https://auth0.com/docs/api/authentication/passkey/register' },
    {
      title: 'Native passkeys for mobile applications',
      url: 'https://auth0.com/docs/authenticate/database-connections/passkeys/native-passkeys-for-mobile-applications',
    },
  ],
  operations: [
    {
      id: 'register',
      label: 'Start passkey sign-up',
      description: 'Starts signing up a new user with a passkey: the options for navigator.credentials.create() and the auth_session.',
      method: 'POST',
      path: '/passkey/register',
      auth: 'none',
      inputs: [
        authInputs.clientId(),
        { name: 'realm', in: 'body', type: 'string', description: 'The database connection; unset: the default one of the application.' },
        {
          name: 'user_profile',
          in: 'body',
          type: 'object',
          required: true,
          description: 'The new user: { email, name } (and phone_number or username when the connection uses them).',
        },
        { name: 'organization', in: 'body', type: 'string', description: 'Sign up into this organization (id or name).' },
      ],
    },
    {
      id: 'challenge',
      label: 'Start passkey login',
      description: 'Starts a passkey login: the options for navigator.credentials.get() and the auth_session.',
      method: 'POST',
      path: '/passkey/challenge',
      auth: 'none',
      inputs: [
        authInputs.clientId(),
        { name: 'realm', in: 'body', type: 'string', description: 'The database connection; unset: the default one of the application.' },
        { name: 'organization', in: 'body', type: 'string', description: 'Log in to this organization (id or name).' },
      ],
    },
  ],
};
