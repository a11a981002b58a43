import { Box } from 'ink';
import React from 'react';
import type { TaskNode, TaskState } from '../../../core/model/task-graph.js';
import { maxOf } from '../../../core/model/lists.js';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { displayWidth, fit, fitPad, fitPadStart } from '../../../core/text/fit.js';
import { memberColor, palette, useTheme } from '../../widgets/theme.js';
import { TitledList } from '../../widgets/titled-list.js';
import type { TaskListModel } from './model.js';
import { orderNote } from '../narrow.js';

const STATES: Readonly<Record<TaskState, { mark: string; word: string; color: string }>> = {
  completed: { mark: '✓', word: 'completed', color: palette.ok },
  in_progress: { mark: '▶', word: 'in progress', color: palette.accent },
  planning: { mark: '◇', word: 'planning', color: palette.accent },
  ready: { mark: '○', word: 'ready', color: palette.info },
  blocked: { mark: '■', word: 'blocked', color: palette.danger },
  deleted: { mark: '✗', word: 'deleted', color: palette.dim },
};
const STATE_WIDTH = 14;

/** Task ids are file names, or whatever a task file says its id is. */
const ids = (list: readonly string[]): string => list.map((id) => `#${fit(id, 12)}`).join(' ');

/** What a task waits on: its open blockers, a cycle, blockers that do not exist. */
function dependencyNote(task: TaskNode): string {
  const parts: string[] = [];
  if (task.openBlockers.length > 0) parts.push(`by ${ids(task.openBlockers)}`);
  if (task.inCycle) parts.push('cycle');
  if (task.missing.length > 0) parts.push(`missing ${ids(task.missing)}`);
  return parts.join(' · ');
}

function taskTitle(model: TaskListModel, interactive = true): string {
  const work = model.nodes.filter((node) => !node.internal).length;
  const blocked = model.nodes.filter((node) => node.state === 'blocked').length;
  if (model.nodes.length === 0 && model.searching) return 'no task matches the search';
  if (model.nodes.length === 0 && model.internalCount === 0) return 'none yet';
  const parts = [`${work} task${work === 1 ? '' : 's'}`];
  if (blocked > 0) parts.push(`${blocked} blocked`);
  if (model.internalHidden > 0)
    parts.push(`${model.internalHidden} teammate tracker${model.internalHidden === 1 ? '' : 's'} hidden${interactive ? ' (a)' : ''}`);
  else if (model.internalCount > 0) parts.push(`${model.internalCount} teammate tracker${model.internalCount === 1 ? '' : 's'} shown`);
  return parts.join(' · ') + orderNote(model.order, interactive ? 'S' : null);
}

interface TaskRowProps {
  readonly task: TaskNode;
  readonly selected: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly idWidth: number;
  readonly ownerWidth: number;
  readonly width: number;
}

const TaskRow = React.memo(function TaskRow({ task, selected, colors, idWidth, ownerWidth, width }: TaskRowProps) {
  const { paint } = useTheme();
  const ownerColor = task.owner ? (colors.get(task.owner) ?? null) : null;
  const state = STATES[task.state];
  const note = dependencyNote(task);
  const parts: Part[] = [
    { text: `${fitPadStart(`#${task.id}`, idWidth)} `, bold: true },
    { text: `${state.mark} ${state.word}`.padEnd(STATE_WIDTH), color: paint(state.color), dimColor: task.state === 'deleted' },
  ];
  if (ownerWidth > 0) {
    parts.push({
      text: `${fitPad(task.owner ? `@${task.owner}` : '—', ownerWidth)} `,
      color: task.owner ? paint(memberColor(ownerColor)) : undefined,
      dimColor: !task.owner,
    });
  }
  if (note) parts.push({ text: `${note} `, color: paint(task.inCycle || task.missing.length > 0 ? palette.warning : palette.danger) });
  parts.push({ text: fit(task.subject || '(no subject)', 200), dimColor: task.state === 'completed' || task.state === 'deleted' });
  if (task.state === 'in_progress' && task.activeForm) parts.push({ text: ` — ${fit(task.activeForm, 120)}`, dimColor: true });
  if (task.internal) parts.push({ text: ' (teammate tracker)', dimColor: true });
  return (
    <Box>
      <FittedLine parts={parts} width={width} inverse={selected} marks />
    </Box>
  );
});

export interface TaskListProps {
  readonly model: TaskListModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  /** Keys work: the title says which one shows the hidden trackers. */
  readonly interactive: boolean;
}

/** Memoised: its model is the same object while it says the same (see model.ts). */
export const TaskList = React.memo(function TaskList({ model, colors, width, interactive }: TaskListProps) {
  const { nodes } = model;
  // Ids are file names, numbers in practice: a column sized for the longest, but never most of the row.
  const widestId = Math.max(3, Math.floor(width * 0.15));
  const idWidth = maxOf(
    nodes.map((node) => displayWidth(node.id, widestId - 1) + 1),
    3,
  );
  const widestOwner = Math.floor(width * 0.22);
  const ownerWidth = Math.min(
    widestOwner,
    maxOf(
      nodes.map((node) => (node.owner ? displayWidth(node.owner, widestOwner) + 1 : 1)),
      6,
    ),
  );
  const columns = { idWidth, ownerWidth, width };
  return (
    <TitledList
      pane={model}
      label=" Tasks "
      summary={taskTitle(model, interactive)}
      items={nodes}
      width={width}
      row={(task, _, selected) => <TaskRow key={task.id} task={task} selected={selected} colors={colors} {...columns} />}
    />
  );
});
