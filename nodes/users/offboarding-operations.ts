/**
 * The users operations for offboarding and sign-in methods: a user's sessions and refresh tokens
 * (list, delete all), revoke-access, and the authentication methods. Part of the `users` group
 * (users.catalogue.ts adds them); kept here so the group's file stays readable.
 */
import { common, type InputSpec, type OperationSpec } from '../shared/catalogue';

const userId = (name: string): InputSpec => common.id('The user id, e.g. auth0|64f1c2… (URL-encoded for you).', name);
const methodId: InputSpec = common.id('The id of the authentication method.', 'authentication_method_id');
const checkpointList = (): InputSpec[] => [common.includeTotals(), common.fromParam(), common.take()];

export const offboardingOperations: readonly OperationSpec[] = [
  {
    id: 'get_sessions', label: 'List sessions', group: 'Sessions and refresh tokens', method: 'GET', path: '/api/v2/users/{user_id}/sessions',
    description: 'Lists the user\'s login sessions, with checkpoint paging.',
    inputs: [userId('user_id'), ...checkpointList()], paging: ['checkpoint'], itemsKey: 'sessions', scopes: ['read:sessions'],
  },
  {
    id: 'delete_sessions', label: 'Delete all sessions', group: 'Sessions and refresh tokens', method: 'DELETE', path: '/api/v2/users/{user_id}/sessions',
    description: 'Ends every session of the user (their refresh tokens stay; see revoke_access).',
    inputs: [userId('user_id')], scopes: ['delete:sessions'],
  },
  {
    id: 'get_refresh_tokens', label: 'List refresh tokens', group: 'Sessions and refresh tokens', method: 'GET', path: '/api/v2/users/{user_id}/refresh-tokens',
    description: 'Lists the user\'s refresh tokens, with checkpoint paging.',
    inputs: [userId('user_id'), ...checkpointList()], paging: ['checkpoint'], itemsKey: 'tokens', scopes: ['read:refresh_tokens'],
  },
  {
    id: 'delete_refresh_tokens', label: 'Delete all refresh tokens', group: 'Sessions and refresh tokens', method: 'DELETE', path: '/api/v2/users/{user_id}/refresh-tokens',
    description: 'Revokes every refresh token of the user: their applications can no longer renew access tokens.',
    inputs: [userId('user_id')], scopes: ['delete:refresh_tokens'],
  },
  {
    id: 'revoke_access', label: 'Revoke access', group: 'Sessions and refresh tokens', method: 'POST', path: '/api/v2/users/{id}/revoke-access',
    description: 'Ends the user\'s sessions and revokes their refresh tokens in one request: all of them, or one session (and its tokens).',
    inputs: [
      userId('id'),
      { name: 'session_id', in: 'body', type: 'string', description: 'Only this session (and its refresh tokens); unset means all.' },
      { name: 'preserve_refresh_tokens', in: 'body', type: 'boolean', description: 'Keep the refresh tokens, end only the sessions (true).' },
    ],
    scopes: ['delete:sessions', 'delete:refresh_tokens'],
  },
  {
    id: 'get_authentication_methods', label: 'List authentication methods', group: 'Authentication methods', method: 'GET',
    path: '/api/v2/users/{user_id}/authentication-methods',
    description: 'Lists the user\'s authentication methods (passkeys, authenticator apps, phone, e-mail, recovery code, password).',
    inputs: [userId('user_id'), common.page(), common.perPage(), common.includeTotals()],
    paging: ['page'], itemsKey: 'authenticators', scopes: ['read:authentication_methods'],
  },
  {
    id: 'get_authentication_method_by_id', label: 'Get an authentication method', group: 'Authentication methods', method: 'GET',
    path: '/api/v2/users/{user_id}/authentication-methods/{authentication_method_id}',
    description: 'Reads one of the user\'s authentication methods.',
    inputs: [userId('user_id'), methodId], scopes: ['read:authentication_methods'],
  },
  {
    id: 'create_authentication_method', label: 'Create an authentication method', group: 'Authentication methods', method: 'POST',
    path: '/api/v2/users/{user_id}/authentication-methods',
    description: 'Adds an authentication method: type (phone, email, totp, webauthn-roaming or passkey) and its fields.',
    inputs: [userId('user_id'), common.body('The method, e.g. {"type": "phone", "phone_number": "+15551234567"}.')],
    scopes: ['create:authentication_methods'],
  },
  {
    id: 'update_authentication_methods', label: 'Replace all authentication methods', group: 'Authentication methods', method: 'PUT',
    path: '/api/v2/users/{user_id}/authentication-methods',
    description: 'Replaces every authentication method of the user with the given list.',
    inputs: [userId('user_id'), { name: 'body', in: 'body', type: 'array', wholeBody: true, required: true, description: 'The complete list of methods, e.g. [{"type": "email", "email": "a@example.com"}].' }],
    scopes: ['update:authentication_methods'],
  },
  {
    id: 'update_authentication_method_by_id', label: 'Update an authentication method', group: 'Authentication methods', method: 'PATCH',
    path: '/api/v2/users/{user_id}/authentication-methods/{authentication_method_id}',
    description: 'Changes a method\'s name or, for phone, its preferred channel (sms or voice).',
    inputs: [userId('user_id'), methodId, common.body('The fields to change: name, preferred_authentication_method.')],
    scopes: ['update:authentication_methods'],
  },
  {
    id: 'delete_authentication_methods', label: 'Delete all authentication methods', group: 'Authentication methods', method: 'DELETE',
    path: '/api/v2/users/{user_id}/authentication-methods',
    description: 'Deletes every authentication method of the user.',
    inputs: [userId('user_id')], scopes: ['delete:authentication_methods'],
  },
  {
    id: 'delete_authentication_method_by_id', label: 'Delete an authentication method', group: 'Authentication methods', method: 'DELETE',
    path: '/api/v2/users/{user_id}/authentication-methods/{authentication_method_id}',
    description: 'Deletes one of the user\'s authentication methods.',
    inputs: [userId('user_id'), methodId], scopes: ['delete:authentication_methods'],
  },
];
