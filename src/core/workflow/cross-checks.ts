/** What a schema cannot check: names that must refer to an agent or a step, duplicates, cycles, what each workflow type needs. */
import { stronglyConnected } from '../model/graph.js';
import {
  ALL_PARTICIPANTS,
  DEFAULT_MAX_ROUNDS,
  DEFAULT_REQUIRED_AGREEMENT,
  DEFAULT_WORKFLOW_TYPE,
  LEAD_TIE_BREAKER,
  WORKFLOW_TYPES,
  type SpecProblem,
  type WorkflowType,
} from './spec.js';
import { field, impliedDependencies, stepsOf, stringsOf, type StepView } from './spec-reading.js';
import { clip, formatPath, show, suggestion, type Segment } from './spec-wording.js';

/** The shortest cycle through `start` within one component, in run order, `start` first. */
function cycleThrough(start: number, members: ReadonlySet<number>, dependents: readonly (readonly number[])[]): number[] {
  const cameFrom = new Map<number, number>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const next of dependents[node]!) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0]!)!);
        return cycle;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Past this many steps a cycle is shown by its ends: the whole of a long one helps no one. */
const CYCLE_SHOWN = 10;

/** `a → b → a`, in the order the steps would run. */
function describeCycle(names: readonly string[]): string {
  const shown =
    names.length > CYCLE_SHOWN ? [...names.slice(0, CYCLE_SHOWN - 1), `… (${names.length} steps)`, names[names.length - 1]!] : names;
  return [...shown, names[0]!].map((name) => clip(name)).join(' → ');
}

export class Report {
  readonly problems: SpecProblem[] = [];
  readonly warnings: SpecProblem[] = [];
  problem(path: readonly Segment[], message: string): void {
    this.problems.push({ path: formatPath(path), message });
  }
  warn(path: readonly Segment[], message: string): void {
    this.warnings.push({ path: formatPath(path), message });
  }
}

export function checkReferences(root: Readonly<Record<string, unknown>>, report: Report): void {
  const agentsValue = field(root, 'agents');
  const agents = new Map<string, number>();
  for (const { value, index } of stringsOf(agentsValue)) {
    const first = agents.get(value);
    if (first === undefined) agents.set(value, index);
    else report.problem(['agents', index], `duplicate agent ${show(value)} (also agents[${first}])`);
  }
  // Without a list of agents (already a problem), every name would look unknown.
  const knowsAgents = Array.isArray(agentsValue);
  const checkAgent = (path: readonly Segment[], value: unknown, alsoAllowed?: string): void => {
    if (!knowsAgents || typeof value !== 'string' || value === alsoAllowed || agents.has(value)) return;
    report.problem(path, `agent ${show(value)} is not in agents${suggestion(value, agents.keys())}`);
  };

  checkAgent(['orchestrator'], field(root, 'orchestrator'));

  const collaboration = field(root, 'collaboration');
  checkAgent(['collaboration', 'lead'], field(collaboration, 'lead'));
  for (const { value, index } of stringsOf(field(collaboration, 'specialists'))) checkAgent(['collaboration', 'specialists', index], value);
  const consensus = field(collaboration, 'consensus');
  checkAgent(['collaboration', 'consensus', 'tie_breaker'], field(consensus, 'tie_breaker'), LEAD_TIE_BREAKER);
  const channels = field(collaboration, 'channels');
  if (Array.isArray(channels)) {
    channels.forEach((channel: unknown, at) => {
      for (const { value, index } of stringsOf(field(channel, 'participants'))) {
        checkAgent(['collaboration', 'channels', at, 'participants', index], value, ALL_PARTICIPANTS);
      }
    });
  }

  const workflow = field(root, 'workflow');
  const typeValue = field(workflow, 'type');
  const type = (WORKFLOW_TYPES as readonly unknown[]).includes(typeValue) ? (typeValue as WorkflowType) : DEFAULT_WORKFLOW_TYPE;
  const steps = stepsOf(workflow);
  for (const step of steps) checkAgent(['workflow', 'steps', step.index, 'agent'], step.agent);
  checkSteps(steps, type, report);
  checkType(root, type, steps.length, report);
}

function checkSteps(steps: readonly StepView[], type: WorkflowType, report: Report): void {
  // The first step of a name is the step; a later one is a duplicate.
  const byName = new Map<string, number>();
  for (const step of steps) {
    if (step.name === undefined) continue;
    const first = byName.get(step.name);
    if (first === undefined) byName.set(step.name, step.index);
    else report.problem(['workflow', 'steps', step.index, 'name'], `duplicate step name ${show(step.name)} (also steps[${first}])`);
  }

  for (const step of steps) {
    const seen = new Map<string, number>();
    for (const { value, index } of step.dependsOn ?? []) {
      const path = ['workflow', 'steps', step.index, 'depends_on', index];
      if (value === step.name) report.problem(path, `step ${show(value)} depends on itself`);
      else if (!byName.has(value)) report.problem(path, `no step named ${show(value)}${suggestion(value, byName.keys())}`);
      const before = seen.get(value);
      if (before !== undefined) report.warn(path, `${show(value)} is listed twice (also depends_on[${before}])`);
      else seen.set(value, index);
    }
  }

  // Cycles among the steps that are not duplicates, through dependencies that exist.
  const dependencies = impliedDependencies(type, steps);
  const nodes = steps.filter((step) => step.name !== undefined && byName.get(step.name) === step.index);
  const nodeOf = new Map(nodes.map((step, node) => [step.name!, node]));
  const dependents: number[][] = nodes.map(() => []);
  nodes.forEach((step, node) => {
    for (const dependency of dependencies[step.index]!) {
      const from = nodeOf.get(dependency);
      if (from !== undefined && from !== node) dependents[from]!.push(node);
    }
  });
  const cycles = stronglyConnected(nodes.length, (node) => dependents[node]!)
    .filter((component) => component.length > 1)
    .map((component) =>
      cycleThrough(
        component.reduce((a, b) => Math.min(a, b)),
        new Set(component),
        dependents,
      ),
    )
    .sort((a, b) => a[0]! - b[0]!);
  for (const cycle of cycles) {
    const first = nodes[cycle[0]!]!;
    const last = nodes[cycle[cycle.length - 1]!]!;
    // The first step declared in a cycle names the last: that entry closes it (an implied dependency never points forward).
    const closing = first.dependsOn?.find((dependency) => dependency.value === last.name);
    const path = closing ? ['workflow', 'steps', first.index, 'depends_on', closing.index] : ['workflow', 'steps', first.index];
    report.problem(path, `dependency cycle: ${describeCycle(cycle.map((node) => nodes[node]!.name!))}`);
  }
}

function checkType(root: Readonly<Record<string, unknown>>, type: WorkflowType, stepCount: number, report: Report): void {
  const workflow = field(root, 'workflow');
  const collaboration = field(root, 'collaboration');
  switch (type) {
    case 'crew':
      if (field(collaboration, 'lead') === undefined)
        report.problem(['collaboration', 'lead'], 'a crew workflow needs a lead (collaboration.lead)');
      break;
    case 'council':
      if (field(collaboration, 'consensus') === undefined) {
        report.warn(
          ['collaboration', 'consensus'],
          `a council workflow without consensus rules: required_agreement ${DEFAULT_REQUIRED_AGREEMENT} and max_rounds ${DEFAULT_MAX_ROUNDS} by default`,
        );
      }
      break;
    case 'swarm':
      if (field(collaboration, 'task_queue') !== true) {
        report.warn(['collaboration', 'task_queue'], 'a swarm workflow without task_queue: true has no shared queue to claim tasks from');
      }
      break;
    default: {
      // Steps that are not an array were reported already.
      const steps = field(workflow, 'steps');
      if (stepCount === 0 && (steps === undefined || Array.isArray(steps))) {
        report.warn(workflow === undefined ? ['workflow'] : ['workflow', 'steps'], `a ${type} workflow with no steps: nothing to run`);
      }
    }
  }
}
