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

const NO_REACT = { group: ['react', 'ink', 'react/*', 'ink/*'], message: 'Only src/ui/ and src/cli/ draw.' };
const NO_DISK = { group: ['node:fs', 'fs', 'node:fs/*', 'chokidar'], message: 'No file system here: src/io/ reads the disk.' };
const layer = (name) => ({ group: [`**/${name}/**`], message: `This layer does not import src/${name}/.` });
/** The facts and the judgement are used through their faces (index.ts), never their insides. */
const FACES = ['facts', 'judge'].map((name) => ({
  group: [`**/${name}/**`, `!**/${name}/index.js`],
  message: `Import src/core/${name}/ through its index.js.`,
}));
const zone = (files, patterns) => ({
  files: [files],
  rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ...FACES] }] },
});

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
      // `import { type A }` still loads its module (verbatimModuleSyntax): a type alone is imported with `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // What ships: sized by the user's files, never by us.
    files: ['src/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_SPREAD_ARGUMENTS] },
  },
  {
    // Tests feed escape sequences on purpose, and match with expect's asymmetric matchers.
    files: ['test/**'],
    rules: { 'no-control-regex': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  // The layers (DEVELOPERS.md): src/io/ and src/ui/ build on src/core/, and only src/cli/ imports both.
  zone('src/core/**', [NO_REACT, NO_DISK, layer('io'), layer('ui'), layer('cli')]),
  zone('src/io/**', [NO_REACT, layer('ui'), layer('cli')]),
  zone('src/io/journal/**', [
    NO_REACT,
    layer('ui'),
    layer('cli'),
    { group: ['chokidar', '**/watch/**'], message: 'A replay loads no watcher.' },
  ]),
  zone('src/ui/**', [NO_DISK, layer('io'), layer('cli')]),
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
