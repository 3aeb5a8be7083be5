/**
 * Turns the example flows under examples/ into one deployable flow: a tab per example, fresh
 * ids (examples are written independently and may reuse ids), and every auth0-config node
 * replaced by one config node for the tenant given (the local emulator for `npm start`).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export type FlowNode = Record<string, unknown> & { id: string; type: string; z?: string };

export interface ExampleFlow {
  /** Path below examples/, e.g. `users/onboarding.json`. */
  file: string;
  /** Tab label: the file name without extension. */
  label: string;
  nodes: FlowNode[];
}

export interface TenantSettings {
  name: string;
  domain: string;
  protocol: 'http' | 'https';
  clientId: string;
  clientSecret: string;
}

export function readExamples(dir: string): ExampleFlow[] {
  const found: ExampleFlow[] = [];
  const walk = (current: string): void => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        const nodes = JSON.parse(fs.readFileSync(full, 'utf8')) as unknown;
        if (!Array.isArray(nodes)) throw new Error(`${full}: an example flow must be a JSON array of nodes`);
        found.push({ file: path.relative(dir, full).split(path.sep).join('/'), label: entry.name.replace(/\.json$/, ''), nodes: nodes as FlowNode[] });
      }
    }
  };
  walk(dir);
  return found;
}

function newId(): string {
  return crypto.randomBytes(8).toString('hex');
}

/** Replaces every string equal to an old id, wherever it stands (wires, links, scopes, tenant). */
function remap(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => remap(item, ids));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = remap(item, ids);
    return out;
  }
  return value;
}

function configNode(id: string, tenant: TenantSettings): FlowNode {
  return {
    id,
    type: 'auth0-config',
    name: tenant.name,
    domain: tenant.domain,
    protocol: tenant.protocol,
    telemetry: true,
    timeout: 5,
    readTimeout: 10,
    retries: 3,
    audience: '',
    customDomain: '',
    maxConcurrent: 4,
    requestsPerSecond: 0,
    credentials: { clientId: tenant.clientId, clientSecret: tenant.clientSecret },
  };
}

/** An example's nodes with fresh ids, on tab `tabId`, moved by (dx, dy); its config nodes become `configId`. */
function placeExample(example: ExampleFlow, tabId: string, configId: string, dx = 0, dy = 0): FlowNode[] {
  const ids = new Map<string, string>();
  for (const node of example.nodes) {
    if (node.type === 'auth0-config') ids.set(node.id, configId);
    else if (node.type === 'tab') ids.set(node.id, tabId);
    else ids.set(node.id, newId());
  }
  const placed: FlowNode[] = [];
  for (const node of example.nodes) {
    if (node.type === 'auth0-config' || node.type === 'tab') continue;
    const copy = remap(node, ids) as FlowNode;
    // Nodes exported without a tab, and other config nodes, land on the example's tab or stay global.
    if (copy.z === undefined && 'wires' in copy) copy.z = tabId;
    if (typeof copy.x === 'number' && typeof copy.y === 'number' && copy.z === tabId) {
      copy.x += dx;
      copy.y += dy;
    }
    placed.push(copy);
  }
  return placed;
}

/** One tab per example (the test suites deploy examples this way, each on its own). */
export function deployableFlow(examples: ExampleFlow[], tenant: TenantSettings): FlowNode[] {
  const configId = newId();
  const flow: FlowNode[] = [configNode(configId, tenant)];
  for (const example of examples) {
    const tabId = newId();
    const tabs = example.nodes.filter((node) => node.type === 'tab');
    const info = tabs.length > 0 && typeof tabs[0].info === 'string' ? tabs[0].info : `Example ${example.file}`;
    flow.push({ id: tabId, type: 'tab', label: example.label, disabled: false, info });
    flow.push(...placeExample(example, tabId, configId));
  }
  return flow;
}

/** The three flows our users build, on the first tab a newcomer sees. */
export const START_HERE = ['users/user-onboarding.json', 'jobs/scheduled-bulk-import.json', 'logs/alert-on-failed-logins.json'];

const START_HERE_INFO = [
  'The three flows most users of these nodes build, running against the local Auth0 emulator:',
  '',
  '1. **User onboarding**: a sign-up form creates the user, assigns a role and sends a verification ticket.',
  '2. **Scheduled bulk import**: a timer imports thousands of users and follows the job to its end.',
  '3. **Alert on failed logins**: the tenant log is watched and failed logins become alerts.',
  '',
  'Every other node has an example on the tabs after this one, one group per example; Import → Examples → @idflow/node-red-auth0 has them too.',
].join('\n');

const FOLDER_TABS: Record<string, string> = {
  users: 'Users examples',
  management: 'Management API examples',
  auth: 'Authentication examples',
  jobs: 'Jobs examples',
  logs: 'Logs examples',
};

/** About how wide the editor draws a node: its label at roughly 8 px a character, icon and ports. */
function estimatedWidth(node: FlowNode): number {
  const label = typeof node.name === 'string' && node.name !== '' ? node.name : node.type;
  return Math.max(100, label.length * 8 + 50);
}

/** `user-onboarding` → `User onboarding`. */
function title(label: string): string {
  const words = label.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Node-RED's editor draws a tab on a canvas of 8,000 × 8,000; nothing beyond it can be scrolled to or revealed. */
export const CANVAS_SIZE = 8000;
/** Where a tab's next group column starts: below this, a group would end too near the canvas's edge. */
const COLUMN_HEIGHT = CANVAS_SIZE - 200;
const GAP = 40;

/** The rectangle a node takes on the canvas (x and y are its centre; the width follows its label). */
export function nodeBox(node: FlowNode): { left: number; right: number; top: number; bottom: number } {
  const x = node.x as number;
  const y = node.y as number;
  const half = estimatedWidth(node) / 2;
  return { left: x - half, right: x + half, top: y - 15, bottom: y + 15 };
}

/**
 * What `npm start` deploys: a "Start here" tab with the three user flows, then one tab per
 * examples folder, each example in a named group. Groups stack down a column; a group that
 * would reach past the canvas's 8,000 starts the next column to the right, so every node can
 * be scrolled to (the canvas ends there). A newcomer meets a handful of tabs rather than one
 * per example.
 */
export function arrangedFlow(examples: ExampleFlow[], tenant: TenantSettings, tabLabels: Record<string, string> = {}): FlowNode[] {
  const configId = newId();
  const flow: FlowNode[] = [configNode(configId, tenant)];
  interface TabLayout {
    id: string;
    columnX: number;
    columnWidth: number;
    nextY: number;
  }
  const tabs = new Map<string, TabLayout>();
  const tabFor = (label: string, info: string): TabLayout => {
    let tab = tabs.get(label);
    if (!tab) {
      tab = { id: newId(), columnX: GAP, columnWidth: 0, nextY: GAP };
      tabs.set(label, tab);
      flow.push({ id: tab.id, type: 'tab', label, disabled: false, info });
    }
    return tab;
  };
  const ordered = [
    ...START_HERE.map((file) => examples.find((e) => e.file === file)).filter((e): e is ExampleFlow => e !== undefined),
    ...examples.filter((e) => !START_HERE.includes(e.file)),
  ];
  for (const example of ordered) {
    const folder = example.file.includes('/') ? example.file.slice(0, example.file.indexOf('/')) : 'other';
    const label = START_HERE.includes(example.file) ? 'Start here' : (tabLabels[example.file] ?? FOLDER_TABS[folder] ?? `${title(folder)} examples`);
    const tab = tabFor(label, label === 'Start here' ? START_HERE_INFO : `Examples of ${folder}: one group per example file under examples/${folder}/.`);
    const boxes = example.nodes
      .filter((n) => n.type !== 'tab' && n.type !== 'auth0-config' && typeof n.x === 'number' && typeof n.y === 'number' && 'wires' in n)
      .map(nodeBox);
    const left = Math.min(...boxes.map((b) => b.left));
    const right = Math.max(...boxes.map((b) => b.right));
    const top = Math.min(...boxes.map((b) => b.top));
    const bottom = Math.max(...boxes.map((b) => b.bottom));
    const size = { w: right - left + 40, h: bottom - top + 50 };
    if (tab.nextY > GAP && tab.nextY + size.h > COLUMN_HEIGHT) {
      tab.columnX += tab.columnWidth + GAP;
      tab.columnWidth = 0;
      tab.nextY = GAP;
    }
    const frame = { x: tab.columnX, y: tab.nextY, ...size };
    const placed = placeExample(example, tab.id, configId, frame.x + 20 - left, frame.y + 35 - top);
    const groupId = newId();
    const members = placed.filter((n) => n.z === tab.id);
    for (const node of members) node.g = groupId;
    flow.push({ id: groupId, type: 'group', z: tab.id, name: title(example.label), style: { label: true }, nodes: members.map((n) => n.id), ...frame });
    flow.push(...placed);
    tab.nextY += frame.h + GAP;
    tab.columnWidth = Math.max(tab.columnWidth, frame.w);
  }
  return flow;
}

/** The tab the dashboard flow joins (a tab of its own would be one more for a newcomer to meet). */
export const DASHBOARD_TAB = 'Logs examples';

/**
 * The flows `npm start` arranges: every example of examples/, and with FlowFuse Dashboard 2
 * installed the tenant dashboard of dashboard/ (its nodes need the dashboard), on DASHBOARD_TAB.
 */
export function startExamples(projectRoot: string, withDashboard: boolean): { examples: ExampleFlow[]; tabLabels: Record<string, string> } {
  const dashboard = withDashboard ? readExamples(path.join(projectRoot, 'dashboard')).map((flow) => ({ ...flow, file: `dashboard/${flow.file}` })) : [];
  return {
    examples: [...readExamples(path.join(projectRoot, 'examples')), ...dashboard],
    tabLabels: Object.fromEntries(dashboard.map((flow) => [flow.file, DASHBOARD_TAB])),
  };
}
