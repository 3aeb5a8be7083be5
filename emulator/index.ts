/**
 * The in-process API of the local Auth0 tenant emulator (development tooling:
 * a stand-in for tests and offline trials, not a real identity service).
 *
 *   const emu = await startEmulator({ port: 0 });
 *   … emu.url, emu.clientId, emu.clientSecret …
 *   await emu.close();
 */
import type { Clock } from './core/clock';
import type { Faults } from './core/faults';
import type { LogStore } from './core/logs';
import type { Outbox } from './core/outbox';
import type { RateLimitConfig, RateLimiter } from './core/rate-limit';
import type { SeedData } from './core/seed';
import { EmulatorServer } from './core/server';
import type { TenantState } from './core/state';
import { routeModules } from './routes';

export interface StartOptions {
  /** Port to listen on (0 = any free port). Default 0. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Client id of the default machine-to-machine application (default: random). */
  clientId?: string;
  /** Its client secret (default: random). */
  clientSecret?: string;
  /** Client id and secret of the default regular web application (default: random). */
  webClient?: { clientId: string; clientSecret: string };
  /** Data loaded after the defaults, at start and again by every reset(). */
  seed?: SeedData;
  /** Management API token bucket; off when absent. */
  rateLimit?: RateLimitConfig | null;
  /** Tenant domain used in the management audience (default `127.0.0.1:PORT`). */
  domain?: string;
  /** Most log events kept (oldest dropped first). Default 100,000. */
  maxLogs?: number;
}

export interface Emulator {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly port: number;
  /** `127.0.0.1:PORT` (or the `domain` option). */
  readonly domain: string;
  /** The default machine-to-machine client (granted every management scope). */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The default regular web application (interactive grants, local callbacks). */
  readonly webClient: { clientId: string; clientSecret: string };
  /** The default single-page application (public client, PKCE). */
  readonly spaClient: { clientId: string };
  /** `https://<domain>/api/v2/` */
  readonly managementAudience: string;
  /** Token issuer, `<url>/`. */
  readonly issuer: string;
  readonly state: TenantState;
  readonly outbox: Outbox;
  readonly faults: Faults;
  readonly clock: Clock;
  readonly logs: LogStore;
  readonly rateLimiter: RateLimiter;
  /** A management token for the default M2M client with `scopes` (default: all it is granted). */
  managementToken(scopes?: readonly string[], lifetimeSeconds?: number): string;
  /** Back to the start state: defaults plus the `seed` option; logs, outbox and timers emptied. */
  reset(): void;
  /** Loads more data on top of the current state. */
  seed(data: SeedData): void;
  close(): Promise<void>;
}

export async function startEmulator(options: StartOptions = {}): Promise<Emulator> {
  const server = new EmulatorServer(options);
  await server.start(routeModules);
  const defaults = server.state.defaults;
  return {
    url: server.url,
    port: server.port,
    domain: server.domain,
    clientId: defaults.m2m.clientId,
    clientSecret: defaults.m2m.clientSecret,
    webClient: { ...defaults.web },
    spaClient: { ...defaults.spa },
    managementAudience: server.managementAudience,
    issuer: server.issuer,
    state: server.state,
    outbox: server.outbox,
    faults: server.faults,
    clock: server.clock,
    logs: server.logs,
    rateLimiter: server.rateLimiter,
    managementToken(scopes?: readonly string[], lifetimeSeconds?: number): string {
      const granted = server.state.grantedScopes(defaults.m2m.clientId, server.managementAudience) ?? [];
      return server.issueManagementToken(defaults.m2m.clientId, scopes ?? granted, lifetimeSeconds).token;
    },
    reset: () => server.reset(),
    seed: (data: SeedData) => server.seed(data),
    close: () => server.close(),
  };
}

export type { SeedData } from './core/seed';
export type { FaultSettings } from './core/faults';
export type { OutboxMessage } from './core/outbox';
export type { LogEvent } from './core/logs';
