/**
 * Private key JWT for the Authentication API operations that take the tenant's client secret:
 * when the request is for the tenant's own application and the tenant has a private key instead
 * of a secret, the body carries a fresh `client_assertion` where Auth0 takes one. Data-driven:
 * any operation whose inputs default to the config node's clientId and clientSecret gets it.
 */
import type { OperationSpec } from '../shared/catalogue';
import { ASSERTION_ENDPOINTS, CLIENT_ASSERTION_TYPE } from '../tenant-client/client-assertion';
import type { RequestSpec, TenantClient } from '../shared/http-types';
import { isUnset } from './inputs';

function credentialInputs(op: OperationSpec): { clientId?: string; clientSecret?: string } {
  return {
    clientId: op.inputs.find((input) => input.fromConfig === 'clientId')?.name,
    clientSecret: op.inputs.find((input) => input.fromConfig === 'clientSecret')?.name,
  };
}

/**
 * True when this request would authenticate the tenant's own application and may carry an
 * assertion: an endpoint that takes one, the tenant's client id, no client secret given or held.
 * (Whether the tenant has a key is the client's to say: `clientAssertion()` is undefined without.)
 */
export function assertionApplies(op: OperationSpec, values: Record<string, unknown>, client: TenantClient): boolean {
  if (op.method !== 'POST' || !ASSERTION_ENDPOINTS.has(op.path) || typeof client.clientAssertion !== 'function') return false;
  const names = credentialInputs(op);
  if (!names.clientId || !names.clientSecret || !isUnset(values[names.clientSecret])) return false;
  const ownId = client.defaultCredential('clientId');
  return Boolean(ownId) && values[names.clientId] === ownId && !client.defaultCredential('clientSecret');
}

/**
 * True when the tenant signs this request with its private key (so its client secret input may
 * stay unset). Asking signs one assertion: cheap, and a bad key fails here, before any request.
 */
export function signsWithPrivateKey(op: OperationSpec, values: Record<string, unknown>, client: TenantClient): boolean {
  return assertionApplies(op, values, client) && client.clientAssertion?.() !== undefined;
}

/** The operation with its client secret optional: the assertion will stand in for it. */
export function secretOptional(op: OperationSpec): OperationSpec {
  return { ...op, inputs: op.inputs.map((input) => (input.fromConfig === 'clientSecret' && input.required ? { ...input, required: false } : input)) };
}

/** The request with a fresh assertion in its body (a new `jti` for every request sent). */
export function withClientAssertion(spec: RequestSpec, client: TenantClient): RequestSpec {
  const assertion = client.clientAssertion?.();
  if (!assertion) return spec;
  const body = typeof spec.body === 'object' && spec.body !== null && !Array.isArray(spec.body) ? (spec.body as Record<string, unknown>) : {};
  return {
    ...spec,
    body: { ...body, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion },
    contentType: spec.contentType ?? 'json',
    secrets: [...(spec.secrets ?? []), assertion],
  };
}
