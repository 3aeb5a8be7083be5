/**
 * No secret of the tenant reaches a snapshot: a value is seeded into every property Auth0's
 * description marks or names as a secret, in every resource a snapshot reads (the list derived
 * from the description), and into the ones the rule finds where the description is silent; then
 * snapshots are taken in both modes with a file store, and none of the values is in a message, a
 * status, the store's files or the log. The fingerprint key comes from the credential that
 * authenticates, and a credential still reading `${NAME}` is refused.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { TAB } from '../logs/runtime';
import { translating } from '../helpers/messages';
import { waitUntil } from '../helpers/wait';
import { Collector, deploy, errorCalls, helper, loadContextStores, statusCalls, type FlowNode } from '../helpers/node-red';
import { emulatorTenantNode, managementApi } from './tenant-fixture';
import { fileStoreEachTest, storedText } from '../helpers/file-store';
import { SECRET_WRITES, type SeededSecrets, seedSecrets, unseededPaths } from './secret-seeds';
import { SNAPSHOT_RESOURCES } from '../../nodes/tenant-config/snapshot-resources';
import { descriptionsData, endpointKeyFor } from '../../nodes/descriptions/descriptions';
import { fingerprinter } from '../../nodes/config/fingerprint-key';
import { ConfigError } from '../../nodes/shared/errors';

const dist = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const modules = ['config/auth0-config', 'tenant-config/auth0-tenant-snapshot'].map((name) => translating(require(path.join(dist, 'nodes', name))));

/** The writes Auth0's description gives secrets to for the resource a snapshot read reads (same path, or its items'). */
function describedWrites(readEndpoint: string): string[] {
  const readPath = readEndpoint.replace(/^GET /, '');
  return Object.keys(descriptionsData().bodySecrets ?? {}).filter((endpoint) => {
    const [method, writePath] = endpoint.split(' ');
    return method !== 'GET' && (writePath === readPath || writePath === `${readPath}/{}`);
  });
}

describe('auth0-tenant-snapshot: every secret the description knows, seeded, stays out', function () {
  this.timeout(120000);
  let emu: Emulator;
  let seeded: SeededSecrets;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    seeded = await seedSecrets(managementApi(emu));
    console.log(`      seeded ${seeded.properties.length} secret properties (${seeded.values.length} values) in ${seeded.resources.length} resources`);
  });

  after(async () => {
    await emu.close();
  });

  const store = fileStoreEachTest('auth0-snapshot-secrets-');

  it('seeds every resource the snapshot reads that the description gives a secret', () => {
    const seededEndpoints = new Set(SECRET_WRITES.map((write) => `${write.method} /api/v2${write.path}`));
    const missing: string[] = [];
    for (const resource of SNAPSHOT_RESOURCES) {
      const endpoint = endpointKeyFor(resource.read.group.type, resource.read.op);
      if (!endpoint) continue;
      const writes = describedWrites(endpoint);
      if (writes.length > 0 && !writes.some((write) => seededEndpoints.has(write))) missing.push(`${resource.name} (${writes.join(', ')})`);
    }
    assert.deepEqual(missing, []);
    assert.deepEqual(unseededPaths(seeded), []);
    assert.ok(seeded.properties.length >= 30, `only ${seeded.properties.length} secret properties seeded`);
  });

  const tenant = (): FlowNode => emulatorTenantNode(emu);

  function snapshotNode(id: string, mode: string, store: string): FlowNode[] {
    return [
      { id, type: 'auth0-tenant-snapshot', z: TAB.id, name: '', version: 1, tenant: 'tenant', mode, store, ignore: [], wires: [[`${id}-out`], [`${id}-sum`]] },
      { id: `${id}-out`, type: 'helper', z: TAB.id },
      { id: `${id}-sum`, type: 'helper', z: TAB.id },
    ];
  }

  async function run(id: string): Promise<Record<string, unknown>[]> {
    const out = new Collector(`${id}-out`).attach();
    const sum = new Collector(`${id}-sum`).attach();
    helper.getNode(id)?.receive({ payload: {} });
    await waitUntil(() => sum.messages.length > 0 || errorCalls(id).length > 0, { what: () => 'no summary', timeout: 60000 });
    assert.deepEqual(errorCalls(id), []);
    return [...out.messages, ...sum.messages];
  }

  it('snapshot and changes modes with a file store: no seeded value in a message, a status, the store or the log', async () => {
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret } };
    const flow = [TAB, tenant(), ...snapshotNode('copy', 'snapshot', 'file'), ...snapshotNode('drift', 'changes', 'file')];
    await helper.load(modules, [TAB, tenant()], credentials);
    await loadContextStores();
    await deploy(flow, credentials);
    const sent = [...(await run('copy')), ...(await run('drift')), ...(await run('drift'))];
    const snapshot = sent[0].payload as { resources: Record<string, unknown> };
    // Every seeded resource was read (a resource left out would hide nothing).
    for (const resource of seeded.resources) assert.ok(snapshot.resources[resource] !== undefined, `${resource} not in the snapshot`);
    const everything = [
      JSON.stringify(sent),
      await storedText(store.dir()),
      JSON.stringify(helper.log().args),
      JSON.stringify(['copy', 'drift'].flatMap((id) => statusCalls(id))),
    ].join('\n');
    const leaked: string[] = [];
    for (const value of seeded.values) if (everything.includes(value)) leaked.push(value.slice(0, 18));
    assert.deepEqual(leaked, [], 'seeded secrets appear');
    // The secrets are there, as fingerprints: a rotated one would show.
    assert.match(JSON.stringify(snapshot.resources.log_streams), /hmac-sha256:/);
  });

  it('keys the fingerprints with the credential that authenticates, and refuses one still reading ${NAME}', () => {
    const byToken = fingerprinter({ token: 'static-token', clientSecret: 'left-beside' }, 'acme.auth0.com');
    const tokenOnly = fingerprinter({ token: 'static-token' }, 'acme.auth0.com');
    const secretOnly = fingerprinter({ clientSecret: 'left-beside' }, 'acme.auth0.com');
    assert.ok(byToken && tokenOnly && secretOnly);
    assert.equal(byToken.keyId, tokenOnly.keyId, 'a static token authenticates: the key is made from it');
    assert.notEqual(byToken.keyId, secretOnly.keyId);
    assert.throws(
      () => fingerprinter({ token: '${AUTH0_TOKEN}' }, 'acme.auth0.com'),
      (err: unknown) => err instanceof ConfigError && /AUTH0_TOKEN/.test(err.message),
    );
    assert.throws(() => fingerprinter({ clientId: 'id', clientSecret: '${AUTH0_CLIENT_SECRET}' }, 'acme.auth0.com'), /environment variable that is not set/);
  });

  it('a snapshot with a credential still reading ${NAME} fails with that error and sends nothing', async () => {
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: '${AUTH0_UNSET_SECRET_FOR_TEST}' } };
    const flow = [TAB, tenant(), ...snapshotNode('copy', 'snapshot', '')];
    await helper.load(modules, [TAB, tenant()], credentials);
    await deploy(flow, credentials);
    const out = new Collector('copy-out').attach();
    helper.getNode('copy')?.receive({ payload: {} });
    await waitUntil(() => errorCalls('copy').length > 0, { what: () => 'no error' });
    assert.match(String(errorCalls('copy')[0].err), /AUTH0_UNSET_SECRET_FOR_TEST.*not set/);
    assert.equal(out.messages.length, 0);
  });
});
