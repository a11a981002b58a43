#!/usr/bin/env -S node --max-semi-space-size=4 --heap-growing-percent=50 --max-opt=1 --always-sparkplug
// Memory for a process that runs for days: a small young generation (a big
// team's inboxes are parsed in tens of megabytes of short-lived objects, which
// the default 16 MB semi-spaces let push the resident size 25 MB higher) and an
// old generation that grows by half of what survives a collection, not by
// V8's default of up to four times: 45 MB less at the peak, for no latency a
// dashboard notices (see bench/).
//
// CPU for a process that mostly waits: no optimising compiler (`--max-opt=1`),
// every function compiled once to baseline code (`--always-sparkplug`). A
// dashboard runs its code a few times a second; TurboFan compiled it again and
// again on a second core and cost more than it saved: 6.5 against 9.0 ms of CPU
// per message, 0.05 against 0.07 s per 10 s with ages ticking, a key press
// during a burst 34 against 163 ms at p95. It costs a tenth more on the
// biggest one-off reads (an 11 MB inbox's first frame, 406 against 369 ms).
import { main } from './main.js';

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
