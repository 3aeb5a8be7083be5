/**
 * `npm run derive:log-types`: derives the log type table (nodes/logs/log-types.json) from Auth0's
 * Tenant Logs catalogue (../shared/reference/auth0-openapi/logs-schema.json: every type's code and
 * meaning) and the pages of Auth0's documentation for them (scripts/sources/
 * auth0-tenant-logs-pages.txt: the folder of each type's page is its log stream filter category,
 * whose names are the Management API description's LogStreamFilterGroupNameEnum). Both from
 * auth0/docs-v2, MIT. Never edit the table by hand: run this.
 *
 * `--pages-from <docs-v2 git directory>` first rewrites the pages list from that repository's
 * main/docs/tenant-logs/ (each page names its type in its front matter).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { referenceDir } from './derive-descriptions';

const ROOT = path.resolve(__dirname, '..', '..');
export const LOG_TYPES_FILE = path.join(ROOT, 'nodes', 'logs', 'log-types.json');
export const PAGES_FILE = path.join(ROOT, 'scripts', 'sources', 'auth0-tenant-logs-pages.txt');

export interface LogTypesData {
  notice: string;
  /** Auth0's log stream filter categories, in the description's order. */
  categories: string[];
  /** Code → its meaning and category. */
  types: Record<string, { description: string; category: string }>;
}

interface LogSchema {
  description?: string;
  properties?: { type?: { const?: string; description?: string } };
}

const NOTICE =
  "Derived by scripts/derive-log-types.ts from Auth0's Tenant Logs catalogue (auth0/docs-v2, main/docs/oas/tenant-logs/logs-schema.json) and its documentation pages (main/docs/tenant-logs/): Copyright (c) 2025 Auth0, MIT License. Do not edit: run npm run derive:log-types.";

/** The catalogue's one-line meaning: the type's own title, else the first sentence of the event's description. */
function meaning(schema: LogSchema): string {
  const title = schema.properties?.type?.description?.trim();
  if (title) return title;
  const text = (schema.description ?? '').trim();
  const sentence = /^(.*?[.!?])(\s|$)/.exec(text);
  return (sentence ? sentence[1] : text).trim();
}

/** `<folder> <code>` lines (comments with #) to code → folder. */
export function parsePages(text: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [folder, code, ...extra] = trimmed.split(/\s+/);
    if (!code || extra.length > 0) throw new Error(`pages list: malformed line "${trimmed}"`);
    pages.set(code, folder);
  }
  return pages;
}

export function deriveLogTypes(logsSchema: unknown, filterCategories: readonly string[], pages: Map<string, string>): LogTypesData {
  const schemas = (logsSchema as { components?: { schemas?: Record<string, LogSchema> } }).components?.schemas ?? {};
  // A page folder is its category's name with . and _ written - (auth.silent_auth.fail: auth-silent-auth-fail).
  const byFolder = new Map(filterCategories.map((category) => [category.replace(/[._]/g, '-'), category]));
  const types: LogTypesData['types'] = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const code = schema.properties?.type?.const ?? name;
    const folder = pages.get(code);
    const category = folder === undefined ? undefined : byFolder.get(folder);
    if (!category) problems.push(`${code}: ${folder === undefined ? 'no documentation page' : `page folder ${folder} is no filter category`}`);
    types[code] = { description: meaning(schema), category: category ?? 'other' };
  }
  for (const code of pages.keys()) if (!types[code]) problems.push(`${code}: a documentation page, but not in the catalogue`);
  if (problems.length > 0) throw new Error(`log types: ${problems.join('; ')}`);
  const sorted = Object.fromEntries(Object.entries(types).sort(([a], [b]) => a.localeCompare(b)));
  return { notice: NOTICE, categories: [...filterCategories], types: sorted };
}

/** One type a line: small diffs, a readable file. */
export function serialiseLogTypes(data: LogTypesData): string {
  const lines = Object.entries(data.types).map(([code, entry]) => `    ${JSON.stringify(code)}: ${JSON.stringify(entry)}`);
  return `{
  "notice": ${JSON.stringify(data.notice)},
  "categories": ${JSON.stringify(data.categories)},
  "types": {
${lines.join(',\n')}
  }
}
`;
}

/** The table derived from the reference (see referenceDir) and the pages list; undefined without the reference. */
export function deriveFromReference(): LogTypesData | undefined {
  const dir = referenceDir();
  if (!dir) return undefined;
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const management = read('management-api-oas.json') as { components: { schemas: Record<string, { enum?: string[] }> } };
  const categories = management.components.schemas.LogStreamFilterGroupNameEnum?.enum;
  if (!categories) throw new Error('management-api-oas.json has no LogStreamFilterGroupNameEnum');
  return deriveLogTypes(read('logs-schema.json'), categories, parsePages(fs.readFileSync(PAGES_FILE, 'utf8')));
}

/** Rewrites the pages list from a docs-v2 git directory (its HEAD). */
function pagesFrom(gitDir: string): string {
  const git = (...args: string[]): string => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const commit = git('rev-parse', 'HEAD').trim();
  const header = fs
    .readFileSync(PAGES_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.replace(/at commit [0-9a-f]{40}/, `at commit ${commit}`));
  const lines: string[] = [];
  for (const file of git('ls-tree', '-r', '--name-only', 'HEAD', 'main/docs/tenant-logs/').split('\n')) {
    const parts = file.split('/');
    if (parts.length !== 5 || !file.endsWith('.mdx')) continue;
    const code = /^openapi-schema: logs-schema (\S+)$/m.exec(git('show', `HEAD:${file}`))?.[1];
    if (code) lines.push(`${parts[3]} ${code}`);
  }
  return `${header.join('\n')}\n${lines.join('\n')}\n`;
}

if (require.main === module) {
  const at = process.argv.indexOf('--pages-from');
  if (at !== -1) fs.writeFileSync(PAGES_FILE, pagesFrom(process.argv[at + 1]));
  const data = deriveFromReference();
  if (!data) {
    console.error("derive-log-types: Auth0's descriptions not found (set AUTH0_OPENAPI_DIR or put ../shared/reference/auth0-openapi beside the repository)");
    process.exit(1);
  }
  fs.writeFileSync(LOG_TYPES_FILE, serialiseLogTypes(data));
  console.log(`derive-log-types: ${Object.keys(data.types).length} log types written to ${path.relative(ROOT, LOG_TYPES_FILE)}`);
}
