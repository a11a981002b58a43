/**
 * `/` narrows what the panes list to what matches, and marks the matches; `n`
 * and `N` go from match to match, pane after pane; esc clears the search.
 * The real App in Ink's renderer, typed into as a user types.
 */
import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import { mountApp } from '../helpers/app.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { waitFor } from '../helpers/wait.js';

const ESC = '\u001b';
const mount = (color = false) =>
  mountApp(`${FIXTURES}/protocol-zoo`, { claudeDir: '/claude', color, now: Date.parse('2026-03-01T12:00:00Z') });
const footer = (frame: string | undefined) => frame!.split('\n').at(-1)!;

afterEach(() => {
  chalk.level = 0;
});

describe('the search', () => {
  it('narrows the messages, handshakes and tasks as it is typed, and esc clears it', async () => {
    const app = await mount();
    await waitFor(() => expect(app.lastFrame()).toContain('Design the schema'));
    expect(app.lastFrame()).toContain('team permission update: Bash');
    await app.press('/');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('/▏'));
    await app.press('sandbox');
    await waitFor(() => expect(footer(app.lastFrame())).toMatch(/^\/sandbox▏ ⏎ keep · esc clear · \d+ match/u));
    const narrowed = app.lastFrame()!;
    expect(narrowed).toContain('sandbox permission request: registry.npmjs.org');
    expect(narrowed).toMatch(/rejected +sandbox_permission/u);
    // What does not match is gone, and an emptied list says why.
    expect(narrowed).not.toContain('team permission update: Bash');
    expect(narrowed).toContain('no task matches the search');
    expect(narrowed).toMatch(/\d+ messages? hidden by the filters/u);
    // Keys are typed into the search, whatever they are bound to: `t` did not open the timeline.
    expect(narrowed).not.toContain(' Timeline ');
    await app.press('\r');
    await waitFor(() => expect(footer(app.lastFrame())).toMatch(/\/sandbox: \d+ match/u));
    expect(footer(app.lastFrame())).toContain('tab pane');
    await app.press(ESC);
    await waitFor(() => expect(app.lastFrame()).toContain('Design the schema'));
    expect(footer(app.lastFrame())).not.toContain('/sandbox');
  });

  it('takes a character back with backspace, and leaves the typing with it once empty', async () => {
    const app = await mount();
    await app.press('/');
    await app.press('sandboxx');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('/sandboxx▏'));
    await app.press('\u007f');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('/sandbox▏'));
    await app.press('\u007f'.repeat(7));
    await waitFor(() => expect(footer(app.lastFrame())).toContain('/▏'));
    await app.press('\u007f');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('tab pane'));
  });

  it('matches any case in lower case, only its own case with a capital', async () => {
    const app = await mount();
    await app.press('/');
    await app.press('BASH\r');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('/BASH: no match'));
    await app.press('/');
    await app.press('bash\r');
    await waitFor(() => expect(footer(app.lastFrame())).toMatch(/\/bash: [1-9]\d* match/u));
  });

  it('marks each match in the rows, not in the titles', async () => {
    chalk.level = 1;
    const app = await mount(true);
    await app.press('/');
    await app.press('registry\r');
    // The dark theme's match: black on yellow.
    await waitFor(() => expect(app.lastFrame()).toMatch(/\u001b\[(?:43m\u001b\[30|30m\u001b\[43)mregistry\u001b\[/u));
    const marked = app
      .lastFrame()!
      .split('\n')
      .filter((line) => line.includes('\u001b[43m'));
    expect(marked.length).toBeGreaterThanOrEqual(2);
    expect(footer(app.lastFrame())).not.toContain('\u001b[43m');
  });

  it('goes to the next and the previous match with n and N, pane after pane, and says when it wraps', async () => {
    const app = await mount();
    await app.press('/');
    await app.press('permission\r');
    await waitFor(() => expect(footer(app.lastFrame())).toMatch(/\/permission: \d+ match/u));
    // The lead's pane rests on its newest match: the next is in the next pane with one.
    await app.press('n');
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ worker'));
    await app.press('N');
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ ★ team-lead'));
    // Backwards from the lead's first match: round to the last match of the last pane.
    await app.press('N');
    await app.press('N');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('N: back at the last match'));
    expect(app.lastFrame()).toMatch(/ Handshakes .*\n(?:.*\n)*?.*permission/u);
  });

  it('says that n goes to a match once there is a search', async () => {
    const app = await mount();
    await waitFor(() => expect(app.lastFrame()).toContain('Design the schema'));
    await app.press('n');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('n: no search yet (/ searches)'));
  });

  it('narrows the diagnoses too', async () => {
    const app = await mount();
    await waitFor(() => expect(app.lastFrame()).toContain(' Diagnoses '));
    expect(app.lastFrame()).toMatch(/ℹ to-departed/u);
    await app.press('/');
    await app.press('zombie\r');
    await waitFor(() => expect(app.lastFrame()).toMatch(/ Diagnoses .*\n.*ℹ zombie/u));
    expect(app.lastFrame()).not.toMatch(/ℹ to-departed/u);
  });
});
