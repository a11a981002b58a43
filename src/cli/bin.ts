#!/usr/bin/env node
// The V8 flags go in before any other module of teamtop is evaluated (hence the dynamic import): see v8-flags.ts.
// The compile cache too, so that it holds the modules imported after it (compile-cache.ts).
import { applyV8Flags } from './v8-flags.js';
import { keepCompiledCode } from './compile-cache.js';

applyV8Flags();
keepCompiledCode();
const { main } = await import('./main.js');

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // The reader stopped reading (`teamtop --json | head`): it had what it wanted.
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`teamtop: cannot write the output: ${error.message}\n`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`teamtop: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
