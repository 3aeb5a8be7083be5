/**
 * What every cases file of the management request table shares: the case type, the awkward id
 * every path input is tested with, and the small adapters between a case and its SDK call.
 */
import type { ManagementClient } from 'auth0';
import type { GroupSpec } from '../../../nodes/shared/catalogue';

/** An id with every character that could break out of a path segment. */
export const ODD = 'auth0|a/b?c#d %';
/** ODD as it must appear in the path. */
export const E = 'auth0%7Ca%2Fb%3Fc%23d%20%25';
/** The custom domain both the SDK and our nodes are configured with. */
export const CUSTOM_DOMAIN = 'login.example.com';

export interface ExpectedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  /** Query parameters sent as the key repeated (`strategy=auth0&strategy=samlp`), one value each. */
  queryLists?: Record<string, string[]>;
  /** JSON body, or for a multipart upload `{ fields, files }` with each file's JSON content. */
  body?: unknown;
  /** The request carries Auth0-Custom-Domain. */
  customDomain?: boolean;
}

export interface RequestCase {
  group: GroupSpec;
  op: string;
  /** What the flow sets, by input name (before defaults). */
  values: Record<string, unknown>;
  expect: ExpectedRequest;
  /** The official SDK call that sends the same request. */
  sdk?: (client: ManagementClient) => Promise<unknown>;
  /** Where the expectation comes from when there is no SDK call. */
  source?: string;
}

/**
 * A parameter the SDK defaults (take=50, include_totals=true, …) but the specification does not:
 * null makes the SDK leave it out, so both sides send only what the flow asked for.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const NONE = null as any;
/**
 * A request body the SDK types more narrowly than a shape test needs (required properties, enums):
 * the SDK sends it as the same JSON, which is all the comparison is about.
 */
export const raw = (body: unknown) => body as never;
/** Query parameters the SDK method has no argument for, passed through its requestOptions. */
export const q = (queryParams: Record<string, unknown>) => ({ queryParams });

export const PERMS = [{ resource_server_identifier: 'https://api.example.com/', permission_name: 'read:reports' }];
export const PY4 = 'auth0-python 4.x';
