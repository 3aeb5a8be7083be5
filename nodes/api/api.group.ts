/**
 * auth0-api: any Management API call, for the endpoints Auth0 adds after this release. Method
 * and path come from the editor or the message; the `api.request` executor checks them and
 * sends the call through the tenant client (token, rate limiting, retries, errors).
 * Kept out of the *.catalogue.ts files on purpose: it stands for no one endpoint of Auth0's
 * reference, so the coverage checks must not count it.
 */
import type { GroupSpec } from '../shared/catalogue';

export const API_REQUEST_EXECUTOR = 'api.request';
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const apiGroup: GroupSpec = {
  type: 'auth0-api',
  name: 'api',
  paletteLabel: 'any API call',
  api: 'management',
  summary: "Calls any Management API endpoint (method and path under /api/v2) with the tenant's token, rate limiting, retries and error handling.",
  details: [
    'For endpoints no other node offers yet. Set method and path in the node, or send them in msg.method and msg.path (msg.payload.method and msg.payload.path also work); the query comes from msg.payload.query (an object) and the body from msg.payload.body.',
    "path is relative to /api/v2: users/auth0|123/roles, /users/auth0|123/roles and /api/v2/users/auth0|123/roles are the same. Each segment is URL-encoded (an already encoded segment is not encoded twice). A path that could leave /api/v2 (a scheme or host, //, . or .. segments, a query in the path) is refused before anything is sent; the host is always the tenant's.",
    'The answer becomes msg.payload; msg.auth0.statusCode holds the status. The token needs the scopes the endpoint asks for.',
  ],
  references: [{ title: 'Auth0 Management API v2', url: 'https://auth0.com/docs/api/management/v2' }],
  operations: [
    {
      id: 'request',
      label: 'Call the Management API',
      description: 'Sends one Management API request: method and path, with an optional query and body.',
      method: 'GET',
      path: '/api/v2/{path}',
      executor: API_REQUEST_EXECUTOR,
      output: 'msg.payload is the answer (an empty object for 204).',
      inputs: [
        { name: 'method', in: 'none', type: 'string', enum: API_METHODS, description: 'GET, POST, PUT, PATCH or DELETE; unset: msg.method, else GET.' },
        {
          name: 'path',
          in: 'none',
          type: 'string',
          description: 'The endpoint under /api/v2 (for example users/{id}/roles with the id filled in); unset: msg.path.',
        },
        { name: 'query', in: 'none', type: 'object', description: 'Query parameters as an object (arrays are sent comma-joined).' },
        { name: 'body', in: 'none', type: 'any', description: 'The JSON body: an object, an array or JSON text (not for GET).' },
      ],
    },
  ],
};
