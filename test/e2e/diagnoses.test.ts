/**
 * The diagnoses on the live dashboard, as a user sees them in an 80x24
 * terminal with a user's environment: the pane under the member panes, in
 * colour or without, the evidence on ⏎, and a diagnosis clearing as the
 * answer arrives.
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';
import { troubled } from '../helpers/team-files.js';

/** The troubled team, its trouble a minute old, on the dashboard at 80x24. */
async function dashboard(env: Record<string, string> = {}) {
  const files = troubled(tempDir(), Date.now() - 60_000);
  const term = new Terminal({ args: ['--dir', files.dir, '--no-journal'], cols: 80, rows: 24, environment: userEnvironment(env) });
  await term.waitForText(' Diagnoses  3 warnings');
  return { files, term };
}

describe('the diagnoses on the dashboard in a terminal', () => {
  it('shows what is wrong under the member panes at 80x24, in colour, opens its evidence, and clears it when bob answers', async () => {
    const { files, term } = await dashboard();
    const lines = term.lines();
    expect(lines[0]).toContain('⚠ 3 diagnoses');
    const title = lines.findIndex((line) => line.startsWith(' Diagnoses '));
    expect(lines[title + 1]).toMatch(/^⚠ misaddressed +enginer, team-lead +(5\ds|1m\d*s?) {2}1 message from team-lead/u);
    expect(lines[title + 2]).toMatch(/^⚠ ignored-shutdown +bob, team-lead +/u);
    expect(lines[title + 3]).toMatch(/^⚠ orphaned-task +enginer +task #3/u);
    expect(lines[title + 4]).toMatch(/^ Handshakes /u);
    // Every member pane still on screen, the ones it names marked.
    for (const pane of [
      /^. ★ team-lead ⚠ 2 diagnoses /mu,
      /^ {2}bob ⚠ ignored-shutdown /mu,
      /^ {2}engineer working/mu,
      /^ {2}enginer ⚠ 2 diagnoses /mu,
    ])
      expect(term.text()).toMatch(pane);
    expect(lines.filter((line) => line.trim() !== '').length).toBeLessThanOrEqual(23);
    // In colour: the warning mark yellow, bob in his green.
    expect(term.styleOf('⚠ ignored-shutdown bob')).toMatchObject({ fg: 3, bold: true });
    expect(term.styleOf('bob, team-lead').fg).toBe(2);
    expect(term.styleOf('⚠ 3 diagnoses')).toMatchObject({ fg: 3, bold: true });

    // Past the four member panes to the diagnoses, down to bob's, and open it.
    term.press('\t\t\t\t');
    await term.waitForText(/^ Diagnoses /mu);
    term.press('\u001b[B');
    term.press('\r');
    await term.waitForText('evidence (3):');
    expect(term.text()).toContain('team-lead → bob: shutdown requested: work complete');
    term.press('\u001b');
    await term.waitForText(' Handshakes ');

    // bob answers: the diagnosis goes, and so do its marks.
    files.send('team-lead', 'bob', files.shutdownApproved('bob', `shutdown-${files.at(10)}@bob`, 60), 60);
    await term.waitForText(' Diagnoses  2 warnings');
    expect(term.text()).not.toContain('ignored-shutdown');
    expect(term.lines()[0]).toContain('⚠ 2 diagnoses');
    // Ink clears the terminal (ESC[2J / ESC[3J) when a frame reaches the terminal's height.
    expect(term.output).not.toMatch(/\u001b\[[23]J/u);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it('marks them with characters where there is no colour (NO_COLOR)', async () => {
    const { term } = await dashboard({ NO_COLOR: '1' });
    expect(term.styles().filter((style) => style.fg !== 'default' || style.bg !== 'default')).toEqual([]);
    expect(term.text()).toMatch(/^⚠ ignored-shutdown +bob, team-lead/mu);
    expect(term.text()).toMatch(/^ {2}bob ⚠ ignored-shutdown /mu);
    expect(term.styleOf('⚠ 3 diagnoses').bold).toBe(true);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
