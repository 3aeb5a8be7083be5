/**
 * One connection of auth0-events to Auth0's Events API: `GET /api/v2/events` as a stream, with
 * the chosen event types and `Last-Event-ID`, through the tenant's client; ended by the caller's
 * signal. Also what a message holds: its data as a JSON object, its offset, an `error` event.
 */
import type { Readable } from 'node:stream';
import { Auth0Error } from '../../shared/errors';
import type { TenantClient } from '../../shared/http-types';

export const OPERATION = 'events.subscribe';
/** Longest silence on an open stream before it is taken for dead (Auth0 sends heartbeats). */
const STREAM_IDLE_TIMEOUT_SECONDS = 120;

/** Opens the stream; the body is destroyed when `signal` aborts. */
export async function openEventStream(client: TenantClient, types: string[], lastEventId: string | undefined, signal: AbortSignal): Promise<Readable> {
  const response = await client.request<Readable>({
    method: 'GET',
    path: '/api/v2/events',
    ...(types.length > 0 ? { queryLists: { event_type: types } } : {}),
    ...(lastEventId !== undefined ? { headers: { 'Last-Event-ID': lastEventId } } : {}),
    auth: 'management',
    responseType: 'stream',
    streamIdleTimeout: STREAM_IDLE_TIMEOUT_SECONDS,
    ownRateLimit: true,
    signal,
    operation: OPERATION,
  });
  const body = response.data;
  // Ending the connection (input message, close, the lease lost) must end the reading too.
  const stop = (): void => {
    body.destroy(new Error('connection ended by the node'));
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  body.once('close', () => signal.removeEventListener('abort', stop));
  return body;
}

/** A message's data as a JSON object, or undefined. */
export function parseData(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The event a message carries: `{offset, event: <CloudEvent>}`, or the CloudEvent itself. */
export function eventOf(data: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const inner = data?.event;
  return inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : data;
}

/** The error an `error` event on the stream stands for. */
export function streamError(data: string): Auth0Error {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(data) as Record<string, unknown>;
  } catch {
    // the text itself is the message
  }
  const message = typeof body.message === 'string' ? body.message : data || 'the Events API ended the stream with an error';
  return new Auth0Error(`the Events API ended the stream: ${message}`, {
    statusCode: 0,
    errorCode: typeof body.error === 'string' ? body.error : 'stream_error',
    operation: OPERATION,
  });
}
