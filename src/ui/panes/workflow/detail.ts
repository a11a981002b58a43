/**
 * A workflow step opened: who runs it, what it waits on, where it stands and
 * why, what it takes and gives.
 */
import type { StepState, StepStatus } from '../../../core/workflow/evaluate.js';
import type { WorkflowSpec } from '../../../core/workflow/spec.js';
import { namePart, wrap } from '../../widgets/message-detail.js';
import type { Detail } from '../pane.js';
import { fit } from '../../../core/text/fit.js';
import { palette } from '../../widgets/theme.js';

/** A step's mark in the graph, where the drawing has its `●`, and its colour. */
export const STEP_MARKS: Readonly<Record<StepState, string>> = { done: '✓', running: '▶', waiting: '○', failed: '✗' };
export const STEP_COLORS: Readonly<Record<StepState, string>> = {
  done: palette.ok,
  running: palette.accent,
  waiting: palette.dim,
  failed: palette.danger,
};

function stepLines(step: StepStatus, spec: WorkflowSpec, width: number): string[] {
  const declared = spec.workflow?.steps?.find((candidate) => candidate.name === step.name);
  const port = (label: string, ports: readonly { name: string; type?: string | undefined; from?: string | undefined }[] | undefined) =>
    ports && ports.length > 0
      ? [
          `${label}: ${ports.map((item) => `${item.name}${item.type ? ` (${item.type})` : ''}${item.from ? ` ← ${item.from}` : ''}`).join(', ')}`,
        ]
      : [];
  return [
    `agent: ${step.agent}`,
    `depends on: ${step.dependsOn.length > 0 ? step.dependsOn.join(', ') : 'nothing'}${declared?.depends_on ? '' : step.dependsOn.length > 0 ? ' (implied by the workflow type)' : ''}`,
    `${step.state}: ${step.why}`,
    ...port('inputs', declared?.inputs),
    ...port('outputs', declared?.outputs),
  ].flatMap((line) => wrap(line, width));
}

export function stepDetail(step: StepStatus, spec: WorkflowSpec): Detail {
  return {
    lines: (width) => stepLines(step, spec, width),
    facts: (look) => [
      [
        { text: `${fit(step.name, 60)} `, bold: true },
        { text: `step of ${fit(spec.name, 40)} · `, dimColor: true },
        namePart(look, step.agent),
      ],
      [{ text: step.state, bold: true, color: look.paint(STEP_COLORS[step.state]) }],
    ],
  };
}
