/**
 * One huge transcript record (a 15 MB line of 5 million small content blocks)
 * does not freeze the dashboard: it is skimmed for what teamtop reads of it,
 * so a key pressed while it is read is answered at once, and the tool call
 * at its end is shown. (Parsed whole, the line held the main thread for
 * seconds: `q` waited 6 to 9 s.) The figures are in `npm run bench`
 * (bench/phases/huge-record.mjs).
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { PATIENCE_MS } from '../helpers/wait.js';

/**
 * Far more CPU than drawing a frame takes, far less than parsing the line
 * whole took. Counted in the dashboard's CPU time, not the clock's: a busy
 * machine stretches the wait for a key, not the work done before it is answered.
 */
const PROMPT_CPU_MS = 2500;

/**
 * `?` pressed again and again (the help opens, then closes) until the
 * dashboard shows `text`: the most CPU time it spent before answering one, in
 * ms. A key pressed while a line is read waits for the read to end, so this is
 * how much of the read came in one piece, give or take a frame.
 */
async function slowestAnswerUntil(term: Terminal, text: string): Promise<number> {
  let slowest = 0;
  for (let help = false; help || !term.text().includes(text); help = !help) {
    const asked = term.cpuMs();
    term.press('?');
    await term.waitForText(help ? '★ team-lead' : 'esc or ? to close', 60_000);
    slowest = Math.max(slowest, term.cpuMs() - asked);
  }
  return slowest;
}

describe('a huge transcript record', () => {
  it('is skimmed: keys are answered at once while it is read, and the call at its end is shown', async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('alice')]);
    const lead = new TranscriptFiles(files).lead();
    lead.prompt('Build the parser with alice', 1);
    lead.toolUseAfter('{},'.repeat(5_000_000), 'toolu_after', 'Bash', { command: 'echo after five million blocks' }, 2);

    // Read as the dashboard starts.
    const term = new Terminal({ args: ['--dir', files.dir, '--no-journal', '--now', files.iso(3)], cols: 100, rows: 30 });
    await term.waitForText('★ team-lead', 60_000);
    expect(await slowestAnswerUntil(term, '▶ Bash echo after five million blocks')).toBeLessThan(PROMPT_CPU_MS);

    // And appended while it runs.
    lead.toolUseAfter('{},'.repeat(5_000_000), 'toolu_later', 'Bash', { command: 'echo appended' }, 3);
    expect(await slowestAnswerUntil(term, '▶ Bash echo appended')).toBeLessThan(PROMPT_CPU_MS);
    term.press('q');
    expect(await term.exitWithin(PATIENCE_MS, 'q')).toBe(0);
  }, 180_000);
});
