/**
 * Pieces shared by the events tests: the built event nodes, the emulator's event controls, and
 * producing events in bulk through the emulator's own bus (as its state changes would).
 */
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { GA_EVENT_TYPES } from '../../emulator/management/events/event-types';
import { translating } from '../helpers/messages';
import { helper, type FlowNode } from '../helpers/node-red';
import { watcherNode } from '../logs/runtime';
import { repeatsAndGaps } from '../helpers/repeats-and-gaps';

const dist = path.resolve(__dirname, '..', '..');

/** The built event nodes, with a `RED._` that translates their status texts as Node-RED does. */
export function eventModules(...names: string[]): unknown[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return ['config/auth0-config', ...names.map((n) => `events/${n}`)].map((name) => translating(require(path.join(dist, 'nodes', name))));
}

/** The tests' auth0-events node `watch` on the tenant `tenant`: every type, the default store, wired to `out`; with `overrides`. */
export function eventsWatchNode(overrides: Record<string, unknown> = {}): FlowNode {
  return watcherNode('auth0-events', { types: [], store: '', ...overrides });
}

/**
 * A fresh emulator for each test of the suite, its events `settings` applied (default: a heartbeat
 * every 100 ms); after each test the flow is unloaded and the emulator closed. `started` receives
 * the emulator before each test.
 */
export function useEventsEmulator(started: (emu: Emulator) => void, settings: Record<string, unknown> = { heartbeatMs: 100 }): void {
  let emu: Emulator | undefined;
  beforeEach(async () => {
    emu = await startEmulator({ port: 0 });
    await eventSettings(emu, settings);
    started(emu);
  });
  afterEach(async () => {
    await helper.unload();
    await emu?.close();
  });
}

export async function control(emu: Emulator, method: string, pathName: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${emu.url}/__emulator/${pathName}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} /__emulator/${pathName}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export function eventSettings(emu: Emulator, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
  return control(emu, 'PUT', 'events/settings', settings);
}

/** Publishes `count` events of the GA types in turn; returns their ids in order. */
export function produce(emu: Emulator, count: number, types: readonly string[] = GA_EVENT_TYPES): string[] {
  const bus = eventBusOfState(emu.state);
  if (!bus) throw new Error('the emulator has no event bus');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const type = types[i % types.length];
    ids.push(bus.publish({}, type, { user_id: `auth0|produced${i}`, n: i }).event.id);
  }
  return ids;
}

/** Every event the emulator has produced (and retains), in order. */
export function producedIds(emu: Emulator, types?: readonly string[]): string[] {
  const bus = eventBusOfState(emu.state)!;
  return bus.log
    .all()
    .filter((e) => !types || types.includes(e.event.type))
    .map((e) => e.event.id);
}

/** The ids a collector received. */
export function sentIds(messages: Record<string, unknown>[]): string[] {
  return messages.map((m) => String((m.payload as { id?: unknown }).id));
}

/** Repeats and gaps, described for a failure message. */
export function compare(sent: string[], expected: string[]): string {
  return repeatsAndGaps(sent, expected, 'produced');
}

/** The watcher's stored offset, read through the context API of the deployed node. */
export function storedOffset(nodeId: string, key: string, store?: string): Promise<string | undefined> {
  const node = helper.getNode(nodeId) as unknown as {
    context(): { flow: { get(key: string, store: string | undefined, cb: (err: Error | null, value: unknown) => void): void } };
  } | null;
  if (!node) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    node.context().flow.get(key, store, (err, value) => (err ? reject(err) : resolve((value as { lastEventId?: string } | undefined)?.lastEventId)));
  });
}
