import { Box } from 'ink';
import React from 'react';
import type { DashboardModel } from './dashboard-model.js';
import { DetailView } from './detail-view.js';
import { EmptyState } from './empty-state.js';
import { Footer, ProblemsLine } from './footer.js';
import { HandshakeList } from './handshake-list.js';
import { Header } from './header.js';
import { HelpScreen } from './help-screen.js';
import { MemberPane } from './member-pane.js';
import { ReplayBar } from './replay-bar.js';
import { describeFilters } from '../src/domain/message-filter.js';
import { TaskList } from './task-list.js';
import { TimelineView } from './timeline-view.js';
import { NoWorkflow, WorkflowView } from './workflow-view.js';

export interface DashboardProps {
  readonly model: DashboardModel;
  /** Terminal rows: the frame stays one line shorter. Undefined when drawing once. */
  readonly height: number | undefined;
}

function Lists({ model }: { model: DashboardModel }) {
  const { layout, width } = model;
  const half = Math.floor(width / 2);
  const handshakes = <HandshakeList model={model.handshakes} colors={model.colors} width={layout.sideBySide ? half : width} />;
  const tasks = <TaskList model={model.tasks} colors={model.colors} width={layout.sideBySide ? width - half : width} />;
  if (layout.sideBySide) {
    return (
      <Box flexDirection="row">
        {handshakes}
        {tasks}
      </Box>
    );
  }
  return (
    <>
      {handshakes}
      {tasks}
    </>
  );
}

function Panes({ model }: { model: DashboardModel }) {
  const { layout } = model;
  return (
    <>
      {layout.grid.map((row, r) => (
        <Box key={r} flexDirection="row">
          {row.map((paneLayout) => {
            const pane = model.panes.find((candidate) => candidate.layout === paneLayout)!;
            return <MemberPane key={pane.id} pane={pane} bordered={layout.bordered} colors={model.colors} now={model.now} />;
          })}
        </Box>
      ))}
      <Lists model={model} />
    </>
  );
}

/** One frame of the dashboard, drawn from the model alone. */
export function Dashboard({ model, height }: DashboardProps) {
  const filters = describeFilters(model.filters);
  const notes = [...filters];
  if (model.layout.hiddenMembers > 0 && model.mode === 'dashboard') notes.push(`${model.layout.hiddenMembers} more members: tab`);
  if (model.team && !model.team.present) notes.push('team ended');
  if (model.hasSpec && model.mode === 'dashboard') notes.push('w workflow');

  let body: React.ReactNode;
  if (!model.team) body = <EmptyState claudeDir={model.claudeDir} width={model.width} />;
  else if (model.help)
    body = <HelpScreen rows={model.bodyRows ?? Number.MAX_SAFE_INTEGER} width={model.width} replay={model.replay !== null} />;
  else if (model.detail) body = <DetailView detail={model.detail} colors={model.colors} width={model.width} now={model.now} />;
  else if (model.timeline) body = <TimelineView model={model.timeline} colors={model.colors} width={model.width} filters={filters} />;
  else if (model.workflow) body = <WorkflowView model={model.workflow} colors={model.colors} width={model.width} />;
  else if (model.mode === 'workflow') body = <NoWorkflow width={model.width} />;
  else body = <Panes model={model} />;

  return (
    <Box flexDirection="column" width={model.width} height={height === undefined ? undefined : height - 1} overflowY="hidden">
      <Header
        claudeDir={model.claudeDir}
        teams={model.teams}
        selected={model.team?.name}
        problems={model.problems.length}
        stalled={model.stalled}
        stalledTotal={model.stalledTotal}
        now={model.now}
        width={model.width}
      />
      <Box flexDirection="column" height={model.bodyRows} overflowY="hidden">
        {body}
      </Box>
      <ProblemsLine problems={model.problems} width={model.width} />
      {model.replay ? <ReplayBar status={model.replay} /> : null}
      <Footer width={model.width} note={model.note} notes={notes} replay={model.replay !== null} />
    </Box>
  );
}
