import { Box } from 'ink';
import React from 'react';
import type { DashboardModel } from './dashboard-model.js';
import { DetailView } from './detail-view.js';
import { EmptyState } from './empty-state.js';
import { Footer, ProblemsLine } from './footer.js';
import { Header } from './header.js';
import { HelpScreen } from './help-screen.js';
import { FOOTER_LINES, HEADER_LINES } from './layout.js';
import { MemberPane } from './member-pane.js';
import { TaskList } from './task-list.js';

export interface DashboardProps {
  readonly model: DashboardModel;
  /** Terminal rows: the frame stays one line shorter. Undefined when drawing once. */
  readonly height: number | undefined;
}

function Body({ model }: { model: DashboardModel }) {
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
      <TaskList model={model.tasks} colors={model.colors} width={model.width} />
    </>
  );
}

/** One frame of the dashboard, drawn from the model alone. */
export function Dashboard({ model, height }: DashboardProps) {
  const notes: string[] = [];
  if (!model.showIdle) notes.push('idle hidden');
  if (model.layout.hiddenMembers > 0) notes.push(`${model.layout.hiddenMembers} more members: tab`);
  if (model.team && !model.team.present) notes.push('team ended');
  const bodyRows =
    height === undefined ? undefined : Math.max(0, height - 1 - HEADER_LINES - FOOTER_LINES - (model.problems.length > 0 ? 1 : 0));

  let body: React.ReactNode;
  if (!model.team) body = <EmptyState claudeDir={model.claudeDir} width={model.width} />;
  else if (model.help) body = <HelpScreen rows={bodyRows ?? Number.MAX_SAFE_INTEGER} />;
  else if (model.detail) body = <DetailView detail={model.detail} colors={model.colors} width={model.width} now={model.now} />;
  else body = <Body model={model} />;

  return (
    <Box flexDirection="column" width={model.width} height={height === undefined ? undefined : height - 1} overflow="hidden">
      <Header
        claudeDir={model.claudeDir}
        teams={model.teams}
        selected={model.team?.name}
        problems={model.problems.length}
        now={model.now}
        width={model.width}
      />
      <Box flexDirection="column" height={bodyRows} overflow="hidden">
        {body}
      </Box>
      <ProblemsLine problems={model.problems} width={model.width} />
      <Footer width={model.width} notes={notes} />
    </Box>
  );
}
