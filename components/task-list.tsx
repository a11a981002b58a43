import { Box, Text } from 'ink';
import React from 'react';
import type { TaskNode, TaskState } from '../src/domain/task-graph.js';
import type { TaskListModel } from './dashboard-model.js';
import { ListTitle } from './list-title.js';
import { memberColor, palette, useTheme } from './theme.js';
import { fit, fitPad, stringWidth } from './text.js';

const STATES: Readonly<Record<TaskState, { mark: string; word: string; color: string }>> = {
  completed: { mark: '✓', word: 'completed', color: palette.ok },
  in_progress: { mark: '▶', word: 'in progress', color: palette.accent },
  ready: { mark: '○', word: 'ready', color: palette.info },
  blocked: { mark: '■', word: 'blocked', color: palette.danger },
  deleted: { mark: '✗', word: 'deleted', color: palette.dim },
};
const STATE_WIDTH = 14;

/** What a task waits on: its open blockers, a cycle, blockers that do not exist. */
export function dependencyNote(task: TaskNode): string {
  const parts: string[] = [];
  if (task.openBlockers.length > 0) parts.push(`by ${task.openBlockers.map((id) => `#${id}`).join(' ')}`);
  if (task.inCycle) parts.push('cycle');
  if (task.missing.length > 0) parts.push(`missing ${task.missing.map((id) => `#${id}`).join(' ')}`);
  return parts.join(' · ');
}

export function taskTitle(model: TaskListModel): string {
  const work = model.nodes.filter((node) => !node.internal).length;
  const blocked = model.nodes.filter((node) => node.state === 'blocked').length;
  if (model.nodes.length === 0 && model.internalCount === 0) return 'none yet';
  const parts = [`${work} task${work === 1 ? '' : 's'}`];
  if (blocked > 0) parts.push(`${blocked} blocked`);
  if (model.internalHidden > 0) parts.push(`${model.internalHidden} teammate tracker${model.internalHidden === 1 ? '' : 's'} hidden (a)`);
  else if (model.internalCount > 0) parts.push(`${model.internalCount} teammate tracker${model.internalCount === 1 ? '' : 's'} shown`);
  return parts.join(' · ');
}

interface TaskRowProps {
  readonly task: TaskNode;
  readonly selected: boolean;
  readonly idWidth: number;
  readonly ownerWidth: number;
  readonly ownerColor: string | null;
}

const TaskRow = React.memo(function TaskRow({ task, selected, idWidth, ownerWidth, ownerColor }: TaskRowProps) {
  const { paint } = useTheme();
  const state = STATES[task.state];
  const note = dependencyNote(task);
  return (
    <Box>
      <Text inverse={selected} wrap="truncate-end">
        <Text bold>{`#${task.id}`.padStart(idWidth)} </Text>
        <Text color={paint(state.color)} dimColor={task.state === 'deleted'}>
          {`${state.mark} ${state.word}`.padEnd(STATE_WIDTH)}
        </Text>
        {ownerWidth > 0 ? (
          <Text color={task.owner ? paint(memberColor(ownerColor)) : undefined} dimColor={!task.owner}>
            {fitPad(task.owner ? `@${task.owner}` : '—', ownerWidth)}{' '}
          </Text>
        ) : null}
        {note ? <Text color={paint(task.inCycle || task.missing.length > 0 ? palette.warning : palette.danger)}>{note} </Text> : null}
        <Text dimColor={task.state === 'completed' || task.state === 'deleted'}>{fit(task.subject || '(no subject)', 200)}</Text>
        {task.state === 'in_progress' && task.activeForm ? <Text dimColor> — {fit(task.activeForm, 120)}</Text> : null}
        {task.internal ? <Text dimColor> (teammate tracker)</Text> : null}
      </Text>
    </Box>
  );
});

export interface TaskListProps {
  readonly model: TaskListModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

export function TaskList({ model, colors, width }: TaskListProps) {
  const { nodes, window } = model;
  const visible = nodes.slice(window.start, window.end);
  const idWidth = Math.max(3, ...nodes.map((node) => node.id.length + 1));
  const ownerWidth = Math.min(
    Math.floor(width * 0.22),
    Math.max(6, ...nodes.map((node) => (node.owner ? stringWidth(node.owner) + 1 : 1))),
  );
  return (
    <Box flexDirection="column" width={width} height={model.lines} overflowY="hidden">
      <ListTitle label=" Tasks " focused={model.focused} summary={taskTitle(model)} window={window} total={nodes.length} />
      {visible.map((task, i) => (
        <TaskRow
          key={task.id}
          task={task}
          selected={model.focused && window.start + i === window.selected}
          idWidth={idWidth}
          ownerWidth={ownerWidth}
          ownerColor={task.owner ? (colors.get(task.owner) ?? null) : null}
        />
      ))}
    </Box>
  );
}
