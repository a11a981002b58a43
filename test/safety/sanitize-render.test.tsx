/**
 * Every view of the dashboard, drawn by Ink in colour from teams whose files are
 * hostile (terminal attacks in every field) or odd (text whose width is easy to
 * get wrong): nothing but our own colours reaches the terminal, and nothing
 * leaves its place.
 */
import { stalling } from '../helpers/thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import chalk from 'chalk';
import { render } from 'ink-testing-library';
import React from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScreen } from '../../src/ui/screen/frame.js';
import { DIAGNOSES } from '../../src/ui/panes/diagnoses/model.js';
import { HANDSHAKES } from '../../src/ui/panes/handshakes/model.js';
import { memberPaneId, messageKey } from '../../src/ui/panes/members/model.js';
import { TASKS, taskKey } from '../../src/ui/panes/tasks/model.js';
import { TIMELINE } from '../../src/ui/panes/timeline/model.js';
import { selectDiagnoses } from '../../src/core/judge/index.js';
import { selectHandshakes } from '../../src/core/select/handshakes.js';
import { selectTimeline } from '../../src/core/select/messages.js';
import { selectTaskGraph } from '../../src/core/select/tasks.js';
import { Screen } from '../../src/ui/screen/screen.js';
import { NO_FILTERS } from '../../src/core/model/message-filter.js';
import { colorTheme, memberColor, NEUTRAL, ThemeContext } from '../../src/ui/widgets/theme.js';
import { initialViewState, type ViewState } from '../../src/ui/keys/view-state.js';
import { settledSession } from '../../src/cli/session.js';
import { tempDir } from '../helpers/fixtures.js';
import { GHOST, hostile, HOSTILE_TEAM, HOSTILE_TEAM_2, LEAD, STRAY, WORKER, writeHostileTeam, writeOddTeam } from './corpus.js';
import { columnsOf, expectFits, expectOnlyOwnColours, plainText } from './screen.js';
import { initialState, type AppState } from '../../src/core/app-state.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

// ink-testing-library's stdout is always 100 columns wide; Ink lays the root out
// at the stdout's width, so each frame here gets a stdout as wide as its terminal.
let columns = 100;
const probe = render(<></>);
Object.defineProperty(Object.getPrototypeOf(probe.stdout) as object, 'columns', { get: () => columns, configurable: true });
probe.unmount();

/** One frame, drawn by Ink through ink-testing-library, with colour on. */
function draw(state: AppState, view: Partial<ViewState>, width: number, height: number, claudeDir = '/claude'): string {
  const model = buildScreen({
    thresholds: DEFAULT_THRESHOLDS,
    state,
    view: { ...initialViewState, ...view },
    claudeDir,
    width,
    height,
    now: NOW,
  });
  columns = width;
  const app = render(
    <ThemeContext.Provider value={colorTheme}>
      <Screen model={model} height={height} />
    </ThemeContext.Provider>,
  );
  const frame = app.lastFrame() ?? '';
  app.unmount();
  return frame;
}

type View = [name: string, view: Partial<ViewState>];

/** Every view the keys can reach without opening an item: panes focused, filters, timeline, help. */
function overviews(state: AppState, team: string): View[] {
  const all: View[] = [['dashboard', { team }]];
  const model = buildScreen({
    thresholds: DEFAULT_THRESHOLDS,
    state,
    view: { ...initialViewState, team, showInternal: true },
    claudeDir: '/c',
    width: 200,
    height: 60,
    now: NOW,
  });
  // Focus and filters change how a pane, a row and the footer are drawn: one of each kind.
  const panes = model.navigation.panes.map((pane) => pane.id);
  const diagnosed = panes.filter((pane) => pane.kind === DIAGNOSES.kind);
  for (const pane of [panes[1]!, ...diagnosed, HANDSHAKES, TASKS]) all.push([`focus ${pane.member ?? pane.kind}`, { team, pane }]);
  for (const member of [model.members[0]!, model.members.at(-1)!])
    all.push([`only ${member.name}`, { team, filters: { ...NO_FILTERS, member: member.name } }]);
  all.push(
    ['filters', { team, filters: { showIdle: false, protocolOnly: true, unreadOnly: true, member: null, search: '' } }],
    ['trackers shown', { team, showInternal: true, pane: TASKS }],
    ['timeline', { team, mode: 'timeline' }],
    ['timeline filtered', { team, mode: 'timeline', filters: { ...NO_FILTERS, member: model.members[0]!.name } }],
    ['help', { team, help: true }],
  );
  return all;
}

/** Every message (from its inbox, and one from the timeline), task, diagnosis and handshake opened, at its start and scrolled to its end. */
function openedViews(state: AppState, team: string): View[] {
  const all: View[] = [];
  for (const [name, inbox] of state.teams.get(team)!.inboxes) {
    for (const message of inbox.messages)
      all.push([`message ${message.kind} to ${name}`, { team, opened: { pane: memberPaneId(name), item: messageKey(message.key) } }]);
  }
  const teamState = state.teams.get(team)!;
  const entry = selectTimeline(teamState.inboxes).at(-1)!;
  all.push(['timeline message', { team, mode: 'timeline', opened: { pane: TIMELINE, item: messageKey(entry.message.key) } }]);
  for (const task of selectTaskGraph(teamState.tasks))
    all.push([`task ${task.id}`, { team, showInternal: true, opened: { pane: TASKS, item: taskKey(task.id) } }]);
  for (const { id } of selectDiagnoses(teamState, NOW, stalling(60_000)).diagnoses)
    all.push([`diagnosis ${id}`, { team, opened: { pane: DIAGNOSES, item: { kind: 'diagnosis', id } } }]);
  for (const handshake of selectHandshakes(teamState, NOW, stalling(60_000))) {
    const item = { kind: 'handshake', id: handshake.requestId };
    all.push([`handshake ${handshake.requestId}`, { team, opened: { pane: HANDSHAKES, item } }]);
  }
  return all;
}

/** Views scrolled to the end of what they opened: the bell flood, the 10,000-character word. */
const scrolled = (all: readonly View[]): View[] => all.map(([name, view]) => [`${name}, scrolled`, { ...view, detailScroll: 10_000 }]);

let hostileState: AppState;
let oddState: AppState;

beforeAll(async () => {
  chalk.level = 3;
  const hostileDir = tempDir();
  writeHostileTeam(hostileDir);
  hostileState = (await settledSession(hostileDir)).store.getState();
  const oddDir = tempDir();
  writeOddTeam(oddDir);
  oddState = (await settledSession(oddDir)).store.getState();
});

afterAll(() => {
  chalk.level = 0;
});

describe('a hostile team on screen', () => {
  it('is read whole: every member, inbox, task and problem is there to be drawn', () => {
    const team = hostileState.teams.get(HOSTILE_TEAM)!;
    expect([...team.members.keys()]).toEqual([LEAD, WORKER, GHOST]);
    expect([...team.inboxes.keys()].sort()).toEqual([LEAD, STRAY, WORKER].sort());
    expect(team.tasks.size).toBe(5);
    expect(hostileState.teams.has(HOSTILE_TEAM_2)).toBe(true);
    expect(hostileState.problems.size).toBe(1);
  });

  it('draws every view with nothing but its own colours, at every size', () => {
    const sweep = (all: readonly View[], width: number, height: number) => {
      for (const [name, view] of all) {
        const frame = draw(hostileState, view, width, height);
        expectOnlyOwnColours(frame, `${name} at ${width}x${height}`);
        expectFits(frame, width, height, `${name} at ${width}x${height}`);
      }
    };
    const overview = overviews(hostileState, HOSTILE_TEAM);
    for (const [width, height] of [
      [80, 24],
      [200, 60],
    ] as const) {
      sweep(overview, width, height);
    }
    const opened = openedViews(hostileState, HOSTILE_TEAM);
    expect(opened.length).toBeGreaterThan(30);
    sweep([...opened, ...scrolled(opened.filter(([name]) => /plan|text|task 1|handshake plan/u.test(name)))], 100, 30);
  });

  it('draws the second team, the problems line and an empty config dir safely too', () => {
    const second = draw(hostileState, { team: HOSTILE_TEAM_2 }, 100, 30);
    expectOnlyOwnColours(second, 'second team');
    expect(plainText(second)).toContain('solo␛[2J␛]0;pwned-title␇');
    const problems = plainText(draw(hostileState, { team: HOSTILE_TEAM }, 200, 60))
      .split('\n')
      .find((line) => line.startsWith('⚠ tasks/'));
    expect(problems).toMatch(/^⚠ tasks\/evil␛\[2J␛\]0;pwned-title␇\uFFFD2J\uFFFD0;pwned-c1␇␛\[\?1049l␛\[8mhidden\uFFFD␈␡\/broken/u);
    const empty = draw(initialState, {}, 100, 30, `/home/${hostile('dir')}`);
    expectOnlyOwnColours(empty, 'empty state');
    expect(plainText(empty)).toContain('/home/dir ␛[2J ␛[3J ␛c');
  });

  it('shows every attack as the characters it is made of', () => {
    const lead = hostileState.teams.get(HOSTILE_TEAM)!.inboxes.get(LEAD)!;
    const opened = lead.messages.find((message) => message.text.startsWith('message text'))!;
    const body = plainText(
      draw(hostileState, { team: HOSTILE_TEAM, opened: { pane: memberPaneId(LEAD), item: messageKey(opened.key) } }, 200, 60),
    );
    for (const shown of [
      '␛[2J',
      '␛[3J',
      '␛c',
      '␛]0;pwned-title␇',
      '␛]2;pwned-title␛\\',
      '␛]52;c;cHduZWQ=␇',
      '␛]8;;https://evil.example/␛\\click',
      '␛[H',
      '␛[10;10H',
      '␛[5A',
      '␛7␛[s␛8␛[u',
      '␛P$q"p␛\\',
      '\uFFFD2J',
      '\uFFFD0;pwned-c1␇',
      'safe␈␈␈␈EVIL',
      'safe␍EVIL',
      'abc\uFFFDevil\uFFFD',
      '\uFFFDisolate\uFFFD',
      'a␀b',
      'a␡b',
      '␛[?1049l',
      '␛[?1000h␛[?1003h␛[?1006h',
      '␛[?2004l',
      '␛[8mhidden',
      '␛[6n␛[c',
    ]) {
      expect(body, shown).toContain(shown);
    }
    const flood = lead.messages.find((message) => message.text.startsWith('multi-line'))!;
    const scrolled = plainText(
      draw(
        hostileState,
        { team: HOSTILE_TEAM, opened: { pane: memberPaneId(LEAD), item: messageKey(flood.key) }, detailScroll: 10_000 },
        100,
        30,
      ),
    );
    expect(scrolled).toContain('␇'.repeat(90));
  });

  it('gives way with long names where it must, keeping the unread count whole', () => {
    const lines = plainText(draw(hostileState, { team: HOSTILE_TEAM }, 120, 40)).split('\n');
    // The marker itself gives way to what the member is: its arrow stays.
    const waiting = lines.filter((line) => line.includes('⇢'));
    expect(waiting.length).toBeGreaterThan(0);
    for (const line of waiting) expect(line).toMatch(/(● \d+ unread(?: \d+[smhd]\w*)?|all read) [│┃]/u);
  });

  it('never takes a colour name from disk for anything but one of its own colours', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '\u001b[31m', '#ff0000', 'rgb(1,2,3)']) {
      expect(memberColor(name), name).toBe(NEUTRAL);
    }
    expect(memberColor('Purple')).toBe('magenta');
  });
});

describe('an odd team on screen', () => {
  it('keeps every line within the terminal and every border in its column, at 80x24 and 200x60', () => {
    const team = 'odd世界😀';
    // Every task's description holds every odd text, a line each; each inbox holds them as messages.
    const [lead] = oddState.teams.get(team)!.inboxes.keys();
    const opened = openedViews(oddState, team).filter(([name, view], i) =>
      view.opened?.pane.kind === 'tasks'
        ? view.opened.item.id === '2'
        : !name.includes(' to ') || (name.endsWith(` to ${lead}`) && i % 5 === 0),
    );
    const all = [
      ...overviews(oddState, team).filter(([name]) => !/^only |filter/u.test(name)),
      ...opened,
      ...scrolled(opened.filter(([, view]) => view.opened?.pane.kind === 'tasks')),
    ];
    for (const [width, height] of [
      [80, 24],
      [200, 60],
    ] as const) {
      for (const [name, view] of all) expectFits(draw(oddState, view, width, height), width, height, `${name} at ${width}x${height}`);
    }
  });

  it('lays panes side by side at 200x60, their borders in line', () => {
    const lines = plainText(draw(oddState, { team: 'odd世界😀' }, 200, 60)).split('\n');
    const top = lines.find((line) => line.startsWith('┏'))!;
    // At least two side by side (fewer, wider ones where that shows as many messages: issue 38).
    expect(columnsOf(top).length).toBeGreaterThanOrEqual(4);
  });

  it('lines up the columns of the task, diagnosis and handshake lists whatever the ids and names hold', () => {
    for (const width of [80, 200]) {
      const lines = plainText(draw(oddState, { team: 'odd世界😀', pane: TASKS }, width, 60)).split('\n');
      const marks = new Set('○▶✓■✗');
      const tasks = lines.filter((line) => /^ *#/u.test(line)).map((line) => columnsOf(line, marks)[0]);
      expect(tasks.length).toBeGreaterThan(5);
      expect(new Set(tasks).size, `task states at ${width}`).toBe(1);
      const below = lines.slice(lines.findIndex((line) => line.startsWith(' Handshakes ')));
      const handshakes = below.filter((line) => /^[⚠◷✓✗] /u.test(line)).map((line) => columnsOf(line, new Set('→'))[0]);
      expect(handshakes.length).toBeGreaterThan(1);
      expect(new Set(handshakes).size, `handshake arrows at ${width}`).toBe(1);
      // The diagnoses' summaries after the members' column, whatever the names hold.
      const diagnoses = lines.slice(lines.findIndex((line) => line.startsWith(' Diagnoses ')) + 1, lines.indexOf(below[0]!));
      const summaries = diagnoses.flatMap((line) => {
        const at = / {2}task #/u.exec(line)?.index;
        return at === undefined ? [] : columnsOf(`${line.slice(0, at)}\u0000`, new Set('\u0000'));
      });
      expect(summaries.length).toBeGreaterThan(5);
      expect(new Set(summaries).size, `diagnoses' summaries at ${width}`).toBe(1);
      // In each row of panes, the read marks after the senders' names.
      const messages = lines
        .filter((line) => /^(?:[│┃] | {4})\d\d:\d\d:\d\d /u.test(line))
        .map((line) => columnsOf(line, new Set('●○')).join());
      expect(messages.length).toBeGreaterThan(5);
      expect(new Set(messages).size, `read marks at ${width}`).toBeLessThanOrEqual(2);
    }
  });
});
