/**
 * What a frame keeps when room is short (issue 38): the quit hint whole, the
 * team's cost in a narrow header; and its words, counted right.
 */
import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../src/core/model/message-filter.js';
import { settledSession } from '../../src/cli/session.js';
import { CAPTURES, FIXTURES } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import { config, member, message, observe, teamState } from '../helpers/observations.js';
import { BASE_KEYMAP } from '../../src/ui/keys/keymap.js';

const stateOf = async (dir: string) => (await settledSession(dir)).store.getState();

describe('a frame short of room', () => {
  it('keeps `? help` and `q quit` whole in the footer, leaving out whole hints before them', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    for (const width of [80, 60, 50]) {
      const footer = frame(state, { width, height: 24, view: { filters: { ...NO_FILTERS, showIdle: false }, fresh: false } })
        .trimEnd()
        .split('\n')
        .at(-1)!;
      expect(footer, `${width} columns`).toMatch(/^tab pane {2}.*\? help {2}q quit +idle hidden$/u);
      expect(footer).not.toContain('…');
    }
  });

  it('says on the first screen what is in force and how to move, in whole parts, cutting neither', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    const footerAt = (width: number) =>
      frame(state, { width, height: 24, view: { filters: { ...NO_FILTERS, showIdle: false } } })
        .trimEnd()
        .split('\n')
        .at(-1)!;
    expect(footerAt(120)).toMatch(/\? help {2}q quit +↑↓ select · ⏎ open · \/ search · \? keys · idle hidden$/u);
    expect(footerAt(80)).toMatch(/\? help {2}q quit +↑↓ select · ⏎ open · idle hidden$/u);
    for (const width of [80, 60, 50, 40]) {
      expect(footerAt(width), `${width} columns`).toMatch(/\? help {2}q quit .*idle hidden$/u);
      expect(footerAt(width), `${width} columns`).not.toContain('…');
    }
  });

  it("keeps the team's cost in the header at 50 columns, its tokens giving way", async () => {
    const state = await stateOf(`${CAPTURES}/cc-2.1.332-realcc-team-in-process/final_before_exit`);
    const now = Date.parse('2026-11-25T23:17:23.338Z');
    expect(frame(state, { width: 120, height: 24, now }).split('\n')[1]).toContain(' · 3.5K in · 700 out · $0.028');
    const narrow = frame(state, { width: 50, height: 24, now }).split('\n')[1]!;
    expect(narrow).toBe(' session-30ca3dcf (1) 0s ago · $0.028');
  });
});

describe("a frame's words", () => {
  it('counts one message as one: `Timeline  1 message`', () => {
    const state = observe(teamState(), {
      kind: 'inbox',
      team: 'team',
      member: 'worker',
      messages: [message('worker', 'team-lead', 'hello', 5)],
      at: Date.parse('2026-03-01T10:00:05Z'),
      live: false,
    });
    const title = (width: number) =>
      frame(state, { width, height: 20, view: { mode: 'timeline' } })
        .split('\n')
        .find((line) => line.includes(' Timeline '))!;
    expect(title(100)).toContain(' Timeline  1 message');
    expect(title(100)).not.toContain('1 messages');
  });

  it("says a member's cwd whole, at the end of what the steps view says, never cut mid-sentence", () => {
    const cwd = 'c:\\Users\\dev\\projects\\release-train\\services\\config-parser';
    const state = observe(teamState(), {
      kind: 'config',
      team: 'team',
      config: config([member('team-lead', { agentType: 'team-lead', cwd }), member('worker')]),
      at: Date.parse('2026-03-01T10:00:05Z'),
      live: false,
    });
    const drawn = frame(state, { width: 60, height: 20, view: { mode: 'steps' } });
    expect(drawn).toContain('no transcript of team-lead found under projects/');
    expect(drawn.replace(/\s+/gu, ' ')).toContain(`Its cwd: ${cwd}`);
    expect(drawn).not.toContain(' is its');
  });

  it('says what each key does whole at 80 columns, each on its line', () => {
    const help = frame(teamState(), { width: 80, height: 120, view: { help: true } }).split('\n');
    for (const { label, description, replay } of BASE_KEYMAP) {
      if (replay) continue;
      expect(
        help.some((line) => line.includes(label) && line.includes(description)),
        description,
      ).toBe(true);
    }
  });

  it("explains in the help what a team's `(5)` and a pane's `⇢ waits on 2` mean", () => {
    const help = frame(teamState(), { width: 200, height: 60, view: { help: true } }).replace(/\s+/gu, ' ');
    expect(help).toContain('Header team (5): the team and its members · 3m ago: its last change');
    expect(help).toContain('⇢ waits on 2 3m: 2 open requests of its own, the oldest 3m old');
    expect(help).toContain('⇢ waits on bob 3m: its open request to bob, asked 3m ago');
  });
});
