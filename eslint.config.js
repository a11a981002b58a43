import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A spread into a call (`push(...added)`, `Math.max(...ages)`) passes every
 * element as an argument on the stack: past about 120,000 of them it throws
 * `RangeError: Maximum call stack size exceeded`. An inbox of 200,000
 * messages crashed teamtop that way. Loop or reduce instead, even where the
 * list looks small today.
 */
const NO_SPREAD_ARGUMENTS = ['CallExpression', 'NewExpression'].map((call) => ({
  selector: `${call} > SpreadElement`,
  message: 'A spread argument overflows the stack on a big enough array: loop or reduce instead.',
}));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'ink', 'react/*'], message: 'src/ is the headless core: no React here.' }] },
      ],
    },
  },
  {
    // The views, and the CLI that wires them, are where React lives.
    files: ['src/ui/**', 'src/cli/**', 'test/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // What ships: sized by the user's files, never by us.
    files: ['src/**', 'src/ui/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_SPREAD_ARGUMENTS] },
  },
  {
    // Tests feed escape sequences on purpose, and match with expect's asymmetric matchers.
    files: ['test/**'],
    rules: { 'no-control-regex': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Views never touch the disk, the watcher or the decoders: they draw state.
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:fs', 'fs', 'node:fs/*', 'chokidar', '**/src/watch/**', '**/src/io/**', '**/src/ingest/**'],
              message: 'src/ui/ only draws state.',
            },
          ],
        },
      ],
    },
  },
  {
    // Decoding is pure: bytes in, observations and facts out. A replay loads it without the watcher.
    files: ['src/io/journal/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'ink', 'react/*'], message: 'src/ is the headless core: no React here.' },
            { group: ['chokidar', '**/watch/*'], message: 'Only src/io/watch/ and src/cli/ know the watcher.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/decode/**', 'src/core/facts/**', 'src/core/model/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'ink', 'react/*'], message: 'src/ is the headless core: no React here.' },
            { group: ['chokidar', '**/watch/*', '**/io/*', 'node:fs', 'fs', 'node:fs/*'], message: 'Pure code: no file system.' },
          ],
        },
      ],
    },
  },
  {
    // The page is drawn as HTML text from the store, as the report is: no React, and nothing of the terminal's views.
    files: ['src/io/serve/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'ink', 'react/*'], message: 'src/ is the headless core: no React here.' },
            { group: ['**/components/**', '**/cli/**'], message: 'src/io/serve/ draws from the store; src/cli/ wires it.' },
          ],
        },
      ],
    },
  },
  {
    // What the benchmark and the conformance runner share is in harness/: neither imports the other.
    files: ['bench/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/conformance/**'], message: 'Shared pieces go in harness/.' }] }],
    },
  },
  {
    files: ['conformance/**', 'harness/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/bench/**'], message: 'Shared pieces go in harness/.' }] }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'conformance/**', 'harness/**', '*.config.*', 'eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
