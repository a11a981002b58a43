import { describe, expect, it } from 'vitest';
import type { Navigation } from '../../src/ui/keys/navigation.js';
import { keysOf } from '../../src/ui/panes/pane.js';
import { memberPaneId, messageKey } from '../../src/ui/panes/members/model.js';
import { stepsPaneId } from '../../src/ui/panes/steps/model.js';
import { TASKS, taskKey } from '../../src/ui/panes/tasks/model.js';
import { TIMELINE } from '../../src/ui/panes/timeline/model.js';
import { applyRead, readKeys, viewReducer } from '../../src/ui/keys/view-reducer.js';
import { KEYMAP, searchKeysOf } from '../../src/ui/views/registry.js';
import type { Key } from 'ink';
import { focusedList, initialViewState, navigatesAlike, selectedIn, selectedIndex } from '../../src/ui/keys/view-state.js';
import { describeNote } from '../../src/ui/views/registry.js';
import type { Command } from '../../src/ui/keys/keymap.js';

const LEAD = memberPaneId('lead');
const MESSAGES = keysOf(['m1', 'm2', 'm3', 'm4', 'm5'], 'message', (key) => key);
const navigation: Navigation = {
  teams: ['a', 'b', 'c'],
  team: 'b',
  members: ['lead', 'worker'],
  panes: [
    { id: LEAD, items: MESSAGES, anchor: 'end', page: 3 },
    { id: memberPaneId('worker'), items: keysOf(['w1'], 'message', (key) => key), anchor: 'end', page: 3 },
    { id: TASKS, items: keysOf(['1', '2'], 'task', (key) => key), anchor: 'start', page: 2 },
  ],
  open: null,
  openedGone: false,
  trackers: 0,
};
/** The same screen with a message open over it, ten lines long, three at a time. */
const opened: Navigation = { ...navigation, open: { lines: 10, page: 3 } };

const run = (commands: Command[], on: Navigation = navigation) =>
  commands.reduce((view, command) => viewReducer(view, command, on), initialViewState);
const noteOf = (view: ReturnType<typeof run>) => (view.note ? describeNote(view.note, view.mode) : null);

describe('viewReducer', () => {
  it('cycles focus through the panes both ways', () => {
    expect(run(['nextPane']).pane).toEqual(memberPaneId('worker'));
    expect(run(['nextPane', 'nextPane', 'nextPane']).pane).toEqual(LEAD);
    expect(run(['prevPane']).pane).toEqual(TASKS);
  });

  it('follows the newest message until the user moves up, and again once back at the bottom', () => {
    const up = run(['up', 'up']);
    expect(selectedIndex(up, LEAD, MESSAGES, 'end')).toBe(2);
    expect(selectedIn(up, LEAD)).toEqual(messageKey('m3'));
    const back = run(['up', 'up', 'bottom']);
    expect(selectedIn(back, LEAD)).toBeUndefined();
  });

  it('pages by the visible rows and stops at the ends', () => {
    expect(selectedIn(run(['pageUp']), LEAD)).toEqual(messageKey('m3'));
    expect(selectedIn(run(['top', 'up']), LEAD)).toEqual(messageKey('m1'));
    expect(selectedIn(run(['top', 'down', 'down', 'down', 'down', 'down']), LEAD)).toBeUndefined();
  });

  it("moves through the focused pane's own items, from the end it rests on", () => {
    const onTasks = run(['prevPane', 'down']);
    expect(selectedIn(onTasks, TASKS)).toEqual(taskKey('2'));
    expect(selectedIn(onTasks, LEAD)).toBeUndefined();
  });

  it('opens the selected item, scrolls it, and closes it', () => {
    const open = run(['up', 'open']);
    expect(open.opened).toEqual({ pane: LEAD, item: messageKey('m4') });
    const scrolled = viewReducer(open, 'pageDown', opened);
    expect(scrolled.detailScroll).toBe(3);
    const bottom = viewReducer(scrolled, 'bottom', opened);
    expect(bottom.detailScroll).toBe(7);
    expect(viewReducer(bottom, 'close', opened).opened).toBeNull();
  });

  it('switches team and resets focus', () => {
    const view = run(['nextPane', 'nextTeam']);
    expect(view.team).toBe('c');
    expect(view.pane).toBeNull();
    expect(run(['prevTeam']).team).toBe('a');
  });

  it('closes help with help, esc or enter and ignores other keys meanwhile', () => {
    const help = run(['help']);
    expect(help.help).toBe(true);
    expect(viewReducer(help, 'nextTeam', opened)).toBe(help);
    expect(viewReducer(help, { view: 'timeline' }, opened)).toBe(help);
    expect(viewReducer(help, 'close', opened).help).toBe(false);
  });

  it('shows a view and goes back to the dashboard with its key, but not over something open', () => {
    expect(run([{ view: 'timeline' }]).mode).toBe('timeline');
    expect(run([{ view: 'timeline' }, { view: 'timeline' }]).mode).toBe('dashboard');
    expect(run([{ view: 'timeline' }, { view: 'workflow' }]).mode).toBe('workflow');
    expect(run(['open', { view: 'timeline' }]).mode).toBe('dashboard');
  });

  it('leaves a view with esc when nothing is open over it, and closes what is open first', () => {
    expect(run([{ view: 'steps' }, 'close']).mode).toBe('dashboard');
    expect(run(['close']).mode).toBe('dashboard');
    const openInTimeline = run([{ view: 'timeline' }, 'open', 'close'], navigation);
    expect(openInTimeline.mode).toBe('timeline');
    expect(openInTimeline.opened).toBeNull();
  });

  it("takes the member focused along to another view's pane of that member, and back", () => {
    const steps: Navigation = {
      ...navigation,
      panes: [
        { id: stepsPaneId('lead'), items: MESSAGES, anchor: 'end', page: 3 },
        { id: stepsPaneId('worker'), items: MESSAGES, anchor: 'end', page: 3 },
      ],
    };
    const onWorker = run(['nextPane', { view: 'steps' }]);
    expect(focusedList(onWorker, steps)?.id).toEqual(stepsPaneId('worker'));
    const next = viewReducer(onWorker, 'nextPane', steps);
    expect(next.pane).toEqual(stepsPaneId('lead'));
    expect(focusedList(viewReducer(next, { view: 'steps' }, steps), navigation)?.id).toEqual(LEAD);
    // From a pane that is no member's, the view's own focus comes back.
    const fromTasks = run(['prevPane', { view: 'steps' }]);
    expect(focusedList(fromTasks, steps)?.id).toEqual(stepsPaneId('lead'));
    expect(viewReducer(fromTasks, { view: 'steps' }, steps).pane).toEqual(TASKS);
  });

  it('says why o and d do nothing outside a member pane, until the next key', () => {
    const onTasks = run(['prevPane']);
    expect(onTasks.pane).toEqual(TASKS);
    const log = viewReducer(onTasks, 'toggleLog', navigation);
    expect(noteOf(log)).toBe('o: focus a member pane first (tab)');
    expect(log.logMembers.size).toBe(0);
    const details = viewReducer(onTasks, 'memberDetails', navigation);
    expect(noteOf(details)).toBe('d: focus a member pane first (tab)');
    expect(details.opened).toBeNull();
    // The next key takes the note away, and does what it does.
    const next = viewReducer(log, 'nextPane', navigation);
    expect(next.note).toBeNull();
    expect(next.pane).toEqual(LEAD);
    // Elsewhere than the dashboard, and with something open, it says where instead.
    const timeline: Navigation = { ...navigation, panes: [{ id: TIMELINE, items: MESSAGES, anchor: 'end', page: 3 }] };
    expect(noteOf(run([{ view: 'timeline' }, 'toggleLog'], timeline))).toBe('o: member panes are on the dashboard (t)');
    expect(noteOf(run(['open', 'memberDetails']))).toBe('d: close this first (esc)');
    // On a member pane they work, and say nothing.
    expect(run(['toggleLog']).note).toBeNull();
    expect(run(['toggleLog']).logMembers.has('lead')).toBe(true);
    expect(run(['memberDetails']).opened?.pane).toEqual(LEAD);
  });

  it('tells the keys that leave the navigation as it was (a selection moved) from those that change it', () => {
    expect(navigatesAlike(run(['up', 'up', 'pageUp']), initialViewState, navigation)).toBe(true);
    // The first pane focused by name is the one focused by default.
    expect(navigatesAlike({ ...initialViewState, pane: LEAD }, initialViewState, navigation)).toBe(true);
    const changing: Command[] = [
      'nextPane',
      'toggleIdle',
      'cycleMember',
      'toggleInternal',
      'toggleLog',
      'open',
      'help',
      'nextTeam',
      { view: 'timeline' },
    ];
    for (const command of changing)
      expect(navigatesAlike(run([command]), initialViewState, navigation), JSON.stringify(command)).toBe(false);
  });

  it("applies one read's keys in turn, working a navigation out only after a key that changed it", () => {
    const asked: string[] = [];
    const navigationAt = (view: ReturnType<typeof run>): Navigation => {
      asked.push(view.team ?? 'none');
      if (view.team !== 'c') return navigation;
      // Team c has one member, with two messages.
      const items = keysOf(['m4', 'm5'], 'message', (key) => key);
      return { ...navigation, team: 'c', members: ['solo'], panes: [{ id: memberPaneId('solo'), items, anchor: 'end', page: 3 }] };
    };
    const drawn = { view: initialViewState, navigation };
    const moved = applyRead(initialViewState, ['up', 'up', 'nextPane', 'up'], drawn, navigationAt);
    // nextPane changed the focus: the key after it moved on the navigation of the state it made.
    expect(asked).toEqual(['none']);
    expect(selectedIn(moved, LEAD)).toEqual(messageKey('m3'));
    asked.length = 0;
    const switched = applyRead(initialViewState, ['nextTeam', 'up', 'up', 'up'], drawn, navigationAt);
    expect(asked).toEqual(['c']);
    expect(switched.team).toBe('c');
    // Two messages: the third up stops at the first.
    expect(selectedIn(switched, memberPaneId('solo'))).toEqual(messageKey('m4'));
    asked.length = 0;
    applyRead(initialViewState, ['up', 'down', 'pageUp', 'bottom'], drawn, navigationAt);
    expect(asked).toEqual([]);
  });

  it('types a search in the same read as the key that starts it, and quits only with q outside it', () => {
    const drawn = { view: initialViewState, navigation };
    const noKey = {} as Key;
    const presses = KEYMAP.pressesFor('/aqt\r', noKey);
    const read = readKeys(initialViewState, presses, drawn, () => navigation, searchKeysOf(KEYMAP));
    // q and t were typed, not done: the search is "aqt", and it was kept with ⏎.
    expect(read.effects).toEqual([]);
    expect(read.view.filters.search).toBe('aqt');
    expect(read.view.searching).toBe(false);
    expect(read.view.mode).toBe('dashboard');
    const quit = readKeys(read.view, KEYMAP.pressesFor('qj', noKey), drawn, () => navigation, searchKeysOf(KEYMAP));
    // q ends the read: the j after it is not applied.
    expect(quit.effects).toEqual(['quit']);
  });

  it('gives n to the search while one is set, else to the replay', () => {
    const drawn = { view: initialViewState, navigation };
    const n = KEYMAP.pressesFor('n', { ...({} as Key) }, { replay: true });
    const searchKeys = searchKeysOf(KEYMAP);
    expect(readKeys(initialViewState, n, drawn, () => navigation, searchKeys).effects).toEqual(['replayStep']);
    const searching = { ...initialViewState, filters: { ...initialViewState.filters, search: 'm' } };
    const next = readKeys(searching, n, drawn, () => navigation, searchKeys);
    expect(next.effects).toEqual([]);
    expect(next.view.pane).toEqual(memberPaneId('worker'));
    // Without a replay or a search, n is bound to nothing, and the footer says what it would do.
    const live = readKeys(initialViewState, KEYMAP.pressesFor('n', {} as Key), drawn, () => navigation, searchKeys);
    expect(noteOf(live.view)).toBe('n: no search yet (/ searches)');
  });
});
