/**
 * Token renewal under load: 1,000 concurrent management requests at the moment the cached token
 * has expired. Target: exactly one token request. The baseline is the official SDK's behaviour in
 * the same situation (a fresh client, 1,000 concurrent calls), counted the same way: by the
 * emulator's `seccft` log events (one per client-credentials exchange).
 */
import { startEmulator, type Emulator } from '../emulator';
import { createTenantClient } from '../nodes/tenant-client/client';
import { sdkClient } from '../test/emulator/sdk-client';
import type { BenchRow } from './util';

export const title = 'Token renewal under load';

const CONCURRENT = 1000;

function tokenExchanges(emulator: Emulator): number {
  return emulator.logs.all().filter((event) => event.type === 'seccft').length;
}

export async function run(): Promise<BenchRow[]> {
  const emulator = await startEmulator({ port: 0, seed: { users: [{ email: 'token@example.com', password: 'Token-passw0rd!' }] } });
  const userId = String((emulator.state.users.list()[0] as Record<string, unknown>).user_id);
  let clock = Date.now();
  const client = createTenantClient(
    {
      domain: emulator.domain,
      protocol: 'http',
      telemetry: false,
      connectTimeout: 5,
      readTimeout: 30,
      retries: 3,
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
      maxConcurrent: 8,
    },
    { now: () => clock },
  );
  const path = `/api/v2/users/${encodeURIComponent(userId)}`;
  try {
    await client.request({ method: 'GET', path, auth: 'management' });
    const before = tokenExchanges(emulator);
    clock += 25 * 3600 * 1000; // past the 24 h lifetime: the cached token is now expired
    const results = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => client.request({ method: 'GET', path, auth: 'management' })));
    const ours = tokenExchanges(emulator) - before;
    const failed = results.filter((r) => r.status === 'rejected').length;

    const sdkBefore = tokenExchanges(emulator);
    const sdk = sdkClient(emulator, { maxRetries: 0 });
    await Promise.allSettled(Array.from({ length: CONCURRENT }, () => sdk.users.get(userId)));
    const theirs = tokenExchanges(emulator) - sdkBefore;
    return [
      {
        name: `${CONCURRENT} concurrent requests on an expired token: token requests`,
        value: ours,
        unit: 'requests',
        baseline: theirs,
        target: 'exactly 1',
        met: ours === 1 && failed === 0,
        note: `${failed} of ${CONCURRENT} requests failed; baseline: the official SDK, fresh client, same load`,
      },
    ];
  } finally {
    client.close();
    await emulator.close();
  }
}
