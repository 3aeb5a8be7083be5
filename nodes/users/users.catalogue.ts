/** The `users` group of the Management API v2: users, their roles, permissions, MFA and identities. */
import { common, type GroupSpec, type InputSpec } from '../shared/catalogue';
import { offboardingOperations } from './offboarding-operations';

const userId = (name = 'id'): InputSpec => common.id('The user id, e.g. auth0|64f1c2… (URL-encoded for you).', name);
const roleIds = (verb: string): InputSpec => ({
  name: 'roles', in: 'body', type: 'list', required: true,
  description: `Role ids to ${verb} (an array, or a comma-separated string).`,
});
const permissions = (verb: string): InputSpec => ({
  name: 'permissions', in: 'body', type: 'array', required: true,
  description: `Permissions to ${verb}: an array of {resource_server_identifier, permission_name}.`,
});
const listInputs = (): InputSpec[] => [common.page(0), common.perPage(25), common.includeTotals(true)];

export const usersGroup: GroupSpec = {
  type: 'auth0-users',
  name: 'users',
  paletteLabel: 'users',
  api: 'management',
  summary: 'Creates, reads, searches, updates and deletes Auth0 users, and manages their roles, permissions, organizations, MFA and linked identities.',
  details: [
    'List with "fetch all pages" reads up to Auth0\'s limit of 1,000 users per search; beyond it, narrow the search with q or use the auth0-jobs export_users operation.',
    'User ids contain characters such as | and are URL-encoded for you.',
  ],
  references: [
    { title: 'Management API v2: Users', url: 'https://auth0.com/docs/api/management/v2/users/get-users' },
    { title: 'User search query syntax', url: 'https://auth0.com/docs/manage-users/user-search/user-search-query-syntax' },
  ],
  operations: [
    {
      id: 'list', label: 'List or search users', group: 'Read', method: 'GET', path: '/api/v2/users',
      description: 'Lists users, optionally searching with a Lucene query (q) over app_metadata, user_metadata and the normalized profile.',
      inputs: [
        ...listInputs(),
        { name: 'sort', in: 'query', type: 'string', description: 'Field and order, e.g. created_at:1 (1 ascending, -1 descending).' },
        { name: 'connection', in: 'query', type: 'string', description: 'Only users of this connection (name).' },
        { name: 'q', in: 'query', type: 'string', description: 'Lucene query, e.g. email:"jane@example.com".' },
        { name: 'search_engine', in: 'query', type: 'string', enum: ['v1', 'v2', 'v3'], description: 'Search engine version; unset means the latest.' },
        common.fields(), common.includeFields(true),
      ],
      paging: ['page'], itemsKey: 'users', scopes: ['read:users'], customDomainHeader: true,
    },
    {
      id: 'create', label: 'Create a user', group: 'Create and update', method: 'POST', path: '/api/v2/users',
      description: 'Creates a user in a connection; the body needs connection and, for database connections, email and password.',
      inputs: [common.body('The new user: connection, email, password, user_metadata, app_metadata, …')],
      scopes: ['create:users'], customDomainHeader: true,
    },
    {
      id: 'get', label: 'Get a user', group: 'Read', method: 'GET', path: '/api/v2/users/{id}',
      description: 'Reads one user by id.',
      inputs: [userId(), common.fields(), common.includeFields(true)],
      scopes: ['read:users'], customDomainHeader: true,
    },
    {
      id: 'update', label: 'Update a user', group: 'Create and update', method: 'PATCH', path: '/api/v2/users/{id}',
      description: 'Updates a user; metadata objects are merged at the top level, other fields replaced.',
      inputs: [userId(), common.body('The fields to change.')],
      scopes: ['update:users'], customDomainHeader: true,
    },
    {
      id: 'delete', label: 'Delete a user', group: 'Delete', method: 'DELETE', path: '/api/v2/users/{id}',
      description: 'Deletes a user and their identities.',
      inputs: [userId()], scopes: ['delete:users'], customDomainHeader: true,
    },
    {
      id: 'delete_all_users', label: 'Delete all users (no longer offered)', group: 'Delete', method: 'DELETE', path: '/api/v2/users',
      description: 'Auth0 no longer offers deleting every user at once.',
      inputs: [],
      deprecated: 'delete users one at a time with the delete operation (fed by list with "fetch all pages", one message per user), or delete a database connection\'s user by e-mail with auth0-connections delete_user_by_email',
    },
    {
      id: 'add_permissions', label: 'Add permissions', group: 'Permissions', method: 'POST', path: '/api/v2/users/{id}/permissions',
      description: 'Grants permissions directly to a user.',
      inputs: [userId(), permissions('grant')], scopes: ['update:users'],
    },
    {
      id: 'remove_permissions', label: 'Remove permissions', group: 'Permissions', method: 'DELETE', path: '/api/v2/users/{id}/permissions',
      description: 'Removes permissions granted directly to a user.',
      inputs: [userId(), permissions('remove')], scopes: ['update:users'],
    },
    {
      id: 'list_permissions', label: 'List permissions', group: 'Permissions', method: 'GET', path: '/api/v2/users/{id}/permissions',
      description: 'Lists the permissions granted directly to a user.',
      inputs: [userId(), ...listInputs()], paging: ['page'], itemsKey: 'permissions', scopes: ['read:users'],
    },
    {
      id: 'add_roles', label: 'Assign roles', group: 'Roles', method: 'POST', path: '/api/v2/users/{id}/roles',
      description: 'Assigns roles to a user.',
      inputs: [userId(), roleIds('assign')], scopes: ['update:users', 'create:role_members'],
    },
    {
      id: 'remove_roles', label: 'Remove roles', group: 'Roles', method: 'DELETE', path: '/api/v2/users/{id}/roles',
      description: 'Removes roles from a user.',
      inputs: [userId(), roleIds('remove')], scopes: ['update:users', 'delete:role_members'],
    },
    {
      id: 'list_roles', label: 'List roles', group: 'Roles', method: 'GET', path: '/api/v2/users/{id}/roles',
      description: 'Lists the roles assigned to a user.',
      inputs: [userId(), ...listInputs()], paging: ['page'], itemsKey: 'roles', scopes: ['read:users', 'read:roles'],
    },
    {
      id: 'list_organizations', label: 'List organizations', group: 'Read', method: 'GET', path: '/api/v2/users/{id}/organizations',
      description: 'Lists the organizations a user is a member of.',
      inputs: [userId(), ...listInputs()], paging: ['page'], itemsKey: 'organizations', scopes: ['read:users', 'read:organizations'],
    },
    {
      id: 'get_log_events', label: 'Get log events', group: 'Read', method: 'GET', path: '/api/v2/users/{user_id}/logs',
      description: 'Lists the log events of one user.',
      inputs: [
        userId('user_id'), common.page(0), common.perPage(50),
        { name: 'sort', in: 'query', type: 'string', description: 'Field and order, e.g. date:-1.' },
        common.includeTotals(false),
      ],
      paging: ['page'], itemsKey: 'logs', scopes: ['read:logs', 'read:logs_users'],
    },
    {
      id: 'get_guardian_enrollments', label: 'Get MFA enrollments', group: 'Multifactor', method: 'GET', path: '/api/v2/users/{user_id}/enrollments',
      description: 'Lists the user\'s Guardian (MFA) enrollments.',
      inputs: [userId('user_id')], scopes: ['read:users'],
    },
    {
      id: 'delete_authenticators', label: 'Delete all authenticators', group: 'Multifactor', method: 'DELETE', path: '/api/v2/users/{id}/authenticators',
      description: 'Deletes every MFA enrollment of the user, so they enroll again.',
      inputs: [userId()], scopes: ['delete:guardian_enrollments'],
    },
    {
      id: 'delete_multifactor', label: 'Delete a multifactor provider', group: 'Multifactor', method: 'DELETE', path: '/api/v2/users/{id}/multifactor/{provider}',
      description: 'Deletes the user\'s enrollment with one multifactor provider.',
      inputs: [userId(), { name: 'provider', in: 'path', type: 'string', required: true, enum: ['duo', 'google-authenticator'], description: 'The provider: duo or google-authenticator.' }],
      scopes: ['update:users'],
    },
    {
      id: 'invalidate_remembered_browsers', label: 'Invalidate remembered browsers', group: 'Multifactor', method: 'POST',
      path: '/api/v2/users/{user_id}/multifactor/actions/invalidate-remember-browser',
      description: 'Makes every browser ask the user for MFA again, across all factors.',
      inputs: [userId('user_id')], scopes: ['update:users'],
    },
    {
      id: 'regenerate_recovery_code', label: 'Regenerate recovery code', group: 'Multifactor', method: 'POST',
      path: '/api/v2/users/{user_id}/recovery-code-regeneration',
      description: 'Removes the user\'s MFA recovery code and returns a new one.',
      inputs: [userId('user_id')], scopes: ['update:users'],
    },
    {
      id: 'link_user_account', label: 'Link an identity', group: 'Identities', method: 'POST', path: '/api/v2/users/{id}/identities',
      description: 'Links a secondary account (given in the body) to the primary user id.',
      inputs: [
        userId(),
        common.body('The secondary account: {provider, user_id, connection_id?} or {link_with: "<secondary user\'s ID token>"}.'),
      ],
      scopes: ['update:users'],
    },
    {
      id: 'unlink_user_account', label: 'Unlink an identity', group: 'Identities', method: 'DELETE', path: '/api/v2/users/{id}/identities/{provider}/{user_id}',
      description: 'Unlinks an identity from the user; it becomes a separate user again.',
      inputs: [
        userId(),
        { name: 'provider', in: 'path', type: 'string', required: true, description: 'The identity provider type, e.g. auth0, google-oauth2.' },
        { name: 'user_id', in: 'path', type: 'string', required: true, description: 'The identity\'s own user id (without the provider prefix).' },
      ],
      scopes: ['update:users'],
    },
    ...offboardingOperations,
  ],
};
