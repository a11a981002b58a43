import { describe, expect, it } from 'vitest';
import { keysOf } from '../../components/pane.js';
import { memberPaneId, messageKey } from '../../components/panes/members/model.js';
import { TASKS } from '../../components/panes/tasks/model.js';
import { TIMELINE } from '../../components/panes/timeline/model.js';
import { initialViewState, selectedIn, selectedIndex, viewReducer, type ViewContext } from '../../components/view-state.js';
import { describeNote } from '../../components/views.js';
import type { Command } from '../../components/keymap.js';

const LEAD = memberPaneId('lead');
const context: ViewContext = {
  teams: ['a', 'b', 'c'],
  team: 'b',
  members: ['lead', 'worker'],
  panes: [LEAD, memberPaneId('worker'), TASKS],
  items: keysOf(['m1', 'm2', 'm3', 'm4', 'm5'], 'message', (key) => key),
  anchor: 'end',
  page: 3,
  detailLines: 10,
};

const run = (commands: Command[], ctx: ViewContext = context) =>
  commands.reduce((view, command) => viewReducer(view, { type: 'command', command, context: ctx }), initialViewState);
const noteOf = (view: ReturnType<typeof run>) => (view.note ? describeNote(view.note, view.mode) : null);

describe('viewReducer', () => {
  it('cycles focus through the panes both ways', () => {
    expect(run(['nextPane']).pane).toEqual(memberPaneId('worker'));
    expect(run(['nextPane', 'nextPane', 'nextPane']).pane).toEqual(LEAD);
    expect(run(['prevPane']).pane).toEqual(TASKS);
  });

  it('follows the newest message until the user moves up, and again once back at the bottom', () => {
    const up = run(['up', 'up']);
    expect(selectedIndex(up, LEAD, context.items, 'end')).toBe(2);
    expect(selectedIn(up, LEAD)).toEqual(messageKey('m3'));
    const back = run(['up', 'up', 'bottom']);
    expect(selectedIn(back, LEAD)).toBeUndefined();
  });

  it('pages by the visible rows and stops at the ends', () => {
    expect(selectedIn(run(['pageUp']), LEAD)).toEqual(messageKey('m3'));
    expect(selectedIn(run(['top', 'up']), LEAD)).toEqual(messageKey('m1'));
    expect(selectedIn(run(['top', 'down', 'down', 'down', 'down', 'down']), LEAD)).toBeUndefined();
  });

  it('opens the selected item, scrolls it, and closes it', () => {
    const opened = run(['up', 'open']);
    expect(opened.opened).toEqual({ pane: LEAD, item: messageKey('m4') });
    const scrolled = viewReducer(opened, { type: 'command', command: 'pageDown', context });
    expect(scrolled.detailScroll).toBe(3);
    const bottom = viewReducer(scrolled, { type: 'command', command: 'bottom', context });
    expect(bottom.detailScroll).toBe(7);
    expect(viewReducer(bottom, { type: 'command', command: 'close', context }).opened).toBeNull();
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
    expect(viewReducer(help, { type: 'command', command: 'nextTeam', context })).toBe(help);
    expect(viewReducer(help, { type: 'command', command: { view: 'timeline' }, context })).toBe(help);
    expect(viewReducer(help, { type: 'command', command: 'close', context }).help).toBe(false);
  });

  it('shows a view and goes back to the dashboard with its key, but not over something open', () => {
    expect(run([{ view: 'timeline' }]).mode).toBe('timeline');
    expect(run([{ view: 'timeline' }, { view: 'timeline' }]).mode).toBe('dashboard');
    expect(run([{ view: 'timeline' }, { view: 'workflow' }]).mode).toBe('workflow');
    expect(run(['open', { view: 'timeline' }]).mode).toBe('dashboard');
  });

  it('says why o and d do nothing outside a member pane, until the next key', () => {
    const onTasks = run(['prevPane']);
    expect(onTasks.pane).toEqual(TASKS);
    const log = viewReducer(onTasks, { type: 'command', command: 'toggleLog', context });
    expect(noteOf(log)).toBe('o: focus a member pane first (tab)');
    expect(log.logMembers.size).toBe(0);
    const details = viewReducer(onTasks, { type: 'command', command: 'memberDetails', context });
    expect(noteOf(details)).toBe('d: focus a member pane first (tab)');
    expect(details.opened).toBeNull();
    // The next key takes the note away, and does what it does.
    const next = viewReducer(log, { type: 'command', command: 'nextPane', context });
    expect(next.note).toBeNull();
    expect(next.pane).toEqual(LEAD);
    // Elsewhere than the dashboard, and with something open, it says where instead.
    const timeline = { ...context, panes: [TIMELINE] };
    expect(noteOf(run([{ view: 'timeline' }, 'toggleLog'], timeline))).toBe('o: member panes are on the dashboard (t)');
    expect(noteOf(run(['open', 'memberDetails']))).toBe('d: close this first (esc)');
    // On a member pane they work, and say nothing.
    expect(run(['toggleLog']).note).toBeNull();
    expect(run(['toggleLog']).logMembers.has('lead')).toBe(true);
    expect(run(['memberDetails']).opened?.pane).toEqual(LEAD);
  });
});
