// ESLint for the whole project (run from the project root by `npm run lint`).
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import nodePlugin from 'eslint-plugin-n';
import tseslint from 'typescript-eslint';
import layers from './layers.cjs';

export default tseslint.config(
  { plugins: { n: nodePlugin } },
  {
    ignores: ['dist/**', 'node_modules/**', 'tools/lint/node_modules/**', '.node-red-data/**', 'test-results/**', 'coverage/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware rules, on the TypeScript files only (the project's tsconfig.json types them).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.ts'] })),
  {
    files: ['**/*.ts'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: path.resolve(import.meta.dirname, '..', '..') },
    },
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
      // An async function that does not await still fits a Promise-returning interface (an executor,
      // a stub) and turns a throw into a rejection, which its callers rely on.
      '@typescript-eslint/require-await': 'off',
      // One style for Node's own modules: `node:fs`, and `import assert from 'node:assert/strict'`.
      'n/prefer-node-protocol': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'node:assert', message: "Use `import assert from 'node:assert/strict'`." },
            { name: 'node:assert/strict', importNames: ['strict'], message: "Use `import assert from 'node:assert/strict'`." },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='node:assert/strict'] > ImportNamespaceSpecifier",
          message: "Use `import assert from 'node:assert/strict'`.",
        },
      ],
    },
  },
  {
    // The runtime and the build: no `!` (say what happens when the value is missing: `required()`
    // in nodes/shared/errors), and a caught value becomes an Error through `toError()`.
    files: ['nodes/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='node:assert/strict'] > ImportNamespaceSpecifier",
          message: "Use `import assert from 'node:assert/strict'`.",
        },
        {
          selector: "TSAsExpression[typeAnnotation.type='TSTypeReference'][typeAnnotation.typeName.name='Error']",
          message: 'Use toError(err) from nodes/shared/errors: a thrown value need not be an Error.',
        },
      ],
    },
  },
  {
    // Tests read JSON answers, Node-RED messages and stubs as `any` on purpose, and check them with
    // assertions: typing every probe would add casts, not safety. Their failure messages may print
    // any value, "[object Object]" included.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
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
