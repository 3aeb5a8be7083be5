/**
 * One "replica" of the replicas bench: a separate Node.js process with the tenant's client (and,
 * when given, its Redis), told by the bench when to start and what to send; it answers with how
 * long its share took and how many requests failed. Run by bench/replicas.ts through fork().
 */
import { createTenantClient } from '../../nodes/tenant-client/client';
import type { TenantClient } from '../../nodes/shared/http-types';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { toError } from '../../nodes/shared/errors';

export interface WorkerSetup {
  domain: string;
  clientId: string;
  clientSecret: string;
  redisUrl?: string;
  prefix: string;
}

/** What to send: `count` requests of a kind, all at once (the client paces them). */
export interface WorkerLoad {
  kind: 'create-users' | 'list-users' | 'list-logs';
  count: number;
  tag: string;
}

function request(client: TenantClient, load: WorkerLoad, i: number): Promise<unknown> {
  switch (load.kind) {
    case 'create-users':
      return client.request({
        method: 'POST',
        path: '/api/v2/users',
        auth: 'management',
        contentType: 'json',
        operation: 'users.create',
        body: { connection: 'Username-Password-Authentication', email: `${load.tag}-${process.pid}-${i}@example.com`, password: 'Replica-passw0rd!' },
      });
    case 'list-users':
      return client.request({ method: 'GET', path: '/api/v2/users', auth: 'management', query: { per_page: '5' }, operation: 'users.list' });
    case 'list-logs':
      return client.request({ method: 'GET', path: '/api/v2/logs', auth: 'management', query: { per_page: '5' }, operation: 'logs.list' });
  }
}

async function main(): Promise<void> {
  const setup = JSON.parse(process.argv[2]) as WorkerSetup;
  const shared = setup.redisUrl ? new SharedState({ target: parseRedisUrl(setup.redisUrl)!, prefix: setup.prefix }) : undefined;
  if (shared) await shared.whenAvailable(5000);
  const client = createTenantClient({
    domain: setup.domain,
    protocol: 'http',
    telemetry: false,
    connectTimeout: 10,
    readTimeout: 10,
    retries: 10,
    clientId: setup.clientId,
    clientSecret: setup.clientSecret,
    ...(shared ? { shared } : {}),
  });
  await client.getManagementToken();
  process.send?.({ ready: true });
  process.on('message', (loads: WorkerLoad[]) => {
    const started = Date.now();
    let failed = 0;
    const all = loads.flatMap((load) =>
      Array.from({ length: load.count }, (_, i) =>
        request(client, load, i).catch(() => {
          failed += 1;
        }),
      ),
    );
    void Promise.all(all).then(async () => {
      process.send?.({ ms: Date.now() - started, failed });
      client.close();
      await shared?.close();
      process.exit(0);
    });
  });
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`replica worker: ${toError(err).message}\n`);
    process.exit(1);
  });
}
