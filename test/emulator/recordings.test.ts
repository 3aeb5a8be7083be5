/**
 * Auth0's recorded answers replayed against the emulator (issue 21): every recording of
 * ../shared/reference/auth0-recordings/go-auth0/ on a fresh emulator, each interaction's status,
 * body shape and error code compared with what Auth0 answered. The skips and their reasons are in
 * recordings/skips.ts and printed here; the figure is also a bench row (bench/recordings.ts).
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { readCassettes, recordingsDir } from './recordings/cassettes';
import { replayAll, type ReplaySummary } from './recordings/replay';
import { SchemaWalk } from './recordings/schema-walk';
import { creationDefaults } from '../../emulator/management/creation-defaults';
import creationData from '../../emulator/management/creation-defaults.json';
import { managementDescription } from '../../scripts/derive-creation-defaults';

const REQUIRED_RATIO = 0.9;
const repoRoot = path.resolve(__dirname, '..', '..', '..');

function tally(summary: ReplaySummary, outcome: 'skip' | 'mismatch'): [string, number][] {
  const counts = new Map<string, number>();
  for (const result of summary.results) {
    if (result.outcome !== outcome) continue;
    const reason = outcome === 'skip' ? result.reasons[0] : result.reasons[0].replace(/^[^:]*: /, '');
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

describe("emulator against Auth0's recorded answers", function () {
  this.timeout(300_000);
  let emu: Emulator;
  let summary: ReplaySummary;
  let walk: SchemaWalk;
  before(async () => {
    emu = await startEmulator({ port: 0 });
    const cassettes = readCassettes(recordingsDir(repoRoot));
    assert.ok(cassettes.length > 400, `only ${cassettes.length} recordings found`);
    walk = new SchemaWalk(managementDescription(repoRoot));
    summary = await replayAll(emu, cassettes, walk.listener);
  });
  after(() => emu.close());

  it(`matches at least ${REQUIRED_RATIO * 100} % of the recorded interactions (status, body shape, error code)`, () => {
    const lines = [
      `${summary.matched} of ${summary.compared} interactions match (${((summary.ratio * 100) | 0).toString()} %); ${summary.skipped} skipped:`,
      ...tally(summary, 'skip').map(([reason, n]) => `  ${n.toString().padStart(4)} ${reason}`),
    ];
    const mismatches = summary.results.filter((r) => r.outcome === 'mismatch');
    if (mismatches.length) {
      lines.push('Differences:');
      for (const r of mismatches) lines.push(`  ${r.file}#${r.index} ${r.method} ${r.path}: ${r.reasons.slice(0, 3).join('; ')}`);
    }
    console.log(lines.map((line) => `      ${line}`).join('\n'));
    assert.ok(summary.ratio >= REQUIRED_RATIO, `${(summary.ratio * 100).toFixed(1)} % of the interactions match; at least ${REQUIRED_RATIO * 100} % must`);
  });

  it('answers every key Auth0 returns by default; the schema walk reports the described keys it never answers', () => {
    const reports = walk.walk();
    const never = reports.reduce((n, r) => n + r.never.length, 0);
    console.log(
      [`      The schema walk: ${never} described keys of ${reports.length} endpoints never answered (the first of each):`]
        .concat(reports.map((r) => `        ${r.endpoint}: ${r.never.slice(0, 6).join(', ')}${r.never.length > 6 ? `, … (${r.never.length})` : ''}`))
        .join('\n'),
    );
    // What Auth0 fills in at creation (recorded, or the description's defaults) must be in the emulator's create answers.
    const missing: string[] = [];
    for (const [collection, variants] of Object.entries(creationData.resources)) {
      const endpoint = `POST ${collection.slice('/api/v2'.length)}`;
      const answered = walk.answeredKeys(endpoint);
      if (!answered) continue;
      for (const variant of Object.keys(variants)) {
        for (const { path: at, whenParent } of creationDefaults(collection, variant)) {
          if (whenParent) continue;
          if (!answered.has(at[0] ?? '')) missing.push(`${endpoint} (${variant}): ${at.join('.')}`);
        }
      }
    }
    assert.deepEqual([...new Set(missing)], [], 'keys Auth0 returns by default that the emulator never answered');
  });
});
