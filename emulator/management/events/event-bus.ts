/**
 * The tenant's event bus: every state change worth an Auth0 event is published here once (one
 * line in the routes that change state); the bus writes it to the retained log that the Events
 * API serves, and hands it to every listener (the webhook deliverer, open SSE connections).
 *
 * One bus per tenant state, found with `eventBusOf(tenant)` so that a routes file needs no more
 * than an import and a call.
 */
import { randomAlnum } from '../../core/ids';
import type { TenantState } from '../../core/state';
import type { Tenant } from '../../core/types';
import { tenantName } from '../group-helpers';
import { type CloudEvent, DEFAULT_MAX_EVENTS, EventLog, type LoggedEvent } from './event-log';

export interface EventsApiSettings {
  /** Auth0 closes an Events API connection "typically every few minutes". */
  disconnectMs: number;
  /** How often an idle connection gets a `: heartbeat` comment (and an offset-only marker when it moved). */
  heartbeatMs: number;
  /** Open Events API connections allowed at once (Free 1, self-service 4, Enterprise 8). */
  maxConnections: number;
  /** Seconds a 429 for too many connections asks the client to wait. */
  retryAfterSeconds: number;
}

export const DEFAULT_EVENTS_API_SETTINGS: EventsApiSettings = {
  disconnectMs: 5 * 60_000,
  heartbeatMs: 15_000,
  maxConnections: 4,
  retryAfterSeconds: 5,
};

export type EventListener = (entry: LoggedEvent) => void;

export interface PublishContext {
  /** The request's tenant (the bus's own when absent). */
  tenant?: Tenant;
  ip?: string;
  userAgent?: string;
  method?: string;
  clientId?: string;
}

export class EventBus {
  readonly log = new EventLog();
  settings: EventsApiSettings = { ...DEFAULT_EVENTS_API_SETTINGS };
  private readonly listeners = new Set<EventListener>();
  /** The stream id Events API events carry (`a0stream`): one per tenant, like Auth0's. */
  readonly apiStreamId = `est_${randomAlnum(22)}`;

  constructor(private readonly tenant: Tenant) {}

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A CloudEvent of `type` about `object` (a copy is taken now), logged and handed to every listener. */
  publish(context: PublishContext, type: string, object: unknown, previous?: unknown): LoggedEvent {
    const event = this.cloudEvent(type, buildData(this.tenant, context, object, previous), this.apiStreamId);
    const entry = this.log.append(event);
    for (const listener of this.listeners) {
      try {
        listener(entry);
      } catch {
        // A failing consumer must not fail the request that changed the state.
      }
    }
    return entry;
  }

  cloudEvent(type: string, data: Record<string, unknown>, streamId: string): CloudEvent {
    return {
      specversion: '1.0',
      type,
      source: `urn:auth0:${this.tenant.domain}`,
      id: `evt_${randomAlnum(22)}`,
      time: this.tenant.clock.isoNow(),
      data,
      a0tenant: tenantName(this.tenant),
      a0stream: streamId,
    };
  }

  /** Settings back to defaults and the log emptied (positions keep increasing). */
  reset(): void {
    this.log.clear();
    this.log.maxEvents = DEFAULT_MAX_EVENTS;
    this.settings = { ...DEFAULT_EVENTS_API_SETTINGS };
  }
}

function snapshot<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function buildData(tenant: Tenant, context: PublishContext, object: unknown, previous: unknown): Record<string, unknown> {
  const tenantId = tenantName(tenant);
  const ctx: Record<string, unknown> = { tenant: { id: tenantId } };
  if (context.ip !== undefined) {
    ctx.request = { geo: {}, hostname: tenant.domain, ip: context.ip, method: context.method ?? 'POST', user_agent: context.userAgent ?? '' };
  }
  if (context.clientId) {
    const client = tenant.state.clients.get(context.clientId);
    ctx.client = { id: context.clientId, name: client?.name ?? '', metadata: {} };
  }
  const data: Record<string, unknown> = { object: snapshot(object) };
  if (previous !== undefined) data.previous_object = snapshot(previous);
  data.context = ctx;
  return data;
}

const buses = new WeakMap<TenantState, EventBus>();

/** The tenant's bus (made on first use). */
export function eventBusOf(tenant: Tenant): EventBus {
  let bus = buses.get(tenant.state);
  if (!bus) {
    bus = new EventBus(tenant);
    buses.set(tenant.state, bus);
  }
  return bus;
}

/** The bus of an in-process emulator, by its state (tests and benches). */
export function eventBusOfState(state: TenantState): EventBus | undefined {
  return buses.get(state);
}

export { snapshot };
