/** The `sessions` group of the Management API v2: one login session by id (offboarding, session control). */
import { common, type GroupSpec } from '../shared/catalogue';

const sessionId = common.id('The id of the session.');

export const sessionsGroup: GroupSpec = {
  type: 'auth0-sessions',
  name: 'sessions',
  paletteLabel: 'sessions',
  api: 'management',
  summary: "Reads, annotates, revokes and deletes a user's login session by id: the session cookie Auth0 keeps after a login.",
  details: [
    "A user's sessions are listed and deleted together by the auth0-users operations get_sessions and delete_sessions; revoke_access in auth0-users ends sessions and refresh tokens at once.",
    'revoke also revokes the refresh tokens issued in the session; delete ends only the session. Both are accepted by Auth0 with 202 and done shortly after.',
  ],
  references: [
    { title: 'Management API: Sessions', url: 'https://auth0.com/docs/api/management/v2/sessions/get-session' },
    { title: 'Session lifetime', url: 'https://auth0.com/docs/manage-users/sessions' },
  ],
  operations: [
    {
      id: 'get',
      label: 'Get a session',
      group: 'Sessions',
      method: 'GET',
      path: '/api/v2/sessions/{id}',
      description: 'Reads one session: its user, device, clients, authentication methods and expiry.',
      inputs: [sessionId],
      scopes: ['read:sessions'],
    },
    {
      id: 'update',
      label: 'Update session metadata',
      group: 'Sessions',
      method: 'PATCH',
      path: '/api/v2/sessions/{id}',
      description: "Sets the session's metadata (at most 25 keys); null clears it.",
      inputs: [
        sessionId,
        { name: 'session_metadata', in: 'body', type: 'object', required: true, description: 'The metadata object, e.g. {"device": "kiosk"}.' },
      ],
      scopes: ['update:sessions'],
    },
    {
      id: 'revoke',
      label: 'Revoke a session',
      group: 'Sessions',
      method: 'POST',
      path: '/api/v2/sessions/{id}/revoke',
      description: 'Ends the session and revokes the refresh tokens issued in it.',
      inputs: [sessionId],
      scopes: ['delete:sessions', 'delete:refresh_tokens'],
    },
    {
      id: 'delete',
      label: 'Delete a session',
      group: 'Sessions',
      method: 'DELETE',
      path: '/api/v2/sessions/{id}',
      description: 'Ends the session; the user must log in again in that browser.',
      inputs: [sessionId],
      scopes: ['delete:sessions'],
    },
  ],
};
