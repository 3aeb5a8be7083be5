/**
 * What the Flow Library's scorecard (`npx node-red-dev validate`) checks and what can be checked
 * without the internet: package.json (P01, P03–P07, D01–D03), and for every node module the built
 * .html beside it with a literal registerType (how the library lists the types), its icon, its
 * message catalog and its help in Node-RED's help style.
 */
import { PALETTE_AREAS, paletteAreaOf } from '../../scripts/palette';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as semver from 'semver';
import { helpOutline, i18nKeys, lookup, namedBlock, type NodeDefinition, parseNodeHtml, rendererKeys } from './node-html';
import { installedVersion, nodeModules, packageJson, productionTree, root, runtimeTypes } from './package-files';

const pkg = packageJson();
const modules = nodeModules();

/** Node-RED's minimum Node.js version of its newest major line (5.x), which P07 tests against. */
const NEWEST_NODE_RED_MIN_NODE = '22.9.0';
/** The contract: Node-RED 3.1, 4.x and 5.x; Node.js 20 and later. */
const SUPPORTED_NODE_RED = ['3.1.0', '4.0.0', '5.0.0'];
const OLDEST_NODE = '20.0.0';

describe('scorecard: package.json', () => {
  it('P01 has a licence (an SPDX id) and the licence file', () => {
    assert.match(
      String(pkg.license),
      /^(Apache-2\.0|MIT|ISC|BSD-[23]-Clause|GPL-[23]\.0(-only|-or-later)?|LGPL-[23]\.[01](-only|-or-later)?|MPL-2\.0|0BSD|Unlicense)$/,
    );
    assert.ok(fs.existsSync(path.join(root, 'LICENSE')), 'no LICENSE file');
  });

  it('P03 names its repository and where to report bugs', () => {
    const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : (pkg.bugs?.url ?? pkg.bugs?.email);
    assert.ok(repo || bugs, 'neither repository nor bugs');
    if (repo) assert.match(repo, /^(git\+)?https:\/\/|^git@|^github:/);
  });

  it('P04 has a scoped name', () => {
    assert.match(pkg.name, /^@[a-z0-9-~][a-z0-9-._~]*\/[a-z0-9-~][a-z0-9-._~]*$/);
  });

  it('P05 has the keyword node-red (the Flow Library rejects a module without it), and a README', () => {
    assert.ok(pkg.keywords?.includes('node-red'), 'keyword node-red missing');
    assert.ok(fs.statSync(path.join(root, 'README.md')).size > 500, 'README.md missing or empty');
  });

  it('P06 declares node-red.version, admitting Node-RED 3.1, 4 and 5 and the installed Node-RED', () => {
    const range = pkg['node-red']?.version;
    assert.ok(range && semver.validRange(range), `node-red.version "${range}" is not a range`);
    for (const version of [...SUPPORTED_NODE_RED, installedVersion('node-red') ?? '']) {
      assert.ok(semver.satisfies(version, range), `node-red.version "${range}" does not admit Node-RED ${version}`);
    }
  });

  it(`P07 declares engines.node, admitting Node.js ${NEWEST_NODE_RED_MIN_NODE} (the newest Node-RED's minimum), ${OLDEST_NODE} and the running Node.js`, () => {
    const range = pkg.engines?.node;
    assert.ok(range && semver.validRange(range), `engines.node "${range}" is not a range`);
    for (const version of [NEWEST_NODE_RED_MIN_NODE, OLDEST_NODE, process.versions.node]) {
      assert.ok(semver.satisfies(version, range), `engines.node "${range}" does not admit ${version}`);
    }
  });

  // 9: ajv (the body check) and ajv-formats (its formats), ioredis (replicas), eventsource-parser
  // (the events stream), and the HTTP stack the design names (issue 28): axios, axios-retry, and
  // for proxies from the environment with axios's own proxy off, proxy-from-env (the variables, as
  // axios reads them), https-proxy-agent (CONNECT tunnels) and http-proxy-agent (absolute form).
  it('D01 has at most 9 dependencies, and none that only tests or builds need', () => {
    const deps = Object.keys(pkg.dependencies ?? {});
    assert.ok(deps.length <= 9, `${deps.length} dependencies: ${deps.join(', ')}`);
    for (const toolOnly of ['typescript', 'mocha', 'node-red', 'node-red-node-test-helper', 'playwright-core', 'auth0']) {
      assert.ok(!deps.includes(toolOnly), `${toolOnly} belongs in devDependencies`);
    }
  });

  it('D02 has no known-bad package in the production tree (agent-base before 6)', () => {
    const tree = productionTree();
    for (const version of tree.get('agent-base') ?? []) assert.ok(semver.gte(version, '6.0.0'), `agent-base ${version}`);
  });

  it('D03 every dependency range admits the installed version (offline stand-in for "admits the latest")', () => {
    for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      const installed = installedVersion(name);
      assert.ok(installed, `${name} is not installed`);
      assert.ok(semver.satisfies(installed, range), `${name}@${installed} is outside "${range}"`);
    }
  });

  it('has a build step that runs before packing', () => {
    assert.match(String(pkg.scripts?.prepack), /build/);
  });
});

describe('scorecard: the node modules', () => {
  const parsed = new Map<string, { definitions: NodeDefinition[]; problems: string[]; html: string }>();
  before(function () {
    const missing = modules.filter((m) => !fs.existsSync(m.js) || !fs.existsSync(m.html)).map((m) => m.entry);
    if (missing.length === modules.length) throw new Error('nothing is built: run `npm run build` first');
    for (const m of modules) {
      if (!fs.existsSync(m.html)) continue;
      const html = fs.readFileSync(m.html, 'utf8');
      parsed.set(m.name, { ...parseNodeHtml(html), html });
    }
  });

  it('node-red.nodes lists node modules', () => {
    assert.ok(modules.length > 0);
    for (const m of modules) assert.match(m.entry, /^dist\/nodes\/[a-z-]+\/auth0-[a-z0-9-]+\.js$/, `${m.name}: ${m.entry}`);
  });

  it('every listed .js is built, with its .html beside it', () => {
    const missing = modules.flatMap((m) => [m.js, m.html].filter((file) => !fs.existsSync(file)).map((file) => path.relative(root, file)));
    assert.deepEqual(missing, []);
  });

  it('every .html registers its node type with a literal registerType, in an inline text/javascript block, with literal category, color, icon, inputs, outputs and inline defaults/credentials', () => {
    for (const m of modules) {
      const result = parsed.get(m.name);
      if (!result) continue; // reported above
      assert.deepEqual(result.problems, [], `${m.entry.replace(/\.js$/, '.html')}`);
      assert.deepEqual(
        result.definitions.map((d) => d.type),
        [m.name],
        `${m.entry.replace(/\.js$/, '.html')} should define exactly the type ${m.name}`,
      );
    }
  });

  it('every .js registers at runtime the type its .html defines', () => {
    for (const m of modules.filter((mod) => fs.existsSync(mod.js))) {
      assert.deepEqual(runtimeTypes(m.js), [m.name], `${m.entry} registers`);
    }
  });

  it('no node type is registered twice, and every type is prefixed auth0- (N01 offline)', () => {
    const types = [...parsed.values()].flatMap((p) => p.definitions.map((d) => d.type));
    assert.equal(new Set(types).size, types.length, `duplicates: ${types.filter((t, i) => types.indexOf(t) !== i).join(', ')}`);
    for (const type of types) assert.match(type, /^auth0-[a-z0-9-]+$/);
  });

  it("each node sits in its area's palette category with the area's icon (scripts/palette.ts), all in one colour, each with a palette label and a version in its defaults", () => {
    const categories = new Set<unknown>();
    const colours = new Set<unknown>();
    const unversioned: string[] = [];
    for (const m of modules) {
      const definition = parsed.get(m.name)?.definitions[0];
      if (!definition) continue;
      if (definition.literals.category === 'config') continue;
      categories.add(definition.literals.category);
      colours.add(definition.literals.color);
      assert.ok(definition.properties.includes('paletteLabel'), `${m.name}: no paletteLabel`);
      assert.ok(definition.properties.includes('label'), `${m.name}: no label`);
      if (!definition.defaults.includes('version')) unversioned.push(m.name);
      const icon = definition.literals.icon;
      assert.equal(typeof icon, 'string', `${m.name}: no icon`);
      if (!String(icon).startsWith('font-awesome/')) {
        assert.ok(fs.existsSync(path.join(m.dir, 'icons', String(icon))), `${m.name}: icons/${String(icon)} is not beside ${m.entry}`);
      }
      const area = paletteAreaOf(path.basename(m.dir));
      assert.ok(area, `${m.name}: its family ${path.basename(m.dir)} has no palette area`);
      assert.equal(definition.literals.category, area.category, `${m.name}: category`);
      assert.equal(icon, area.icon, `${m.name}: icon`);
    }
    // A handful of areas a user can scan, each with an icon of its own.
    assert.equal(categories.size, PALETTE_AREAS.length, `categories: ${[...categories].join(', ')}`);
    assert.ok(
      [...categories].every((c) => String(c).startsWith('Auth0 ')),
      'every category names Auth0',
    );
    assert.equal(new Set(PALETTE_AREAS.map((a) => a.icon)).size, PALETTE_AREAS.length, 'two areas share an icon');
    assert.equal(colours.size, 1, `colours: ${[...colours].join(', ')}`);
    assert.deepEqual(unversioned, [], 'nodes without a version in their defaults (saved flows need it for migrations)');
  });

  it('the icons are white on transparent SVG, 2:3', () => {
    const icons = new Set(modules.map((m) => path.join(m.dir, 'icons')).filter((dir) => fs.existsSync(dir)));
    assert.ok(icons.size > 0, 'no icons directory beside any node');
    for (const dir of icons) {
      for (const file of fs.readdirSync(dir)) {
        const svg = fs.readFileSync(path.join(dir, file), 'utf8');
        assert.match(file, /\.svg$/, `${file}: expected an SVG`);
        const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
        assert.ok(box && Math.abs(Number(box[1]) * 3 - Number(box[2]) * 2) < 1, `${file}: not 2:3`);
        const paints = [...svg.matchAll(/(?:fill|stroke)\s*[:=]\s*"?([^";\s>]+)/g)].map((m) => m[1].toLowerCase());
        for (const paint of paints) assert.ok(['#fff', '#ffffff', 'white', 'none', 'transparent'].includes(paint), `${file}: paints ${paint}`);
        assert.doesNotMatch(svg, /<rect[^>]*fill="(?!none)/, `${file}: a background`);
      }
    }
  });

  it('every node has an edit template', () => {
    for (const m of modules) {
      const result = parsed.get(m.name);
      if (!result) continue;
      assert.ok(namedBlock(result.html, 'template', m.name), `${m.name}: no <script type="text/html" data-template-name="${m.name}">`);
    }
  });

  it('every node has a message catalog locales/en-US/<file>.json beside its .js, holding every key its .html uses', () => {
    const coreCatalog = JSON.parse(fs.readFileSync(require.resolve('@node-red/nodes/locales/en-US/messages.json'), 'utf8')) as unknown;
    const editorScript = fs.readFileSync(path.join(root, 'resources', 'auth0-editor.js'), 'utf8');
    for (const m of modules) {
      const file = path.join(m.dir, 'locales', 'en-US', `${m.base}.json`);
      assert.ok(fs.existsSync(file), `${path.relative(root, file)} is missing`);
      const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      const html = parsed.get(m.name)?.html ?? '';
      // The generic form's script reads the action strings too.
      const text = html.includes('Auth0Editor.prepare') ? html + editorScript : html;
      // The shared form rows (the log type picker, a watcher's delivery rows) read the node's own strings.
      for (const key of [...i18nKeys(text), ...rendererKeys(editorScript, html, m.name)]) {
        const [namespace, rest] = key.includes(':') ? key.split(':', 2) : ['', key];
        const value = namespace === 'node-red' ? lookup(coreCatalog, rest) : namespace === '' ? lookup(catalog, rest) : 'other namespace';
        assert.equal(
          typeof value,
          'string',
          `${m.name}: i18n key "${key}" is not in ${namespace === 'node-red' ? "Node-RED's catalog" : path.relative(root, file)}`,
        );
      }
    }
  });

  it("every node's help is in locales/en-US/<type>.html and follows Node-RED's style: a short first paragraph, then Inputs, Outputs, Details, References in that order", () => {
    const order = ['Inputs', 'Outputs', 'Details', 'References'];
    for (const m of modules) {
      const result = parsed.get(m.name);
      const definition = result?.definitions[0];
      if (!result || !definition) continue;
      const localeHelp = path.join(m.dir, 'locales', 'en-US', `${m.base}.html`);
      assert.equal(
        namedBlock(result.html, 'help', m.name),
        undefined,
        `${m.name}: the help belongs in locales/en-US/${m.base}.html, where Node-RED looks it up by language`,
      );
      const stub = fs.existsSync(localeHelp) ? namedBlock(fs.readFileSync(localeHelp, 'utf8'), 'help', m.name)?.body : undefined;
      assert.ok(stub, `${m.name}: no help (data-help-name) in locales/en-US/${m.base}.html`);
      // The help as a user sees it: its first paragraphs, then the rest loaded into the placeholder
      // when it is shown (nodes/editor/editor-data-route.ts).
      const rest = path.join(root, 'dist', 'nodes', 'editor', 'data', `${m.name}.help.html`);
      const placeholder = /<div class="auth0-help-more" data-auth0-help="([^"]+)">[\s\S]*?<\/div>/.exec(stub);
      if (placeholder) {
        assert.equal(placeholder[1], m.name, `${m.name}: its help placeholder names ${placeholder[1]}`);
        assert.ok(fs.existsSync(rest), `${m.name}: the help has a placeholder but the build wrote no ${path.relative(root, rest)}`);
      }
      const help = placeholder ? stub.replace(placeholder[0], fs.readFileSync(rest, 'utf8')) : stub;
      const outline = helpOutline(help);
      assert.equal(outline.first, 'p', `${m.name}: the help must start with a <p> (the palette tooltip)`);
      assert.ok(
        outline.firstText.length >= 20 && outline.firstText.length <= 300,
        `${m.name}: the first paragraph should be a short tooltip (${outline.firstText.length} characters)`,
      );
      const known = outline.headings.filter((h) => order.includes(h));
      assert.deepEqual(
        known,
        [...known].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
        `${m.name}: help sections out of order: ${outline.headings.join(', ')}`,
      );
      if (Number(definition.literals.inputs ?? 0) > 0) assert.ok(known.includes('Inputs'), `${m.name}: has an input but no Inputs section`);
      const outputs = Number(definition.literals.outputs ?? 0);
      if (outputs > 0) assert.ok(known.includes('Outputs'), `${m.name}: has outputs but no Outputs section`);
      if (outputs > 1) assert.match(help, /<ol class="node-ports">/, `${m.name}: several outputs should be described in an <ol class="node-ports">`);
      assert.ok(known.includes('Details'), `${m.name}: no Details section`);
    }
  });
});

describe('scorecard: examples', () => {
  it('examples/ holds only flow JSON files (the scorecard parses every file in it)', () => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
    const others = walk(path.join(root, 'examples'))
      .filter((file) => !file.endsWith('.json'))
      .map((file) => path.relative(root, file));
    assert.deepEqual(others, []);
  });
});
