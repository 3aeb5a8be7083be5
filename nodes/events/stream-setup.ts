/**
 * Creates (or brings up to date) the webhook event stream that points at an auth0-event-stream-in
 * node: the endpoint is the public base URL of this Node-RED + httpNodeRoot + the node's path,
 * the authorization the node's own. An existing stream with that endpoint is updated rather than
 * duplicated. The answer is Auth0's view of the stream, which never holds the secret.
 */
import type { TenantClient } from '../shared/http-types';
import { InputError } from '../shared/errors';
import { type WebhookAuthorization, secretValues, webhookAuthorizationBody } from './webhook-authorization';

interface StreamView {
  id?: string;
  destination?: { type?: string; configuration?: { webhook_endpoint?: string } };
  [key: string]: unknown;
}

/** `https://nodered.example.com` + `/` root + `/auth0/events` → the full endpoint. */
export function webhookEndpoint(publicUrl: unknown, httpNodeRoot: unknown, path: string): string {
  if (typeof publicUrl !== 'string' || publicUrl.trim() === '')
    throw new InputError('publicUrl', 'set the public base URL of this Node-RED (for example https://nodered.example.com)');
  let base: URL;
  try {
    base = new URL(publicUrl.trim());
  } catch {
    throw new InputError('publicUrl', `the public base URL "${publicUrl}" is not a URL`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new InputError('publicUrl', 'the public base URL must start with https://');
  if (base.username || base.password || base.search || base.hash)
    throw new InputError('publicUrl', 'the public base URL must be a plain address, without credentials, query or fragment');
  const root = typeof httpNodeRoot === 'string' ? httpNodeRoot : '/';
  const join = (a: string, b: string) => `${a.replace(/\/+$/, '')}/${b.replace(/^\/+/, '')}`;
  return join(join(base.origin + base.pathname, root), path).replace(/\/+$/, '');
}

async function findByEndpoint(client: TenantClient, endpoint: string, signal?: AbortSignal): Promise<StreamView | undefined> {
  let from: string | undefined;
  for (let page = 0; page < 50; page++) {
    const response = await client.request<{ eventStreams?: StreamView[]; next?: string }>({
      method: 'GET',
      path: '/api/v2/event-streams',
      query: { take: '100', ...(from ? { from } : {}) },
      auth: 'management',
      operation: 'event_streams.list',
      ...(signal ? { signal } : {}),
    });
    const found = (response.data.eventStreams ?? []).find(
      (s) => s.destination?.type === 'webhook' && s.destination.configuration?.webhook_endpoint === endpoint,
    );
    if (found) return found;
    if (!response.data.next) return undefined;
    from = response.data.next;
  }
  return undefined;
}

export interface StreamSetup {
  endpoint: string;
  authorization: WebhookAuthorization;
  /** Event types to subscribe to (Auth0 needs at least one). */
  types: readonly string[];
  name: string;
}

export async function createOrUpdateStream(client: TenantClient, setup: StreamSetup, signal?: AbortSignal): Promise<{ created: boolean; stream: StreamView }> {
  const webhookAuthorization = webhookAuthorizationBody(setup.authorization);
  if (!webhookAuthorization)
    throw new InputError(
      'credentials',
      `the node has no ${setup.authorization.method === 'basic' ? 'user name and password' : setup.authorization.method === 'custom_header' ? 'header name and value' : 'token'} to give Auth0`,
    );
  if (setup.types.length === 0) throw new InputError('types', 'choose at least one event type for the stream');
  const destination = { type: 'webhook', configuration: { webhook_endpoint: setup.endpoint, webhook_authorization: webhookAuthorization } };
  const subscriptions = setup.types.map((event_type) => ({ event_type }));
  const secrets = secretValues(setup.authorization);
  const existing = await findByEndpoint(client, setup.endpoint, signal);
  if (existing?.id) {
    const response = await client.request<StreamView>({
      method: 'PATCH',
      path: `/api/v2/event-streams/${encodeURIComponent(existing.id)}`,
      body: { destination, subscriptions, status: 'enabled' },
      auth: 'management',
      secrets,
      operation: 'event_streams.update',
      ...(signal ? { signal } : {}),
    });
    return { created: false, stream: response.data };
  }
  const response = await client.request<StreamView>({
    method: 'POST',
    path: '/api/v2/event-streams',
    body: { name: setup.name.slice(0, 128), destination, subscriptions, status: 'enabled' },
    auth: 'management',
    secrets,
    operation: 'event_streams.create',
    ...(signal ? { signal } : {}),
  });
  return { created: true, stream: response.data };
}
