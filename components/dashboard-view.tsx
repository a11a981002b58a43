/**
 * The dashboard: a pane per member in a grid, then the handshakes and the task
 * list, laid out to the terminal (layout.ts). Every other view goes back to it.
 */
import { Box } from 'ink';
import React from 'react';
import { selectStalledCount } from '../src/store/selectors/handshakes.js';
import { computeLayout, type Layout } from './layout.js';
import { samePane, type PaneId, type PaneList } from './pane.js';
import { handshakeList, HANDSHAKES, type HandshakeListModel } from './panes/handshakes/model.js';
import { HandshakeList } from './panes/handshakes/view.js';
import { memberContent, memberList, memberPane, memberPaneId, type MemberPaneModel } from './panes/members/model.js';
import { MemberPane } from './panes/members/view.js';
import { shownTasks, taskList, TASKS, type TaskListModel } from './panes/tasks/model.js';
import { TaskList } from './panes/tasks/view.js';
import type { Frame, View } from './view.js';
import { DASHBOARD } from './view-state.js';

export interface DashboardViewModel {
  readonly layout: Layout;
  /** The member panes drawn, row by row as the layout's grid has them. */
  readonly grid: readonly (readonly MemberPaneModel[])[];
  readonly handshakes: HandshakeListModel;
  readonly tasks: TaskListModel;
}

interface BodyProps {
  readonly model: DashboardViewModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

function Lists({ model, colors, width }: BodyProps) {
  const { layout } = model;
  const half = Math.floor(width / 2);
  const handshakes = <HandshakeList model={model.handshakes} colors={colors} width={layout.sideBySide ? half : width} />;
  const tasks = <TaskList model={model.tasks} colors={colors} width={layout.sideBySide ? width - half : width} />;
  if (!layout.sideBySide) {
    return (
      <>
        {handshakes}
        {tasks}
      </>
    );
  }
  return (
    <Box flexDirection="row">
      {handshakes}
      {tasks}
    </Box>
  );
}

function Body(props: BodyProps) {
  const { model, colors } = props;
  return (
    <>
      {model.grid.map((row, r) => (
        <Box key={r} flexDirection="row">
          {row.map((pane) => (
            <MemberPane key={pane.member.name} pane={pane} bordered={model.layout.bordered} colors={colors} />
          ))}
        </Box>
      ))}
      <Lists {...props} />
    </>
  );
}

export const dashboardView: View = {
  name: DASHBOARD,
  paneIds: (frame) => [...frame.members.map((member) => memberPaneId(member.name)), HANDSHAKES, TASKS],
  build(frame: Frame, focused: PaneId | undefined) {
    const isFocused = (id: PaneId) => focused !== undefined && samePane(focused, id);
    const contents = frame.members.map((member) => memberContent(frame, member));
    const layout = computeLayout({
      width: frame.width,
      height: frame.height,
      // A pane's notes are lines too: a pane drawn at its natural height makes room for them.
      messageCounts: contents.map((content) => (content.log?.lines.length ?? content.messages.length) + content.notes.length),
      focusedMember: focused?.member === undefined ? -1 : contents.findIndex((content) => content.member.name === focused.member),
      taskCount: shownTasks(frame).length,
      handshakeCount: frame.handshakes.length,
      statusLines: frame.statusLines,
    });
    const grid = layout.grid.map((row) =>
      row.map((paneLayout) => {
        const content = contents[paneLayout.member]!;
        return memberPane(frame, content, paneLayout, layout.bordered, isFocused(content.id));
      }),
    );
    const drawn = new Map(grid.flat().map((pane) => [pane.member.name, pane]));
    const stalled = selectStalledCount(frame.team, frame.now, frame.stallAfterMs);
    const handshakes = handshakeList(frame, layout.handshakeRows, isFocused(HANDSHAKES), stalled);
    const tasks = taskList(frame, layout.taskRows, isFocused(TASKS));
    const model: DashboardViewModel = { layout, grid, handshakes: handshakes.model, tasks: tasks.model };
    // Members the layout has no room for are still a tab away; a page of theirs is a row.
    const members: PaneList[] = contents.map((content) => {
      const pane = drawn.get(content.member.name);
      return memberList(frame, content, pane ? pane.window.end - pane.window.start : 1);
    });
    return {
      panes: [...members, handshakes.list, tasks.list],
      notes: layout.hiddenMembers > 0 ? [`${layout.hiddenMembers} more members: tab`] : [],
      model,
      draw: () => <Body model={model} colors={frame.colors} width={frame.width} />,
    };
  },
};
