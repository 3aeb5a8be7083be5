/** Key pairs registered in the emulator for an application, as a user does in the dashboard. */
import { generateKeyPairSync } from 'node:crypto';
import type { Emulator } from '../../emulator';

export interface RegisteredKey {
  privateKeyPem: string;
  publicKeyPem: string;
  credentialId: string;
  kid: string;
}

export function rsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

/** Registers a new public key for `clientId` through the Management API and enables it for private key JWT. */
export async function registerKey(emulator: Emulator, clientId: string, alg: 'RS256' | 'RS384' | 'PS256' = 'RS256'): Promise<RegisteredKey> {
  const pair = rsaKeyPair();
  const headers = { authorization: `Bearer ${emulator.managementToken()}`, 'content-type': 'application/json' };
  const base = `${emulator.url}/api/v2/clients/${encodeURIComponent(clientId)}`;
  const created = await fetch(`${base}/credentials`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ credential_type: 'public_key', pem: pair.publicKeyPem, alg }),
  });
  if (created.status !== 201) throw new Error(`credential not registered: ${created.status} ${await created.text()}`);
  const credential = (await created.json()) as { id: string; kid: string };
  const client = (await (await fetch(base, { headers })).json()) as {
    client_authentication_methods?: { private_key_jwt?: { credentials?: { id: string }[] } };
  };
  const enabled = [...(client.client_authentication_methods?.private_key_jwt?.credentials ?? []), { id: credential.id }];
  const patched = await fetch(base, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ client_authentication_methods: { private_key_jwt: { credentials: enabled } } }),
  });
  if (patched.status !== 200) throw new Error(`credential not enabled: ${patched.status} ${await patched.text()}`);
  return { ...pair, credentialId: credential.id, kid: credential.kid };
}
