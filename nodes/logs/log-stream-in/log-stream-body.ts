/**
 * The bodies Auth0's custom webhook log stream POSTs: its "content format" is JSON lines (one
 * JSON value per line, the default), a JSON array, or a single JSON object. Each item is either a
 * log event or Auth0's wrapping `{log_id, data: {…event…}}`; both come out as the event itself.
 * Past `mostItems` items the reading stops (TooManyItemsError), before any item is unwrapped.
 */
import { TooManyItemsError } from '../../receive/receiver';

export type StreamedEvent = Record<string, unknown> & { log_id?: string; type?: string };

export class BodyFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BodyFormatError';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The event inside an item, with its log_id (the wrapping's when the event lacks one). */
export function unwrapEvent(item: unknown, index: number): StreamedEvent {
  if (!isObject(item)) throw new BodyFormatError(`item ${index + 1} is not a JSON object`);
  if (isObject(item.data)) {
    const event: StreamedEvent = { ...item.data };
    const id = item.log_id ?? event.log_id ?? event._id;
    if (typeof id === 'string' && id !== '') event.log_id = id;
    return event;
  }
  return { ...item };
}

function jsonLines(text: string, mostItems: number): unknown[] {
  const items: unknown[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      throw new BodyFormatError(`line ${i + 1} is not JSON`);
    }
    if (Array.isArray(value)) for (const item of value as unknown[]) items.push(item);
    else items.push(value);
    if (items.length > mostItems) throw new TooManyItemsError();
  });
  return items;
}

/** The events of a body, in order. An empty body has none. */
export function parseStreamBody(body: unknown, mostItems = Infinity): StreamedEvent[] {
  let items: unknown[];
  if (Array.isArray(body)) items = body;
  else if (isObject(body) && !Buffer.isBuffer(body)) items = [body];
  else {
    const text = (Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '').trim();
    if (text === '') return [];
    try {
      const value = JSON.parse(text) as unknown;
      items = Array.isArray(value) ? value : [value];
    } catch {
      // Not one JSON value: JSON lines (several objects, one per line).
      items = jsonLines(text, mostItems);
    }
  }
  if (items.length > mostItems) throw new TooManyItemsError(items.length);
  return items.map((item, i) => unwrapEvent(item, i));
}
