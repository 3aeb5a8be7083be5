/**
 * What the example tests need to know about the flow files, this package and Node-RED's own
 * nodes: the raw JSON of every examples/**.json, the node types package.json lists with their
 * built modules, and every core node type with the module that registers it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GroupSpec } from '../../nodes/shared/catalogue';

/** The project root (this file runs from dist/test/examples). */
export const root = path.resolve(__dirname, '..', '..', '..');
export const examplesDir = path.join(root, 'examples');

export type RawNode = Record<string, unknown> & { id: string; type: string; wires?: string[][] };

export interface ExampleFile {
  /** Path below examples/, with forward slashes. */
  file: string;
  /** The parsed JSON, whatever it is (the tests check its shape). */
  json: unknown;
}

export function exampleFiles(dir = examplesDir): ExampleFile[] {
  const found: ExampleFile[] = [];
  const walk = (current: string): void => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        const file = path.relative(dir, full).split(path.sep).join('/');
        let json: unknown;
        try {
          json = JSON.parse(fs.readFileSync(full, 'utf8'));
        } catch (err) {
          json = new Error(`${file} is not valid JSON: ${(err as Error).message}`);
        }
        found.push({ file, json });
      }
    }
  };
  walk(dir);
  return found;
}

export function nodesOf(example: ExampleFile): RawNode[] {
  if (!Array.isArray(example.json)) throw new Error(`${example.file} is not a JSON array of nodes`);
  return example.json as RawNode[];
}

interface PackageJson {
  'node-red': { nodes: Record<string, string> };
}

export function packageJson(): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
}

/** node-red.nodes of package.json: type → absolute path of the built module. */
export function packageNodeModules(): Map<string, string> {
  const nodes = packageJson()['node-red'].nodes;
  return new Map(Object.entries(nodes).map(([type, file]) => [type, path.join(root, file)]));
}

/** The catalogue a generated action node module exports, or undefined for a hand-written node. */
export function groupOf(modulePath: string): GroupSpec | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(modulePath) as { group?: GroupSpec }).group;
}

/** Whether a node type is a config node, read from its built .html (`category: 'config'`). */
export function isConfigType(modulePath: string): boolean {
  const htmlFile = modulePath.replace(/\.js$/, '.html');
  if (!fs.existsSync(htmlFile)) return false; // not built: the package tests report it
  const html = fs.readFileSync(htmlFile, 'utf8');
  return /category\s*:\s*['"]config['"]/.test(html);
}

/** Types the editor itself defines (no runtime module). */
export const EDITOR_TYPES = new Set(['tab', 'group', 'junction', 'subflow']);

/** Every node type Node-RED's core registers, with the module file that registers it. */
export function coreNodeModules(): Map<string, string> {
  const core = path.join(path.dirname(require.resolve('@node-red/nodes/package.json')), 'core');
  const types = new Map<string, string>();
  for (const category of fs.readdirSync(core)) {
    const dir = path.join(core, category);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      const html = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of html.matchAll(/registerType\(\s*['"]([^'"]+)['"]/g)) {
        types.set(match[1], path.join(dir, file.replace(/\.html$/, '.js')));
      }
    }
  }
  return types;
}

/** Ids of the nodes a node's output ports lead to (directly). */
export function wiredTo(node: RawNode): string[] {
  return (node.wires ?? []).flat();
}
