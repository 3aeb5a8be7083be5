/**
 * What a newcomer meets after `npm start`: the "Start here" tab first, holding the three flows our
 * users build, then one tab per examples folder with each example in a named group, none lost,
 * none overlapping another; and settings with no modal in the way.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CANVAS_SIZE, START_HERE, arrangedFlow, nodeBox, readExamples, startExamples, type FlowNode } from '../../scripts/example-flows';
import { root } from '../package/package-files';

const tenant = { name: 'emulator', domain: '127.0.0.1:4010', protocol: 'http' as const, clientId: 'id', clientSecret: 'secret' };

describe('npm start: the first workspace', () => {
  const examples = readExamples(path.join(root, 'examples'));
  const flow = arrangedFlow(examples, tenant);
  const tabs = flow.filter((n) => n.type === 'tab');
  const groups = flow.filter((n) => n.type === 'group');

  it('opens on a "Start here" tab holding onboarding, scheduled bulk import and alerting on failed logins', () => {
    assert.equal(tabs[0].label, 'Start here');
    const names = groups.filter((g) => g.z === tabs[0].id).map((g) => g.name);
    assert.deepEqual(names, ['User onboarding', 'Scheduled bulk import', 'Alert on failed logins']);
    for (const file of START_HERE) assert.ok(examples.some((e) => e.file === file), `${file} is not an example any more`);
  });

  it('gathers the other examples on one tab per folder, each in a group of its own', () => {
    const folders = new Set(examples.map((e) => e.file.split('/')[0]));
    assert.equal(tabs.length, 1 + folders.size, `tabs: ${tabs.map((t) => t.label).join(', ')}`);
    assert.equal(groups.length, examples.length, 'one group per example');
  });

  it('keeps every node of every example, each on its group\'s tab, with one tenant for all', () => {
    const placed = flow.filter((n) => n.type !== 'tab' && n.type !== 'group' && n.type !== 'auth0-config');
    const expected = examples.reduce((sum, e) => sum + e.nodes.filter((n) => n.type !== 'tab' && n.type !== 'auth0-config').length, 0);
    assert.equal(placed.length, expected);
    assert.equal(flow.filter((n) => n.type === 'auth0-config').length, 1);
    const byId = new Map(flow.map((n) => [n.id, n]));
    for (const group of groups) {
      for (const id of group.nodes as string[]) {
        const member = byId.get(id) as FlowNode;
        assert.equal(member.z, group.z, `${id} is not on its group's tab`);
        assert.equal(member.g, group.id);
        const x = member.x as number;
        const y = member.y as number;
        const gx = group.x as number;
        const gy = group.y as number;
        assert.ok(x > gx && x < gx + (group.w as number) && y > gy && y < gy + (group.h as number), `${String(member.type)} of "${String(group.name)}" lies outside its group`);
      }
    }
  });

  it('lays the groups of a tab out without overlap (down a column, then the next column)', () => {
    for (const tab of tabs) {
      const onTab = groups.filter((g) => g.z === tab.id);
      for (let i = 0; i < onTab.length; i++) {
        for (let j = i + 1; j < onTab.length; j++) {
          const [a, b] = [onTab[i], onTab[j]] as Array<Record<string, number> & FlowNode>;
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          assert.ok(apart, `"${String(b.name)}" overlaps "${String(a.name)}" on ${String(tab.label)}`);
        }
      }
    }
  });

  it(`puts every node of every tab, and every group, inside Node-RED's ${CANVAS_SIZE} × ${CANVAS_SIZE} canvas (issue 30.1)`, () => {
    const outside: string[] = [];
    // As npm start deploys them, the dashboard flow included (when FlowFuse Dashboard 2 is installed).
    const withDashboard = startExamples(root, true);
    const deployed = arrangedFlow(withDashboard.examples, tenant, withDashboard.tabLabels);
    const deployedTabs = deployed.filter((n) => n.type === 'tab');
    assert.equal(deployedTabs.length, tabs.length, 'the dashboard flow has a tab of its own');
    for (const node of deployed) {
      if (typeof node.x !== 'number' || typeof node.y !== 'number') continue;
      const box = node.type === 'group' ? { left: node.x, top: node.y, right: node.x + (node.w as number), bottom: node.y + (node.h as number) } : nodeBox(node);
      if (box.left < 0 || box.top < 0 || box.right > CANVAS_SIZE || box.bottom > CANVAS_SIZE) {
        const tab = deployedTabs.find((t) => t.id === node.z);
        outside.push(`${node.type} "${String(node.name ?? node.id)}" on ${String(tab?.label)} at ${Math.round(box.right)}, ${Math.round(box.bottom)}`);
      }
    }
    assert.deepEqual(outside, []);
  });

  it(`keeps every example file inside the ${CANVAS_SIZE} × ${CANVAS_SIZE} canvas when imported alone (Import > Examples)`, () => {
    const outside: string[] = [];
    for (const example of startExamples(root, true).examples) {
      for (const node of example.nodes) {
        if (typeof node.x !== 'number' || typeof node.y !== 'number') continue;
        // Import places a file's nodes where they were; a centre off the top or left edge, or an edge past the far one, cannot be scrolled to.
        const box = nodeBox(node);
        if (node.x < 0 || node.y < 0 || box.right > CANVAS_SIZE || box.bottom > CANVAS_SIZE) outside.push(`${example.file}: ${node.type} ${node.id}`);
      }
    }
    assert.deepEqual(outside, []);
  });

  it('writes settings with no telemetry consent modal, no update notice and no tour', () => {
    const source = fs.readFileSync(path.join(root, 'scripts', 'start.ts'), 'utf8');
    assert.match(source, /telemetry: \{ enabled: false, updateNotification: false \}/);
    assert.match(source, /tours: false/);
  });
});
