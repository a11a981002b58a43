// Bundles the CLI into dist/: one file for what every run needs, and a chunk per
// mode loaded only when that mode runs. Bundling is what makes start-up fast:
// resolving hundreds of node_modules files costs more than parsing one.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { checkPatches } from './check-patches.mjs';

// The bundle is made of what is installed: the patches in patches/ must be in it.
const unpatched = checkPatches();
if (unpatched.length > 0) {
  for (const problem of unpatched) process.stderr.write(`build: ${problem}\n`);
  if (unpatched.some((problem) => !problem.startsWith('package.json'))) {
    process.stderr.write('build: run `npx patch-package` (npm install and npm ci run it for you)\n');
  }
  process.exit(1);
}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/bin.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: !process.argv.includes('--no-minify'),
  legalComments: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: {
    TEAMTOP_VERSION: JSON.stringify(version),
    'process.env.NODE_ENV': '"production"',
  },
  // Ink loads React DevTools only when DEV=true; it is not installed.
  external: ['react-devtools-core'],
  banner: {
    // Bundled CommonJS dependencies require Node built-ins.
    js: "import { createRequire as __teamtopRequire } from 'node:module'; const require = __teamtopRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
chmodSync(new URL('../dist/cli.js', import.meta.url), 0o755);
