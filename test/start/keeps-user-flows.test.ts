/**
 * `npm start` twice in a row keeps a user's work (issue 32, item 4): the examples are deployed on
 * the first start; a tab the user built through the admin API, and an example tab the user
 * changed, are still there after a restart, while an example tab left as it was is refreshed.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { type NpmStartPlace, type StartedNpmStart, adminFlows, npmStartPlace, startNpmStart } from '../helpers/npm-start';
import { waitUntil } from '../helpers/wait';

type FlowNode = Record<string, unknown> & { id: string; type: string; z?: string };

describe('npm start keeps the flows a user made or changed', function () {
  this.timeout(300000);
  let place: NpmStartPlace;
  let run: StartedNpmStart | undefined;

  before(async () => {
    place = await npmStartPlace('keep');
  });

  after(async () => {
    await run?.stop();
    if (place) fs.rmSync(place.userDir, { recursive: true, force: true });
  });

  async function start(): Promise<StartedNpmStart> {
    run = await startNpmStart('keep', {}, place);
    return run;
  }

  async function flows(): Promise<FlowNode[]> {
    return (await adminFlows((run as StartedNpmStart).url)) as FlowNode[];
  }

  it('deploys the examples on the first start, then keeps a tab the user built and an example tab the user changed', async () => {
    let output = (await start()).output;
    const first = await flows();
    const tabs = first.filter((n) => n.type === 'tab');
    assert.ok(
      tabs.some((t) => t.label === 'Start here'),
      'the examples were not deployed on the first start',
    );
    // The README: one end-of-life warning per retired node type at a deploy (rules, rules configs, hooks).
    const warnings = (): number => (output().match(/End of life since/g) ?? []).length;
    await waitUntil(() => warnings() >= 3, { what: () => `the end-of-life warnings:\n${output().slice(-2000)}`, timeout: 30_000, interval: 250 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(warnings(), 3, output());
    // The examples' watchers keep their place in npm start's file store: none warns that a restart
    // loses it. The nodes' other warnings at the first deploy: the retired features, and the event
    // watchers starting from now (nothing stored yet).
    assert.doesNotMatch(output(), /keeps nothing across a restart/);
    const nodeWarnings = output()
      .split('\n')
      .filter((line) => /\[warn\] \[[\w-]+:/.test(line));
    assert.deepEqual(
      nodeWarnings.filter((line) => !/End of life since|no stored offset/.test(line)),
      [],
      'a node of an untouched example warns',
    );
    const usersTab = tabs.find((t) => t.label === 'Users examples') as FlowNode;
    const jobsTab = tabs.find((t) => t.label === 'Jobs examples') as FlowNode;

    // The user builds a tab of their own and renames a comment on an example tab, through the admin API as the editor does.
    const mine: FlowNode[] = [
      { id: 'a1b2c3d4e5f60001', type: 'tab', label: 'My flow', disabled: false, info: '' },
      {
        id: 'a1b2c3d4e5f60002',
        type: 'inject',
        z: 'a1b2c3d4e5f60001',
        name: 'my inject',
        props: [],
        repeat: '',
        once: false,
        topic: '',
        x: 120,
        y: 80,
        wires: [['a1b2c3d4e5f60003']],
      },
      { id: 'a1b2c3d4e5f60003', type: 'debug', z: 'a1b2c3d4e5f60001', name: 'my debug', active: true, complete: 'true', x: 320, y: 80, wires: [] },
    ];
    const changed = first.map((n) => (n.z === usersTab.id && n.type === 'comment' ? { ...n, name: `${String(n.name)} (mine)` } : n));
    const deployed = await fetch(`${(run as StartedNpmStart).url}/flows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Node-RED-Deployment-Type': 'full' },
      body: JSON.stringify([...changed, ...mine]),
    });
    assert.ok(deployed.status < 300, await deployed.text());
    await (run as StartedNpmStart).stop();

    output = (await start()).output;
    const second = await flows();
    const secondTabs = second.filter((n) => n.type === 'tab');
    const kept = secondTabs.find((t) => t.id === 'a1b2c3d4e5f60001');
    assert.ok(kept, `the user's tab is gone after a restart: ${secondTabs.map((t) => String(t.label)).join(', ')}`);
    assert.deepEqual(
      second
        .filter((n) => n.z === 'a1b2c3d4e5f60001')
        .map((n) => n.name)
        .sort(),
      ['my debug', 'my inject'],
    );
    const usersAgain = secondTabs.filter((t) => t.label === 'Users examples');
    assert.equal(usersAgain.length, 1, 'the changed example tab is there once');
    assert.equal(usersAgain[0].id, usersTab.id, 'the changed example tab was replaced');
    assert.ok(
      second.some((n) => n.z === usersTab.id && n.type === 'comment' && String(n.name).endsWith('(mine)')),
      "the user's change is lost",
    );
    // An example tab nobody touched is refreshed from examples/ (new ids), and there once.
    const jobsAgain = secondTabs.filter((t) => t.label === 'Jobs examples');
    assert.equal(jobsAgain.length, 1);
    assert.notEqual(jobsAgain[0].id, jobsTab.id, 'the unchanged example tab was not refreshed');
    assert.equal(secondTabs.length, tabs.length + 1, `tabs: ${secondTabs.map((t) => String(t.label)).join(', ')}`);
    assert.equal(second.filter((n) => n.type === 'auth0-config').length, 1, 'one tenant node for the examples');
    assert.match(output(), /Flows kept: .*My flow/);
    assert.doesNotMatch(output(), /\[error\]/);
  });
});
