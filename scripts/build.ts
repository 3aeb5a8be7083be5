/**
 * After `tsc`: puts beside every node module Node-RED loads (dist/nodes/<family>/auth0-*.js)
 * its .html (hand-written next to the .ts, or generated from the group's catalogue), its help
 * and message catalogue in locales/en-US/ (hand-written in nodes/<family>/locales/, or generated
 * from the catalogue), the editor data a dialog loads when it opens (dist/nodes/editor/data/), the
 * icons and Auth0's derived API descriptions, and checks that package.json lists exactly those
 * modules.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GroupSpec } from '../nodes/shared/catalogue';
import { actionNodeHelp, actionNodeHtml, editorCatalogue, helpInner, helpScript, splitHelp } from './editor-html';
import { EDITOR_DATA_DIR } from '../nodes/editor/editor-data-route';
import { paletteAreaOf } from './palette';
import { DATA_FILE_NAME } from '../nodes/descriptions/descriptions';

const root = path.resolve(__dirname, '..', '..');
const dist = path.join(root, 'dist');

function walk(dir: string, match: (file: string) => boolean, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, match, found);
    else if (match(entry.name)) found.push(full);
  }
  return found;
}

function copyDir(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) copyDir(src, dst);
    else fs.copyFileSync(src, dst);
  }
}

/** The group a generated action node module exports (actionNodeModule attaches it). */
function groupOf(moduleFile: string): GroupSpec | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(moduleFile) as { group?: GroupSpec };
  return mod.group;
}

/**
 * Node-RED sends every node's help with every editor load: only its first paragraphs go there;
 * the rest is served when a help view opens (nodes/editor/editor-data-route.ts).
 */
function writeHelp(type: string, helpFile: string, helpOut: string): void {
  const { stub, rest } = splitHelp(type, helpInner(helpFile));
  fs.writeFileSync(helpOut, helpScript(type, stub));
  fs.writeFileSync(path.join(EDITOR_DATA_DIR, `${type}.help.html`), rest);
}

export function build(): string[] {
  const problems: string[] = [];
  const entries = walk(path.join(dist, 'nodes'), (name) => /^auth0-[a-z-]+\.js$/.test(name)).sort();
  const families = new Set<string>();
  const actionLocale = path.join(root, 'locales', 'en-US', 'auth0-action.json');
  fs.rmSync(EDITOR_DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(EDITOR_DATA_DIR, { recursive: true });
  for (const entry of entries) {
    const type = path.basename(entry, '.js');
    const rel = path.relative(path.join(dist, 'nodes'), path.dirname(entry));
    const sourceDir = path.join(root, 'nodes', rel);
    families.add(rel);
    const handWritten = path.join(sourceDir, `${type}.html`);
    const htmlOut = entry.replace(/\.js$/, '.html');
    const localeOut = path.join(path.dirname(entry), 'locales', 'en-US', `${type}.json`);
    const helpOut = path.join(path.dirname(entry), 'locales', 'en-US', `${type}.html`);
    fs.mkdirSync(path.dirname(localeOut), { recursive: true });
    // The config node is in no palette category (Node-RED lists it under "config").
    const area = type === 'auth0-config' ? { category: 'config', icon: '', families: [] } : paletteAreaOf(rel.split(path.sep)[0]);
    if (!area) {
      problems.push(`${type}: the family ${rel} has no palette area (scripts/palette.ts)`);
      continue;
    }
    if (fs.existsSync(handWritten)) {
      const html = fs.readFileSync(handWritten, 'utf8');
      if (!html.includes(`category: '${area.category}'`) || (area.icon !== '' && !html.includes(`icon: '${area.icon}'`))) {
        problems.push(`${type}: ${path.relative(root, handWritten)} must register category '${area.category}' and icon '${area.icon}' (scripts/palette.ts)`);
      }
      // Node-RED waits for every src script of a node set before the next one, on every editor load.
      if (/<script[^>]*\ssrc=/.test(html))
        problems.push(`${type}: load the editor script through window.Auth0EditorLoading, not a <script src> (Node-RED waits for it on every editor load)`);
      fs.copyFileSync(handWritten, htmlOut);
      for (const [own, out] of [
        [`${type}.json`, localeOut],
        [`${type}.html`, helpOut],
      ]) {
        const source = path.join(sourceDir, 'locales', 'en-US', own);
        if (!fs.existsSync(source)) problems.push(`${type}: no locales/en-US/${own} beside ${path.relative(root, handWritten)}`);
        else if (out === helpOut) writeHelp(type, fs.readFileSync(source, 'utf8'), helpOut);
        else fs.copyFileSync(source, out);
      }
      continue;
    }
    const group = groupOf(entry);
    if (!group) {
      problems.push(`${type}: no ${type}.html beside its source and no catalogue group exported`);
      continue;
    }
    if (group.type !== type) problems.push(`${path.relative(root, entry)} registers ${group.type}; the file must be named after its type`);
    fs.writeFileSync(htmlOut, actionNodeHtml(group, area));
    writeHelp(type, actionNodeHelp(group), helpOut);
    // What the edit dialog loads when it opens (nodes/editor/editor-data-route.ts).
    fs.writeFileSync(path.join(EDITOR_DATA_DIR, `${type}.json`), JSON.stringify(editorCatalogue(group)));
    // Every action node shares the generic form's strings, under its own file name as Node-RED expects.
    fs.copyFileSync(actionLocale, localeOut);
  }
  for (const family of families) copyDir(path.join(root, 'icons'), path.join(dist, 'nodes', family, 'icons'));
  // The login module's plugin: Node-RED wants an .html beside every plugin file.
  fs.copyFileSync(path.join(root, 'login', 'auth0-login-routes.html'), path.join(dist, 'login', 'auth0-login-routes.html'));
  // Auth0's descriptions (derived data and its licence) beside their accessor, as the package ships them.
  for (const file of [DATA_FILE_NAME, 'LICENSE'])
    fs.copyFileSync(path.join(root, 'nodes', 'descriptions', file), path.join(dist, 'nodes', 'descriptions', file));

  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { 'node-red'?: { nodes?: Record<string, string> } };
  const listed = new Set(Object.values(pkg['node-red']?.nodes ?? {}));
  const built = new Set(entries.map((entry) => path.relative(root, entry).split(path.sep).join('/')));
  for (const file of built) if (!listed.has(file)) problems.push(`package.json node-red.nodes does not list ${file}`);
  for (const file of listed) if (!built.has(file)) problems.push(`package.json node-red.nodes lists ${file}, which the build did not produce`);
  return problems;
}

if (require.main === module) {
  const problems = build();
  if (problems.length > 0) {
    console.error(`build: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('build: node html, icons and locales written beside every node module');
}
