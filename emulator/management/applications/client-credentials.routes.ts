/**
 * An application's registered credentials: `/api/v2/clients/{client_id}/credentials` (list,
 * create) and `/{credential_id}` (get, update the expiry, delete). Public keys (or certificates)
 * registered here, and enabled in the client's `client_authentication_methods.private_key_jwt`,
 * verify its private key JWT assertions (emulator/authentication/client-assertion.ts). The PEM is kept but
 * never returned, as in Auth0; two credentials per application at most.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { badRequest, notFound } from '../../core/errors';
import { prefixedId } from '../../core/ids';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule, Tenant } from '../../core/types';
import { bodyObject, checkBody, checkString, clone, payloadError, type BodySpec } from '../group-helpers';
import { toText } from '../../../nodes/shared/to-text';

export const CLIENT_CREDENTIALS = 'client-credentials';
const MAX_PER_CLIENT = 2;
const KID_PATTERN = /^[0-9a-zA-Z\-_]{10,64}$/;

const CREATE_SPEC: BodySpec = {
  types: {
    credential_type: 'string',
    name: 'string',
    subject_dn: 'string',
    pem: 'string',
    alg: 'string',
    parse_expiry_from_cert: 'boolean',
    expires_at: 'string',
    kid: 'string',
  },
  required: ['credential_type'],
  enums: { credential_type: ['public_key', 'cert_subject_dn', 'x509_cert'], alg: ['RS256', 'RS384', 'PS256'] },
};

const UPDATE_SPEC: BodySpec = { types: { expires_at: ['string', 'null'] } };

/** The public key of a stored credential, or undefined (a subject DN credential has none). */
export function credentialKey(record: JsonRecord): KeyObject | undefined {
  if (typeof record.pem !== 'string') return undefined;
  try {
    return createPublicKey(record.pem);
  } catch {
    return undefined;
  }
}

/** RFC 7638 thumbprint of an RSA key: the kid Auth0-style generation stands in for. */
function thumbprint(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' }) as { e: string; kty: string; n: string };
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
}

function checkDate(value: unknown, property: string): void {
  if (typeof value === 'string' && Number.isNaN(Date.parse(value)))
    throw payloadError(`Object didn't pass validation for format date-time: ${value}`, property);
}

/** What Auth0 returns: never the PEM. */
export function presentCredential(record: JsonRecord): JsonRecord {
  const { pem: _pem, client_id: _clientId, ...shown } = clone(record);
  return shown;
}

/** The credentials registered for `clientId`. */
function credentialsOf(tenant: Tenant, clientId: string): JsonRecord[] {
  return tenant.state
    .collection(CLIENT_CREDENTIALS)
    .list()
    .filter((c) => c.client_id === clientId);
}

/** Checks and stores a credential of `clientId` (from `POST …/credentials`, or inline in a new client). */
export function createCredential(tenant: Tenant, clientId: string, given: JsonRecord): JsonRecord {
  const body = checkBody(given, CREATE_SPEC);
  checkString(body.name, 'name', { max: 128 });
  checkDate(body.expires_at, 'expires_at');
  if (body.kid !== undefined && !KID_PATTERN.test(body.kid as string))
    throw payloadError(`String does not match pattern ^([0-9a-zA-Z-_]{10,64})$: ${toText(body.kid)}`, 'kid');
  const type = body.credential_type as string;
  let key: KeyObject | undefined;
  if (type === 'cert_subject_dn') {
    if (typeof body.subject_dn !== 'string' || body.subject_dn === '') throw badRequest('subject_dn is required for credential_type cert_subject_dn');
  } else {
    if (typeof body.pem !== 'string') throw badRequest(`pem is required for credential_type ${type}`);
    try {
      key = createPublicKey(body.pem);
    } catch {
      throw badRequest('The pem is not a valid PEM-formatted public key or X509 certificate');
    }
    if (key.asymmetricKeyType !== 'rsa') throw badRequest('Only RSA keys are supported');
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 2048) throw badRequest('The key must be at least 2048 bits');
  }
  if (credentialsOf(tenant, clientId).length >= MAX_PER_CLIENT) {
    throw badRequest(`An application can have at most ${MAX_PER_CLIENT} credentials; delete one first`, 'too_many_credentials');
  }
  const now = tenant.clock.isoNow();
  const record: JsonRecord = {
    id: prefixedId('cred', 22),
    client_id: clientId,
    name: body.name ?? '',
    credential_type: type,
    created_at: now,
    updated_at: now,
  };
  if (key) {
    record.kid = body.kid ?? thumbprint(key);
    record.alg = body.alg ?? 'RS256';
    record.pem = body.pem;
    if (type === 'x509_cert')
      record.thumbprint_sha256 = createHash('sha256')
        .update(key.export({ format: 'der', type: 'spki' }))
        .digest('base64url');
  }
  if (type === 'cert_subject_dn') record.subject_dn = body.subject_dn;
  if (typeof body.expires_at === 'string') record.expires_at = new Date(body.expires_at).toISOString();
  tenant.state.collection(CLIENT_CREDENTIALS).insert(record);
  return record;
}

export const registerClientCredentialsRoutes: RoutesModule = (routes, tenant) => {
  const credentials = () => tenant.state.collection(CLIENT_CREDENTIALS);
  const requireClient = (id: string): void => {
    if (!tenant.state.clients.get(id)) throw notFound('The client does not exist', 'inexistent_client');
  };
  const ofClient = (clientId: string): JsonRecord[] =>
    credentials()
      .list()
      .filter((c) => c.client_id === clientId);
  const requireCredential = (clientId: string, credentialId: string): JsonRecord => {
    requireClient(clientId);
    const found = credentials().get(credentialId);
    if (!found || found.client_id !== clientId) throw notFound('The credential does not exist', 'inexistent_credential');
    return found;
  };

  routes.management('GET', '/api/v2/clients/:id/credentials', 'read:client_credentials', (ctx) => {
    requireClient(ctx.params.id);
    return ofClient(ctx.params.id).map(presentCredential);
  });

  routes.management(
    'POST',
    '/api/v2/clients/:id/credentials',
    'create:client_credentials',
    (ctx) => {
      const clientId = ctx.params.id;
      requireClient(clientId);
      const record = createCredential(tenant, clientId, bodyObject(ctx));
      ctx.status = 201;
      return presentCredential(record);
    },
    { description: 'Create a client credential' },
  );

  routes.management('GET', '/api/v2/clients/:id/credentials/:credential_id', 'read:client_credentials', (ctx) => {
    return presentCredential(requireCredential(ctx.params.id, ctx.params.credential_id));
  });

  routes.management(
    'PATCH',
    '/api/v2/clients/:id/credentials/:credential_id',
    'update:client_credentials',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), UPDATE_SPEC);
      if (Object.keys(body).length === 0) throw payloadError('Too few properties defined (0), minimum 1');
      checkDate(body.expires_at, 'expires_at');
      const found = requireCredential(ctx.params.id, ctx.params.credential_id);
      const updated = credentials().update(found.id as string, (c) => {
        if (body.expires_at === null) delete c.expires_at;
        else c.expires_at = new Date(body.expires_at as string).toISOString();
        c.updated_at = tenant.clock.isoNow();
      }) as JsonRecord;
      // 200, as Auth0 answers (recorded 2023; the v7 SDK's types say 201 and the emulator followed them before).
      ctx.status = 200;
      return presentCredential(updated);
    },
    { description: 'Update a client credential' },
  );

  routes.management(
    'DELETE',
    '/api/v2/clients/:id/credentials/:credential_id',
    'delete:client_credentials',
    (ctx) => {
      const found = credentials().get(ctx.params.credential_id);
      if (found && found.client_id === ctx.params.id) credentials().delete(ctx.params.credential_id);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete a client credential' },
  );
};
