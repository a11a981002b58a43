import type { Thresholds } from '../model/settings.js';
import type { TaskNode } from '../model/task-graph.js';
import { evaluateWorkflow, type LiveAgent, type LiveTask, type WorkflowStatus } from '../workflow/evaluate.js';
import type { WorkflowSpec } from '../workflow/spec.js';
import type { TeamState } from '../facts/index.js';
import { selectMembersAt, type MemberView } from './members.js';
import { selectTaskGraph } from './tasks.js';

function liveAgents(members: readonly MemberView[]): LiveAgent[] {
  return members.map((member) => {
    const runner = member.agent?.status?.status;
    const agentStatus = runner === 'running' || runner === 'idle' || runner === 'complete' || runner === 'error' ? runner : undefined;
    return { name: member.name, status: member.status, departed: member.departed, agentStatus };
  });
}

function liveTasks(nodes: readonly TaskNode[], records: TeamState['tasks']): LiveTask[] {
  return nodes.map((node) => ({
    id: node.id,
    subject: node.subject,
    owner: node.owner,
    state: node.state,
    metadata: records.get(node.id)?.task.metadata,
  }));
}

const evaluated = new WeakMap<readonly MemberView[], { nodes: readonly TaskNode[]; spec: WorkflowSpec; status: WorkflowStatus }>();

/** A declared workflow against the team as of `now`, worked out again only when the members, the tasks or the spec changed. */
export function selectWorkflow(team: TeamState, spec: WorkflowSpec, now: number, thresholds: Thresholds): WorkflowStatus {
  const members = selectMembersAt(team, now, thresholds);
  const nodes = selectTaskGraph(team.tasks);
  const known = evaluated.get(members);
  if (known && known.nodes === nodes && known.spec === spec) return known.status;
  const status = evaluateWorkflow(spec, liveAgents(members), liveTasks(nodes, team.tasks));
  evaluated.set(members, { nodes, spec, status });
  return status;
}
