/** What a self-directed workflow adds to its steps: a crew's lead and specialists, a swarm's shared queue, a council's rule. */
import type { MemberStatus } from '../model/member-status.js';
import type { TaskState } from '../model/task-graph.js';
import { DEFAULT_MAX_ROUNDS, DEFAULT_REQUIRED_AGREEMENT, LEAD_TIE_BREAKER, workflowTypeOf, type WorkflowSpec } from './spec.js';

export interface CrewMember {
  readonly name: string;
  /** null when the agent is not on the team. */
  readonly status: MemberStatus | null;
}

export interface QueuedTask {
  readonly id: string;
  readonly subject: string;
}

export type WorkflowExtras =
  | { readonly type: 'chain' | 'scatter' | 'graph' }
  /** Specialists are `collaboration.specialists`, or every other agent when it is not given. */
  | { readonly type: 'crew'; readonly lead: CrewMember | null; readonly specialists: readonly CrewMember[] }
  /** Tasks free to claim: no owner, ready. */
  | { readonly type: 'swarm'; readonly queue: readonly QueuedTask[] }
  | { readonly type: 'council'; readonly rule: string };

/** A fraction as people say it (halves, thirds, quarters, fifths), else a percentage: 0.66 is 2/3, 0.83 is 83%. */
function fraction(share: number): string {
  for (let denominator = 2; denominator <= 5; denominator++) {
    const numerator = Math.round(share * denominator);
    if (numerator > 0 && numerator < denominator && Math.abs(share - numerator / denominator) <= 0.01) return `${numerator}/${denominator}`;
  }
  return `${Math.round(share * 100)}%`;
}

/** "2/3 of 5 agents must agree (at least 4; required_agreement 0.66), at most 3 rounds, ties broken by lead". */
export function councilRule(spec: WorkflowSpec): string {
  const consensus = spec.collaboration?.consensus;
  const share = consensus?.required_agreement ?? DEFAULT_REQUIRED_AGREEMENT;
  const rounds = consensus?.max_rounds ?? DEFAULT_MAX_ROUNDS;
  const count = spec.agents.length;
  const agents = `${count} ${count === 1 ? 'agent' : 'agents'}`;
  // A hair of tolerance: 0.6 × 5 is 3.0000000000000004 in floating point, and 3 agents are enough.
  const needed = Math.ceil(share * count - 1e-9);
  const setting = `required_agreement ${share}${consensus ? '' : ', the default'}`;
  const agreement =
    share <= 0
      ? `no agreement is required among ${agents} (${setting})`
      : share >= 1
        ? `all ${agents} must agree (${setting})`
        : `${fraction(share)} of ${agents} must agree (at least ${needed}; ${setting})`;
  const tieBreaker = consensus?.tie_breaker;
  const lead = spec.collaboration?.lead;
  const ties =
    tieBreaker === undefined
      ? 'no tie breaker'
      : tieBreaker === LEAD_TIE_BREAKER
        ? `ties broken by the lead${lead === undefined ? '' : ` (${lead})`}`
        : `ties broken by ${tieBreaker}`;
  return `${agreement}, at most ${rounds} ${rounds === 1 ? 'round' : 'rounds'}, ${ties}`;
}

/** What extras read of the live team: each agent's status, and the tasks (a swarm's queue is those nobody owns). */
interface Team {
  readonly agents: ReadonlyMap<string, { readonly status: MemberStatus }>;
  readonly tasks: readonly (QueuedTask & { readonly owner: string | null; readonly state: TaskState })[];
}

export function extrasOf(spec: WorkflowSpec, { agents, tasks }: Team): WorkflowExtras {
  const type = workflowTypeOf(spec);
  const member = (name: string): CrewMember => ({ name, status: agents.get(name)?.status ?? null });
  switch (type) {
    case 'crew': {
      const lead = spec.collaboration?.lead;
      const specialists = spec.collaboration?.specialists ?? spec.agents.filter((name) => name !== lead);
      return { type, lead: lead === undefined ? null : member(lead), specialists: specialists.map(member) };
    }
    case 'swarm':
      return {
        type,
        queue: tasks.filter((task) => task.owner === null && task.state === 'ready').map(({ id, subject }) => ({ id, subject })),
      };
    case 'council':
      return { type, rule: councilRule(spec) };
    default:
      return { type };
  }
}
