/**
 * `npm run bench`: runs every benchmark suite under bench/ (each module exporting `run()`, and
 * optionally `title`), prints the rows and writes BENCHMARKS.md with the command that made them.
 * `npm run bench -- overhead pacing` runs only the suites whose file names contain those words.
 */
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

function normalise(row: Partial<BenchRow> & { baseline?: number | string }): BenchRow {
  const out: BenchRow = { name: String(row.name ?? '?'), value: Number(row.value ?? NaN) };
  if (row.unit !== undefined) out.unit = row.unit;
  if (row.baseline !== undefined) out.baseline = row.baseline;
  if (row.ratio !== undefined) out.ratio = row.ratio;
  if (row.target !== undefined) out.target = row.target;
  if (row.met !== undefined) out.met = row.met;
  if (row.note !== undefined) out.note = row.note;
  return out;
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const dir = __dirname;
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.js') && !NOT_SUITES.has(file.replace(/\.js$/, '')))
    .filter((file) => filters.length === 0 || filters.some((word) => file.includes(word)))
    .sort();
  const sections: { title: string; rows: BenchRow[]; error?: string; seconds: number }[] = [];
  const started = Date.now();
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const suite = require(path.join(dir, file)) as SuiteModule;
    if (typeof suite.run !== 'function') continue;
    const title = suite.title ?? file.replace(/\.js$/, '');
    const suiteStart = Date.now();
    process.stdout.write(`bench: ${title} …\n`);
    try {
      const rows = (await suite.run()).map(normalise);
      sections.push({ title, rows, seconds: (Date.now() - suiteStart) / 1000 });
      for (const row of rows) {
        process.stdout.write(
          `  ${row.name}: ${format(row.value)} ${row.unit ?? ''}${row.ratio !== undefined ? ` (ratio ${format(row.ratio)})` : ''}${row.met === undefined ? '' : row.met ? '  target met' : '  TARGET MISSED'}\n`,
        );
      }
    } catch (err) {
      sections.push({ title, rows: [], error: toError(err).stack ?? String(err), seconds: (Date.now() - suiteStart) / 1000 });
      process.stdout.write(`  failed: ${toError(err).message}\n`);
    }
  }
  const total = (Date.now() - started) / 1000;
  const lines = [
    '# Benchmarks',
    '',
    `Produced by \`npm run bench${filters.length ? ` -- ${filters.join(' ')}` : ''}\` on ${new Date().toISOString().slice(0, 10)}: ` +
      `Node.js ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()}; ${total.toFixed(0)} s in all.`,
    '',
    "Every figure is set beside a baseline measured in the same run (the machines are noisy); timings are medians of several runs where the suite says so. Against the local emulator on loopback: the service's own time is part of every figure.",
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
  const out = path.resolve(dir, '..', '..', filters.length ? 'bench-partial.md' : 'BENCHMARKS.md');
  fs.writeFileSync(out, lines.join('\n'));
  process.stdout.write(`bench: written ${path.relative(process.cwd(), out)} (${total.toFixed(0)} s)\n`);
  process.exit(sections.some((s) => s.error) ? 1 : 0);
}

void main();
