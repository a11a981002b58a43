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

/** Far longer than drawing a frame takes on a busy machine, far shorter than parsing the line whole took. */
const PROMPT_MS = 2500;

/**
 * `?` pressed again and again (the help opens, then closes) until the
 * dashboard shows `text`: the slowest answer, in ms. A key pressed while a
 * line is read waits for the read to end, so this is how long the longest
 * read held the main thread, give or take a frame.
 */
async function slowestAnswerUntil(term: Terminal, text: string): Promise<number> {
  let slowest = 0;
  for (let help = false; help || !term.text().includes(text); help = !help) {
    const asked = performance.now();
    term.press('?');
    await term.waitForText(help ? '★ team-lead' : 'esc or ? to close', 30_000);
    slowest = Math.max(slowest, performance.now() - asked);
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
    await term.waitForText('★ team-lead', 20_000);
    expect(await slowestAnswerUntil(term, '▶ Bash echo after five million blocks')).toBeLessThan(PROMPT_MS);

    // And appended while it runs.
    lead.toolUseAfter('{},'.repeat(5_000_000), 'toolu_later', 'Bash', { command: 'echo appended' }, 3);
    expect(await slowestAnswerUntil(term, '▶ Bash echo appended')).toBeLessThan(PROMPT_MS);
    const asked = performance.now();
    term.press('q');
    expect(await term.exitWithin(PROMPT_MS, 'q')).toBe(0);
    expect(performance.now() - asked).toBeLessThan(PROMPT_MS);
  }, 90_000);
});
