/**
 * A declared workflow against the live team. A step's state is the first rule that applies:
 * 1. tasks name the step (subject is its name, any case, or `metadata.step` is), none deleted, all completed → done;
 * 2. its agent failed (`error` in task-status.json, or member status `failed`) → failed;
 * 3. tasks name the step: one in progress or being planned → running, else waiting;
 * 4. the agent is not on the team → waiting;  5. it reported `complete`, shut down or left → done;
 * 6. it is at work (reports `running`; working, quiet, waiting or stopping; or on a task) → running, for the first of its
 *    steps in run order that is not done (an agent runs one step at a time; its later steps wait);
 * 7. it is idle (or the lead) and all its tasks are completed → done;  8. otherwise → waiting.
 * Rules 6 and 7 count only tasks that name no step, and rules 5 and 7 never make a step done before its dependencies are.
 * Agent names match exactly, as the team's config spells them.
 */
import type { MemberStatus } from '../model/member-status.js';
import type { TaskState } from '../model/task-graph.js';
import { extrasOf, type WorkflowExtras } from './extras.js';
import { stepOrder } from './graph-drawing.js';
import { workflowTypeOf, type WorkflowSpec, type WorkflowType } from './spec.js';
import { effectiveDependencies } from './spec-reading.js';

/** What a per-agent `task-status.json` says. */
export type AgentTaskStatus = 'running' | 'idle' | 'complete' | 'error';

export interface LiveAgent {
  readonly name: string;
  readonly status: MemberStatus;
  readonly departed: boolean;
  /** From a per-agent task-status.json, when there is one. */
  readonly agentStatus?: AgentTaskStatus | undefined;
}

export interface LiveTask {
  readonly id: string;
  readonly subject: string;
  readonly owner: string | null;
  readonly state: TaskState;
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
}

export type StepState = 'done' | 'running' | 'waiting' | 'failed';

export interface StepStatus {
  readonly name: string;
  readonly agent: string;
  /** Its dependencies, the implied ones included. */
  readonly dependsOn: readonly string[];
  readonly state: StepState;
  /** A short reason: "task #3 completed", "coder is working". */
  readonly why: string;
}

export interface WorkflowStatus {
  readonly type: WorkflowType;
  /** In run order: every step after its dependencies, declared order among equals. */
  readonly steps: readonly StepStatus[];
  readonly mismatches: readonly string[];
  readonly counts: Readonly<Record<StepState, number>>;
  readonly extras: WorkflowExtras;
}

const list = (names: readonly string[]): string => names.join(', ');
const taskList = (tasks: readonly LiveTask[]): string =>
  `${tasks.length === 1 ? 'task' : 'tasks'} ${list(tasks.map((task) => `#${task.id}`))}`;

function tasksFor(name: string, tasks: readonly LiveTask[]): LiveTask[] {
  const wanted = name.trim().toLowerCase();
  return tasks.filter(
    (task) => task.state !== 'deleted' && (task.subject.trim().toLowerCase() === wanted || task.metadata?.['step'] === name),
  );
}

const TASK_STATE_WORDS: Readonly<Record<TaskState, string>> = {
  completed: 'completed',
  in_progress: 'in progress',
  planning: 'is being planned',
  ready: 'is ready',
  blocked: 'is blocked',
  deleted: 'deleted',
};

const AT_WORK: Partial<Record<MemberStatus, string>> = {
  working: 'is working',
  quiet: 'has gone quiet',
  waiting: 'is waiting for an answer',
  stopping: 'is stopping',
};

interface Verdict {
  readonly state: StepState;
  readonly why: string;
}

interface AgentView {
  readonly agent: LiveAgent | undefined;
  readonly owned: readonly LiveTask[];
}

function failedWhy(name: string, agent: LiveAgent | undefined): string | undefined {
  if (agent?.agentStatus === 'error') return `${name} reported an error`;
  if (agent?.status === 'failed') return `${name} failed`;
  return undefined;
}

/** Rules 1 to 3: what the tasks that name the step say, if any do. */
function byTask(named: readonly LiveTask[], agentName: string, view: AgentView): Verdict | undefined {
  if (named.length === 0) return undefined;
  if (named.every((task) => task.state === 'completed')) return { state: 'done', why: `${taskList(named)} completed` };
  const open = named.filter((task) => task.state !== 'completed');
  const failed = failedWhy(agentName, view.agent);
  if (failed) return { state: 'failed', why: `${taskList(open)} not completed: ${failed}` };
  const taken = open.find((task) => task.state === 'in_progress' || task.state === 'planning');
  if (taken) return { state: 'running', why: `task #${taken.id} ${TASK_STATE_WORDS[taken.state]}` };
  const first = open[0]!;
  return { state: 'waiting', why: `task #${first.id} ${TASK_STATE_WORDS[first.state]}` };
}

/** Rules 4 to 8, `busyWith` being the earlier step the agent's work is taken by. */
function byAgent(name: string, view: AgentView, busyWith: string | undefined): Verdict {
  const { agent, owned } = view;
  if (!agent) return { state: 'waiting', why: `${name} is not on the team` };
  const failed = failedWhy(name, agent);
  if (failed) return { state: 'failed', why: failed };
  if (agent.agentStatus === 'complete') return { state: 'done', why: `${name} reported complete` };
  if (agent.departed) return { state: 'done', why: `${name} left the team` };
  if (agent.status === 'shut down') return { state: 'done', why: `${name} has shut down` };

  const inProgress = owned.find((task) => task.state === 'in_progress' || task.state === 'planning');
  const atWork =
    agent.agentStatus === 'running'
      ? `${name} reports running`
      : AT_WORK[agent.status] !== undefined
        ? `${name} ${AT_WORK[agent.status]}`
        : inProgress
          ? `${name} is on task #${inProgress.id}`
          : undefined;
  if (atWork)
    return busyWith === undefined ? { state: 'running', why: atWork } : { state: 'waiting', why: `${name} is busy with ${busyWith}` };

  const idle = agent.status === 'idle' || agent.status === 'lead' || agent.agentStatus === 'idle';
  if (idle && owned.length > 0 && owned.every((task) => task.state === 'completed')) {
    return { state: 'done', why: `${name} is idle, ${owned.length === 1 ? 'its task' : `all ${owned.length} of its tasks`} completed` };
  }
  if (agent.status === 'lead') return { state: 'waiting', why: `${name} (the lead) has no task in progress` };
  if (agent.status === 'interrupted') return { state: 'waiting', why: `${name} was interrupted` };
  return { state: 'waiting', why: `${name} is idle` };
}

export function evaluateWorkflow(spec: WorkflowSpec, agents: readonly LiveAgent[], tasks: readonly LiveTask[]): WorkflowStatus {
  const live = new Map(agents.map((agent) => [agent.name, agent]));
  const dependencies = effectiveDependencies(spec);
  // A valid spec has no two steps of one name; given one anyway, the first is the step.
  const named = new Set<string>();
  const declared = (spec.workflow?.steps ?? []).filter((step) => !named.has(step.name) && named.add(step.name));
  const ordered = stepOrder(declared.map((step) => ({ name: step.name, dependsOn: dependencies.get(step.name) ?? [] }))).map(
    (index) => declared[index]!,
  );
  const stepTasks = new Map(declared.map((step) => [step.name, tasksFor(step.name, tasks)]));

  // A task that names a step speaks for that step only: an agent's own tasks are the others.
  const naming = new Set([...stepTasks.values()].flat());
  const views = new Map<string, AgentView>();
  const viewOf = (name: string): AgentView => {
    let view = views.get(name);
    if (!view) {
      const owned = tasks.filter((task) => task.owner === name && task.state !== 'deleted' && !naming.has(task));
      views.set(name, (view = { agent: live.get(name), owned }));
    }
    return view;
  };

  const busyWith = new Map<string, string>();
  const states = new Map<string, StepState>();
  const steps: StepStatus[] = ordered.map((step) => {
    const view = viewOf(step.agent);
    const dependsOn = dependencies.get(step.name) ?? [];
    let verdict = byTask(stepTasks.get(step.name)!, step.agent, view);
    if (!verdict) {
      verdict = byAgent(step.agent, view, busyWith.get(step.agent));
      const open = dependsOn.filter((dependency) => states.has(dependency) && states.get(dependency) !== 'done');
      if (verdict.state === 'done' && open.length > 0) verdict = { state: 'waiting', why: `waits on ${list(open)}` };
    }
    if (verdict.state !== 'done' && !busyWith.has(step.agent)) busyWith.set(step.agent, step.name);
    states.set(step.name, verdict.state);
    return { name: step.name, agent: step.agent, dependsOn, ...verdict };
  });

  const mismatches: string[] = [];
  const declaredAgents = new Set(spec.agents);
  for (const name of declaredAgents) if (!live.has(name)) mismatches.push(`${name} is declared but not on the team`);
  for (const agent of agents) {
    if (agent.status !== 'lead' && !agent.departed && !declaredAgents.has(agent.name))
      mismatches.push(`${agent.name} is on the team but not declared`);
  }
  for (const step of steps) {
    if (step.state !== 'running') continue;
    const open = step.dependsOn.filter((dependency) => states.has(dependency) && states.get(dependency) !== 'done');
    if (open.length === 1) mismatches.push(`${step.name} is running but its dependency ${open[0]!} is not done`);
    else if (open.length > 1) mismatches.push(`${step.name} is running but its dependencies ${list(open)} are not done`);
  }

  const counts: Record<StepState, number> = { done: 0, running: 0, waiting: 0, failed: 0 };
  for (const step of steps) counts[step.state]++;

  return { type: workflowTypeOf(spec), steps, mismatches, counts, extras: extrasOf(spec, { agents: live, tasks }) };
}
