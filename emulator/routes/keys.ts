/**
 * Keys (`/api/v2/keys/…`): the token signing keys with real rotation and revocation (the list
 * changes: next becomes current, current becomes previous, a new next appears; a revoked key is
 * marked so), the custom signing key set, and encryption keys through Auth0's bring-your-own-key
 * steps (create, wrapping key, import → active; rekey). The Network ACL keys are plain data in
 * security-resources.ts.
 *
 * The signing key list starts from the emulator's real signing key (its kid is the one in the
 * tokens and the JWKS); its `cert` holds the public key in PEM, as the emulator makes no X.509
 * certificates. Rotation changes this list, not the key the emulator signs with.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { ApiError, notFound } from '../core/errors';
import { randomAlnum } from '../core/ids';
import { offsetBody, offsetPage } from '../core/paging';
import type { JsonRecord } from '../core/collection';
import type { RoutesModule, Tenant } from '../core/types';
import { bodyObject, checkBody, clone, payloadError } from './group-helpers';

interface SigningKey extends JsonRecord {
  kid: string;
  cert: string;
  pkcs7: string;
  fingerprint: string;
  thumbprint: string;
  current?: boolean;
  next?: boolean;
  previous?: boolean;
  current_since?: string;
  current_until?: string;
  revoked?: boolean;
  revoked_at?: string;
}

function describeKey(kid: string, pem: string): SigningKey {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const sha1 = createHash('sha1').update(der).digest('hex').toUpperCase();
  return {
    kid, cert: pem, pkcs7: pem,
    fingerprint: sha1.match(/.{2}/g)!.join(':'),
    thumbprint: sha1,
  };
}

/** A new key pair for the next signing key (only its public half is ever shown). */
function newSigningKey(): SigningKey {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return describeKey(randomAlnum(22), publicKey.export({ format: 'pem', type: 'spki' }).toString());
}

function initialSigningKeys(tenant: Tenant): SigningKey[] {
  const current = { ...describeKey(tenant.signer.kid, tenant.signer.publicKeyPem()), current: true, current_since: tenant.clock.isoNow() };
  return [current, { ...newSigningKey(), next: true }];
}

const ENCRYPTION_TYPES = ['customer-provided-root-key', 'tenant-encryption-key'];

export const registerKeys: RoutesModule = (routes, tenant) => {
  // ---- signing keys ----
  const signing = () => tenant.state.doc<SigningKey[]>('signing-keys', () => initialSigningKeys(tenant));
  const requireSigningKey = (kid: string): SigningKey => {
    const key = signing().find((k) => k.kid === kid);
    if (!key) throw notFound('Signing key not found', 'inexistent_signing_key');
    return key;
  };
  routes.management('GET', '/api/v2/keys/signing', 'read:signing_keys', () => clone(signing()));
  routes.management('GET', '/api/v2/keys/signing/:kid', 'read:signing_keys', (ctx) => clone(requireSigningKey(ctx.params.kid)));
  routes.management('POST', '/api/v2/keys/signing/rotate', ['create:signing_keys', 'update:signing_keys'], (ctx) => {
    const now = tenant.clock.isoNow();
    const keys = signing();
    for (const key of keys) delete key.previous;
    const current = keys.find((k) => k.current);
    const next = keys.find((k) => k.next) ?? newSigningKey();
    if (current) Object.assign(current, { current: false, previous: true, current_until: now });
    delete next.next;
    Object.assign(next, { current: true, current_since: now });
    if (!keys.includes(next)) keys.push(next);
    keys.push({ ...newSigningKey(), next: true });
    ctx.status = 201;
    return { cert: next.cert, kid: next.kid };
  }, { description: 'Rotate the signing key' });
  routes.management('PUT', '/api/v2/keys/signing/:kid/revoke', 'update:signing_keys', (ctx) => {
    const key = requireSigningKey(ctx.params.kid);
    if (key.current || key.next) throw new ApiError(400, 'The current and the next signing key cannot be revoked', 'invalid_key_state');
    Object.assign(key, { revoked: true, revoked_at: tenant.clock.isoNow() });
    delete key.previous;
    return { cert: key.cert, kid: key.kid };
  }, { description: 'Revoke a signing key' });

  // ---- custom signing key set ----
  const custom = () => tenant.state.doc<{ keys?: unknown[] }>('custom-signing-keys', () => ({}));
  routes.management('GET', '/api/v2/keys/custom-signing', 'read:custom_signing_keys', () => {
    if (!custom().keys) throw notFound('No custom signing keys are set', 'inexistent_custom_signing_keys');
    return { keys: clone(custom().keys) };
  });
  routes.management('PUT', '/api/v2/keys/custom-signing', ['create:custom_signing_keys', 'update:custom_signing_keys'], (ctx) => {
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
  }, { description: 'Set the custom signing keys' });
  routes.management('DELETE', '/api/v2/keys/custom-signing', 'delete:custom_signing_keys', (ctx) => {
    tenant.state.setDoc('custom-signing-keys', {});
    ctx.status = 204;
    return undefined;
  }, { description: 'Delete the custom signing keys' });

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
    offsetBody(offsetPage(encryption().list(), ctx.query, { itemsKey: 'keys' }), 'keys', (key) => clone(key)));
  routes.management('POST', '/api/v2/keys/encryption', 'create:encryption_keys', (ctx) => {
    const body = checkBody(bodyObject(ctx), { types: { type: 'string' }, required: ['type'], enums: { type: ENCRYPTION_TYPES } });
    const now = tenant.clock.isoNow();
    const key: JsonRecord = { kid: randomAlnum(22), type: body.type, state: 'pre-activation', created_at: now, updated_at: now, parent_kid: null };
    encryption().insert(key);
    ctx.status = 201;
    return clone(key);
  }, { description: 'Create an encryption key' });
  routes.management('GET', '/api/v2/keys/encryption/:kid', 'read:encryption_keys', (ctx) => clone(requireEncryptionKey(ctx.params.kid)));
  routes.management('POST', '/api/v2/keys/encryption/:kid/wrapping-key', 'create:encryption_keys', (ctx) => {
    const key = requireEncryptionKey(ctx.params.kid);
    if (key.state !== 'pre-activation') throw new ApiError(409, 'The key is not awaiting import', 'invalid_key_state');
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    ctx.status = 201;
    return { public_key: publicKey.export({ format: 'pem', type: 'spki' }).toString(), algorithm: 'CKM_RSA_AES_KEY_WRAP' };
  }, { description: 'Create a wrapping key' });
  routes.management('POST', '/api/v2/keys/encryption/:kid', 'update:encryption_keys', (ctx) => {
    const key = requireEncryptionKey(ctx.params.kid);
    const body = checkBody(bodyObject(ctx), { types: { wrapped_key: 'string' }, required: ['wrapped_key'] });
    if (key.state !== 'pre-activation') throw new ApiError(409, 'The key is not awaiting import', 'invalid_key_state');
    if (!/^[A-Za-z0-9+/=]+$/.test(body.wrapped_key as string)) throw payloadError('wrapped_key must be base64', 'wrapped_key');
    ctx.status = 201;
    // The key material itself is never kept or shown.
    return touch(key, { state: 'active' });
  }, { description: 'Import an encryption key' });
  routes.management('POST', '/api/v2/keys/encryption/rekey', ['create:encryption_keys', 'update:encryption_keys'], (ctx) => {
    const keys = encryption();
    const old = keys.list().find((k) => k.type === 'tenant-master-key' && k.state === 'active');
    const now = tenant.clock.isoNow();
    if (old) touch(old, { state: 'destroyed' });
    keys.insert({ kid: randomAlnum(22), type: 'tenant-master-key', state: 'active', created_at: now, updated_at: now, parent_kid: old?.parent_kid ?? null });
    ctx.status = 204;
    return undefined;
  }, { description: 'Rekey the encryption key hierarchy' });
  routes.management('DELETE', '/api/v2/keys/encryption/:kid', 'delete:encryption_keys', (ctx) => {
    const key = requireEncryptionKey(ctx.params.kid);
    if (key.state === 'active' && key.type !== 'customer-provided-root-key' && key.type !== 'tenant-encryption-key') {
      throw new ApiError(400, 'Auth0-managed active keys cannot be deleted', 'invalid_key_state');
    }
    encryption().delete(ctx.params.kid);
    ctx.status = 204;
    return undefined;
  }, { description: 'Delete an encryption key' });
};
