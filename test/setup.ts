import chalk from 'chalk';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Frames are compared as plain text; colour tests turn it on for themselves.
chalk.level = 0;
// A user's terminal has no CI variable: supports-color, which the CLI under test asks, reads it.
delete process.env['CI'];
// Journals written by the CLI under test go to a scratch folder, never the user's.
process.env['XDG_STATE_HOME'] = mkdtempSync(join(tmpdir(), 'teamtop-state-'));
