/**
 * Turns the example flows under examples/ into one deployable flow: a tab per example, fresh
 * ids (examples are written independently and may reuse ids), and every auth0-config node
 * replaced by one config node for the tenant given (the local emulator for `npm start`).
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

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

export function deployableFlow(examples: ExampleFlow[], tenant: TenantSettings): FlowNode[] {
  const configId = newId();
  const flow: FlowNode[] = [{
    id: configId, type: 'auth0-config', name: tenant.name, domain: tenant.domain, protocol: tenant.protocol,
    telemetry: true, timeout: 5, readTimeout: 10, retries: 3, audience: '', customDomain: '', maxConcurrent: 4, requestsPerSecond: 0,
    credentials: { clientId: tenant.clientId, clientSecret: tenant.clientSecret },
  }];
  for (const example of examples) {
    const tabId = newId();
    const ids = new Map<string, string>();
    const tabs = example.nodes.filter((node) => node.type === 'tab');
    for (const node of example.nodes) {
      if (node.type === 'auth0-config') ids.set(node.id, configId);
      else if (node.type === 'tab') ids.set(node.id, tabId);
      else ids.set(node.id, newId());
    }
    const info = tabs.length > 0 && typeof tabs[0].info === 'string' ? tabs[0].info : `Example ${example.file}`;
    flow.push({ id: tabId, type: 'tab', label: example.label, disabled: false, info });
    for (const node of example.nodes) {
      if (node.type === 'auth0-config' || node.type === 'tab') continue;
      const copy = remap(node, ids) as FlowNode;
      // Nodes exported without a tab, and other config nodes, land on the example's tab or stay global.
      if (copy.z === undefined && 'wires' in copy) copy.z = tabId;
      flow.push(copy);
    }
  }
  return flow;
}
