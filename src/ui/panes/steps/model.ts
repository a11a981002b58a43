import { memoize } from '../../../core/select/memo.js';
import type { MemberView } from '../../../core/select/members.js';
import { selectWork, type MemberWork } from '../../../core/select/work.js';
import { keysOf, type Keys, type ListWindow, type PaneId, type PaneList } from '../pane.js';
import { bodyList, type Frame } from '../../views/view.js';
import { memberOpened } from '../members/detail.js';
import { stepDetail } from './detail.js';
import { type ActivityNow, type Step } from '../../../core/model/activity.js';
import { type MemberUsage } from '../../../core/model/usage.js';
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

/** Each step's key: a call by its id, anything else by kind, time and rank at that time; a key stays with its step as old ones go. */
const stepKeys = memoize((steps: readonly Step[]): { readonly ids: readonly string[]; readonly keys: Keys } => {
  const seen = new Map<string, number>();
  const ids = steps.map((step) => {
    if (step.kind === 'tool') return `tool ${step.id}`;
    const base = `${step.kind} ${step.at}`;
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

const NO_STEPS: readonly Step[] = [];

/** What a tool call still running is: one its member's process has open, the member at work. */
function runningOf(work: MemberWork | undefined, activity: ActivityNow | undefined): ReadonlySet<string> {
  if (!work || !activity || activity.openCalls === 0) return new Set();
  return new Set(work.activity.open.map((call) => call.id));
}

export function stepsList(frame: Frame, member: MemberView): StepsModel {
  const work = selectWork(frame.team).get(member.name);
  const steps = searched(work?.activity.steps ?? NO_STEPS, frame.view.filters.search);
  const { ids, keys } = stepKeys(steps);
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
