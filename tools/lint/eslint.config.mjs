// ESLint for the whole project (run from the project root by `npm run lint`).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './layers.cjs';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'tools/lint/node_modules/**', '.node-red-data/**', 'test-results/**', 'coverage/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names starting with _ are deliberate (a destructured property left out, a callback's unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Node-RED node modules are CommonJS and must be `export =`; a namespace is how TypeScript types them.
      '@typescript-eslint/no-namespace': 'off',
      // `const node = this` is how every Node-RED node keeps its node at hand in callbacks.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['node', 'tenant'] }],
      // A variable a closure reads before its one assignment has to stay `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  // The floors of nodes/ point one way, and no import cycles (tools/lint/layers.cjs).
  ...layers.layersConfig(),
  {
    // The editor script runs in the browser, beside Node-RED's own editor globals.
    files: ['resources/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, RED: 'readonly', $: 'readonly', jQuery: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ignores: ['resources/**'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    // A CommonJS module (the lint tools' own layers.cjs, loaded by the tests too) imports with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
