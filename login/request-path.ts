/**
 * Which paths need a login, decided on the path a route is matched on, never on the raw request
 * target. Express (4 in Node-RED 3.1 and 4, 5 in Node-RED 5) routes on the pathname of the target
 * (an absolute-form `GET http://host/private/x` included), ignoring letter case and a trailing
 * slash, and decodes route parameters, so `%2F` inside a segment can still become a `/` for a flow.
 * A request is therefore read in two forms: its pathname as sent, and that pathname decoded and
 * normalised (`\` and `%2F` as `/`, `;` parameters dropped, `//`, `/./`, `/../` and a trailing slash
 * resolved), and the reading of a lenient backend (lenientPath). A path is protected when any form
 * is; it is public (with `publicPaths`) only when every form is.
 */

export type PathEntry = string | RegExp;

export interface PathRules {
  /** `paths`: only these need a login. */
  paths?: PathEntry[];
  /** `publicPaths`: everything needs a login except these. */
  publicPaths?: PathEntry[];
}

/** The pathname of a request target: origin-form, absolute-form (`scheme://host/path`) or `*`; query and fragment cut. */
export function targetPathname(target: string): string {
  let rest = target;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(rest);
  if (scheme) {
    rest = rest.slice(scheme[0].length);
    if (rest.startsWith('//')) rest = rest.slice(2).replace(/^[^/?#\\]*/, '');
  }
  const end = rest.search(/[?#]/);
  if (end >= 0) rest = rest.slice(0, end);
  return rest === '' ? '/' : rest;
}

/** Percent-decoding that never throws: an invalid sequence leaves the ASCII escapes decoded and the rest as sent. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path.replace(/%([0-7][0-9A-Fa-f])/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/** The decoded, normalised form of a path (see the file's comment); always starts with `/`, never ends with one (but `/`). */
export function normalisePath(path: string): string {
  const decoded = decodePath(path.replace(/\\/g, '/')).replace(/\\/g, '/');
  const segments: string[] = [];
  for (const raw of decoded.split('/')) {
    const segment = raw.replace(/;.*$/, '');
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * The reading a lenient backend could make of a path: decoded until no escape is left (a flow that
 * decodes a route parameter once more), each segment cut at a NUL and stripped of trailing dots and
 * spaces (Windows file names, SQL's space-padded comparison), then normalised.
 */
export function lenientPath(path: string): string {
  let decoded = path.replace(/\\/g, '/');
  for (let round = 0; round < 4; round += 1) {
    const next = decodePath(decoded).replace(/\\/g, '/');
    if (next === decoded) break;
    decoded = next;
  }
  const segments: string[] = [];
  for (const raw of decoded.split('/')) {
    const segment = raw.replace(/[;\0].*$/s, '');
    if (segment === '..') segments.pop();
    else if (segment !== '.') {
      const kept = segment.replace(/[.\s]+$/, '');
      if (kept !== '') segments.push(kept);
    }
  }
  return `/${segments.join('/')}`;
}

/** Removes httpNodeRoot from the start of a path (ignoring case, as Express's mount does); a path outside it is kept whole. */
function underRoot(path: string, root: string): string {
  if (root === '') return path;
  const lower = path.toLowerCase();
  const rootLower = root.toLowerCase();
  if (lower === rootLower) return '/';
  if (lower.startsWith(`${rootLower}/`)) return path.slice(root.length);
  return path;
}

/** The forms of a request target a route could be matched on, relative to httpNodeRoot (`root`, '' for `/`). */
export function pathForms(target: string, root: string): string[] {
  const pathname = targetPathname(target);
  const normalRoot = normalisePath(root === '' ? '/' : root).replace(/^\/$/, '');
  const forms = [underRoot(pathname, root), underRoot(normalisePath(pathname), normalRoot), underRoot(lenientPath(pathname), normalRoot)];
  return [...new Set(forms)];
}

interface CompiledEntry {
  test(form: string): boolean;
}

function compile(entry: PathEntry, caseSensitive: boolean): CompiledEntry {
  if (entry instanceof RegExp) {
    // A copy without g or y (whose lastIndex would make test() alternate), ignoring case as the routes do.
    const flags = entry.flags.replace(/[gy]/g, '') + (caseSensitive || entry.flags.includes('i') ? '' : 'i');
    const re = new RegExp(entry.source, flags);
    // Express takes `/x/` for a route `/x` (its routing is not strict), so the entry is tried without the trailing slash too.
    return { test: (form) => re.test(form) || (form.length > 1 && form.endsWith('/') && re.test(form.replace(/\/+$/, '') || '/')) };
  }
  const fold = (s: string): string => (caseSensitive ? s : s.toLowerCase());
  const prefix = fold(normalisePath(entry));
  const below = prefix === '/' ? '/' : `${prefix}/`;
  return {
    test: (form) => {
      const f = fold(form.length > 1 ? form.replace(/\/+$/, '') || '/' : form);
      return f === prefix || f.startsWith(below);
    },
  };
}

/** Decides for a request target whether it needs a login under `paths` or `publicPaths`. */
export class PathRule {
  private readonly protectedEntries?: CompiledEntry[];
  private readonly publicEntries?: CompiledEntry[];

  constructor(rules: PathRules, caseSensitive = false) {
    if (rules.publicPaths) this.publicEntries = rules.publicPaths.map((e) => compile(e, caseSensitive));
    else if (rules.paths) this.protectedEntries = rules.paths.map((e) => compile(e, caseSensitive));
  }

  /**
   * A socket.io connection (Dashboard 2's `ioMiddleware`) always needs a login, unless `publicPaths`
   * makes its path (`<httpNodeRoot><dashboard path>/socket.io`) public: installing the check on the
   * sockets says they are to be protected, whatever `paths` lists for pages.
   */
  socketNeedsLogin(target: string, root: string): boolean {
    return this.publicEntries ? this.needsLogin(target, root) : true;
  }

  needsLogin(target: string, root: string): boolean {
    const forms = pathForms(target, root);
    if (this.publicEntries) {
      const entries = this.publicEntries;
      return !forms.every((form) => entries.some((e) => e.test(form)));
    }
    if (this.protectedEntries) {
      const entries = this.protectedEntries;
      return forms.some((form) => entries.some((e) => e.test(form)));
    }
    return true;
  }
}

/** Whether a request target is the given path under httpNodeRoot, as a route of Express would take it. */
export function isRoute(target: string, root: string, path: string, caseSensitive = false): boolean {
  const wanted = normalisePath(path);
  return pathForms(target, root).some((form) => {
    const f = normalisePath(form);
    return caseSensitive ? f === wanted : f.toLowerCase() === wanted.toLowerCase();
  });
}
