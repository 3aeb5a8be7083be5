/**
 * The editor load: what the package adds to every Node-RED editor page. The baseline is a bare
 * Node-RED (the same version, the same settings) started in the same run. Two figures:
 * - the node definitions the editor fetches on load (`GET /nodes` as HTML, every installed node's
 *   registerType, edit template and help), in bytes once gzip-compressed as a browser receives them;
 * - the time until the editor is ready in Chromium (the palette drawn, the workspace shown), the
 *   median of several page loads taken in turns with the bare Node-RED's.
 * Target: the editor ready within 1.15× a bare Node-RED's time. The bytes were the first cause
 * (1.25× before the help beyond its first paragraphs and the forms' data moved to the admin
 * endpoint, nodes/editor/editor-data-route.ts). What remains is Node-RED's own work per palette
 * entry (a draggable, a popover and a measured label for each of the 74 node types): a trace of
 * the load puts the difference in Node-RED's addNodeType, and taking every form template or the
 * editor script out of the HTML changed the time by less than the noise. The time row is skipped
 * (a row saying so) where Debian's Chromium is missing.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { get, startNodeRed, type NodeRedProcess } from '../test/helpers/node-red-process';
import { CHROMIUM, launchChromium, userDirWithPackage } from '../test/browser/editor-session';
import { EditorPage } from '../test/browser/editor-page';
import { median, type BenchRow } from './util';

export const title = 'Editor load (Node-RED with the package against a bare Node-RED)';

const TARGET = 1.15;
// Pairs vary from 0.9× to 1.4× on a shared machine: enough of them for a steady median.
const PAGE_LOADS = 15;

/** The /nodes HTML, gzip-compressed (level 6, what Node-RED's compression middleware and most proxies send). */
async function nodesGzipBytes(url: string): Promise<{ raw: number; gzip: number }> {
  const answer = await get(`${url}/nodes`, { accept: 'text/html' });
  if (answer.status !== 200) throw new Error(`GET ${url}/nodes answered ${answer.status}`);
  const raw = Buffer.from(answer.text, 'utf8');
  return { raw: raw.length, gzip: zlib.gzipSync(raw, { level: 6 }).length };
}

function bareUserDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-node-red-bare-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'node-red-project', version: '0.0.1', private: true }));
  return dir;
}

function row(name: string, value: number, baseline: number, unit: string, note: string, ratio = value / baseline): BenchRow {
  return { name, value, unit, baseline, ratio, target: `≤ ${TARGET}× bare Node-RED`, met: ratio <= TARGET, note };
}

export async function run(): Promise<BenchRow[]> {
  const redJs = require.resolve('node-red/red.js');
  const dirs = { bare: bareUserDir(), withPackage: userDirWithPackage() };
  const started: NodeRedProcess[] = [];
  try {
    const bare = await startNodeRed(redJs, dirs.bare);
    started.push(bare);
    const withPackage = await startNodeRed(redJs, dirs.withPackage);
    started.push(withPackage);
    const bareBytes = await nodesGzipBytes(bare.url);
    const packageBytes = await nodesGzipBytes(withPackage.url);
    const rows: BenchRow[] = [
      {
        name: '/nodes HTML, gzip',
        value: packageBytes.gzip / 1024,
        unit: 'KiB',
        baseline: bareBytes.gzip / 1024,
        ratio: packageBytes.gzip / bareBytes.gzip,
        note: `what every editor load fetches and parses (uncompressed ${(packageBytes.raw / 1024).toFixed(0)} KiB against ${(bareBytes.raw / 1024).toFixed(0)} KiB); 197 KiB gzip before the lazy loading`,
      },
    ];
    if (!fs.existsSync(CHROMIUM)) {
      rows.push({ name: 'time to editor ready in Chromium', value: NaN, note: `skipped: ${CHROMIUM} is missing` });
      return rows;
    }
    const browser = await launchChromium();
    try {
      const times: Record<'bare' | 'withPackage', number[]> = { bare: [], withPackage: [] };
      const load = async (which: 'bare' | 'withPackage', url: string): Promise<number> => {
        // A fresh context each time: no cache, as a first visit (and every /nodes fetch) is.
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        try {
          const page = await context.newPage();
          const start = Date.now();
          await new EditorPage(page).open(url);
          const ms = Date.now() - start;
          times[which].push(ms);
          return ms;
        } finally {
          await context.close();
        }
      };
      // One warm-up each (Node-RED compiles its editor templates on the first request), then in turns.
      await load('bare', bare.url);
      await load('withPackage', withPackage.url);
      times.bare = [];
      times.withPackage = [];
      for (let i = 0; i < PAGE_LOADS; i += 1) {
        await load('bare', bare.url);
        await load('withPackage', withPackage.url);
      }
      // The ratio of each pair (taken back to back) and their median: the load of a shared machine
      // drifts between pairs more than within one.
      const ratios = times.withPackage.map((ms, i) => ms / times.bare[i]);
      rows.push(
        row(
          'time to editor ready in Chromium',
          median(times.withPackage),
          median(times.bare),
          'ms',
          `${PAGE_LOADS} pairs of page loads (bare, then with the package), the ratio the median of the pairs' ratios; ready = the palette drawn and the workspace shown; 1.25× before the lazy loading`,
          median(ratios),
        ),
      );
    } finally {
      await browser.close();
    }
    return rows;
  } finally {
    for (const nodeRed of started) await nodeRed.stop();
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
