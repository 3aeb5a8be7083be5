/**
 * `npm run bench`: runs every benchmark suite under bench/ (each module exporting `run()`, and
 * optionally `title`), prints the rows and writes BENCHMARKS.md with the command that made them.
 * `npm run bench -- overhead pacing` runs only the suites whose file names contain those words.
 * (`--suites <dir> --out <file>`: another folder of built suites and another report, for the runner's own test.)
 *
 * Each suite runs in a child process of its own: one suite's leftover heap, timers and compiled
 * code must not weigh on the next suite's figures (they did: a client measured after the 100,000-key
 * alert suite cost about half as much again per request as in a fresh process).
 */
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow } from './util';
import { toError } from '../nodes/shared/errors';

const NOT_SUITES = new Set(['run', 'util']);

interface SuiteModule {
  title?: string;
  run?: () => Promise<Partial<BenchRow>[]>;
}

function format(value: number | string | undefined, digits = 2): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(digits);
}

/** A row as the report takes it: plain numbers, texts and a flag (so it also crosses to the parent process whole). */
function normalise(row: Partial<BenchRow> & { baseline?: number | string }): BenchRow {
  const out: BenchRow = { name: String(row.name ?? '?'), value: Number(row.value ?? NaN) };
  if (row.unit !== undefined) out.unit = String(row.unit);
  if (row.baseline !== undefined) out.baseline = typeof row.baseline === 'number' ? row.baseline : String(row.baseline);
  if (row.ratio !== undefined) out.ratio = Number(row.ratio);
  if (row.target !== undefined) out.target = String(row.target);
  if (row.met !== undefined) out.met = row.met === true;
  if (row.note !== undefined) out.note = String(row.note);
  return out;
}

interface SuiteResult {
  title: string;
  rows: BenchRow[];
  error?: string;
  /** The module exports no run(). */
  skipped?: boolean;
}

const CHILD_FLAG = '--suite-in-child';

/** A suite's name: its file's, without `.js`. */
function suiteName(file: string): string {
  return path.basename(file).replace(/\.js$/, '');
}

/** In the child: run one suite and hand its rows to the parent. */
async function runSuiteHere(file: string): Promise<void> {
  let result: SuiteResult;
  let title = suiteName(file);
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const suite = require(file) as SuiteModule;
    title = suite.title ?? title;
    result = typeof suite.run === 'function' ? { title, rows: (await suite.run()).map(normalise) } : { title, rows: [], skipped: true };
  } catch (err) {
    // Thrown while loading or running: the report says why, not only the suite's stderr.
    result = { title, rows: [], error: toError(err).stack ?? String(err) };
  }
  // Ended once what the suite printed is written out (a pipe, as under `| tee`, is drained first).
  const exit = (): void => {
    process.stdout.write('', () => process.stderr.write('', () => process.exit(0)));
  };
  process.send?.(result, exit);
}

/** In the parent: one child process per suite; a child that dies without rows is a failed suite. */
function runSuiteInChild(file: string): Promise<SuiteResult> {
  return new Promise((resolve) => {
    let result: SuiteResult | undefined;
    const child = fork(__filename, [CHILD_FLAG, file], { stdio: 'inherit', execArgv: process.execArgv, serialization: 'advanced' });
    child.on('message', (message) => {
      result = message as SuiteResult;
    });
    child.on('exit', (code, signal) => {
      resolve(
        result ?? {
          title: suiteName(file),
          rows: [],
          error: `the suite's process ended (${signal ?? `exit code ${code}`}) before sending its rows`,
        },
      );
    });
  });
}

async function main(): Promise<void> {
  if (process.argv[2] === CHILD_FLAG) return runSuiteHere(process.argv[3] ?? '');
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const dir = path.resolve(option('--suites') ?? __dirname);
  const outOption = option('--out');
  const filters = args;
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.js') && !NOT_SUITES.has(suiteName(file)))
    .filter((file) => filters.length === 0 || filters.some((word) => file.includes(word)))
    .sort();
  const sections: { title: string; rows: BenchRow[]; error?: string; seconds: number }[] = [];
  const started = Date.now();
  for (const file of files) {
    const suiteStart = Date.now();
    process.stdout.write(`bench: ${suiteName(file)} …\n`);
    const result = await runSuiteInChild(path.join(dir, file));
    if (result.skipped) continue;
    const seconds = (Date.now() - suiteStart) / 1000;
    if (result.error !== undefined) {
      sections.push({ title: result.title, rows: [], error: result.error, seconds });
      process.stdout.write(`  failed: ${result.error.split('\n')[0]}\n`);
      continue;
    }
    const rows = result.rows;
    sections.push({ title: result.title, rows, seconds });
    for (const row of rows) {
      process.stdout.write(
        `  ${row.name}: ${format(row.value)} ${row.unit ?? ''}${row.ratio !== undefined ? ` (ratio ${format(row.ratio)})` : ''}${row.met === undefined ? '' : row.met ? '  target met' : '  TARGET MISSED'}\n`,
      );
    }
  }
  const total = (Date.now() - started) / 1000;
  const lines = [
    '# Benchmarks',
    '',
    `Produced by \`npm run bench${filters.length ? ` -- ${filters.join(' ')}` : ''}\` on ${new Date().toISOString().slice(0, 10)}: ` +
      `Node.js ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()}; ${total.toFixed(0)} s in all.`,
    '',
    "Every figure is set beside a baseline measured in the same run (the machines are noisy); timings are medians of several runs where the suite says so. Each suite runs in a process of its own. Suites that send requests send them to the local emulator on loopback: the service's own time is part of their figures.",
    '',
  ];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '', `(${section.seconds.toFixed(0)} s)`, '');
    if (section.error) {
      lines.push('The suite failed:', '', '```', section.error.split('\n').slice(0, 8).join('\n'), '```', '');
      continue;
    }
    lines.push('| Measure | Figure | Baseline | Ratio | Target | Met | Note |', '|---|---|---|---|---|---|---|');
    for (const row of section.rows) {
      const met = row.met === undefined ? '' : row.met ? 'yes' : '**no**';
      lines.push(
        `| ${row.name} | ${format(row.value)} ${row.unit ?? ''} | ${format(row.baseline)} | ${row.ratio === undefined ? '' : `${format(row.ratio)}×`} | ${row.target ?? ''} | ${met} | ${row.note ?? ''} |`,
      );
    }
    lines.push('');
  }
  const missed = sections.flatMap((s) => s.rows.filter((r) => r.met === false).map((r) => `${s.title}: ${r.name}`));
  if (missed.length > 0) lines.push('## Targets missed', '', ...missed.map((m) => `- ${m} (see its note)`), '');
  const out = outOption ? path.resolve(outOption) : path.resolve(__dirname, '..', '..', filters.length ? 'bench-partial.md' : 'BENCHMARKS.md');
  fs.writeFileSync(out, lines.join('\n'));
  process.stdout.write(`bench: written ${path.relative(process.cwd(), out)} (${total.toFixed(0)} s)\n`);
  process.exit(sections.some((s) => s.error) ? 1 : 0);
}

void main();
