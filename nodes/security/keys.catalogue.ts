/**
 * The `keys` group: the tenant's token signing keys, custom signing keys, encryption keys
 * (bring your own key) and the keys that sign Network ACL requests.
 */
import { common, type GroupSpec, type InputSpec } from '../shared/catalogue';

const kid = (what: string): InputSpec => ({ name: 'kid', in: 'path', type: 'string', required: true, description: `The key id (kid) of the ${what}.` });
const aclKeyId = common.id('The id of the Network ACL key.');

export const keysGroup: GroupSpec = {
  type: 'auth0-keys',
  name: 'keys',
  paletteLabel: 'keys',
  api: 'management',
  summary: 'Manages the tenant\'s keys: token signing keys (list, rotate, revoke), custom signing keys, encryption keys and Network ACL keys.',
  details: [
    'rotate_signing_key makes the next key current and prepares a new next key; revoke_signing_key revokes a key that is no longer current, which removes it from the tenant\'s JWKS.',
    'Encryption keys follow Auth0\'s bring-your-own-key steps: create_encryption_key, create_encryption_wrapping_key for its public wrapping key, then import_encryption_key with the wrapped key material.',
    'Network ACL keys (early access) are the shared secrets that sign HTTP requests matched by a Network ACL rule; their value is never returned.',
  ],
  references: [
    { title: 'Management API: Keys', url: 'https://auth0.com/docs/api/management/v2/keys/get-signing-keys' },
    { title: 'Signing keys', url: 'https://auth0.com/docs/get-started/tenant-settings/signing-keys' },
  ],
  operations: [
    {
      id: 'all_signing_keys', label: 'List signing keys', description: 'Lists the token signing keys: previous, current and next, with their certificates.',
      method: 'GET', path: '/api/v2/keys/signing', inputs: [], scopes: ['read:signing_keys'], group: 'Signing keys',
    },
    {
      id: 'get_signing_key', label: 'Get signing key', description: 'Reads one signing key with its certificate and state.',
      method: 'GET', path: '/api/v2/keys/signing/{kid}', inputs: [kid('signing key')], scopes: ['read:signing_keys'], group: 'Signing keys',
    },
    {
      id: 'rotate_signing_key', label: 'Rotate signing key', description: 'Makes the next signing key current and creates a new next key; returns the new current key.',
      method: 'POST', path: '/api/v2/keys/signing/rotate', inputs: [], scopes: ['create:signing_keys', 'update:signing_keys'], group: 'Signing keys',
    },
    {
      id: 'revoke_signing_key', label: 'Revoke signing key', description: 'Revokes a signing key that is not the current one; tokens it signed no longer verify.',
      method: 'PUT', path: '/api/v2/keys/signing/{kid}/revoke', inputs: [kid('signing key')], scopes: ['update:signing_keys'], group: 'Signing keys',
    },
    {
      id: 'get_custom_signing_keys', label: 'Get custom signing keys', description: 'Reads the public keys of the custom signing key set (JWKS).',
      method: 'GET', path: '/api/v2/keys/custom-signing', inputs: [], scopes: ['read:custom_signing_keys'], group: 'Custom signing keys',
    },
    {
      id: 'set_custom_signing_keys', label: 'Set custom signing keys', description: 'Creates or replaces the custom signing key set.',
      method: 'PUT', path: '/api/v2/keys/custom-signing',
      inputs: [common.body('The key set: { "keys": [ { "kty", "kid", "use", "n", "e", … } ] } (public keys only).')],
      scopes: ['create:custom_signing_keys', 'update:custom_signing_keys'], group: 'Custom signing keys',
    },
    {
      id: 'delete_custom_signing_keys', label: 'Delete custom signing keys', description: 'Deletes the custom signing key set.',
      method: 'DELETE', path: '/api/v2/keys/custom-signing', inputs: [], scopes: ['delete:custom_signing_keys'], group: 'Custom signing keys',
    },
    {
      id: 'all_encryption_keys', label: 'List encryption keys', description: 'Lists the tenant\'s encryption keys, one page at a time.',
      method: 'GET', path: '/api/v2/keys/encryption', inputs: [common.page(), common.perPage(), common.includeTotals()],
      paging: ['page'], itemsKey: 'keys', scopes: ['read:encryption_keys'], group: 'Encryption keys',
    },
    {
      id: 'create_encryption_key', label: 'Create encryption key', description: 'Creates an encryption key record awaiting its imported key material.',
      method: 'POST', path: '/api/v2/keys/encryption',
      inputs: [common.body('The key: { "type": "customer-provided-root-key" } or { "type": "tenant-encryption-key" }.')],
      scopes: ['create:encryption_keys'], group: 'Encryption keys',
    },
    {
      id: 'get_encryption_key', label: 'Get encryption key', description: 'Reads one encryption key with its type and state.',
      method: 'GET', path: '/api/v2/keys/encryption/{kid}', inputs: [kid('encryption key')], scopes: ['read:encryption_keys'], group: 'Encryption keys',
    },
    {
      id: 'import_encryption_key', label: 'Import encryption key', description: 'Imports the wrapped key material of an encryption key created before.',
      method: 'POST', path: '/api/v2/keys/encryption/{kid}',
      inputs: [kid('encryption key'), { ...common.body('The key material: { "wrapped_key": "<base64>" }.'), secret: true }],
      scopes: ['update:encryption_keys'], group: 'Encryption keys',
    },
    {
      id: 'create_encryption_wrapping_key', label: 'Create wrapping key', description: 'Creates the public key with which to wrap the key material of an encryption key.',
      method: 'POST', path: '/api/v2/keys/encryption/{kid}/wrapping-key', inputs: [kid('encryption key')],
      scopes: ['create:encryption_keys'], group: 'Encryption keys',
    },
    {
      id: 'rekey_encryption_keys', label: 'Rekey', description: 'Replaces the tenant\'s key encryption key and re-encrypts the keys under it.',
      method: 'POST', path: '/api/v2/keys/encryption/rekey', inputs: [],
      scopes: ['create:encryption_keys', 'update:encryption_keys'], group: 'Encryption keys',
    },
    {
      id: 'delete_encryption_key', label: 'Delete encryption key', description: 'Deletes an encryption key.',
      method: 'DELETE', path: '/api/v2/keys/encryption/{kid}', inputs: [kid('encryption key')], scopes: ['delete:encryption_keys'], group: 'Encryption keys',
    },
    // Auth0's reference lists these early-access endpoints without scopes; they are the tenant's network_acl_keys scopes.
    {
      id: 'all_network_acl_keys', label: 'List Network ACL keys', description: 'Lists the keys that sign requests for Network ACL rules, newest first.',
      method: 'GET', path: '/api/v2/keys/network-acls', inputs: [], scopes: ['read:network_acl_keys'], lifecycle: 'early-access', group: 'Network ACL keys',
    },
    {
      id: 'create_network_acl_key', label: 'Create Network ACL key', description: 'Adds a key that signs requests for Network ACL rules.',
      method: 'POST', path: '/api/v2/keys/network-acls',
      inputs: [{ ...common.body('The key: name, alg ("hmac-sha256") and value (the shared secret).'), secret: true }],
      scopes: ['create:network_acl_keys'], lifecycle: 'early-access', group: 'Network ACL keys',
    },
    {
      id: 'get_network_acl_key', label: 'Get Network ACL key', description: 'Reads one Network ACL key (its name, algorithm and fingerprint).',
      method: 'GET', path: '/api/v2/keys/network-acls/{id}', inputs: [aclKeyId], scopes: ['read:network_acl_keys'], lifecycle: 'early-access', group: 'Network ACL keys',
    },
    {
      id: 'delete_network_acl_key', label: 'Delete Network ACL key', description: 'Deletes a Network ACL key.',
      method: 'DELETE', path: '/api/v2/keys/network-acls/{id}', inputs: [aclKeyId], scopes: ['delete:network_acl_keys'], lifecycle: 'early-access', group: 'Network ACL keys',
    },
  ],
};
