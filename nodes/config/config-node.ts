/**
 * What the auth0-config node offers the nodes that use it, and how its settings become
 * client options. Kept apart from the node module, which Node-RED loads with `export =`.
 */
import type { TenantClientOptions } from '../tenant-client/client-options';
import type { SharedState } from '../shared-state/shared-state';
import type { Fingerprinter } from './fingerprint-key';
import { ConfigError } from '../shared/errors';
import type { TenantClient } from '../shared/http-types';
import type { Node, NodeDefinition, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { toText } from '../shared/to-text';

/** What a node registered with its tenant is told about the tenant's rate limit (see tenant-use.ts). */
export interface TenantUser {
  /** The tenant's requests are paused: show it. */
  rateLimited(status: NodeStatus): void;
  /** The pause is over: show the node's own status again. */
  rateLimitOver(): void;
}

export interface Auth0ConfigNode extends Node {
  /**
   * The tenant's shared client, created on first use; with an unusable domain every request fails
   * with a ConfigError. Once the config node has closed it refuses (a TenantClosedError) rather
   * than make a client nobody would close.
   */
  getClient(): TenantClient;
  /** `user`: told when the tenant's rate limit pauses and resumes requests; without one the node's status is left alone. */
  register(node: Node, user?: TenantUser): void;
  deregister(node: Node, done?: () => void): void;
  readonly domain: string;
  readonly customDomain?: string;
  /**
   * The tenant's shared state (Redis) when a Redis URL is set, else undefined; throws the
   * ConfigError of an unusable Redis URL. Optional: a config node of another make has none.
   */
  getSharedState?(): SharedState | undefined;
  /**
   * Keyed fingerprints of secrets for tenant snapshots (the key stays in the config node);
   * undefined when the node has no credential to derive the key from. Optional, as above.
   */
  getFingerprinter?(): Fingerprinter | undefined;
}

/**
 * A scheme or a trailing slash typed by habit is removed; whether what is left is a host (and port)
 * is the client's one check, which fails every request with a ConfigError naming the domain.
 */
export function normaliseDomain(raw: unknown): string {
  return toText(raw ?? '')
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
}

function numberSetting(value: unknown, fallback: number, min: number, max: number): number {
  const n = value === '' || value === undefined || value === null ? fallback : Number(value);
  return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : fallback;
}

/** Reads the editor's settings into client options (credentials only from `credentials`). */
export function clientOptionsFrom(config: NodeDefinition, credentials: Record<string, string | undefined>, nodeRedVersion?: string): TenantClientOptions {
  const options: TenantClientOptions = {
    domain: normaliseDomain(config.domain),
    protocol: config.protocol === 'http' ? 'http' : 'https',
    telemetry: config.telemetry !== false && config.telemetry !== 'false',
    connectTimeout: numberSetting(config.timeout, 5, 0.1, 600),
    readTimeout: numberSetting(config.readTimeout, 5, 0.1, 3600),
    retries: Math.round(numberSetting(config.retries, 3, 0, 10)),
    maxConcurrent: Math.round(numberSetting(config.maxConcurrent, 4, 1, 64)),
    requestsPerSecond: numberSetting(config.requestsPerSecond, 0, 0, 1000),
    maxResponseSize: numberSetting(config.maxResponseSize, 32, 1, 1024),
  };
  if (typeof config.audience === 'string' && config.audience.trim() !== '') options.audience = config.audience.trim();
  if (typeof config.customDomain === 'string' && config.customDomain.trim() !== '') options.customDomain = config.customDomain.trim();
  if (credentials.token) options.token = credentials.token;
  if (credentials.clientId) options.clientId = credentials.clientId;
  if (credentials.clientSecret) options.clientSecret = credentials.clientSecret;
  if (credentials.privateKey) options.privateKey = credentials.privateKey;
  if (config.signingAlg === 'RS384' || config.signingAlg === 'PS256') options.signingAlg = config.signingAlg;
  if (typeof config.keyId === 'string' && config.keyId.trim() !== '') options.keyId = config.keyId.trim();
  if (nodeRedVersion) options.nodeRedVersion = nodeRedVersion;
  return options;
}

/** The config node a node names in its `tenant` property, or a ConfigError saying what is wrong. */
export function findTenant(RED: NodeRedAPI, tenantId: unknown): Auth0ConfigNode {
  if (typeof tenantId !== 'string' || tenantId === '') {
    throw new ConfigError('no Auth0 tenant selected: choose an auth0-config node in the "Tenant" field');
  }
  const tenant = RED.nodes.getNode(tenantId) as Auth0ConfigNode | null;
  if (!tenant || typeof tenant.getClient !== 'function') {
    throw new ConfigError(`the Auth0 tenant ${tenantId} is not deployed or is not an auth0-config node`);
  }
  return tenant;
}
