/**
 * The keys of one read of the terminal (typed faster than a frame, pasted, a
 * held key) are applied in turn, each to the screen the one before it made,
 * and build no frame of their own: the frame they make together is the only
 * one built. `buildScreen` is counted where the App calls it.
 */
import { describe, expect, it, vi } from 'vitest';
import * as dashboardModel from '../../src/ui/screen/frame.js';
import { mountApp } from '../helpers/app.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { waitFor } from '../helpers/wait.js';

vi.mock('../../src/ui/screen/frame.js', async (importOriginal) => {
  const original = await importOriginal<typeof dashboardModel>();
  return { ...original, buildScreen: vi.fn(original.buildScreen), navigationAt: vi.fn(original.navigationAt) };
});

const builds = vi.mocked(dashboardModel.buildScreen);
const navigations = vi.mocked(dashboardModel.navigationAt);

const TAB = '\t';
const UP = '\u001b[A';
const ENTER = '\r';

const mount = (fixture: string, team?: string) =>
  mountApp(`${FIXTURES}/${fixture}`, { claudeDir: '/claude', team, now: Date.parse('2026-03-01T12:00:00Z') });

/** The screen after `keys` pressed one at a time, each waited for. */
async function oneAtATime(fixture: string, keys: readonly string[], team?: string): Promise<string> {
  const app = await mount(fixture, team);
  await waitFor(() => expect(app.lastFrame()).toContain('★'));
  for (const key of keys) await app.press(key);
  return app.lastFrame()!;
}

describe('keys in one read', () => {
  const cases: readonly { readonly name: string; readonly fixture: string; readonly keys: readonly string[]; readonly team?: string }[] = [
    { name: 'focus, a move and an open', fixture: 'protocol-zoo', keys: [TAB, UP, ENTER] },
    { name: 'a view, a move in it and an open', fixture: 'protocol-zoo', keys: ['t', 'k', ENTER] },
    { name: 'a filter, then a move in what it left', fixture: 'protocol-zoo', keys: ['p', 'k', ENTER] },
    { name: 'the member filter twice, from the timeline', fixture: 'protocol-zoo', keys: ['t', 'm', 'm'] },
    { name: 'the help, then its end', fixture: 'protocol-zoo', keys: ['?', 'G'] },
    { name: 'a member opened, then its end', fixture: 'api-spec', keys: [TAB, 'd', 'G'] },
    { name: 'a pane switched to its log, then the member opened', fixture: 'api-spec', keys: [TAB, 'o', 'd'] },
    { name: 'another team, and a pane of it', fixture: 'generations', keys: [']', TAB, ENTER], team: 'mid-gen' },
  ];

  it.each(cases)('$name: as pressed one at a time, in one frame', async ({ fixture, keys, team }) => {
    const expected = await oneAtATime(fixture, keys, team);
    const app = await mount(fixture, team);
    await waitFor(() => expect(app.lastFrame()).toContain('★'));
    builds.mockClear();
    await app.press(keys.join(''));
    await waitFor(() => expect(app.lastFrame()).toBe(expected));
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('builds no frame for a held key: each move of the read on the frame on screen', async () => {
    const app = await mount('protocol-zoo');
    await waitFor(() => expect(app.lastFrame()).toContain('★'));
    await app.press(TAB);
    builds.mockClear();
    await app.press('kkkkkkkk');
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it.each([TAB, 't', 'p', ']', '?', 'd'])('builds the frame once for one key (%j), and nothing else of it', async (key) => {
    const app = await mount('generations', 'mid-gen');
    await waitFor(() => expect(app.lastFrame()).toContain('★'));
    builds.mockClear();
    navigations.mockClear();
    await app.press(key);
    expect(builds).toHaveBeenCalledTimes(1);
    expect(navigations).not.toHaveBeenCalled();
  });
});
