/**
 * Every size from 20x5 up: the dashboard, the empty state and the help draw
 * whole words or cut them with `…`, never a line over another, never more rows
 * or columns than the terminal has. Drawn by Ink's own renderer, in this
 * process, with its rows watched as they are composed (helpers/overdraw.ts).
 */
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { renderToString } from 'ink';
import React from 'react';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildScreen } from '../../src/ui/screen/frame.js';
import { Screen } from '../../src/ui/screen/screen.js';
import { memberPaneId } from '../../src/ui/panes/members/model.js';
import { monochromeTheme, ThemeContext } from '../../src/ui/widgets/theme.js';
import { initialViewState, type ViewState } from '../../src/ui/keys/view-state.js';
import { settledSession } from '../../src/cli/session.js';
import { DIR_PROBLEM } from '../../src/core/model/observation.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { takeOverdraws } from '../helpers/overdraw.js';
import { initialState, type AppState } from '../../src/core/app-state.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');
const CLAUDE_DIR = '/home/someone/.claude';

interface Screen {
  readonly name: string;
  readonly state: () => AppState;
  readonly view: Partial<ViewState>;
  /** Drawn at every size, or (a variant of another screen) at every third. */
  readonly every: 1 | 3;
}

let team: AppState;
const missingDir: AppState = {
  teams: new Map(),
  incidents: new Map(),
  recorded: new Set(),
  problems: new Map([[DIR_PROBLEM, { path: DIR_PROBLEM, message: `${CLAUDE_DIR} does not exist (chosen by --dir)`, since: NOW }]]),
};

const SCREENS: readonly Screen[] = [
  { name: 'the dashboard', state: () => team, view: {}, every: 1 },
  { name: 'the dashboard, a member far down focused', state: () => team, view: { pane: memberPaneId('gina') }, every: 3 },
  { name: 'the empty state', state: () => initialState, view: {}, every: 1 },
  { name: 'the empty state of a dir that is not there', state: () => missingDir, view: {}, every: 3 },
  { name: 'the help', state: () => team, view: { help: true }, every: 1 },
  { name: 'the help, scrolled', state: () => team, view: { help: true, helpScroll: 12 }, every: 3 },
];

function draw(screen: Screen, width: number, height: number | undefined): string {
  const model = buildScreen({
    thresholds: DEFAULT_THRESHOLDS,
    state: screen.state(),
    view: { ...initialViewState, ...screen.view },
    claudeDir: CLAUDE_DIR,
    width,
    height,
    now: NOW,
  });
  return renderToString(
    <ThemeContext.Provider value={monochromeTheme}>
      <Screen model={model} height={height} />
    </ThemeContext.Provider>,
    { columns: width },
  );
}

/** Words as the screen shows them: split at spaces and at the lines of borders. */
const words = (text: string): string[] => text.split(/[\s─━│┃╭╮╰╯┏┓┗┛]+/u).filter(Boolean);

/** Figures that change with the size (`↓ 11 below`, `1-18 of 32`, `8 more`), and ages. */
const FIGURE = /^[(\d][\d.:,smhd%()-]*$/u;

/**
 * The words a screen shows where it has room: wide (one column of panes, and
 * a grid), every height from short to natural. And the one a count says only
 * of one, which a wide screen never has to hide.
 */
function vocabularyOf(screen: Screen): Set<string> {
  const known = new Set<string>(['member:']);
  for (const width of [100, 120, 300])
    for (const height of [undefined, 40, 24, 12, 8, 6]) for (const word of words(draw(screen, width, height))) known.add(word);
  return known;
}

/** What is wrong with a word drawn at a small size: not a word the screen has, nor one cut with `…`. */
function misdrawn(word: string, known: ReadonlySet<string>): boolean {
  if (known.has(word) || FIGURE.test(word)) return false;
  if (!word.endsWith('…')) return true;
  const start = word.slice(0, -1);
  return start !== '' && !FIGURE.test(start) && ![...known].some((whole) => whole.startsWith(start));
}

/** Widths 20 to 100 at the shortest height and at 24, heights 5 to 30 at the narrowest width and at 80, the sizes issue 21 met, and two big ones. */
const SIZES: readonly (readonly [number, number])[] = [
  ...[5, 24].flatMap((height) => Array.from({ length: 81 }, (_, i) => [20 + i, height] as const)),
  ...[20, 80].flatMap((width) => Array.from({ length: 26 }, (_, i) => [width, 5 + i] as const)),
  [40, 10],
  [80, 12],
  [80, 16],
  [120, 40],
  [160, 45],
  [200, 50],
];

describe('small terminals', () => {
  beforeAll(async () => {
    team = (await settledSession(`${FIXTURES}/handshakes`)).store.getState();
  });

  it.each(SCREENS)('draw $name whole at every size from 20x5 up', (screen) => {
    const known = vocabularyOf(screen);
    takeOverdraws();
    const wrong: string[] = [];
    for (const [width, height] of SIZES.filter((_, i) => i % screen.every === 0)) {
      const lines = draw(screen, width, height).split('\n');
      const at = `${width}x${height}`;
      for (const overdraw of takeOverdraws()) wrong.push(`${at}: drawn over: ${overdraw}`);
      if (lines.length > height - 1) wrong.push(`${at}: ${lines.length} lines`);
      for (const line of lines) {
        if (stringWidth(line) > width) wrong.push(`${at}: too wide: ${line}`);
        for (const word of words(line)) if (misdrawn(word, known)) wrong.push(`${at}: "${word}" in: ${line}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });
});
