/**
 * A member's steps in a real terminal at 80x24: `s` shows them, a step
 * written meanwhile comes in at the bottom, `esc` goes back to the dashboard.
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';

describe('the steps view in a terminal', () => {
  it('shows the lead’s steps on s, follows a new one, and goes back on esc', async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('alice')]);
    const lead = new TranscriptFiles(files).lead();
    lead.prompt('Build the parser with alice', 1);
    lead.toolUse('toolu_test', 'Bash', { command: 'npm test' }, 2);
    lead.toolResult('toolu_test', 14);
    lead.toolUse('toolu_edit', 'Edit', { file_path: 'src/parser.ts' }, 15);
    lead.toolResult('toolu_edit', 17, { denied: true });
    lead.text('Done for now.', 18, { end: true });
    lead.turnDuration(18, 17_000);
    const term = new Terminal({
      args: ['--dir', files.dir, '--no-journal', '--now', files.iso(30)],
      cols: 80,
      rows: 24,
    });
    await term.waitForText('★ team-lead');
    term.press('s');
    await term.waitForText(' Steps  team-lead · idle');
    await term.waitForText('✓ Bash npm test · 12s');
    expect(term.text()).toContain('✗ Edit src/parser.ts · 2.0s · denied by a person');
    expect(term.text()).toContain('■ turn ended · 17s');
    // The newest step rests selected, at the bottom.
    expect(term.styleOf('■ turn ended').inverse).toBe(true);

    lead.prompt('Now the docs', 20);
    lead.toolUse('toolu_docs', 'Bash', { command: 'npm run docs' }, 21);
    await term.waitForText('▶ Bash npm run docs · 9s');
    const lines = term.lines().filter((line) => /^\d\d:\d\d:\d\d {2}/u.test(line));
    expect(lines.at(-1)).toMatch(/▶ Bash npm run docs · 9s$/u);

    term.press('\u001b');
    await term.waitForText('┏━ ★ team-lead');
    expect(term.text()).not.toContain(' Steps ');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
