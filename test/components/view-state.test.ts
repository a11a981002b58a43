import { describe, expect, it } from 'vitest';
import { initialViewState, selectedIndex, viewReducer, type ViewContext } from '../../components/view-state.js';
import type { Command } from '../../components/keymap.js';

const context: ViewContext = {
  teams: ['a', 'b', 'c'],
  team: 'b',
  members: ['lead', 'worker'],
  panes: ['member:lead', 'member:worker', 'tasks'],
  memberPanes: ['member:lead', 'member:worker'],
  items: ['m1', 'm2', 'm3', 'm4', 'm5'],
  anchor: 'end',
  page: 3,
  detailLines: 10,
};

const run = (commands: Command[], ctx: ViewContext = context) =>
  commands.reduce((view, command) => viewReducer(view, { type: 'command', command, context: ctx }), initialViewState);

describe('viewReducer', () => {
  it('cycles focus through the panes both ways', () => {
    expect(run(['nextPane']).pane).toBe('member:worker');
    expect(run(['nextPane', 'nextPane', 'nextPane']).pane).toBe('member:lead');
    expect(run(['prevPane']).pane).toBe('tasks');
  });

  it('follows the newest message until the user moves up, and again once back at the bottom', () => {
    const up = run(['up', 'up']);
    expect(selectedIndex(up, 'member:lead', context.items, 'end')).toBe(2);
    expect(up.selected.get('member:lead')).toBe('m3');
    const back = run(['up', 'up', 'bottom']);
    expect(back.selected.has('member:lead')).toBe(false);
  });

  it('pages by the visible rows and stops at the ends', () => {
    expect(run(['pageUp']).selected.get('member:lead')).toBe('m3');
    expect(run(['top', 'up']).selected.get('member:lead')).toBe('m1');
    expect(run(['top', 'down', 'down', 'down', 'down', 'down']).selected.has('member:lead')).toBe(false);
  });

  it('opens the selected item, scrolls it, and closes it', () => {
    const opened = run(['up', 'open']);
    expect(opened.opened).toEqual({ pane: 'member:lead', key: 'm4' });
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
    expect(viewReducer(help, { type: 'command', command: 'close', context }).help).toBe(false);
  });

  it('says why o and d do nothing outside a member pane, until the next key', () => {
    const onTasks = run(['prevPane']);
    expect(onTasks.pane).toBe('tasks');
    const log = viewReducer(onTasks, { type: 'command', command: 'toggleLog', context });
    expect(log.note).toBe('o: focus a member pane first (tab)');
    expect(log.logPanes.size).toBe(0);
    const details = viewReducer(onTasks, { type: 'command', command: 'memberDetails', context });
    expect(details.note).toBe('d: focus a member pane first (tab)');
    expect(details.opened).toBeNull();
    // The next key takes the note away, and does what it does.
    const next = viewReducer(log, { type: 'command', command: 'nextPane', context });
    expect(next.note).toBeNull();
    expect(next.pane).toBe('member:lead');
    // Elsewhere than the dashboard, and with something open, it says where instead.
    const timeline = { ...context, panes: ['timeline'], memberPanes: [] };
    expect(run(['toggleTimeline', 'toggleLog'], timeline).note).toBe('o: member panes are on the dashboard (t)');
    expect(run(['open', 'memberDetails']).note).toBe('d: close this first (esc)');
    // On a member pane they work, and say nothing.
    expect(run(['toggleLog']).note).toBeNull();
    expect(run(['toggleLog']).logPanes.has('member:lead')).toBe(true);
    expect(run(['memberDetails']).opened?.pane).toBe('member:lead');
  });
});
