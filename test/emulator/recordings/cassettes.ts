/**
 * The recordings of real Auth0 tenants answering the Management API (go-vcr YAML, "cassettes",
 * made by Auth0's Go SDK; ../shared/reference/auth0-recordings/go-auth0/, see its README.md),
 * read into plain interactions.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';

export interface RecordedInteraction {
  /** Position in its file, from 0. */
  index: number;
  method: string;
  /** Path and query as recorded, e.g. `/api/v2/users?page=0`. */
  pathAndQuery: string;
  /** The request body as sent ('' for none). */
  body: string;
  contentType: string | undefined;
  status: number;
  /** The answer's body as recorded ('' for none). */
  responseBody: string;
  /** The Go SDK version that recorded it (`1.31.0`, `latest`), from its User-Agent: the recording's era. */
  sdkVersion?: string;
}

export interface Cassette {
  /** Path below the recordings folder, e.g. `TestGuardian/MultiFactor/SMS/Update.yaml`. */
  file: string;
  interactions: RecordedInteraction[];
}

const RECORDINGS = path.join('reference', 'auth0-recordings', 'go-auth0');

/**
 * The recordings folder: `../shared/reference/…` beside the repository (as CI lays it out), or a
 * `shared/` folder beside any ancestor (a git worktree one level further down).
 */
export function recordingsDir(repoRoot: string): string {
  const tried: string[] = [];
  for (let dir = path.dirname(path.resolve(repoRoot)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', RECORDINGS);
    tried.push(candidate);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Auth0's recordings are missing: looked for ${tried.join(', ')}`);
}

interface RawInteraction {
  request?: { body?: string; url?: string; method?: string; headers?: Record<string, string[]> };
  response?: { body?: string; code?: number };
}

function header(headers: Record<string, string[]> | undefined, name: string): string | undefined {
  for (const [key, values] of Object.entries(headers ?? {})) if (key.toLowerCase() === name) return values[0];
  return undefined;
}

export function readCassette(dir: string, file: string): Cassette {
  const doc = parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { interactions?: RawInteraction[] } | null;
  const interactions = (doc?.interactions ?? []).map((raw, index): RecordedInteraction => {
    const url = new URL(raw.request?.url ?? '');
    return {
      index,
      method: (raw.request?.method ?? 'GET').toUpperCase(),
      pathAndQuery: url.pathname + url.search,
      body: raw.request?.body ?? '',
      contentType: header(raw.request?.headers, 'content-type'),
      status: raw.response?.code ?? 0,
      responseBody: raw.response?.body ?? '',
      sdkVersion: /Go-Auth0\/(\S+)/.exec(header(raw.request?.headers, 'user-agent') ?? '')?.[1],
    };
  });
  return { file, interactions };
}

/** Every cassette below `dir`, in path order. */
export function readCassettes(dir: string): Cassette[] {
  const files: string[] = [];
  const walk = (sub: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.yaml')) files.push(rel);
    }
  };
  walk('');
  return files.sort().map((file) => readCassette(dir, file));
}
