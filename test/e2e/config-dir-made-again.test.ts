/**
 * A config dir removed and made again under a running dashboard, before any
 * team: realcc's run.sh does this before it starts Claude Code. The team made
 * in it a moment later is drawn. Two traps lay here: the new folder often has
 * the old one's inode number (ext4), and the transcripts' watcher, waiting for
 * `sessions/`, had chokidar watch the config dir too, a watch the team files'
 * new watcher then shared, dead with the old folder.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { writeJson } from '../helpers/live.js';
import { Terminal } from '../helpers/pty.js';
import { sleep } from '../helpers/wait.js';

describe('a config dir removed and made again', () => {
  it('is followed: a team made in it later is drawn', async () => {
    const dir = join(tempDir(), '.claude');
    mkdirSync(dir);
    const term = new Terminal({ args: ['--dir', dir, '--no-journal'], cols: 100, rows: 30 });
    await term.waitForText('No agent teams yet');
    // Watching has begun, `sessions/` (not there) looked for by the transcripts' watcher.
    await sleep(1500);
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    // Claude Code starts a moment later: after the dashboard has looked at the new folder.
    await sleep(2500);
    writeJson(join(dir, 'teams/zeta/config.json'), { name: 'zeta', members: [{ name: 'team-lead', agentType: 'team-lead' }] });
    await term.waitForText('zeta');
  });
});
