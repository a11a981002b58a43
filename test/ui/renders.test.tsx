/**
 * One inbox changing draws one member pane again: a pane's model is the same
 * object while it says the same, and the panes drawn from such a model are
 * memoised (a member's pane, its title bar, info line and list, the task list,
 * the problems line). The clock moving on draws again only the parts whose
 * times on screen changed: a member's title, not its info line or its list.
 * The handshake list is judged again on every frame and is not memoised; it is
 * not counted here.
 */
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import React, { type FunctionComponent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type * as MemberViews from '../../src/ui/panes/members/view.js';
import type { MemberPaneProps } from '../../src/ui/panes/members/view.js';
import type * as InfoLines from '../../src/ui/panes/members/info-line.js';
import type * as MemberLists from '../../src/ui/panes/members/list.js';
import type * as TitleBars from '../../src/ui/panes/members/title-bar.js';
import type * as Footers from '../../src/ui/screen/footer.js';
import type * as TaskViews from '../../src/ui/panes/tasks/view.js';
import type { TaskListProps } from '../../src/ui/panes/tasks/view.js';
import type * as WindowedLists from '../../src/ui/widgets/windowed-list.js';
import type { WindowedListProps } from '../../src/ui/widgets/windowed-list.js';
import { App } from '../../src/ui/app/app.js';
import { createStore } from '../../src/core/store.js';
import { at, message, teamStateObservations, task } from '../helpers/observations.js';
import { mountStore } from '../helpers/app.js';
import { waitFor } from '../helpers/wait.js';

const drawn = vi.hoisted(() => [] as string[]);

/** The memoised component, drawing through the original and counting each time it does. */
function counting<P extends object>(component: unknown, name: (props: P) => string) {
  const { type: draw, compare } = component as { type: FunctionComponent<P>; compare?: (a: P, b: P) => boolean };
  return React.memo((props: P) => {
    drawn.push(name(props));
    return draw(props);
  }, compare);
}

vi.mock('../../src/ui/panes/members/view.js', async (original) => {
  const module = await original<typeof MemberViews>();
  return { ...module, MemberPane: counting<MemberPaneProps>(module.MemberPane, (props) => props.pane.member.name) };
});
// A list of messages drawn: which inbox it lists (the handshake and task lists are not counted).
vi.mock('../../src/ui/widgets/windowed-list.js', async (original) => {
  const module = await original<typeof WindowedLists>();
  return {
    ...module,
    WindowedList: <T,>(props: WindowedListProps<T>) => {
      const first = props.items[0];
      if (first && typeof first === 'object' && 'to' in first) drawn.push(`messages of ${String(first.to)}`);
      return module.WindowedList(props);
    },
  };
});
// A member pane's parts: its title bar, its info line and its list; and the problems line above the footer.
vi.mock('../../src/ui/panes/members/title-bar.js', async (original) => {
  const module = await original<typeof TitleBars>();
  type Props = Parameters<typeof module.TitleBar>[0];
  return { ...module, TitleBar: counting<Props>(module.TitleBar, (props) => `title of ${props.member.name}`) };
});
vi.mock('../../src/ui/panes/members/info-line.js', async (original) => {
  const module = await original<typeof InfoLines>();
  type Props = Parameters<typeof module.InfoLine>[0];
  return {
    ...module,
    InfoLine: counting<Props>(module.InfoLine, (props) => `info line: ${props.info.map((piece) => piece.text).join(' · ')}`),
  };
});
vi.mock('../../src/ui/panes/members/list.js', async (original) => {
  const module = await original<typeof MemberLists>();
  type Props = Parameters<typeof module.MemberList>[0];
  return { ...module, MemberList: counting<Props>(module.MemberList, (props) => `list of ${props.pane.member.name}`) };
});
vi.mock('../../src/ui/screen/footer.js', async (original) => {
  const module = await original<typeof Footers>();
  type Props = Parameters<typeof module.ProblemsLine>[0];
  return { ...module, ProblemsLine: counting<Props>(module.ProblemsLine, () => 'problems') };
});
vi.mock('../../src/ui/panes/tasks/view.js', async (original) => {
  const module = await original<typeof TaskViews>();
  return { ...module, TaskList: counting<TaskListProps>(module.TaskList, () => 'tasks') };
});

describe('drawing again', () => {
  it('draws only the member pane whose inbox changed, and not the task list', async () => {
    const store = createStore({ frameMs: 0 });
    const hello = message('worker', 'team-lead', 'hello', 1);
    const report = message('team-lead', 'worker', 'report', 2, { read: true });
    store.dispatch({
      type: 'observed',
      observations: [
        ...teamStateObservations('team'),
        { kind: 'inbox', team: 'team', member: 'worker', messages: [hello], at: at(1), live: false },
        { kind: 'inbox', team: 'team', member: 'team-lead', messages: [report], at: at(2), live: false },
        { kind: 'task', team: 'team', task: task('1', { subject: 'the work' }), at: at(2), live: false },
      ],
    });
    const app = mountStore(store, { now: at(10) });
    await waitFor(() => expect(app.lastFrame()).toContain('1 unread'));
    expect(drawn).toEqual(expect.arrayContaining(['team-lead', 'worker', 'tasks']));
    drawn.length = 0;
    // The worker reads its message: its inbox changes, nothing else does.
    store.dispatch({
      type: 'observed',
      observations: [{ kind: 'inbox', team: 'team', member: 'worker', messages: [{ ...hello, read: true }], at: at(3), live: false }],
    });
    await waitFor(() => expect(app.lastFrame()).not.toContain('1 unread'));
    // Its info line says so (`all read`), and its list marks the message read.
    expect(drawn).toEqual(['worker', 'info line: general-purpose', 'list of worker', 'messages of worker']);
  });

  it("draws again, as the clock moves one member's age, that member's title alone: not its info line or list, no other pane, not the problems line", async () => {
    const store = createStore({ frameMs: 0 });
    // The worker went idle at 1 s: its title says for how long. Its info line, its list, the lead's pane and the problems line show no time.
    const idle = message('team-lead', 'worker', { type: 'idle_notification', from: 'worker', idleReason: 'available' }, 1, { read: true });
    const work = message('worker', 'team-lead', 'the work', 0, { read: true });
    store.dispatch({
      type: 'observed',
      observations: [
        ...teamStateObservations('team'),
        { kind: 'inbox', team: 'team', member: 'team-lead', messages: [idle], at: at(1), live: false },
        { kind: 'inbox', team: 'team', member: 'worker', messages: [work], at: at(1), live: false },
        { kind: 'task', team: 'team', task: task('1', { subject: 'the work' }), at: at(1), live: false },
        { kind: 'problem', path: 'teams/team/odd.json', message: 'not JSON', at: at(1) },
      ],
    });
    const app = mountStore(store, { now: at(10) });
    await waitFor(() => expect(app.lastFrame()).toContain('idle 9s'));
    expect(app.lastFrame()).toContain('odd.json: not JSON');
    drawn.length = 0;
    app.rerender(<App store={store} claudeDir="/claude" color={false} thresholds={DEFAULT_THRESHOLDS} now={at(11)} />);
    await waitFor(() => expect(app.lastFrame()).toContain('idle 10s'));
    expect(drawn).toEqual(['worker', 'title of worker']);
    drawn.length = 0;
    // Later within the same second: no time on screen reads otherwise, and nothing is drawn again.
    const frames = app.frames.length;
    app.rerender(<App store={store} claudeDir="/claude" color={false} thresholds={DEFAULT_THRESHOLDS} now={at(11) + 400} />);
    await waitFor(() => expect(app.frames.length).toBeGreaterThan(frames));
    expect(app.lastFrame()).toContain('idle 10s');
    expect(drawn).toEqual([]);
  });

  it('draws a member pane again when a diagnosis comes to name it or stops, and not while it stays', async () => {
    const store = createStore({ frameMs: 0 });
    const hello = message('worker', 'team-lead', 'hello', 1);
    // Mail to a name on no roster: misaddressed, naming enginer and team-lead.
    const typo = message('enginer', 'team-lead', 'please build the parser', 2);
    store.dispatch({
      type: 'observed',
      observations: [
        ...teamStateObservations('team'),
        { kind: 'inbox', team: 'team', member: 'worker', messages: [hello], at: at(1), live: false },
        { kind: 'inbox', team: 'team', member: 'enginer', messages: [typo], at: at(2), live: false },
        // The lists below the panes fill their share with or without the diagnoses: the member panes keep their size.
        ...Array.from({ length: 10 }, (_, i) => ({ kind: 'task' as const, team: 'team', task: task(`${i + 1}`), at: at(2), live: false })),
      ],
    });
    const app = mountStore(store, { now: at(10) });
    await waitFor(() => expect(app.lastFrame()).toContain('team-lead ⚠ misaddressed'));
    drawn.length = 0;
    // Another inbox changes: the marked panes say what they said.
    store.dispatch({
      type: 'observed',
      observations: [{ kind: 'inbox', team: 'team', member: 'worker', messages: [{ ...hello, read: true }], at: at(3), live: false }],
    });
    await waitFor(() => expect(app.lastFrame()).not.toContain('1 unread\n'));
    // Its list of messages too (it changed); no other pane.
    await waitFor(() => expect(drawn).toEqual(['worker', 'info line: general-purpose', 'list of worker', 'messages of worker']));
    drawn.length = 0;
    // The mail is read after all: the diagnosis clears, the panes it named lose their mark, the task list takes its lines.
    store.dispatch({
      type: 'observed',
      observations: [{ kind: 'inbox', team: 'team', member: 'enginer', messages: [{ ...typo, read: true }], at: at(4), live: false }],
    });
    await waitFor(() => expect(app.lastFrame()).not.toContain('misaddressed'));
    // The marks are in the titles; enginer's mail is read (its info line and list say so); the lead's body stays as it was.
    expect(drawn.sort()).toEqual([
      'enginer',
      'info line: unknown',
      'list of enginer',
      'messages of enginer',
      'tasks',
      'team-lead',
      'title of enginer',
      'title of team-lead',
    ]);
  });
});
