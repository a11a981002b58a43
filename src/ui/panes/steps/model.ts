import { memoize } from '../../../core/select/memo.js';
import type { MemberView } from '../../../core/select/members.js';
import { selectWork, type MemberWork, type SubagentWork } from '../../../core/select/work.js';
import { keysOf, type Keys, type ListWindow, type PaneId, type PaneList } from '../pane.js';
import { bodyList, type Frame } from '../../views/view.js';
import { memberOpened } from '../members/detail.js';
import { stepDetail } from './detail.js';
import type { ActivityNow, Step } from '../../../core/model/activity.js';
import type { MemberUsage } from '../../../core/model/usage.js';
import { narrower } from '../narrow.js';
import { stepText } from './line.js';

/** A step's words as its row draws them, for the search (its timing aside). */
const searched = narrower((step: Step) => {
  const { label, name, body } = stepText(step, { now: 0, running: false, overdueAt: null });
  return [label, name, body];
});

export const stepsPaneId = (member: string): PaneId => ({ kind: 'steps', member });

export function stepsMembers(frame: Frame): readonly MemberView[] {
  const work = selectWork(frame.team);
  const chosen = frame.view.pane?.member;
  if (work.size === 0) return frame.members;
  return frame.members.filter((member) => work.has(member.name) || member.name === chosen);
}

/** The steps listed: the member's, and under each `Agent` call its subagent's (`agents[i]`: the subagent's id, null for the member's own). */
interface Listed {
  readonly steps: readonly Step[];
  readonly agents: readonly (string | null)[];
}

const NO_SUBAGENTS: readonly SubagentWork[] = [];

/** The member's steps with each subagent's under the call that started it; one whose call is no longer kept goes last. */
function listedSteps(own: readonly Step[], subagents: readonly SubagentWork[]): Listed {
  if (subagents.length === 0) return { steps: own, agents: own.map(() => null) };
  const byCall = new Map<string, SubagentWork[]>();
  const placed = new Set<SubagentWork>();
  for (const subagent of subagents) {
    if (subagent.toolUseId === null) continue;
    byCall.set(subagent.toolUseId, [...(byCall.get(subagent.toolUseId) ?? []), subagent]);
  }
  const steps: Step[] = [];
  const agents: (string | null)[] = [];
  const add = (subagent: SubagentWork) => {
    placed.add(subagent);
    for (const step of subagent.activity.steps) {
      steps.push(step);
      agents.push(subagent.agentId);
    }
  };
  for (const step of own) {
    steps.push(step);
    agents.push(null);
    if (step.kind === 'tool') for (const subagent of byCall.get(step.id) ?? []) add(subagent);
  }
  for (const subagent of subagents) if (!placed.has(subagent)) add(subagent);
  return { steps, agents };
}

const listedOf = memoize((work: MemberWork): Listed => listedSteps(work.activity.steps, work.subagents));

const narrowedOf = new WeakMap<readonly Step[], Listed>();

/** The steps the search matches (`/`), each still with whose it is; the same list for the same search. */
function searchedListed(listed: Listed, search: string): Listed {
  const found = searched(listed.steps, search);
  if (found === listed.steps) return listed;
  let narrowed = narrowedOf.get(found);
  if (!narrowed) {
    const kept = new Set(found);
    narrowed = { steps: found, agents: listed.agents.filter((_, index) => kept.has(listed.steps[index]!)) };
    narrowedOf.set(found, narrowed);
  }
  return narrowed;
}

/** Each step's key: a call by its id, anything else by whose, kind, time and rank at that time; a key stays with its step as old ones go. */
const stepKeys = memoize((listed: Listed): { readonly ids: readonly string[]; readonly keys: Keys } => {
  const seen = new Map<string, number>();
  const ids = listed.steps.map((step, index) => {
    if (step.kind === 'tool') return `tool ${step.id}`;
    const agent = listed.agents[index];
    const base = `${agent === null || agent === undefined ? '' : `${agent} `}${step.kind} ${step.at}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return `${base} ${count}`;
  });
  return { ids, keys: keysOf(ids, 'step', (id) => id, 'end') };
});

export interface StepsModel extends PaneList {
  readonly member: MemberView;
  /** Its transcripts, folded; undefined when none matched it. */
  readonly work: MemberWork | undefined;
  readonly steps: readonly Step[];
  /** Whose each step is: null for the member's own, else its subagent's id (listed under the call that started it). */
  readonly agents: readonly (string | null)[];
  readonly subagents: ReadonlyMap<string, SubagentWork>;
  readonly ids: readonly string[];
  readonly window: ListWindow;
  readonly activity: ActivityNow | undefined;
  readonly usage: MemberUsage | null;
  /** Its working directory, as the config says it: where its transcript was looked for. */
  readonly cwd: string | null;
  /** Of its tool calls without a result, those still running (a member that stopped runs none). */
  readonly running: ReadonlySet<string>;
  /** No transcript of it is read, but a journal told what it did: its state, tool and figures, never its steps. */
  readonly recorded: boolean;
}

const NO_LISTED: Listed = { steps: [], agents: [] };

/**
 * What a tool call still running is: one its member's process has open, the
 * member at work, or one a subagent at work has open (one its member's
 * activity lists).
 */
function runningOf(work: MemberWork | undefined, activity: ActivityNow | undefined): ReadonlySet<string> {
  if (!work || !activity || activity.state === 'dead') return new Set();
  const running = new Set(activity.openCalls === 0 ? [] : work.activity.open.map((call) => call.id));
  const working = new Set((activity.subagents ?? []).map((subagent) => subagent.agentId));
  for (const subagent of work.subagents) if (working.has(subagent.agentId)) for (const call of subagent.activity.open) running.add(call.id);
  return running;
}

const subagentsById = memoize(
  (subagents: readonly SubagentWork[]): ReadonlyMap<string, SubagentWork> =>
    new Map(subagents.map((subagent) => [subagent.agentId, subagent])),
);

export function stepsList(frame: Frame, member: MemberView): StepsModel {
  const work = selectWork(frame.team).get(member.name);
  const listed = searchedListed(work ? listedOf(work) : NO_LISTED, frame.view.filters.search);
  const steps = listed.steps;
  const { ids, keys } = stepKeys(listed);
  const id = stepsPaneId(member.name);
  const { window, list } = bodyList(frame, id, keys, 'end');
  const activity = frame.work.activity.get(member.name);
  const running = runningOf(work, activity);
  return {
    ...list,
    open: (key) => {
      if (key.kind === 'member') return memberOpened(frame, member);
      const step = key.kind === 'step' ? steps[ids.lastIndexOf(String(key.id))] : undefined;
      return step ? stepDetail(member, step, step.kind === 'tool' && running.has(step.id)) : null;
    },
    member,
    work,
    steps,
    agents: listed.agents,
    subagents: subagentsById(work?.subagents ?? NO_SUBAGENTS),
    ids,
    window,
    activity,
    usage: frame.work.usage.members.get(member.name) ?? null,
    cwd: frame.team.members.get(member.name)?.info.cwd ?? null,
    running,
    recorded: work === undefined && frame.team.recordedWork.has(member.name),
  };
}

/** The instants whose age the steps show: the calls still running. */
export const runningSince = (model: StepsModel): number[] =>
  model.steps.flatMap((step) => (step.kind === 'tool' && model.running.has(step.id) ? [step.at] : []));
