/**
 * What npm start counts as a change of an example tab (scripts/start-flows.ts): the editor saves a
 * one-output node's `wires: []` as `[[]]` (the dashboard's ui-table and ui-gauge), which is no
 * change of the user's, so the tab is still refreshed; a real change keeps it.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { arrangedFlow, DASHBOARD_TAB, startExamples, type FlowNode, type TenantSettings } from '../../scripts/example-flows';
import { recordOf, startFlows, tabHash } from '../../scripts/start-flows';

const root = path.resolve(__dirname, '..', '..', '..');
const tenant: TenantSettings = {
  name: 'Local emulator',
  domain: '${AUTH0_DOMAIN}',
  protocol: 'http',
  clientId: '${AUTH0_CLIENT_ID}',
  clientSecret: '${AUTH0_CLIENT_SECRET}',
};

function examplesFlow(): FlowNode[] {
  const { examples, tabLabels } = startExamples(root, true);
  return arrangedFlow(examples, tenant, tabLabels);
}

/** The flow as the editor writes it back: one empty output for every node that has one output and no wires. */
function asTheEditorWrites(flow: FlowNode[]): FlowNode[] {
  return flow.map((node) =>
    ['ui-table', 'ui-gauge'].includes(node.type) && Array.isArray(node.wires) && node.wires.length === 0 ? { ...node, wires: [[]] } : node,
  );
}

describe('npm start: which example tabs the user changed', () => {
  const deployed = examplesFlow();
  const configId = (deployed.find((node) => node.type === 'auth0-config') as FlowNode).id;
  const tabIds = new Set(deployed.filter((node) => node.type === 'tab').map((tab) => tab.id));
  const dashboardTab = deployed.find((node) => node.type === 'tab' && node.label === DASHBOARD_TAB) as FlowNode;

  it("an example tab the editor saved with `[[]]` for a one-output node's `[]` is refreshed, not kept", () => {
    const saved = asTheEditorWrites(deployed);
    assert.ok(
      saved.some((node, i) => node !== deployed[i] && node.z === dashboardTab.id),
      'the dashboard has a ui-table or ui-gauge without wires',
    );
    const decision = startFlows(saved, recordOf(deployed, configId, tabIds), examplesFlow());
    assert.deepEqual(decision.kept, []);
    assert.ok(decision.replaced.includes(DASHBOARD_TAB), decision.replaced.join(', '));
  });

  it('a record written before (wires hashed as written) still recognises an untouched tab; a real change is kept', () => {
    const record = recordOf(deployed, configId, tabIds);
    for (const [id, entry] of Object.entries(record.tabs)) entry.hash = tabHash(deployed, deployed.find((node) => node.id === id) as FlowNode, configId, true);
    assert.deepEqual(startFlows(deployed, record, examplesFlow()).kept, []);
    const renamed = deployed.map((node) => (node.z === dashboardTab.id && node.type === 'ui-table' ? { ...node, name: 'mine' } : node));
    assert.deepEqual(startFlows(renamed, recordOf(deployed, configId, tabIds), examplesFlow()).kept, [DASHBOARD_TAB]);
  });
});
