import chalk from 'chalk';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Frames are compared as plain text; colour tests turn it on for themselves.
chalk.level = 0;
// A user's terminal has no CI variable: supports-color, which the CLI under test asks, reads it.
delete process.env['CI'];
// The property tests draw the same cases on every run, so that whether a change passes does not
// depend on the draw. `npm run test:fuzz` draws new ones (TEAMTOP_FC_SEED=random); a failure
// prints its seed, and its counterexample becomes a plain test beside the property.
const seed = process.env['TEAMTOP_FC_SEED'] ?? '20261126';
if (seed !== 'random') fc.configureGlobal({ seed: Number(seed) });
// Journals written by the CLI under test go to a scratch folder, never the user's.
process.env['XDG_STATE_HOME'] = mkdtempSync(join(tmpdir(), 'teamtop-state-'));
// And the compiled code it keeps (compile-cache.ts).
process.env['XDG_CACHE_HOME'] = mkdtempSync(join(tmpdir(), 'teamtop-cache-'));
