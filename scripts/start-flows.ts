/**
 * What `npm start` deploys when Node-RED already has flows: the examples go in on the first start;
 * on later starts every tab the user made or changed stays as it is, and only the example tabs
 * still exactly as npm start deployed them are replaced by the examples' current version.
 *
 * "Exactly as deployed" is a hash of the tab, everything on it and the global nodes it uses,
 * kept beside flows.json (EXAMPLES_RECORD) when npm start deploys. The flows are read from the
 * flows file before Node-RED starts, so no admin API call is needed for it.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FlowNode } from './example-flows';

export const EXAMPLES_RECORD = '.examples-deployed.json';

export interface ExamplesRecord {
  /** The auth0-config node every example uses. */
  configId: string;
  /** Per example tab npm start deployed: its label and the hash of its content as deployed. */
  tabs: Record<string, { label: string; hash: string }>;
  /** Every example tab label npm start ever deployed here (a tab the user changed or deleted is not added again). */
  labels: string[];
}

export interface StartFlows {
  /** What to deploy, or undefined to leave Node-RED's flows as they are. */
  flow: FlowNode[] | undefined;
  /** The example tabs in `flow` as npm start arranged them (what the next record holds). */
  exampleTabIds: Set<string>;
  /** Tab labels, for the start banner. */
  replaced: string[];
  kept: string[];
  added: string[];
}

/**
 * A node's wires without trailing empty outputs: the editor saves a one-output node's `wires: []`
 * as `[[]]` (and the reverse), which connects nothing either way, so it is no change of the user's.
 */
function wiresAsConnected(wires: unknown): unknown {
  if (!Array.isArray(wires)) return wires;
  let end = wires.length;
  while (end > 0 && Array.isArray(wires[end - 1]) && (wires[end - 1] as unknown[]).length === 0) end--;
  return wires.slice(0, end);
}

/** Sorted keys, no credentials, and (unless `asWritten`) wires as they connect. */
function stable(value: unknown, asWritten: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => stable(item, asWritten));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'credentials')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, stable(key === 'wires' && !asWritten ? wiresAsConnected(item) : item, asWritten)]),
    );
  }
  return value;
}

/** The global nodes (no tab) other than the shared tenant that a tab's nodes name (a dashboard's page, group, theme). */
function globalsOf(flow: FlowNode[], members: FlowNode[], configId: string): FlowNode[] {
  const candidates = flow.filter((node) => node.z === undefined && node.type !== 'tab' && node.id !== configId);
  const found: FlowNode[] = [];
  // Those named by the tab's nodes, then those named by these (a group names its page, a page its base and theme).
  let text = JSON.stringify(members);
  for (;;) {
    const more = candidates.filter((node) => !found.includes(node) && text.includes(`"${node.id}"`));
    if (more.length === 0) return found;
    found.push(...more);
    text = JSON.stringify(more);
  }
}

/** A tab with everything on it and the global nodes it uses. */
function contentOf(flow: FlowNode[], tab: FlowNode, configId: string): FlowNode[] {
  const members = flow.filter((node) => node.z === tab.id);
  return [tab, ...members, ...globalsOf(flow, members, configId)];
}

/** The hash of a tab's content; `asWritten` keeps the wires as written (the records of earlier versions of npm start). */
export function tabHash(flow: FlowNode[], tab: FlowNode, configId: string, asWritten = false): string {
  const content = contentOf(flow, tab, configId).sort((a, b) => a.id.localeCompare(b.id));
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(stable(content, asWritten)))
    .digest('hex');
}

/** True when the tab is still as npm start recorded it (a record written before wires were normalised included). */
function unchanged(flow: FlowNode[], tab: FlowNode, configId: string, hash: string): boolean {
  return tabHash(flow, tab, configId) === hash || tabHash(flow, tab, configId, true) === hash;
}

/** The record of a flow npm start deployed (its example tabs all, its config node the shared one). */
export function recordOf(deployed: FlowNode[], configId: string, exampleTabIds: Set<string>, before?: ExamplesRecord): ExamplesRecord {
  const tabs: ExamplesRecord['tabs'] = {};
  const labels = new Set(before?.labels ?? []);
  for (const tab of deployed.filter((node) => node.type === 'tab' && exampleTabIds.has(node.id))) {
    tabs[tab.id] = { label: String(tab.label), hash: tabHash(deployed, tab, configId) };
    labels.add(String(tab.label));
  }
  return { configId, tabs, labels: [...labels] };
}

/** Gives the shared tenant node of a freshly arranged flow the id the deployed examples already use. */
function withConfigId(fresh: FlowNode[], configId: string): FlowNode[] {
  const freshConfig = fresh.find((node) => node.type === 'auth0-config' && node.z === undefined);
  if (!freshConfig || freshConfig.id === configId) return fresh;
  const from = freshConfig.id;
  return fresh.map((node) => JSON.parse(JSON.stringify(node).split(`"${from}"`).join(`"${configId}"`)) as FlowNode);
}

/**
 * Decides what npm start deploys. `current` is Node-RED's flows file (empty on the first start),
 * `record` what npm start deployed before, `fresh` the examples arranged now.
 */
export function startFlows(current: FlowNode[], record: ExamplesRecord | undefined, fresh: FlowNode[]): StartFlows {
  const freshTabs = fresh.filter((node) => node.type === 'tab');
  const currentTabs = current.filter((node) => node.type === 'tab');
  if (current.length === 0) {
    return { flow: fresh, exampleTabIds: new Set(freshTabs.map((t) => t.id)), replaced: [], kept: [], added: freshTabs.map((t) => String(t.label)) };
  }
  // Flows npm start did not record (made before it kept a record, or by hand): all the user's.
  if (!record) return { flow: undefined, exampleTabIds: new Set(), replaced: [], kept: currentTabs.map((t) => String(t.label)), added: [] };

  const arranged = withConfigId(fresh, record.configId);
  const freshConfig = arranged.find((node) => node.id === record.configId);
  const freshByLabel = new Map(arranged.filter((node) => node.type === 'tab').map((tab) => [String(tab.label), tab]));
  const recordedLabels = new Set([...record.labels, ...Object.values(record.tabs).map((entry) => entry.label)]);
  const exampleTabIds = new Set<string>();
  const replaced: string[] = [];
  const kept: string[] = [];
  const added: string[] = [];
  const drop = new Set<string>();
  const replacement = new Map<string, FlowNode[]>();
  for (const tab of currentTabs) {
    const entry = record.tabs[tab.id];
    const next = freshByLabel.get(String(tab.label));
    if (entry && next && entry.label === tab.label && unchanged(current, tab, record.configId, entry.hash)) {
      for (const node of contentOf(current, tab, record.configId)) drop.add(node.id);
      replacement.set(tab.id, contentOf(arranged, next, record.configId));
      exampleTabIds.add(next.id);
      replaced.push(String(tab.label));
    } else kept.push(String(tab.label));
  }
  const out: FlowNode[] = [];
  for (const node of current) {
    const content = replacement.get(node.id);
    if (content) out.push(...content);
    else if (!drop.has(node.id)) out.push(node);
  }
  // An example tab npm start never deployed here is new; one it deployed and the user deleted stays deleted.
  for (const tab of arranged.filter((node) => node.type === 'tab' && !recordedLabels.has(String(node.label)))) {
    out.push(...contentOf(arranged, tab, record.configId));
    exampleTabIds.add(tab.id);
    added.push(String(tab.label));
  }
  if (
    freshConfig &&
    !out.some((node) => node.id === record.configId) &&
    out.some((node) => node.type !== 'tab' && JSON.stringify(node).includes(`"${record.configId}"`))
  ) {
    out.unshift(freshConfig);
  }
  return { flow: out, exampleTabIds, replaced, kept, added };
}

export function readFlowsFile(userDir: string): FlowNode[] {
  const file = path.join(userDir, 'flows.json');
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text === '') return [];
  const parsed = JSON.parse(text) as unknown;
  const nodes = Array.isArray(parsed) ? parsed : (parsed as { flows?: unknown }).flows;
  if (!Array.isArray(nodes)) throw new Error(`${file} is not a Node-RED flows file`);
  return nodes as FlowNode[];
}

export function readRecord(userDir: string): ExamplesRecord | undefined {
  const file = path.join(userDir, EXAMPLES_RECORD);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ExamplesRecord;
}

export function writeRecord(userDir: string, record: ExamplesRecord): void {
  fs.writeFileSync(path.join(userDir, EXAMPLES_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}
