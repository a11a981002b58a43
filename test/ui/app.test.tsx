import { describe, expect, it } from 'vitest';
import { mountApp, mountStore } from '../helpers/app.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { message, teamState } from '../helpers/observations.js';
import { waitFor } from '../helpers/wait.js';
import { createStore } from '../../src/core/store.js';

const KEYS = { tab: '\t', enter: '\r', escape: '\u001b', up: '\u001b[A', down: '\u001b[B' };

const mount = (dir: string, team?: string) => mountApp(dir, { claudeDir: dir, team, now: Date.parse('2026-03-01T12:00:00Z') });

describe('App', () => {
  it('moves focus with tab, opens the selected message with enter and closes it with esc', async () => {
    const app = await mount(`${FIXTURES}/protocol-zoo`);
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ ★ team-lead'));
    await app.press(KEYS.tab);
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ worker'));
    await app.press(KEYS.enter);
    await waitFor(() => expect(app.lastFrame()).toContain('team-lead → worker · team_permission_update'));
    await app.press(KEYS.escape);
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ worker'));
  });

  it('says in the footer why o and d did nothing, until the next key', async () => {
    const app = await mount(`${FIXTURES}/protocol-zoo`);
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ ★ team-lead'));
    // Shift-tab: the task list, the last pane.
    await app.press('\u001b[Z');
    await app.press('o');
    await waitFor(() => expect(app.lastFrame()!.split('\n').at(-1)).toContain('o: focus a member pane first (tab)'));
    await app.press('d');
    await waitFor(() => expect(app.lastFrame()!.split('\n').at(-1)).toContain('d: focus a member pane first (tab)'));
    await app.press(KEYS.down);
    await waitFor(() => expect(app.lastFrame()).not.toContain('focus a member pane first'));
    await app.press('t');
    await waitFor(() => expect(app.lastFrame()).toContain(' Timeline '));
    await app.press('o');
    await waitFor(() => expect(app.lastFrame()).toContain('o: member panes are on the dashboard (t)'));
    expect(app.lastFrame()).toContain(' Timeline ');
  });

  it('applies a key that follows another at once to the screen the first one made', async () => {
    const app = await mount(`${FIXTURES}/protocol-zoo`);
    app.stdin.write(KEYS.tab);
    app.stdin.write(KEYS.enter);
    await waitFor(() => expect(app.lastFrame()).toContain('team-lead → worker · team_permission_update'));
  });

  it("keeps each pane's info line in place when focus moves away from it", async () => {
    const app = await mount(`${FIXTURES}/protocol-zoo`);
    await app.press(KEYS.tab);
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ worker'));
    expect(app.lastFrame()).toMatch(/│ team-lead · claude-opus-4-6 +⇠ owes helper 27d1h · ● 7 unread 27d │/u);
  });

  it('counts every key of a read that holds several (typed faster than a frame)', async () => {
    const app = await mount(`${FIXTURES}/protocol-zoo`);
    await app.press(`${KEYS.tab}${KEYS.enter}`);
    await waitFor(() => expect(app.lastFrame()).toContain('team-lead → worker · team_permission_update'));
    await app.press(`${KEYS.escape}`);
    await app.press('tmm');
    await waitFor(() => expect(app.lastFrame()).toContain('only worker'));
  });

  it('moves the selection up before opening', async () => {
    const app = await mount(`${FIXTURES}/protocol-zoo`);
    await app.press(KEYS.tab);
    await app.press(KEYS.up);
    await app.press(KEYS.enter);
    await waitFor(() => expect(app.lastFrame()).toContain('team-lead → worker · mode_set_request'));
  });

  it('switches teams with ] and [', async () => {
    const app = await mount(`${FIXTURES}/generations`, 'mid-gen');
    await waitFor(() => expect(app.lastFrame()).toContain('─ researcher'));
    await app.press(']');
    await waitFor(() => expect(app.lastFrame()).toContain('★ coordinator'));
    await app.press('[');
    await waitFor(() => expect(app.lastFrame()).toContain('─ researcher'));
  });

  it('toggles idle notifications, teammate trackers and help', async () => {
    const app = await mount(`${FIXTURES}/protocol-zoo`);
    await app.press('i');
    await waitFor(() => expect(app.lastFrame()).toContain('idle hidden'));
    await app.press('a');
    await waitFor(() => expect(app.lastFrame()).toContain('1 teammate tracker shown'));
    await app.press('?');
    await waitFor(() => expect(app.lastFrame()).toContain('hide/show idle notifications'));
    await app.press('?');
    await waitFor(() => expect(app.lastFrame()).not.toContain('hide/show idle notifications'));
  });

  it('draws what the store receives while running', async () => {
    const store = createStore({ initial: teamState() });
    const app = mountStore(store);
    await waitFor(() => expect(app.lastFrame()).toContain('★ team-lead'));
    store.dispatch({
      type: 'observed',
      observations: [
        {
          kind: 'inbox',
          team: 'team',
          member: 'team-lead',
          messages: [message('team-lead', 'worker', 'fresh news', 5)],
          at: 0,
          live: false,
        },
      ],
    });
    await waitFor(() => expect(app.lastFrame()).toContain('fresh news'));
  });
});
