/**
 * Which of the tenant's rate-limit buckets a request draws from. Auth0's paid plans limit the
 * Management API per endpoint class (reading users, writing users, deleting users, logs, reading
 * clients, reading connections, organizations, and all other endpoints together), and the
 * X-RateLimit headers describe whichever bucket answered, so a bucket learnt from the headers of
 * one class says nothing about another. The Authentication API is one lane of its own.
 * (Free and Enterprise plans have one overall Management API limit: every class then learns the
 * same bucket, which is harmless.)
 */

export const ENDPOINT_CLASSES = ['users-read', 'users-write', 'users-delete', 'logs', 'clients-read', 'connections-read', 'organizations', 'other'] as const;
export type EndpointClass = (typeof ENDPOINT_CLASSES)[number];

/** The class of a Management API request (`path` below /api/v2). */
export function endpointClass(method: string, path: string): EndpointClass {
  const rest = path.slice('/api/v2'.length);
  const first = rest.split(/[/?]/)[1] ?? '';
  const read = method === 'GET' || method === 'HEAD';
  switch (first) {
    case 'users':
    case 'users-by-email':
      return read ? 'users-read' : method === 'DELETE' ? 'users-delete' : 'users-write';
    case 'logs':
      return 'logs';
    case 'clients':
      return read ? 'clients-read' : 'other';
    case 'connections':
      return read ? 'connections-read' : 'other';
    case 'organizations':
      return 'organizations';
    default:
      return 'other';
  }
}

/** The limiter lane of a request: `authentication`, or `management:<class>`. */
export function rateLimitLane(method: string, path: string): string {
  return path.startsWith('/api/v2/') || path === '/api/v2' ? `management:${endpointClass(method, path)}` : 'authentication';
}
