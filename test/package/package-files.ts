/**
 * The package as the Flow Library sees it: package.json, the node modules it lists, the files
 * Node-RED expects beside each of them, and the versions installed in node_modules.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The project root (this file runs from dist/test/package). */
export const root = path.resolve(__dirname, '..', '..', '..');

export interface PackageJson {
  name: string;
  version: string;
  license?: string;
  keywords?: string[];
  repository?: string | { type?: string; url?: string };
  bugs?: string | { url?: string; email?: string };
  engines?: { node?: string };
  files?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  'node-red'?: { version?: string; nodes?: Record<string, string> };
}

export function packageJson(): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
}

export interface NodeModuleFiles {
  /** The key in node-red.nodes. */
  name: string;
  /** Path as package.json gives it, e.g. dist/nodes/users/auth0-users.js. */
  entry: string;
  js: string;
  html: string;
  dir: string;
  /** The file's base name without .js: Node-RED reads locales/<lang>/<base>.json beside it. */
  base: string;
}

export function nodeModules(): NodeModuleFiles[] {
  const nodes = packageJson()['node-red']?.nodes ?? {};
  return Object.entries(nodes).map(([name, entry]) => {
    const js = path.join(root, entry);
    return { name, entry, js, html: js.replace(/\.js$/, '.html'), dir: path.dirname(js), base: path.basename(js, '.js') };
  });
}

/** The version of a package installed where `fromDir` would require it from. */
export function installedVersion(name: string, fromDir = root): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return (JSON.parse(fs.readFileSync(candidate, 'utf8')) as { version: string }).version;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Every package of the production dependency tree (name@version), walked from package.json. */
export function productionTree(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const visit = (name: string, fromDir: string): void => {
    let dir = fromDir;
    for (;;) {
      const pkgDir = path.join(dir, 'node_modules', name);
      const file = path.join(pkgDir, 'package.json');
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;
        const versions = found.get(name) ?? new Set<string>();
        if (versions.has(pkg.version)) return;
        versions.add(pkg.version);
        found.set(name, versions);
        for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, pkgDir);
        return;
      }
      const parent = path.dirname(dir);
      if (parent === dir) throw new Error(`production dependency ${name} (needed from ${fromDir}) is not installed`);
      dir = parent;
    }
  };
  for (const dep of Object.keys(packageJson().dependencies ?? {})) visit(dep, root);
  return found;
}

interface Stub {
  (...args: unknown[]): Stub;
  [key: string]: Stub;
}

/** A stand-in for anything of the Node-RED API a module may touch while registering. */
function stub(): Stub {
  const fn = (() => stub()) as unknown as Stub;
  return new Proxy(fn, {
    get: (_target, prop) => {
      if (prop === Symbol.toPrimitive) return () => '';
      return prop === 'then' || typeof prop === 'symbol' ? undefined : stub();
    },
    apply: () => stub(),
  });
}

/** The node types a module registers when Node-RED loads it (with a stand-in RED). */
export function runtimeTypes(jsFile: string): string[] {
  const types: string[] = [];
  const nodes = new Proxy<Record<string, unknown>>(
    {
      registerType: (type: unknown) => {
        types.push(String(type));
      },
    },
    {
      get: (target, prop) => (typeof prop === 'string' && prop in target ? target[prop] : stub()),
    },
  );
  const RED = new Proxy<Record<string, unknown>>(
    { nodes },
    {
      get: (target, prop) => (typeof prop === 'string' && prop in target ? target[prop] : stub()),
    },
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(jsFile) as ((red: unknown) => unknown) | { default?: (red: unknown) => unknown };
  const register = typeof loaded === 'function' ? loaded : loaded.default;
  if (typeof register !== 'function') throw new Error(`${jsFile} does not export a function of RED`);
  register(RED);
  return types;
}
