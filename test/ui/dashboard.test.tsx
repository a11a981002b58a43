import chalk from 'chalk';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../src/core/model/message-filter.js';
import { settledSession } from '../../src/cli/session.js';
import { CAPTURES, FIXTURES } from '../helpers/fixtures.js';
import { at, config, member, message, observe, teamState } from '../helpers/observations.js';
import { frame } from '../helpers/render.js';
import { memberPaneId, messageKey } from '../../src/ui/panes/members/model.js';
import { TASKS, taskKey } from '../../src/ui/panes/tasks/model.js';
import { initialState } from '../../src/core/app-state.js';

const stateOf = async (dir: string) => (await settledSession(dir)).store.getState();

describe('Dashboard', () => {
  afterEach(() => {
    chalk.level = 0;
  });

  it('shows the header, one pane per member with its inbox, and the task list', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    const text = frame(state, { width: 200, height: 40, claudeDir: '/home/me/.claude' });
    expect(text).toContain('teamtop');
    expect(text).toContain('/home/me/.claude');
    expect(text).toContain('zoo (3)');
    expect(text).toContain('★ team-lead');
    expect(text).toContain('─ worker ');
    expect(text).toContain('─ helper ');
    // What the member is comes first; where it runs (tmux) gives way to its open handshake.
    expect(text).toContain('Explore · haiku · …  ⇢ waits on team-lead 27d1h · ● 1 unread 27d');
    expect(text).toContain('● 7 unread');
    expect(text).toContain('task #7 assigned (by team-lead): Write');
    expect(text).toContain(' Tasks ');
    expect(text).toMatch(/#4 ■ blocked\s+—\s+by #2 #3 Integrate/u);
  });

  it('never draws raw JSON or escape sequences from the files', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    const text = frame(state, { width: 200, height: 80 });
    expect(text).not.toContain('"type"');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u009b');
    expect(text).toContain('␛[2J␛]0;pwned␇');
  });

  it('draws member colours from the config and only SGR sequences', async () => {
    chalk.level = 1;
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    const text = frame(state, { width: 120, height: 40 });
    // purple → magenta (35) for the worker's border and name
    expect(text).toMatch(/\u001b\[35m[^\n]*worker/u);
    const sequences = text.match(/\u001b\[[0-9;]*[A-Za-z]/gu) ?? [];
    expect(sequences.length).toBeGreaterThan(0);
    for (const sequence of sequences) expect(sequence).toMatch(/m$/u);
  });

  it('stays one line shorter than the terminal and no wider than it, at 80x24 and wide', async () => {
    const state = await stateOf(`${CAPTURES}/cc-2026-02-hive-analysis`);
    for (const [width, height] of [
      [80, 24],
      [200, 60],
      [100, 12],
    ] as const) {
      const lines = frame(state, { width, height }).split('\n');
      expect(lines.length, `${width}x${height}`).toBe(height - 1);
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('fits a long config dir path into the header line instead of wrapping it and pushing the frame down', async () => {
    const state = await stateOf(`${CAPTURES}/cc-2.1.34-js-testing-research`);
    const claudeDir = `/home/someone/work/projects/${'deeply-nested/'.repeat(4)}claude-config`;
    for (const width of [60, 80, 120]) {
      const lines = frame(state, { width, height: 24, claudeDir }).split('\n');
      expect(lines[0], `${width}`).toMatch(/^teamtop · \/home\/someone.*… · 1 team +ℹ 2 diagnoses {2}\? help$/u);
      expect(lines[1]).toContain('js-testing-research (3)');
      // Every bordered pane is whole: as many bottom corners as top ones.
      const tops = lines.filter((line) => /^[┏╭]/u.test(line)).length;
      expect(lines.filter((line) => /^[┗╰]/u.test(line)).length, `${width}`).toBe(tops);
      expect(lines.some((line) => line.startsWith(' Handshakes '))).toBe(true);
    }
  });

  it('titles a list that does not fit with how many items are scrolled off above and below', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    const title = (text: string) => text.split('\n').find((line) => line.startsWith(' Tasks '))!;
    expect(title(frame(state, { width: 80, height: 24 }))).toMatch(/7 tasks .* · ↓ 6 below$/u);
    // The last task selected: the window scrolls down to it.
    const scrolled = title(frame(state, { width: 80, height: 24, view: { pane: TASKS, selected: [{ pane: TASKS, item: taskKey('7') }] } }));
    expect(scrolled).toMatch(/ · ↑ 6 above$/u);
    expect(scrolled).not.toContain('below');
  });

  it('stacks compact panes at 80x24 when bordered panes do not fit, keeping every member on screen', async () => {
    const state = await stateOf(`${CAPTURES}/cc-2026-02-hive-analysis`);
    const text = frame(state, { width: 80, height: 24, view: { team: 'webui-migration' } });
    for (const name of [
      'scaffolder',
      'types-worker',
      'rust-updater',
      'shadcn-worker',
      'hooks-worker',
      'components-worker-1',
      'components-worker-2',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).not.toContain('╭─ scaffolder');
  });

  it('lays panes out in a grid when the terminal is wide', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    const line = frame(state, { width: 180, height: 40 })
      .split('\n')
      .find((row) => row.includes('★ team-lead'))!;
    expect(line).toContain('worker');
    expect(line).toContain('helper');
  });

  it('opens a message full screen', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    const inbox = state.teams.get('zoo')!.inboxes.get('team-lead')!;
    const plan = inbox.messages.find((m) => m.kind === 'plan_approval_request')!;
    const text = frame(state, {
      width: 100,
      height: 30,
      view: { opened: { pane: memberPaneId('team-lead'), item: messageKey(plan.key) } },
    });
    expect(text).toContain('worker → team-lead · plan_approval_request');
    expect(text).toContain('plan approval requested: # Refactor the auth module');
    expect(text).toContain('  1. Extract the token store');
    expect(text).toContain('esc close');
  });

  it('hides idle notifications when asked', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    expect(frame(state, { width: 200, height: 80 })).toContain('idle (interrupted)');
    const hidden = frame(state, { width: 200, height: 80, view: { filters: { ...NO_FILTERS, showIdle: false } } });
    expect(hidden).not.toContain('idle (interrupted)');
    expect(hidden).toContain('idle hidden');
  });

  it('hides teammate trackers by default and counts them', async () => {
    const state = await stateOf(`${FIXTURES}/protocol-zoo`);
    expect(frame(state, { width: 120, height: 40 })).toContain('1 teammate tracker hidden (a)');
    expect(frame(state, { width: 120, view: { showInternal: true } })).toContain('(teammate tracker)');
  });

  it('says where it looks and what creates a team when there is none', () => {
    const text = frame(initialState, { width: 100, height: 24, claudeDir: '/home/me/.claude' });
    expect(text).toContain('No agent teams yet');
    expect(text).toContain('/home/me/.claude/teams');
    expect(text).toContain('TeamCreate');
  });

  it('lists the first problem with its file', async () => {
    const state = await stateOf(`${FIXTURES}/broken`);
    const text = frame(state, { width: 120, height: 30 });
    expect(text).toContain('⚠ 7 problems');
    // Above the footer (the diagnoses' rows have the mark too).
    const line = text.split('\n').findLast((row) => row.startsWith('⚠ '))!;
    expect(line).toMatch(/^⚠ (tasks|teams)\/[^:]+\.json: .+\(\+6 more, see --json\)$/u);
  });

  it('marks an ended team and a departed member', () => {
    let state = teamState();
    state = observe(
      state,
      { kind: 'inbox', team: 'team', member: 'worker', messages: [message('worker', 'team-lead', 'bye', 10)], at: at(10), live: false },
      { kind: 'config', team: 'team', config: config([member('team-lead', { agentType: 'team-lead' })]), at: at(11), live: false },
      { kind: 'folder-gone', target: { kind: 'team-dir', team: 'team' }, at: at(12) },
    );
    const text = frame(state, { width: 100, height: 30 });
    expect(text).toContain('team (1)');
    expect(text).toContain('ended');
    expect(text).toMatch(/worker[^\n]*departed/u);
  });
});
