// The floors of nodes/ and the direction of their imports, checked by eslint-plugin-import-x:
// a floor imports only the floors below it (and itself), no module takes part in an import cycle,
// and the runtime (nodes/) never imports the emulator, the tests, the benches or the scripts.
// Used by eslint.config.mjs and by test/lint/layers.test.ts, which proves a wrong import fails.
const fs = require('node:fs');
const path = require('node:path');
const importX = require('eslint-plugin-import-x');

const root = path.resolve(__dirname, '..', '..');

/** Lowest first; folders on one floor may import each other. Every other folder under nodes/ is a family, the top floor. */
const FLOORS = [
  ['shared'], // plain utilities and the catalogue's vocabulary (types, common inputs)
  ['shared-state'], // the generic Redis parts: state, lease, fenced store, budget, token
  ['tenant-client'], // the HTTP client of one tenant: token, rate limits, retries, endpoint classes
  ['config'], // the config node, what nodes use of it, the connection check
  ['engine', 'descriptions', 'editor'], // the catalogue-driven request engine, the generic action node, Auth0's descriptions, the editor's data route
  ['watch', 'receive'], // the watchers' skeleton, the receivers' module
];

function families() {
  const named = new Set(FLOORS.flat());
  return fs
    .readdirSync(path.join(root, 'nodes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !named.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

function layerZones() {
  const floors = [...FLOORS, families()];
  const zones = [];
  floors.forEach((floor, level) => {
    const above = floors.slice(level + 1).flat();
    if (above.length === 0) return;
    const allowed = floors.slice(0, level + 1).flat();
    for (const folder of floor) {
      zones.push({
        target: `./nodes/${folder}`,
        from: above.map((name) => `./nodes/${name}`),
        message: `nodes/${folder} may import only nodes/{${allowed.join(',')}}: an import points up (README, Architecture: the floors).`,
      });
    }
  });
  zones.push({
    target: './nodes',
    from: ['./emulator', './test', './bench', './scripts'],
    message: 'the runtime (nodes/) never imports the emulator, tests, benches or scripts.',
  });
  return zones;
}

/** Flat-config blocks: the direction over every TypeScript file, the cycle check over the runtime (nodes/). */
function layersConfig() {
  return [
    {
      files: ['**/*.ts'],
      plugins: { 'import-x': importX },
      settings: {
        // Follow imports into TypeScript modules too (the cycle check reads each imported module).
        'import-x/extensions': ['.ts', '.js', '.cjs', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
        'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.json', '.node'] })],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones() }],
      },
    },
    {
      // Where a cycle hurts (a module read half-initialised at run time), and where checking costs
      // least: over the whole project it took 60 % of the lint's time. Type-only imports are erased
      // by the compiler, so they do not count as a cycle.
      files: ['nodes/**/*.ts'],
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
  ];
}

module.exports = { FLOORS, families, layerZones, layersConfig, root };
