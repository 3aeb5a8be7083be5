/**
 * The emulator's fidelity (issue 21): Auth0's recorded Management API answers replayed against a
 * fresh emulator (the replay of test/emulator/recordings.test.ts); the figure is the ratio of the
 * interactions answered with Auth0's status, body shape and error code to those compared (the
 * skipped ones, each with its reason in test/emulator/recordings/skips.ts, left out).
 */
import * as path from 'node:path';
import { startEmulator } from '../emulator';
import { readCassettes, recordingsDir } from '../test/emulator/recordings/cassettes';
import { replayAll } from '../test/emulator/recordings/replay';
import type { BenchRow } from './util';

export const title = "Emulator fidelity to Auth0's recorded answers";

const TARGET = 0.9;

export async function run(): Promise<BenchRow[]> {
  const cassettes = readCassettes(recordingsDir(path.resolve(__dirname, '..', '..')));
  const emu = await startEmulator({ port: 0 });
  try {
    const summary = await replayAll(emu, cassettes);
    return [
      {
        name: 'Recorded interactions answered as Auth0 did (status, body shape, error code)',
        value: summary.ratio,
        baseline: `${summary.matched} of ${summary.compared} (${summary.skipped} skipped, ${cassettes.length} recordings)`,
        ratio: summary.ratio,
        target: `≥ ${TARGET.toFixed(2)}`,
        met: summary.ratio >= TARGET,
      },
    ];
  } finally {
    await emu.close();
  }
}
