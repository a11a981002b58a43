/**
 * A terminal that goes away under the dashboard (a tmux pane killed, an ssh
 * connection dropped): teamtop stops drawing, restores nothing, and exits at
 * once and quietly, idle or in the middle of drawing a stream of changes. "At
 * once" is counted in its CPU time, which a busy machine does not stretch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { Terminal } from '../helpers/pty.js';
import { PATIENCE_MS } from '../helpers/wait.js';

describe('a terminal that hangs up', () => {
  it.each(['idle', 'mid-burst'])('ends teamtop at once, quietly (%s)', async (when) => {
    const dir = copyFixture('protocol-zoo');
    const stderr = join(tempDir(), 'stderr');
    const term = new Terminal({ args: ['--dir', dir, '--state-dir', tempDir()], stderr });
    await term.waitForText('★ team-lead');
    const { pid } = term.pty;

    let writing: NodeJS.Timeout | undefined;
    if (when === 'mid-burst') {
      const inbox = join(dir, 'teams/zoo/inboxes/worker.json');
      let n = 0;
      writing = setInterval(
        () =>
          writeJson(
            inbox,
            Array.from({ length: 50 }, () => entry('team-lead', `burst ${n++}`)),
          ),
        2,
      );
      await term.waitForText('burst');
    }
    const before = term.cpuMs();
    term.hangUp();
    // What it spent after the hang-up: read until it is gone.
    let spent = 0;
    const sampling = setInterval(() => {
      try {
        spent = term.cpuMs() - before;
      } catch {
        // Gone.
      }
    }, 5);
    try {
      expect(await term.exitWithin(PATIENCE_MS, 'its terminal closed')).toBe(129);
    } finally {
      clearInterval(sampling);
      clearInterval(writing);
    }
    expect(spent).toBeLessThan(1000);
    // Exited, not killed: Node's reset of a terminal that is gone aborted it (SIGABRT, or SIGSEGV on the way).
    expect(term.exitSignal).toBe(0);
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    // Nothing but the cursor shown again, which Ink's restore-cursor writes to stderr at every exit.
    expect(readFileSync(stderr, 'utf8').replaceAll('\u001b[?25h', '')).toBe('');
  });
});
