import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['components/**', 'src/cli/**', 'test/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests feed escape sequences on purpose, and match with expect's asymmetric matchers.
    files: ['test/**'],
    rules: { 'no-control-regex': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Views never touch the disk or the watcher.
    files: ['components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:fs', 'fs', 'node:fs/*', 'chokidar', '../src/watch/*'], message: 'components/ only draws state.' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'conformance/**', '*.config.*', 'eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
