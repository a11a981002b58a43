import chalk from 'chalk';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Frames are compared as plain text; colour tests turn it on for themselves.
chalk.level = 0;
// Ink goes silent when it thinks it runs in CI (is-in-ci); tests render through it.
delete process.env['CI'];
// Journals written by the CLI under test go to a scratch folder, never the user's.
process.env['XDG_STATE_HOME'] = mkdtempSync(join(tmpdir(), 'teamtop-state-'));
