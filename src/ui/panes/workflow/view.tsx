import { Box, Text } from 'ink';
import React from 'react';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { fit } from '../../../core/text/fit.js';
import { memberColor, palette, useTheme } from '../../widgets/theme.js';
import { WindowedList } from '../../widgets/windowed-list.js';
import { STEP_COLORS, STEP_MARKS } from './detail.js';
import type { WorkflowLine, WorkflowModel } from './model.js';

interface LineProps {
  readonly line: WorkflowLine;
  readonly selected: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

/** One row of the graph (its lanes, the step's mark in its state's colour, the step in its agent's), or a line of text. */
const Line = React.memo(function Line({ line, selected, colors, width }: LineProps) {
  const { paint } = useTheme();
  if (line.kind === 'text') {
    const tone = line.tone === 'warning' ? { color: paint(palette.warning) } : line.tone === 'heading' ? { bold: true } : {};
    return <FittedLine parts={[{ text: ` ${fit(line.text, width) || ' '}`, ...tone }]} width={width} inverse={selected} />;
  }
  const { row, step } = line;
  const lanes = ` ${row.graph}`;
  if (!step || row.column === null) return <FittedLine parts={[{ text: lanes, dimColor: !selected }]} width={width} inverse={selected} />;
  const column = row.column + 1;
  const parts: Part[] = [
    { text: lanes.slice(0, column), dimColor: true },
    { text: STEP_MARKS[step.state], color: paint(STEP_COLORS[step.state]), bold: true },
    { text: `${lanes.slice(column + 1)} `, dimColor: true },
    { text: fit(step.name, 40), color: paint(memberColor(colors.get(step.agent))), bold: true, inverse: selected },
    { text: ` ${fit(step.agent, 30)}`, color: paint(memberColor(colors.get(step.agent))) },
    { text: ` · ${step.state} · ${fit(step.why, 120)}`, dimColor: step.state === 'waiting' },
  ];
  if (row.unshown.length > 0) parts.push({ text: ` (after ${fit(row.unshown.join(', '), 60)})`, dimColor: true });
  return <FittedLine parts={parts} width={width} />;
});

/** The declared workflow against the live team: its steps as a dependency graph, then what its type adds. */
export function WorkflowView({
  model,
  colors,
  width,
  interactive,
}: {
  readonly model: WorkflowModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  /** Keys work: the title says which one goes back. */
  readonly interactive: boolean;
}) {
  const { spec, status, lines, window } = model;
  const { counts } = status;
  const summary = [
    `${fit(spec.name, 40)} v${fit(spec.version, 20)}`,
    status.type,
    `${status.steps.length} step${status.steps.length === 1 ? '' : 's'}`,
    ...(['done', 'running', 'waiting', 'failed'] as const).filter((state) => counts[state] > 0).map((state) => `${counts[state]} ${state}`),
  ];
  if (status.mismatches.length > 0) summary.push(`${status.mismatches.length} mismatch${status.mismatches.length === 1 ? '' : 'es'}`);
  return (
    <Box flexDirection="column" width={width}>
      <FittedLine
        parts={[
          { text: ' Workflow ', bold: true, inverse: true },
          {
            text: ` ${summary.join(' · ')}${window.start > 0 ? ` · ↑ ${window.start} above` : ''}${window.end < lines.length ? ` · ↓ ${lines.length - window.end} below` : ''}${interactive ? ' · w back to the dashboard' : ''}`,
            dimColor: true,
          },
        ]}
        width={width}
      />
      <WindowedList
        items={lines}
        window={window}
        row={(line, index, selected) => <Line key={index} line={line} selected={selected} colors={colors} width={width} />}
      />
    </Box>
  );
}

/** `w` without `--spec`: how to get a workflow on screen. */
export function NoWorkflow({ width }: { readonly width: number }) {
  return (
    <Box flexDirection="column" width={width} paddingX={1}>
      <Text bold>No workflow declared</Text>
      <Text wrap="truncate-end">
        Start teamtop with --spec &lt;team file&gt; (a multi-agent-spec team: agents, workflow steps, collaboration)
      </Text>
      <Text wrap="truncate-end">to see its steps against this team. teamtop spec-check &lt;file&gt; validates one. w goes back.</Text>
    </Box>
  );
}
