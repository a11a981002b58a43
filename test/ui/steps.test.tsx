/**
 * A member's recent steps (`s`, issue 23 §4), from transcripts written as
 * 2.1.332 writes them and read by the real watcher: one line each, newest at
 * the bottom, followed as they come; nothing a terminal obeys reaches the
 * screen; a member no transcript matches, and transcripts off, say so.
 */
import { describe, expect, it } from 'vitest';
import { formatClock } from '../../src/core/model/time.js';
import { mountStore } from '../helpers/app.js';
import { tempDir } from '../helpers/fixtures.js';
import { watch } from '../helpers/live.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { waitFor } from '../helpers/wait.js';

/** A lead whose turn ran a test, failed a lint, was denied an edit, wrote, took alice's mail and ended; alice at work; bob with no transcript. */
function team() {
  const files = new TeamFiles(tempDir(), Date.now() - 60_000);
  files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux', color: 'green' })]);
  const transcripts = new TranscriptFiles(files);
  const lead = transcripts.lead();
  lead.prompt('Build the parser with alice and bob', 1);
  lead.toolUse('toolu_test', 'Bash', { command: 'npm test' }, 2);
  lead.toolResult('toolu_test', 14.3);
  lead.toolUse('toolu_lint', 'Bash', { command: 'npm run lint' }, 15);
  lead.toolResult('toolu_lint', 16, { error: true });
  lead.toolUse('toolu_edit', 'Edit', { file_path: '/home/dev/work/src/parser.ts' }, 17);
  lead.toolResult('toolu_edit', 20, { denied: true });
  lead.text('The parser needs a second pass.\nMore detail here.', 21);
  lead.mail('alice', 'API drafted', 22, 'API drafted, see src/api.ts');
  lead.text('Done for now.', 23, { end: true });
  lead.turnDuration(23, 22_000);
  const alice = transcripts.inProcess('alice');
  alice.prompt('You are alice: design the parser API.', 3);
  alice.toolUse('toolu_alice', 'Read', { file_path: '/home/dev/work/src/parser.ts' }, 4);
  return { files, transcripts, lead, alice };
}

/** The team's files followed by the real watcher, both transcripts read, and the App on them as of 30 s in. */
async function mounted(files: TeamFiles) {
  const live = await watch(files.dir);
  await waitFor(() => expect(live.store.getState().teams.get(files.team)?.transcripts.size).toBe(2));
  const app = mountStore(live.store, { now: files.at(30), color: false });
  await waitFor(() => expect(app.lastFrame()).toContain('bob'));
  return { live, app };
}

const clock = (files: TeamFiles, seconds: number): string => formatClock(files.at(seconds));

/** The lines of the steps view below its title. */
const stepLines = (frame: string): string[] => frame.split('\n').filter((line) => /^\d\d:\d\d:\d\d {2}/u.test(line));

describe('the steps view', () => {
  it("lists the focused member's steps, one a line, newest at the bottom, and follows new ones as they are written", async () => {
    const { files, lead } = team();
    const { app } = await mounted(files);
    await app.press('s');
    await waitFor(() => expect(app.lastFrame()).toContain(' Steps  team-lead · idle'));
    const lines = stepLines(app.lastFrame()!);
    expect(lines).toEqual([
      `${clock(files, 1)}  » prompt: Build the parser with alice and bob`,
      `${clock(files, 2)}  ✓ Bash npm test · 12s`,
      `${clock(files, 15)}  ✗ Bash npm run lint · 1.0s · failed`,
      `${clock(files, 17)}  ✗ Edit /home/dev/work/src/parser.ts · 3.0s · denied by a person`,
      `${clock(files, 21)}  ✎ The parser needs a second pass.`,
      `${clock(files, 22)}  ✉ from alice: API drafted, see src/api.ts`,
      `${clock(files, 23)}  ✎ Done for now.`,
      `${clock(files, 23)}  ■ turn ended · 22s`,
    ]);

    // A new turn: its steps come in at the bottom, a call running says for how long.
    lead.prompt('Now the docs', 25);
    lead.toolUse('toolu_docs', 'Bash', { command: 'npm run docs' }, 26);
    await waitFor(() => expect(stepLines(app.lastFrame()!).at(-1)).toBe(`${clock(files, 26)}  ▶ Bash npm run docs · 4s`));
    expect(app.lastFrame()).toContain(' Steps  team-lead · ▶ Bash npm run docs · 4s');
    expect(stepLines(app.lastFrame()!).at(-2)).toBe(`${clock(files, 25)}  » prompt: Now the docs`);
  });

  it('shows the member focused on the dashboard, tab the next, and goes back with s or esc to that member', async () => {
    const { files } = team();
    const { app } = await mounted(files);
    await app.press('\t');
    await app.press('s');
    await waitFor(() => expect(app.lastFrame()).toContain(' Steps  alice · ▶ Read /home/dev/work/src/parser.ts · 26s'));
    expect(stepLines(app.lastFrame()!)).toEqual([
      `${clock(files, 3)}  » spawn prompt: You are alice: design the parser API.`,
      `${clock(files, 4)}  ▶ Read /home/dev/work/src/parser.ts · 26s`,
    ]);
    // Bob has no transcript: tab goes from alice back to the lead.
    await app.press('\t');
    await waitFor(() => expect(app.lastFrame()).toContain(' Steps  team-lead'));
    await app.press('\u001b');
    // Back on the dashboard, the lead's pane has the focus (a heavy border).
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ ★ team-lead'));
    await app.press('\t');
    await app.press('s');
    await waitFor(() => expect(app.lastFrame()).toContain(' Steps  alice'));
    await app.press('s');
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ alice'));
  });

  it('says so of a member no transcript matched, and of transcripts turned off', async () => {
    const { files } = team();
    const { live, app } = await mounted(files);
    await app.press('\t\t');
    await app.press('s');
    await waitFor(() => expect(app.lastFrame()).toContain('no transcript of bob found under projects/'));
    expect(app.lastFrame()!.replace(/\s+/gu, ' ')).toContain('has none. Its cwd: /home/dev/work');
    expect(stepLines(app.lastFrame()!)).toEqual([]);

    const off = mountStore(live.store, { now: files.at(30), color: false, transcripts: false, view: 'steps' });
    await waitFor(() => expect(off.lastFrame()).toContain('transcripts are off (--no-transcripts)'));
  });

  it('goes through every member with tab when no transcript matched any', async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000);
    files.config([files.teammate('alice'), files.teammate('bob')]);
    const live = await watch(files.dir);
    const app = mountStore(live.store, { now: files.at(30), color: false, view: 'steps' });
    await waitFor(() => expect(app.lastFrame()).toContain('no transcript of team-lead found'));
    expect(app.lastFrame()).toContain('tab next member');
    for (const name of ['alice', 'bob', 'team-lead']) {
      await app.press('\t');
      await waitFor(() => expect(app.lastFrame()).toContain(`no transcript of ${name} found`));
    }
  });

  it('lets no control character or escape sequence from a transcript reach the terminal', async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000);
    files.config([files.teammate('alice')]);
    const lead = new TranscriptFiles(files).lead();
    lead.toolUse('toolu_evil', 'Bash', { command: 'echo \u001b[2J\u001b]0;pwned\u0007 done' }, 2);
    lead.toolResult('toolu_evil', 3);
    lead.text('Wrote \u001b[31mred\u001b[0m and \u009b2J', 4);
    lead.mail('al\u001b[8mice', 'hidden \u001b[8m text', 5);
    const live = await watch(files.dir);
    const app = mountStore(live.store, { now: files.at(10), color: false, view: 'steps' });
    await waitFor(() => expect(stepLines(app.lastFrame()!)).toHaveLength(3));
    const drawn = app.lastFrame()!;
    expect(drawn).toContain('✓ Bash echo ␛[2J␛]0;pwned␇ done · 1.0s');
    expect(drawn).toContain('✎ Wrote ␛[31mred␛[0m and');
    expect(drawn).toContain('✉ from al␛[8mice: hidden ␛[8m text');
    // Nothing but what Ink itself writes: no colour here, so no escape at all.
    expect(drawn).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u);
  });
});
