/**
 * `npm run bench`'s runner: each suite in a process of its own, so that what one suite leaves in
 * memory (or in module state) weighs on no other suite's figures, and a suite whose process dies
 * is reported as failed instead of ending the run.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

const runner = path.resolve(__dirname, '..', '..', 'bench', 'run.js');

/** Writes built suites into a temporary folder. */
function suites(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-suites-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('bench runner', function () {
  this.timeout(30_000);

  it('runs each suite in its own process: a later suite sees nothing an earlier one left', async function () {
    const dir = suites({
      'a-leaves.js': `exports.title = 'A'; exports.run = async () => { globalThis.leftByA = new Array(1000).fill('x'); return [{ name: 'pid', value: process.pid }]; };`,
      'b-looks.js': `exports.title = 'B'; exports.run = async () => [{ name: 'pid', value: process.pid }, { name: 'left by A', value: globalThis.leftByA ? 1 : 0, unit: 'flag' }];`,
      'util.js': `exports.run = async () => { throw new Error('util is not a suite'); };`,
    });
    const out = path.join(dir, 'report.md');
    await promisify(execFile)(process.execPath, [runner, '--suites', dir, '--out', out]);
    const report = fs.readFileSync(out, 'utf8');
    const pids = [...report.matchAll(/\| pid \| (\d+)/g)].map((m) => m[1]);
    assert.equal(pids.length, 2, report);
    assert.notEqual(pids[0], pids[1], 'both suites ran in one process');
    assert.ok(!pids.includes(String(process.pid)));
    assert.match(report, /\| left by A \| 0\.00 flag \|/);
    assert.doesNotMatch(report, /util is not a suite/);
  });

  it('reports a suite whose process dies as failed and runs the next one', async function () {
    const dir = suites({
      'a-dies.js': `exports.run = async () => { process.exit(3); };`,
      'b-runs.js': `exports.title = 'B'; exports.run = async () => [{ name: 'ran', value: 1 }];`,
    });
    const out = path.join(dir, 'report.md');
    await assert.rejects(promisify(execFile)(process.execPath, [runner, '--suites', dir, '--out', out]), /Command failed/);
    const report = fs.readFileSync(out, 'utf8');
    assert.match(report, /## a-dies[\s\S]*The suite failed:[\s\S]*exit code 3/);
    assert.match(report, /## B[\s\S]*\| ran \| 1\.00/);
  });

  it('keeps all a suite printed when the report goes through a pipe, and says why a suite failed to load', async function () {
    const dir = suites({
      'a-prints.js': `exports.run = async () => { process.stdout.write('x'.repeat(2 * 1024 * 1024) + '\\nLAST LINE OF A\\n'); return [{ name: 'printed', value: 1 }]; };`,
      'b-broken.js': `throw new Error('b cannot load');`,
      'c-odd-row.js': `exports.run = async () => [{ name: 'odd', value: 2, note: () => 'a function', unit: 3 }];`,
    });
    const out = path.join(dir, 'report.md');
    // execFile reads the runner's stdout through a pipe.
    const printed = await promisify(execFile)(process.execPath, [runner, '--suites', dir, '--out', out], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (err: { stdout: string }) => err,
    );
    assert.match(printed.stdout, /LAST LINE OF A/);
    const report = fs.readFileSync(out, 'utf8');
    assert.match(report, /## b-broken[\s\S]*The suite failed:[\s\S]*b cannot load/);
    assert.match(report, /\| odd \| 2\.00 3 \|/);
  });
});
