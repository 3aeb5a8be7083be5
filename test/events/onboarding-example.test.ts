/**
 * examples/events/onboarding-on-user-created.json against the emulator: a user created by
 * another flow (here: the Management API) arrives at the events watcher once, gets the member
 * role and an e-mail verification ticket; a test event is not onboarded.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { deployableFlow, readExamples } from '../../scripts/example-flows';
import { deploy, problemLogged, problemsLogged, watch } from '../examples/runtime';
import type { RawNode } from '../examples/flow-files';
import { produce } from './support';
import { waitUntil } from '../helpers/wait';
import { helper } from '../helpers/node-red';

const root = path.resolve(__dirname, '..', '..', '..');

describe('example: onboarding on user.created', function () {
  this.timeout(60000);
  let emu: Emulator;

  before(async () => {
    const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
    emu = await startEmulator({ port: 0, seed });
    await helper.startServer();
  });
  after(async () => {
    await helper.unload();
    await helper.stopServer();
    await emu.close();
  });

  it('a user created elsewhere gets the member role and a verification ticket, once', async () => {
    const examples = readExamples(path.join(root, 'examples')).filter((e) => e.file === 'events/onboarding-on-user-created.json');
    assert.equal(examples.length, 1, 'examples/events/onboarding-on-user-created.json is missing');
    const flow = deployableFlow(examples, {
      name: 'emulator',
      domain: emu.domain,
      protocol: 'http',
      clientId: emu.clientId,
      clientSecret: emu.clientSecret,
    }) as RawNode[];
    await deploy(flow);
    const ticketDebug = flow.find((n) => n.type === 'debug' && /verification link/.test(String(n.name)))!.id;
    const seen = watch([ticketDebug]);
    const watcher = flow.find((n) => n.type === 'auth0-events')!.id;
    // Connected once the watcher has stored its start offset.
    await waitUntil(
      () => {
        const node = helper.getNode(watcher) as unknown as { context(): { flow: { keys(): string[] } } } | null;
        return (
          !!node &&
          node
            .context()
            .flow.keys()
            .some((k) => k.startsWith('auth0Events_'))
        );
      },
      { what: () => 'the events node did not connect', timeout: 15_000, abort: problemLogged },
    );

    produce(emu, 1, ['user.updated']); // another type: not subscribed to
    const created = await fetch(`${emu.url}/api/v2/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.managementToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ connection: 'Username-Password-Authentication', email: 'new.hire@example.com', password: 'Correct-Horse-9', verify_email: false }),
    });
    assert.equal(created.status, 201);
    const user = (await created.json()) as { user_id: string };
    await waitUntil(() => seen.count(ticketDebug) >= 1, { what: () => 'no verification ticket', timeout: 15_000, abort: problemLogged });
    assert.deepEqual(emu.state.userRoles.rightsOf(user.user_id), ['rol_demoMember']);
    assert.match(String((seen.last(ticketDebug)?.payload as { ticket?: string } | undefined)?.ticket), /^http/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(seen.count(ticketDebug), 1, 'the user was onboarded more than once');
    assert.deepEqual(problemsLogged(), []);
  });
});
