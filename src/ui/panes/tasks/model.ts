/**
 * The task list pane: the team's tasks in dependency order, teammate trackers
 * hidden unless asked for (`a`); ⏎ opens a task.
 */
import type { TaskNode } from '../../../core/model/task-graph.js';
import { memoize, shallowEqual } from '../../../core/select/memo.js';
import { keeper } from '../../widgets/keep.js';
import { selectTaskGraph, selectWorkTasks } from '../../../core/select/tasks.js';
import type { Part } from '../../widgets/fitted-line.js';
import { wrap } from '../../widgets/message-detail.js';
import type { PaneFrame } from '../../views/dashboard-pane.js';
import { keysOf, listWindow, type Detail, type ItemKey, type PaneId, type PaneList } from '../pane.js';
import { fit } from '../../../core/text/fit.js';
import { memberColor } from '../../widgets/theme.js';
import type { Frame } from '../../views/view.js';
import { selectedIndex, type SortOrder } from '../../keys/view-state.js';
import { byName, narrower, sorter } from '../narrow.js';
import { compareIds } from '../../../core/model/task-graph.js';

export const TASKS: PaneId = { kind: 'tasks' };

export const taskKey = (id: string): ItemKey => ({ kind: 'task', id });

/** What the task list draws: the same object from frame to frame while it says the same, so the list is not drawn again. */
export interface TaskListModel extends PaneFrame {
  readonly nodes: readonly TaskNode[];
  readonly internalHidden: number;
  readonly internalCount: number;
  readonly order: SortOrder;
  /** A search narrows the list. */
  readonly searching: boolean;
}

const taskKeys = memoize((nodes: readonly TaskNode[]) => keysOf(nodes, 'task', (node) => node.id));

/** A task's words as its row draws them, for the search. */
const searched = narrower((task: TaskNode) => [
  `#${task.id}`,
  task.subject,
  task.owner ? `@${task.owner}` : '',
  task.activeForm ?? '',
  task.state.replace('_', ' '),
]);

/** Where a state comes when the tasks are sorted by state: what needs a look first. */
const STATE_RANK: Readonly<Record<TaskNode['state'], number>> = {
  blocked: 0,
  in_progress: 1,
  planning: 2,
  ready: 3,
  completed: 4,
  deleted: 5,
};

/** Ids are given as tasks are made: by age is by id. */
const sorted = sorter<TaskNode>({
  age: (a, b) => compareIds(a.id, b.id),
  state: (a, b) => STATE_RANK[a.state] - STATE_RANK[b.state],
  owner: (a, b) => byName(a.owner, b.owner),
});

/** The tasks the list shows: the work, and the trackers too when asked for, as the search and the order have them. */
export function shownTasks(frame: Frame): readonly TaskNode[] {
  const all = selectTaskGraph(frame.team.tasks);
  const { view } = frame;
  return sorted(searched(view.showInternal ? all : selectWorkTasks(all), view.filters.search), view.sort.tasks);
}

const sameModel = (a: TaskListModel, b: TaskListModel): boolean =>
  a.nodes === b.nodes &&
  a.internalHidden === b.internalHidden &&
  a.internalCount === b.internalCount &&
  a.order === b.order &&
  a.searching === b.searching &&
  a.focused === b.focused &&
  a.lines === b.lines &&
  shallowEqual(a.window, b.window);

const keep = keeper(sameModel);

/** The task list of the team on screen, given `rows` for its items: what it draws, and what the keys move through. */
export function taskList(frame: Frame, rows: number, focused: boolean): { readonly model: TaskListModel; readonly list: PaneList } {
  const all = selectTaskGraph(frame.team.tasks);
  const internalCount = all.length - selectWorkTasks(all).length;
  const nodes = shownTasks(frame);
  const items = taskKeys(nodes);
  const model = keep(frame.team.name, 'tasks', {
    nodes,
    internalCount,
    internalHidden: frame.view.showInternal ? 0 : internalCount,
    order: frame.view.sort.tasks,
    searching: frame.view.filters.search !== '',
    window: listWindow(nodes.length, rows, selectedIndex(frame.view, TASKS, items, 'start')),
    focused,
    lines: rows + 1,
  });
  const open = (key: ItemKey): Detail | null => {
    const task = nodes.find((node) => node.id === key.id);
    return task ? taskDetail(task) : null;
  };
  return { model, list: { id: TASKS, items, anchor: 'start', page: rows, open } };
}

export function taskLines(task: TaskNode, width: number): string[] {
  const facts = [
    `status: ${task.status}`,
    task.activeForm ? `doing: ${task.activeForm}` : '',
    task.blockedBy.length > 0 ? `blocked by: ${task.blockedBy.map((id) => `#${id}`).join(' ')}` : '',
    task.blocks.length > 0 ? `blocks: ${task.blocks.map((id) => `#${id}`).join(' ')}` : '',
  ].filter(Boolean);
  return [...facts.flatMap((line) => wrap(line, width)), '', ...wrap(task.description || '(no description)', width)];
}

function taskDetail(task: TaskNode): Detail {
  return {
    lines: (width) => taskLines(task, width),
    facts: ({ paint, colors }) => {
      const first: Part[] = [{ text: `${fit(`#${task.id}`, 40)} ${fit(task.subject || '(no subject)', 200)}`, bold: true }];
      const second: Part[] = [
        { text: 'owner ', dimColor: true },
        task.owner ? { text: fit(task.owner, 40), color: paint(memberColor(colors.get(task.owner))) } : { text: '—' },
        { text: ` · ${task.state.replace('_', ' ')}${task.internal ? ' · teammate tracker' : ''}`, dimColor: true },
      ];
      return [first, second];
    },
  };
}
