import type { ConfigError } from '../shared/errors';
import type { SharedState } from '../shared-state/shared-state';

/** Settings of one tenant's client, read from an `auth0-config` node (or given by tests). */
export interface TenantClientOptions {
  /** `my-tenant.eu.auth0.com`, or `host:port` for a local emulator. */
  domain: string;
  protocol: 'https' | 'http';
  /** Send the `Auth0-Client` telemetry header. */
  telemetry: boolean;
  /** Connect timeout, seconds. */
  connectTimeout: number;
  /** Read timeout, seconds: the longest wait for the response once connected. */
  readTimeout: number;
  /** Retries of a request answered 429, or failing in a way that is transient (a dropped connection, a 5xx to a GET), 0..10. */
  retries: number;
  /** Management API audience; default `https://{domain}/api/v2/`. */
  audience?: string;
  /** Static management API token. */
  token?: string;
  clientId?: string;
  clientSecret?: string;
  /** PEM private key for private key JWT client authentication (used when there is no client secret). */
  privateKey?: string;
  /** The assertion's algorithm: RS256 (default), RS384 or PS256. */
  signingAlg?: 'RS256' | 'RS384' | 'PS256';
  /** The registered credential's `kid`, sent in the assertion's header when set. */
  keyId?: string;
  /** The largest answer read whole, in MB once decoded (default 32); streamed answers keep their own limits. */
  maxResponseSize?: number;
  /** Requests in flight at once for this tenant (default 4). */
  maxConcurrent?: number;
  /** Optional pacing, requests per second; 0 or unset: only the service's headers pace us. */
  requestsPerSecond?: number;
  /** Custom domain for the `Auth0-Custom-Domain` header on the endpoints that take it. */
  customDomain?: string;
  /** Node-RED's version, for telemetry. */
  nodeRedVersion?: string;
  /** Where the client reports retries and renewals; never given a secret. */
  log?: (level: 'debug' | 'info' | 'warn', message: string) => void;
  /** The replicas' shared state (Redis), when the config node has a Redis URL. */
  shared?: SharedState;
  /** An unusable Redis URL: every request fails with it (running alone could duplicate work). */
  sharedStateError?: ConfigError;
}
