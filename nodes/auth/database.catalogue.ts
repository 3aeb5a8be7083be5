/**
 * auth0-database: sign-up, the legacy resource-owner login and the change-password e-mail of a
 * database (or directory) connection.
 * Shapes: Auth0 Authentication API "Signup", "Resource Owner" (legacy), "Change Password";
 * auth0-python Database.
 */
import type { GroupSpec, InputSpec } from '../shared/catalogue';
import { authInputs } from './inputs';

const optionalText = (name: string, description: string): InputSpec => ({ name, in: 'body', type: 'string', description });

export const databaseGroup: GroupSpec = {
  type: 'auth0-database',
  name: 'database',
  paletteLabel: 'database',
  api: 'authentication',
  summary: 'Signs a user up in a database connection, logs a user in with the legacy resource-owner endpoint, or sends a change-password e-mail.',
  details: [
    'client_id defaults to the Client ID credential of the tenant (auth0-config node).',
    'signup answers with the new user (_id, email, email_verified, …); change_password answers with a sentence of text, which becomes msg.payload.',
    'login uses the legacy /oauth/ro endpoint, which Auth0 keeps only for tenants that still have it enabled; new flows use the auth0-token node (login operation) instead.',
    'Passwords are never written to the status, to the log or into an error.',
  ],
  references: [
    { title: 'Auth0 Authentication API: Signup', url: 'https://auth0.com/docs/api/authentication/signup/create-a-new-user' },
    { title: 'Auth0 Authentication API: Change Password', url: 'https://auth0.com/docs/api/authentication/change-password/change-password' },
    { title: 'Auth0 Authentication API: Resource Owner (legacy)', url: 'https://auth0.com/docs/api/authentication/resource-owner/resource-owner' },
  ],
  operations: [
    {
      id: 'signup',
      label: 'Sign up',
      description: 'Creates a user in a database connection with an e-mail address and a password.',
      method: 'POST',
      path: '/dbconnections/signup',
      auth: 'none',
      inputs: [
        authInputs.clientId(),
        { name: 'email', in: 'body', type: 'string', required: true, description: "The user's e-mail address." },
        authInputs.password("The user's chosen password; it must meet the connection's password policy."),
        authInputs.connection('Name of the database connection to create the user in.'),
        optionalText('username', "The user's username, when the connection requires one."),
        {
          name: 'user_metadata',
          in: 'body',
          type: 'object',
          description: 'Further key-value data about the user (Auth0 restricts its size and field names).',
        },
        optionalText('given_name', "The user's given name(s)."),
        optionalText('family_name', "The user's family name(s)."),
        optionalText('name', "The user's full name."),
        optionalText('nickname', "The user's nickname."),
        optionalText('picture', "URL of the user's picture."),
      ],
    },
    {
      id: 'login',
      label: 'Log in (legacy resource owner)',
      description: 'Logs a user in with username and password through the legacy /oauth/ro endpoint (database, passwordless and directory connections).',
      method: 'POST',
      path: '/oauth/ro',
      auth: 'none',
      lifecycle: 'deprecated',
      replacement: 'auth0-token login (password-realm grant) or password; for one-time codes auth0-token passwordless_login.',
      inputs: [
        authInputs.clientId(),
        { name: 'username', in: 'body', type: 'string', required: true, description: "The user's username or e-mail address." },
        authInputs.password(),
        authInputs.connection('Name of the connection the user belongs to.'),
        {
          name: 'id_token',
          in: 'body',
          type: 'string',
          secret: true,
          description: 'An id token of the user, for the legacy delegated login.',
        },
        authInputs.grantType('password'),
        optionalText('device', 'A name for the device, needed when offline_access is asked for.'),
        authInputs.scope('openid'),
      ],
    },
    {
      id: 'change_password',
      label: 'Change password',
      description: 'Asks the service to send the user an e-mail with a link to change their password.',
      method: 'POST',
      path: '/dbconnections/change_password',
      auth: 'none',
      response: 'text',
      inputs: [
        authInputs.clientId(),
        { name: 'email', in: 'body', type: 'string', required: true, description: "The user's e-mail address." },
        authInputs.connection('Name of the database connection the user belongs to.'),
        {
          name: 'password',
          in: 'body',
          type: 'string',
          secret: true,
          description: 'A new password (only where the tenant still accepts one here; normally the e-mail link sets it).',
        },
        {
          name: 'organization',
          in: 'body',
          type: 'string',
          description: "Organization id, so the e-mail uses the organization's branding.",
        },
      ],
    },
  ],
};
