/**
 * Lines the clock does not change are kept from one frame to the next (their
 * components compare what they show by value and are not drawn again). Kept
 * is never stale: frame after frame drawn live, where some ages move and their
 * neighbours do not, each frame is the one drawn fresh at that instant, and a
 * line that changes only in colour or selection is drawn again.
 */
import chalk from 'chalk';
import { render } from 'ink-testing-library';
import React from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { initialState, type AppState } from '../../src/core/app-state.js';
import { buildScreen } from '../../src/ui/screen/frame.js';
import { Screen } from '../../src/ui/screen/screen.js';
import { initialViewState } from '../../src/ui/keys/view-state.js';
import { colorTheme, ThemeContext } from '../../src/ui/widgets/theme.js';
import { FittedLine, type Part } from '../../src/ui/widgets/fitted-line.js';
import { at, config, member, message, observe } from '../helpers/observations.js';
import { frame } from '../helpers/render.js';

const level = chalk.level;
beforeEach(() => {
  chalk.level = 3;
});
afterEach(() => {
  chalk.level = level;
});

/** A lead owing a worker an answer since second 5, and a second worker with nothing open: one age moves, the other pane's lines do not. */
function team(): AppState {
  const members = [
    member('team-lead', { agentType: 'team-lead' }),
    member('worker', { model: 'sonnet' }),
    member('other', { model: 'haiku' }),
  ];
  return observe(
    initialState,
    { kind: 'folder', target: { kind: 'team-dir', team: 'team' }, at: at(0) },
    { kind: 'config', team: 'team', config: config(members), at: at(0), live: false },
    { kind: 'inbox', team: 'team', member: 'other', messages: [message('team-lead', 'other', 'hello', 1)], at: at(1), live: false },
    {
      kind: 'inbox',
      team: 'team',
      member: 'team-lead',
      messages: [message('worker', 'team-lead', { type: 'permission_request', request_id: 'p1', tool_name: 'Bash' }, 5)],
      at: at(5),
      live: false,
    },
  );
}

const WIDTH = 100;

function screenAt(state: AppState, now: number) {
  const model = buildScreen({
    state,
    view: initialViewState,
    claudeDir: '/claude',
    width: WIDTH,
    height: undefined,
    now,
    thresholds: DEFAULT_THRESHOLDS,
  });
  return (
    <ThemeContext.Provider value={colorTheme}>
      <Screen model={model} height={undefined} />
    </ThemeContext.Provider>
  );
}

describe('lines kept from the frame before', () => {
  it('draws each frame as a fresh one would, while one age moves and its neighbours do not', () => {
    const state = team();
    const app = render(screenAt(state, at(10)));
    const frames = new Set<string>();
    // Seconds, then a minute's turn, then minutes: the age's words change and so do the lines around it.
    for (const seconds of [10, 11, 12, 30, 59, 60, 61, 125, 126]) {
      app.rerender(screenAt(state, at(seconds)));
      const fresh = frame(state, { now: at(seconds), width: WIDTH });
      expect(app.lastFrame()).toBe(fresh);
      frames.add(fresh);
    }
    // The ages did move: not one frame drawn over and over.
    expect(frames.size).toBeGreaterThan(5);
    app.unmount();
  });

  it('draws again a line whose words stay but whose colour or selection changes', () => {
    const line = (parts: Part[], inverse = false) => (
      <ThemeContext.Provider value={colorTheme}>
        <FittedLine parts={parts} width={20} inverse={inverse} />
      </ThemeContext.Provider>
    );
    const plain = [{ text: 'worker ' }, { text: '5s', color: 'red' }];
    const app = render(line(plain));
    const red = app.lastFrame();
    app.rerender(line([{ text: 'worker ' }, { text: '5s', color: 'green' }]));
    const green = app.lastFrame();
    expect(green).not.toBe(red);
    app.rerender(line([{ text: 'worker ' }, { text: '5s', color: 'green' }], true));
    const selected = app.lastFrame();
    expect(selected).not.toBe(green);
    app.rerender(line([{ text: 'worker ' }, { text: '5s', color: 'green', bold: true }], true));
    expect(app.lastFrame()).not.toBe(selected);
    // The same words in the same style, made anew: the same line.
    app.rerender(line(plain.map((part) => ({ ...part }))));
    expect(app.lastFrame()).toBe(red);
    app.unmount();
  });
});
