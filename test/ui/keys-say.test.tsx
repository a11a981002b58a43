/**
 * A key that does nothing says so in the footer (a key bound to nothing, `[`
 * and `]` with one team, a member number past the members), and one whose
 * effect may be out of sight says what it did (`a`); the first screen says how
 * to move until the first key. `1`–`9` focus a member; `S` sorts the focused
 * tasks or handshakes.
 */
import { describe, expect, it } from 'vitest';
import { mountApp, mountStore } from '../helpers/app.js';
import { message, observe, teamState } from '../helpers/observations.js';
import { createStore } from '../../src/core/store.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { waitFor } from '../helpers/wait.js';
import { frame } from '../helpers/render.js';
import { settledSession } from '../../src/cli/session.js';

const mount = (fixture = 'protocol-zoo') =>
  mountApp(`${FIXTURES}/${fixture}`, { claudeDir: '/claude', now: Date.parse('2026-03-01T12:00:00Z') });
const footer = (frame: string | undefined) => frame!.split('\n').at(-1)!;

describe('the footer says what a key did', () => {
  it('says how to move on the first screen, until the first key', async () => {
    const app = await mount();
    await waitFor(() => expect(footer(app.lastFrame())).toContain('↑↓ select · ⏎ open · / search · ? keys'));
    await app.press('j');
    await waitFor(() => expect(footer(app.lastFrame())).not.toContain('↑↓ select'));
  });

  it('names a key bound to nothing, and says where the keys are', async () => {
    const app = await mount();
    await app.press('x');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('x: not a key here (? lists them)'));
    // A function key types nothing: it is still answered.
    await app.press('\u001bOP');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('that key: not a key here'));
    await app.press('j');
    await waitFor(() => expect(footer(app.lastFrame())).not.toContain('not a key'));
  });

  it('says [ and ] do nothing with one team, and offers `] team` only where there are more', async () => {
    const two = (await settledSession(`${FIXTURES}/generations`)).store.getState();
    expect(footer(frame(two, { width: 200, height: 40, view: { fresh: false } }).trimEnd())).toContain('] team');
    const app = await mount();
    await app.press('j');
    await waitFor(() => expect(footer(app.lastFrame())).toMatch(/^tab pane .*q quit/u));
    expect(footer(app.lastFrame())).not.toContain('] team');
    await app.press(']');
    await waitFor(() => expect(footer(app.lastFrame())).toContain(']: there is one team'));
    await app.press('[');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('[: there is one team'));
  });

  it('says how many teammate trackers a shows or hides, below the fold or not', async () => {
    const app = await mount();
    await app.press('a');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('a: 1 teammate-tracker task shown, last in Tasks'));
    await app.press('a');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('a: 1 teammate-tracker task hidden'));
  });

  it('says a filter hides a pane’s messages rather than that none came', async () => {
    const read = { read: true };
    const initial = observe(teamState(), {
      kind: 'inbox',
      team: 'team',
      member: 'team-lead',
      messages: [message('team-lead', 'worker', 'done with the parser', 5, read), message('team-lead', 'worker', 'and the tests', 6, read)],
      at: 0,
      live: false,
    });
    const app = mountStore(createStore({ initial }), { now: Date.parse('2026-03-01T10:01:00Z') });
    await waitFor(() => expect(app.lastFrame()).toContain('and the tests'));
    // The worker's pane had none: it says so.
    expect(app.lastFrame()).toContain('no messages yet');
    await app.press('u');
    await waitFor(() => expect(app.lastFrame()).toContain('2 messages hidden by the filters'));
    expect(app.lastFrame()).toContain('no messages yet');
  });
});

describe('1 to 9', () => {
  it('focus the member of that number, and say when there is none', async () => {
    const app = await mount();
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ ★ team-lead'));
    await app.press('3');
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ helper'));
    await app.press('2');
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ worker'));
    await app.press('7');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('7: no member 7 (the team has 3)'));
    expect(app.lastFrame()).toContain('┏━ worker');
  });
});

describe('S', () => {
  it('sorts the focused tasks by age, state and owner, says so in the title, and back', async () => {
    const app = await mount();
    await app.press('S');
    await waitFor(() => expect(footer(app.lastFrame())).toContain('S: sorts the tasks or the handshakes'));
    // Shift-tab: the tasks, the last pane.
    await app.press('\u001b[Z');
    await app.press('S');
    await waitFor(() =>
      expect(app.lastFrame()).toContain(' Tasks  7 tasks · 3 blocked · 1 teammate tracker hidden (a) · by age, oldest first (S)'),
    );
    await app.press('S');
    await waitFor(() => expect(app.lastFrame()).toContain('· by state (S)'));
    // Blocked first.
    expect(app.lastFrame()).toMatch(/ Tasks .*\n +#\d+ ■ blocked/u);
    await app.press('S');
    await waitFor(() => expect(app.lastFrame()).toContain('· by owner (S)'));
    await app.press('S');
    await waitFor(() => expect(app.lastFrame()).not.toMatch(/· by \w+/u));
  });

  it('sorts the focused handshakes by state, stalled first, and by who has to answer', async () => {
    const app = await mount();
    await waitFor(() => expect(app.lastFrame()).toContain(' Handshakes '));
    // Shift-tab twice: the handshakes, before the tasks.
    await app.press('\u001b[Z');
    await app.press('\u001b[Z');
    await app.press('SS');
    await waitFor(() => expect(app.lastFrame()).toMatch(/ Handshakes .*· by state \(S\).*\n⚠ stalled /u));
    await app.press('S');
    await waitFor(() => expect(app.lastFrame()).toContain('· by owner (S)'));
  });
});
