// The workflow view (`w`): the declared steps (`--spec`) as a graph against the live team; every line can be selected.
import { append } from '../../../core/model/lists.js';
import type { StepStatus, WorkflowStatus } from '../../../core/workflow/evaluate.js';
import { drawWorkflowGraph, type GraphRow } from '../../../core/workflow/graph-drawing.js';
import type { WorkflowSpec } from '../../../core/workflow/spec.js';
import { memoize } from '../../../core/select/memo.js';
import { selectWorkflow } from '../../../core/select/workflow.js';
import type { ItemKey, Keys, ListWindow, PaneId, PaneList } from '../pane.js';
import { bodyList, type Frame } from '../../views/view.js';
import { stepDetail } from './detail.js';

export const WORKFLOW: PaneId = { kind: 'workflow' };

/** One line of the workflow view: a graph row (a step, or lanes joining), or a line of text. */
export type WorkflowLine =
  | { readonly kind: 'graph'; readonly row: GraphRow; readonly step: StepStatus | null }
  | { readonly kind: 'text'; readonly text: string; readonly tone: 'heading' | 'warning' | 'plain' };

export interface WorkflowModel extends PaneList {
  readonly spec: WorkflowSpec;
  readonly status: WorkflowStatus;
  readonly lines: readonly WorkflowLine[];
  /** The lines on screen, keeping the selected one in view. */
  readonly window: ListWindow;
}

/** The workflow view's lines: worked out again only when the evaluation changed. */
const workflowLines = memoize((status: WorkflowStatus): WorkflowLine[] => {
  const byName = new Map(status.steps.map((step) => [step.name, step]));
  const lines: WorkflowLine[] = status.mismatches.map((text) => ({ kind: 'text', text: `⚠ ${text}`, tone: 'warning' }));
  if (lines.length > 0) lines.push({ kind: 'text', text: '', tone: 'plain' });
  for (const row of drawWorkflowGraph(status.steps))
    lines.push({ kind: 'graph', row, step: row.step === null ? null : (byName.get(row.step) ?? null) });
  if (status.steps.length === 0) lines.push({ kind: 'text', text: 'no steps declared', tone: 'plain' });
  append(lines, extrasLines(status.extras));
  return lines;
});

const crewMember = ({ name, status }: { name: string; status: string | null }): string => `${name} (${status ?? 'not on the team'})`;

/** What a self-directed workflow adds below its graph. */
function extrasLines(extras: WorkflowStatus['extras']): WorkflowLine[] {
  const heading = (text: string): WorkflowLine => ({ kind: 'text', text, tone: 'heading' });
  const plain = (text: string): WorkflowLine => ({ kind: 'text', text, tone: 'plain' });
  switch (extras.type) {
    case 'crew':
      return [
        plain(''),
        heading('Crew'),
        plain(`lead: ${extras.lead ? crewMember(extras.lead) : 'none declared'}`),
        plain(`specialists: ${extras.specialists.length > 0 ? extras.specialists.map(crewMember).join(', ') : 'none'}`),
      ];
    case 'swarm':
      return [
        plain(''),
        heading(`Shared queue · ${extras.queue.length} ready task${extras.queue.length === 1 ? '' : 's'} nobody owns`),
        ...(extras.queue.length > 0 ? extras.queue.map((task) => plain(`#${task.id} ${task.subject}`)) : [plain('empty')]),
      ];
    case 'council':
      return [plain(''), heading('Council'), plain(`agreement: ${extras.rule}`)];
    default:
      return [];
  }
}

/** A step's line is keyed by the step, so a selection stays on it as the lines around it change; another line by where it is. */
const lineKey = (line: WorkflowLine, index: number): ItemKey =>
  line.kind === 'graph' && line.step ? { kind: 'step', id: line.step.name } : { kind: 'line', id: index };

const lineKeys = memoize((lines: readonly WorkflowLine[]): Keys => ({
  length: lines.length,
  at: (index) => (index >= 0 && index < lines.length ? lineKey(lines[index]!, index) : undefined),
  indexOf: (key) =>
    lines.findIndex((line, index) => {
      const own = lineKey(line, index);
      return own.kind === key.kind && own.id === key.id;
    }),
}));

export function workflow(frame: Frame, spec: WorkflowSpec): WorkflowModel {
  const status = selectWorkflow(frame.team, spec, frame.now, frame.thresholds);
  const lines = workflowLines(status);
  const { window, list } = bodyList(frame, WORKFLOW, lineKeys(lines), 'start');
  return {
    ...list,
    opens: (key) => key.kind === 'step',
    open: (key) => {
      const step = key.kind === 'step' ? status.steps.find((candidate) => candidate.name === key.id) : undefined;
      return step ? stepDetail(step, spec) : null;
    },
    spec,
    status,
    lines,
    window,
  };
}
