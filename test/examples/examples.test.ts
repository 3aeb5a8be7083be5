/**
 * The example flows (Import → Examples in Node-RED): every file under examples/ is a flow Node-RED
 * can import, explains itself, uses only core nodes and ours, covers every node type of the package
 * (the Flow Library's check N02), names real operations; and the users and management examples
 * run against the emulator, inject by inject, without an error.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { deployableFlow, readExamples, type ExampleFlow } from '../../scripts/example-flows';
import {
  coreNodeModules, EDITOR_TYPES, exampleFiles, examplesDir, groupOf, isConfigType, nodesOf, packageNodeModules, root, type RawNode, wiredTo,
} from './flow-files';
import { debugNodesAfter, deploy, post, problemLogged, problemsLogged, watch } from './runtime';
import { serveHttpNodes } from '../helpers/http-node';
import { waitUntil } from '../helpers/wait';
import { helper } from '../helpers/node-red';

const files = exampleFiles();
const ours = packageNodeModules();
const core = coreNodeModules();

/** Examples this suite runs inject by inject (the others are deployed only: they poll or need a browser). */
const RUN_FOLDERS = ['users/', 'management/'];
/** Run by their own suite (tenant-snapshot.test.ts): a drift alert's first run only keeps a baseline, so an inject alone proves nothing. */
const RUN_ELSEWHERE = ['management/tenant-snapshot-'];

describe('examples: the flow files', () => {
  it('there are examples, and each file is a JSON array of nodes with an id and a type', () => {
    assert.ok(files.length > 0, 'no examples/**/*.json');
    for (const example of files) {
      assert.ok(!(example.json instanceof Error), (example.json as Error)?.message);
      assert.ok(Array.isArray(example.json), `${example.file}: not a JSON array (the Flow Library reads a top-level array of nodes)`);
      for (const node of example.json as unknown[]) {
        const n = node as Partial<RawNode>;
        assert.ok(n && typeof n === 'object' && typeof n.id === 'string' && n.id !== '' && typeof n.type === 'string',
          `${example.file}: every node needs an id and a type, got ${JSON.stringify(node).slice(0, 120)}`);
      }
    }
  });

  it('each has a Comment node that explains it', () => {
    for (const example of files) {
      const comments = nodesOf(example).filter((node) => node.type === 'comment');
      assert.ok(comments.length > 0, `${example.file}: no Comment node`);
      assert.ok(comments.some((c) => typeof c.info === 'string' && c.info.trim().length >= 40), `${example.file}: the Comment node has no explanation in its info`);
    }
  });

  it('has short file names, the menu labels', () => {
    for (const example of files) {
      const label = path.basename(example.file, '.json');
      assert.match(label, /^[a-z0-9][a-z0-9-]*$/, `${example.file}: the label should be short lower-case words with dashes`);
      assert.ok(label.length <= 40, `${example.file}: label longer than 40 characters`);
    }
  });

  it('ids are unique within a file and every wire, scope and tenant points at a node of the file', () => {
    for (const example of files) {
      const nodes = nodesOf(example);
      const ids = new Set<string>();
      for (const node of nodes) {
        assert.ok(!ids.has(node.id), `${example.file}: id ${node.id} is used twice`);
        ids.add(node.id);
      }
      for (const node of nodes) {
        for (const target of wiredTo(node)) assert.ok(ids.has(target), `${example.file}: ${node.type} ${node.id} is wired to a missing node ${target}`);
        if (Array.isArray(node.scope)) for (const target of node.scope as string[]) assert.ok(ids.has(target), `${example.file}: ${node.type} ${node.id} watches a missing node ${target}`);
        if (typeof node.tenant === 'string') {
          const tenant = nodes.find((n) => n.id === node.tenant);
          assert.equal(tenant?.type, 'auth0-config', `${example.file}: ${node.type} ${node.id} names tenant ${node.tenant}, which is not an auth0-config node of the file`);
        }
      }
    }
  });

  it('uses only Node-RED core nodes and this package\'s nodes', () => {
    for (const example of files) {
      for (const node of nodesOf(example)) {
        assert.ok(ours.has(node.type) || core.has(node.type) || EDITOR_TYPES.has(node.type), `${example.file}: node type "${node.type}" is neither core nor ours`);
      }
    }
  });

  it('every node type of package.json except config nodes appears in an example (scorecard N02)', () => {
    const used = new Set(files.flatMap((example) => nodesOf(example).map((node) => node.type)));
    const missing = [...ours.entries()].filter(([type, file]) => !isConfigType(file) && !used.has(type)).map(([type]) => type);
    assert.deepEqual(missing, [], `node types without an example: ${missing.join(', ')}`);
  });

  it('every auth0 action node names an operation of its catalogue, and only inputs of that operation', () => {
    let checked = 0;
    for (const example of files) {
      for (const node of nodesOf(example)) {
        const file = ours.get(node.type);
        const group = file ? groupOf(file) : undefined;
        if (!group) continue;
        checked += 1;
        const where = `${example.file}: ${node.type} ${node.id}`;
        assert.equal(typeof node.tenant, 'string', `${where}: no tenant`);
        if (node.operation === '' || node.operation === undefined) continue; // chosen by msg.operation
        const op = group.operations.find((candidate) => candidate.id === node.operation);
        assert.ok(op, `${where}: operation "${String(node.operation)}" is not one of ${group.operations.map((o) => o.id).join(', ')}`);
        assert.ok(!op.deprecated, `${where}: operation ${op.id} is no longer offered`);
        const inputs = new Set(op.inputs.map((input) => input.name));
        for (const name of Object.keys((node.params ?? {}))) {
          assert.ok(inputs.has(name), `${where}: ${op.id} has no input "${name}"`);
        }
        if (node.paging === 'all') assert.ok((op.paging ?? []).length > 0, `${where}: ${op.id} cannot fetch all pages`);
      }
    }
    assert.ok(checked > 0, 'no action node in any example');
  });

  it('auth0-config nodes take the tenant from the environment npm start sets, and hold no secret (issue 30.2)', () => {
    for (const example of files) {
      const configs = nodesOf(example).filter((node) => node.type === 'auth0-config');
      for (const config of configs) {
        assert.equal(config.domain, '${AUTH0_DOMAIN}', `${example.file}: auth0-config domain`);
        assert.equal(config.protocol, 'http', `${example.file}: auth0-config protocol`);
        // Import > Examples brings these along, so an example imported into a running npm start has a working tenant.
        assert.deepEqual(config.credentials, { clientId: '${AUTH0_CLIENT_ID}', clientSecret: '${AUTH0_CLIENT_SECRET}' }, `${example.file}: credentials other than the environment's`);
      }
      const text = fs.readFileSync(path.join(examplesDir, example.file), 'utf8');
      // A value that is wholly `${NAME}` is a reference Node-RED resolves from the environment, not a secret.
      assert.doesNotMatch(text, /"(clientSecret|client_secret|token|password)"\s*:\s*"(?!\$\{[A-Z0-9_]+\}")[^"]+"/, `${example.file}: a secret written in the flow`);
    }
  });
});

describe('examples: deployed against the emulator', function () {
  this.timeout(60000);
  const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
  let emu: Emulator;
  const examples: ExampleFlow[] = readExamples(examplesDir);
  const tenant = () => ({ name: 'emulator', domain: emu.domain, protocol: 'http' as const, clientId: emu.clientId, clientSecret: emu.clientSecret });

  before(async () => {
    emu = await startEmulator({ port: 0, seed });
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await emu.close();
  });
  afterEach(async () => {
    await helper.unload();
    emu.reset(); // back to the defaults and the demo seed given at start
  });

  it('every example deploys, all together as npm start deploys them, without an error', async () => {
    const flow = deployableFlow(examples, tenant()) as RawNode[];
    await deploy(flow);
    // Some nodes only report a problem once started (a listener, a first poll): give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(problemsLogged(), []);
    for (const node of flow.filter((n) => n.type !== 'tab')) assert.ok(helper.getNode(node.id), `${node.type} ${node.id} did not start`);
  });

  for (const example of examples.filter((e) => RUN_FOLDERS.some((folder) => e.file.startsWith(folder)) && !RUN_ELSEWHERE.some((prefix) => e.file.startsWith(prefix)))) {
    const injects = example.nodes.filter((node) => node.type === 'inject');
    if (injects.length === 0) continue;
    it(`${example.file}: each inject, top to bottom, reaches its debug nodes with no error`, async () => {
      const flow = deployableFlow([example], tenant()) as RawNode[];
      await deploy(flow);
      const ordered = flow.filter((node) => node.type === 'inject').sort((a, b) => Number(a.y) - Number(b.y) || Number(a.x) - Number(b.x));
      const debugs = flow.filter((node) => node.type === 'debug').map((node) => node.id);
      const seen = watch(debugs);
      for (const inject of ordered) {
        const targets = debugNodesAfter(flow, inject.id);
        assert.ok(targets.length > 0, `${example.file}: inject "${String(inject.name)}" leads to no debug node`);
        const before = new Map(targets.map((id) => [id, seen.count(id)]));
        helper.getNode(inject.id)?.receive({});
        await waitUntil(() => targets.every((id) => seen.count(id) > (before.get(id) ?? 0)), { what: () => `after inject "${String(inject.name)}", debug nodes still silent: ${targets.filter((id) => seen.count(id) === before.get(id)).map((id) => flow.find((n) => n.id === id)?.name).join(', ')}`, timeout: 15_000, abort: problemLogged });
      }
    });
  }
});

describe('examples: user onboarding over HTTP', function () {
  this.timeout(60000);
  const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
  let emu: Emulator;
  let server: { url: string; close(): Promise<void> } | undefined;

  before(async () => {
    emu = await startEmulator({ port: 0, seed });
    await helper.startServer();
    const onboarding = readExamples(examplesDir).filter((e) => e.file === 'users/user-onboarding.json');
    assert.equal(onboarding.length, 1, 'examples/users/user-onboarding.json is missing');
    await deploy(deployableFlow(onboarding, { name: 'emulator', domain: emu.domain, protocol: 'http', clientId: emu.clientId, clientSecret: emu.clientSecret }));
    server = await serveHttpNodes();
  });
  after(async () => {
    await server?.close();
    await helper.unload();
    await helper.stopServer();
    await emu.close();
  });

  function usersByEmail(email: string): Record<string, unknown>[] {
    return emu.state.users.list().filter((user) => user.email === email);
  }

  it('a form creates the user with the member role and an e-mail verification ticket, and answers 201 with the user id', async () => {
    const answer = await post(`${server?.url}/onboard`, 'email=jane%40example.com&name=Jane+Doe', 'application/x-www-form-urlencoded');
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const body = answer.body as { user_id?: string; email?: string };
    const created = usersByEmail('jane@example.com');
    assert.equal(created.length, 1);
    assert.equal(body.user_id, created[0].user_id);
    assert.equal(body.email, 'jane@example.com');
    assert.equal(created[0].name, 'Jane Doe');
    assert.deepEqual(emu.state.userRoles.rightsOf(String(body.user_id)), ['rol_demoMember']);
    assert.ok(!JSON.stringify(answer.body).includes('password'), 'the answer mentions a password');
    assert.deepEqual(problemsLogged(), []);
  });

  it('JSON works too', async () => {
    const answer = await post(`${server?.url}/onboard`, JSON.stringify({ email: 'joan@example.com', name: 'Joan Clarke' }), 'application/json');
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(usersByEmail('joan@example.com').length, 1);
  });

  it('answers 400 without an e-mail address, and creates nobody', async () => {
    const count = emu.state.users.size;
    const answer = await post(`${server?.url}/onboard`, JSON.stringify({ name: 'Nobody' }), 'application/json');
    assert.equal(answer.status, 400);
    assert.match(String((answer.body as { error?: string }).error), /email/);
    assert.equal(emu.state.users.size, count);
  });

  it('answers 400 with Auth0\'s message when the user exists', async () => {
    const answer = await post(`${server?.url}/onboard`, JSON.stringify({ email: 'ada@example.com', name: 'Ada again' }), 'application/json');
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.match(String((answer.body as { error?: string }).error), /exist/i);
    assert.equal(usersByEmail('ada@example.com').length, 1);
  });

  it('answers 500 when Auth0 fails', async () => {
    emu.faults.set({ errorNext: 10, errorStatus: 503, pathPrefix: '/api/v2/users' });
    try {
      const answer = await post(`${server?.url}/onboard`, JSON.stringify({ email: 'kay@example.com', name: 'Kay' }), 'application/json');
      assert.equal(answer.status, 500, JSON.stringify(answer.body));
      assert.ok(typeof (answer.body as { error?: string }).error === 'string');
    } finally {
      emu.faults.clear();
    }
  });
});
