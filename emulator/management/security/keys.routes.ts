/**
 * Keys (`/api/v2/keys/…`): the token signing keys with real rotation and revocation, the custom signing key set, and encryption keys through Auth0's bring-your-own-key
 * steps (create, wrapping key, import → active; rekey). The Network ACL keys are plain data in
 * security-resources.ts.
 *
 * The signing keys are the emulator's own: after a rotation new tokens are signed with the new
 * key, tokens signed before still verify, and /.well-known/jwks.json lists both (and the next key);
 * revoking the old key removes it from the JWKS and its tokens stop verifying (management tokens
 * too). `cert` holds the public key in PEM, as the emulator makes no X.509 certificates.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { ApiError, notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import { offsetBody, offsetPage } from '../../core/paging';
import type { JsonRecord } from '../../core/collection';
import type { RoutesModule } from '../../core/types';
import { bodyObject, checkBody, clone, payloadError } from '../group-helpers';

/** Auth0's certificate fingerprint and thumbprint: the SHA-1 of the DER bytes. */
function fingerprints(pem: string): { fingerprint: string; thumbprint: string } {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const sha1 = createHash('sha1').update(der).digest('hex').toUpperCase();
  return { fingerprint: sha1.match(/.{2}/g)!.join(':'), thumbprint: sha1 };
}

/** When each key became current, stopped being current, was revoked (the signer keeps no clock). */
interface KeyTimes {
  current_since?: string;
  current_until?: string;
  revoked_at?: string;
}

const ENCRYPTION_TYPES = ['customer-provided-root-key', 'tenant-encryption-key'];

export const registerKeysRoutes: RoutesModule = (routes, tenant) => {
  // ---- signing keys: the signer's own, so rotation and revocation change the tokens and the JWKS ----
  routes.onReset(() => tenant.signer.reset());
  const times = () => tenant.state.doc<Record<string, KeyTimes>>('signing-key-times', () => ({}));
  const signingKeys = (): JsonRecord[] =>
    tenant.signer.keyStates().map((key) => {
      // The key in use at start became current then; it is noted the first time it is shown.
      if (key.current && !times()[key.kid]?.current_since) times()[key.kid] = { ...times()[key.kid], current_since: tenant.clock.isoNow() };
      const when = times()[key.kid] ?? {};
      const view: JsonRecord = {
        kid: key.kid,
        cert: key.pem,
        pkcs7: key.pem,
        ...fingerprints(key.pem),
        current: key.current,
        next: key.next,
        previous: key.previous,
        revoked: key.revoked,
        current_since: when.current_since,
        current_until: when.current_until,
        revoked_at: when.revoked_at,
      };
      for (const name of Object.keys(view)) if (view[name] === undefined) delete view[name];
      return view;
    });
  const requireSigningKey = (kid: string): JsonRecord => {
    const key = signingKeys().find((k) => k.kid === kid);
    if (!key) throw notFound('Signing key not found', 'inexistent_signing_key');
    return key;
  };
  routes.management('GET', '/api/v2/keys/signing', 'read:signing_keys', () => signingKeys());
  routes.management('GET', '/api/v2/keys/signing/:kid', 'read:signing_keys', (ctx) => requireSigningKey(ctx.params.kid));
  routes.management(
    'POST',
    '/api/v2/keys/signing/rotate',
    ['create:signing_keys', 'update:signing_keys'],
    (ctx) => {
      const now = tenant.clock.isoNow();
      const before = tenant.signer.kid;
      times()[before] = { ...times()[before], current_since: times()[before]?.current_since ?? now, current_until: now };
      const kid = tenant.signer.rotate();
      times()[kid] = { current_since: now };
      ctx.status = 201;
      const key = requireSigningKey(kid);
      return { cert: key.cert, kid };
    },
    { description: 'Rotate the signing key' },
  );
  routes.management(
    'PUT',
    '/api/v2/keys/signing/:kid/revoke',
    'update:signing_keys',
    (ctx) => {
      const key = requireSigningKey(ctx.params.kid);
      if (key.revoked) return { cert: key.cert, kid: key.kid };
      if (!tenant.signer.revoke(String(key.kid))) throw new ApiError(400, 'The current and the next signing key cannot be revoked', 'invalid_key_state');
      times()[String(key.kid)] = { ...times()[String(key.kid)], revoked_at: tenant.clock.isoNow() };
      return { cert: key.cert, kid: key.kid };
    },
    { description: 'Revoke a signing key' },
  );

  // ---- custom signing key set ----
  const custom = () => tenant.state.doc<{ keys?: unknown[] }>('custom-signing-keys', () => ({}));
  routes.management('GET', '/api/v2/keys/custom-signing', 'read:custom_signing_keys', () => {
    if (!custom().keys) throw notFound('No custom signing keys are set', 'inexistent_custom_signing_keys');
    return { keys: clone(custom().keys) };
  });
  routes.management(
    'PUT',
    '/api/v2/keys/custom-signing',
    ['create:custom_signing_keys', 'update:custom_signing_keys'],
    (ctx) => {
      const body = checkBody(bodyObject(ctx), { types: { keys: 'array' }, required: ['keys'] });
      const keys = body.keys as unknown[];
      keys.forEach((key, i) => {
        if (key === null || typeof key !== 'object' || Array.isArray(key)) throw payloadError('Expected type object', `keys[${i}]`);
        const jwk = key as Record<string, unknown>;
        if (typeof jwk.kty !== 'string') throw payloadError('Missing required property: kty', `keys[${i}]`);
        // Public keys only: a private member would be a secret handed to Auth0 by mistake.
        if (jwk.d !== undefined) throw payloadError('Private key members are not allowed', `keys[${i}]`);
      });
      tenant.state.setDoc('custom-signing-keys', { keys: clone(keys) });
      return { keys: clone(keys) };
    },
    { description: 'Set the custom signing keys' },
  );
  routes.management(
    'DELETE',
    '/api/v2/keys/custom-signing',
    'delete:custom_signing_keys',
    (ctx) => {
      tenant.state.setDoc('custom-signing-keys', {});
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete the custom signing keys' },
  );

  // ---- encryption keys ----
  const encryption = () => {
    const keys = tenant.state.collection('encryption-keys', 'kid');
    if (keys.size === 0) {
      const now = tenant.clock.isoNow();
      keys.insert({ kid: randomAlnum(22), type: 'environment-root-key', state: 'active', created_at: now, updated_at: now, parent_kid: null });
      const root = keys.list()[0].kid as string;
      keys.insert({ kid: randomAlnum(22), type: 'tenant-master-key', state: 'active', created_at: now, updated_at: now, parent_kid: root });
    }
    return keys;
  };
  const requireEncryptionKey = (kid: string): JsonRecord => {
    const key = encryption().get(kid);
    if (!key) throw notFound('Encryption key not found', 'inexistent_encryption_key');
    return key;
  };
  const touch = (key: JsonRecord, change: JsonRecord): JsonRecord => {
    const next = { ...key, ...change, updated_at: tenant.clock.isoNow() };
    encryption().put(next);
    return clone(next);
  };
  routes.management('GET', '/api/v2/keys/encryption', 'read:encryption_keys', (ctx) =>
    offsetBody(offsetPage(encryption().list(), ctx.query, { itemsKey: 'keys' }), 'keys', (key) => clone(key)),
  );
  routes.management(
    'POST',
    '/api/v2/keys/encryption',
    'create:encryption_keys',
    (ctx) => {
      const body = checkBody(bodyObject(ctx), { types: { type: 'string' }, required: ['type'], enums: { type: ENCRYPTION_TYPES } });
      const now = tenant.clock.isoNow();
      const key: JsonRecord = { kid: randomAlnum(22), type: body.type, state: 'pre-activation', created_at: now, updated_at: now, parent_kid: null };
      encryption().insert(key);
      ctx.status = 201;
      return clone(key);
    },
    { description: 'Create an encryption key' },
  );
  routes.management('GET', '/api/v2/keys/encryption/:kid', 'read:encryption_keys', (ctx) => clone(requireEncryptionKey(ctx.params.kid)));
  routes.management(
    'POST',
    '/api/v2/keys/encryption/:kid/wrapping-key',
    'create:encryption_keys',
    (ctx) => {
      const key = requireEncryptionKey(ctx.params.kid);
      if (key.state !== 'pre-activation') throw new ApiError(409, 'The key is not awaiting import', 'invalid_key_state');
      const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      ctx.status = 201;
      return { public_key: publicKey.export({ format: 'pem', type: 'spki' }).toString(), algorithm: 'CKM_RSA_AES_KEY_WRAP' };
    },
    { description: 'Create a wrapping key' },
  );
  routes.management(
    'POST',
    '/api/v2/keys/encryption/:kid',
    'update:encryption_keys',
    (ctx) => {
      const key = requireEncryptionKey(ctx.params.kid);
      const body = checkBody(bodyObject(ctx), { types: { wrapped_key: 'string' }, required: ['wrapped_key'] });
      if (key.state !== 'pre-activation') throw new ApiError(409, 'The key is not awaiting import', 'invalid_key_state');
      if (!/^[A-Za-z0-9+/=]+$/.test(body.wrapped_key as string)) throw payloadError('wrapped_key must be base64', 'wrapped_key');
      ctx.status = 201;
      // The key material itself is never kept or shown.
      return touch(key, { state: 'active' });
    },
    { description: 'Import an encryption key' },
  );
  routes.management(
    'POST',
    '/api/v2/keys/encryption/rekey',
    ['create:encryption_keys', 'update:encryption_keys'],
    (ctx) => {
      const keys = encryption();
      const old = keys.list().find((k) => k.type === 'tenant-master-key' && k.state === 'active');
      const now = tenant.clock.isoNow();
      if (old) touch(old, { state: 'destroyed' });
      keys.insert({ kid: randomAlnum(22), type: 'tenant-master-key', state: 'active', created_at: now, updated_at: now, parent_kid: old?.parent_kid ?? null });
      ctx.status = 204;
      return undefined;
    },
    { description: 'Rekey the encryption key hierarchy' },
  );
  routes.management(
    'DELETE',
    '/api/v2/keys/encryption/:kid',
    'delete:encryption_keys',
    (ctx) => {
      const key = requireEncryptionKey(ctx.params.kid);
      if (key.state === 'active' && key.type !== 'customer-provided-root-key' && key.type !== 'tenant-encryption-key') {
        throw new ApiError(400, 'Auth0-managed active keys cannot be deleted', 'invalid_key_state');
      }
      encryption().delete(ctx.params.kid);
      ctx.status = 204;
      return undefined;
    },
    { description: 'Delete an encryption key' },
  );
};
