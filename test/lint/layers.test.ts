/**
 * The lint rule that keeps the floors of nodes/ pointing one way (tools/lint/layers.cjs): run
 * through ESLint's own API on imports that break it (upward, into the emulator, a cycle) and on
 * ones that keep it, so the rule is known to fail when it should, not only to pass on the tree.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const lintRequire = createRequire(path.join(root, 'tools', 'lint', 'package.json'));

interface LintMessage {
  ruleId: string | null;
  message: string;
}
interface LintResult {
  messages: LintMessage[];
}
interface ESLintInstance {
  lintText(code: string, options: { filePath: string }): Promise<LintResult[]>;
  lintFiles(patterns: string[]): Promise<LintResult[]>;
}
type ESLintClass = new (options: { cwd: string; overrideConfigFile: true; overrideConfig: unknown[] }) => ESLintInstance;

const { ESLint } = lintRequire('eslint') as { ESLint: ESLintClass };
const tseslint = lintRequire('typescript-eslint') as { parser: unknown };
const layers = lintRequire('./layers.cjs') as {
  FLOORS: string[][];
  families(): string[];
  layersConfig(): unknown[];
};

function linter(cwd: string): ESLintInstance {
  return new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...layers.layersConfig()],
  });
}

/** Some TypeScript module under a top-level folder, as a path from it without the extension. */
function someModule(folder: string): string {
  const file = fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .sort()[0];
  assert.ok(file, `a module under ${folder}/`);
  return file.slice(0, -3).split(path.sep).join('/');
}

let projectLinter: ESLintInstance | undefined;

/** The layer and cycle findings for `code` as if it were the file at `file` (relative to the root; it need not exist). */
async function findings(file: string, code: string): Promise<LintMessage[]> {
  projectLinter ??= linter(root);
  const [result] = await projectLinter.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId?.startsWith('import-x/'));
}

describe('lint: the floors of nodes/ point one way', function () {
  this.timeout(60_000);

  it('knows the floors, lowest first, and finds the families', () => {
    assert.deepEqual(layers.FLOORS.flat().slice(0, 5), ['shared', 'shared-state', 'tenant-client', 'config', 'engine']);
    const families = layers.families();
    for (const family of ['users', 'jobs', 'logs', 'events', 'auth']) assert.ok(families.includes(family), family);
    for (const floor of layers.FLOORS.flat()) assert.ok(!families.includes(floor), floor);
  });

  it('refuses an import from a floor above', async () => {
    const up = await findings(
      'nodes/shared/layer-probe.ts',
      "import { actionNodeModule } from '../engine/action-node';\nexport const probe = actionNodeModule;\n",
    );
    assert.equal(up.length, 1, JSON.stringify(up));
    assert.equal(up[0].ruleId, 'import-x/no-restricted-paths');
    assert.match(up[0].message, /nodes\/shared may import only nodes\/\{shared\}/);

    const typeOnly = await findings(
      'nodes/tenant-client/layer-probe.ts',
      "import type { TenantUse } from '../config/tenant-use';\nexport type Probe = TenantUse;\n",
    );
    assert.equal(typeOnly.length, 1, 'a type-only import points up as well');

    const family = await findings('nodes/engine/layer-probe.ts', "import { JOB_LIMITS } from '../jobs/job-limits';\nexport const probe = JOB_LIMITS;\n");
    assert.equal(family.length, 1, 'the engine never imports a family');
  });

  it('refuses the emulator, the tests, the benches and the scripts in nodes/', async () => {
    for (const folder of ['emulator', 'test', 'bench', 'scripts']) {
      const target = `../../${folder}/${someModule(folder)}`;
      const found = await findings('nodes/users/layer-probe.ts', `import * as probe from '${target}';\nexport { probe };\n`);
      assert.equal(found.length, 1, `${target}: ${JSON.stringify(found)}`);
    }
  });

  it('accepts imports from the same floor and the floors below', async () => {
    const code = [
      "import { ConfigError } from '../shared/errors';",
      "import { SharedState } from '../shared-state/shared-state';",
      "import { TenantUse } from '../config/tenant-use';",
      "import { buildRequest } from './request';",
      'export const probe = [ConfigError, SharedState, TenantUse, buildRequest];',
      '',
    ].join('\n');
    assert.deepEqual(await findings('nodes/engine/layer-probe.ts', code), []);
    assert.deepEqual(await findings('nodes/users/layer-probe.ts', code.replace("'./request'", "'../engine/request'")), []);
  });

  it('refuses an import cycle', async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-cycle-'));
    const dir = path.join(project, 'nodes');
    fs.mkdirSync(dir);
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { a } from './d';\nexport type C = typeof a;\n");
      fs.writeFileSync(path.join(dir, 'd.ts'), "import type { C } from './c';\nexport const a: C | undefined = undefined;\n");
      const results = await linter(project).lintFiles(['nodes/*.ts']);
      const cycles = results.map((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle').length);
      assert.deepEqual(cycles, [1, 1, 0, 0], 'a ↔ b is a cycle; type-only imports (c ↔ d) are erased and are not');
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});
